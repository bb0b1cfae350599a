import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTestSupport
import Testing

@testable import NavGraphTerminal

/// `navgraph replay` driven by keys, no terminal: the step, the prompt, the leaks screen and the frames they make.
@Suite("Replay navigator")
struct ReplayNavigatorTests {
    /// Every step of an example.
    static func timeline(_ example: String) throws -> Timeline {
        let source = try LineSource(path: repositoryRoot.appendingPathComponent("examples/\(example)").path)
        var timeline = Timeline()
        try NavigationInput(source: source).read(diagnostics: DiagnosticCollector()) { event in
            timeline.append(event)
            return true
        }
        return timeline
    }

    static func navigator(_ example: String, step: Int = 1) throws -> ReplayNavigator {
        let timeline = try timeline(example)
        var state = Hierarchy()
        let descriptions = (1...max(timeline.count, 1)).prefix(timeline.count).map { step in
            let event = timeline.event(at: step)
            let change = state.apply(event)
            return StepDescription.describe(event, change: change, after: state)
        }
        return ReplayNavigator(
            timeline: timeline, descriptions: descriptions,
            screen: ReplayScreen(title: example, style: TerminalStyle(ascii: true, color: false)), step: step,
            lifecycleAdvice: "log Started and Finished lines", opening: "opening words")
    }

    @Test func keysMoveThroughTheStepsWithinTheTimeline() throws {
        var replay = try Self.navigator("leaky-session.log")
        let last = replay.timeline.count
        #expect(replay.status == "opening words")
        let goesOn = replay.press(.right)
        #expect(goesOn)
        #expect(replay.step == 2 && replay.status == nil)
        _ = replay.press(.pageDown)
        #expect(replay.step == 12)
        _ = replay.press(.end)
        #expect(replay.step == last)
        _ = replay.press(.right)
        #expect(replay.step == last)
        _ = replay.press(.home)
        #expect(replay.step == 0)
        _ = replay.press(.left)
        #expect(replay.step == 0)
        _ = replay.press(.character("x"))
        #expect(replay.status == ReplayNavigator.keys)
        let quits = replay.press(.character("q"))
        #expect(!quits)
    }

    @Test func scrollingIsClampedToTheTreeAndResetByAMove() throws {
        var replay = try Self.navigator("leaky-session.log")
        _ = replay.press(.end)
        for _ in 0..<500 { _ = replay.press(.down) }
        let frame = replay.frame(rows: 8, columns: 80)
        #expect(replay.scroll < 500)
        #expect(frame.hasPrefix("\u{1B}[H\u{1B}[2J"))
        _ = replay.press(.left)
        #expect(replay.scroll == 0)
    }

    @Test func findTypesAQueryAndNRepeatsIt() throws {
        var replay = try Self.navigator("leaky-session.log")
        _ = replay.press(.character("/"))
        #expect(replay.status == "find: ")
        for character in "ActionableX" { _ = replay.press(.character(character)) }
        _ = replay.press(.backspace)
        #expect(replay.status == "find: Actionable")
        // Keys that mean something elsewhere are typed here.
        let goesOn = replay.press(.character("q"))
        #expect(goesOn)
        _ = replay.press(.backspace)
        let before = replay.step
        _ = replay.press(.enter)
        #expect(replay.typing == nil && replay.query == "Actionable")
        #expect(replay.step != before)
        #expect(replay.status?.hasPrefix("found 'Actionable' at step \(replay.step)") == true)
        let first = replay.step
        _ = replay.press(.character("n"))
        #expect(replay.step != first)
        // Enter on an empty prompt searches again; Escape leaves the prompt without searching.
        let second = replay.step
        _ = replay.press(.character("/"))
        _ = replay.press(.enter)
        #expect(replay.step != second)
        let third = replay.step
        _ = replay.press(.character("/"))
        _ = replay.press(.character("z"))
        _ = replay.press(.escape)
        #expect(replay.step == third && replay.status == nil && replay.query == "Actionable")
        _ = replay.press(.character("/"))
        for character in "NoSuchThing" { _ = replay.press(.character(character)) }
        _ = replay.press(.enter)
        #expect(replay.status == "'NoSuchThing' is in no step")
    }

    @Test func theLeaksScreenGoesToTheStepALeakLeft() throws {
        var replay = try Self.navigator("leaky-session.log")
        _ = replay.press(.character("l"))
        let list = try #require(replay.leakList)
        #expect(!list.leaks.isEmpty)
        #expect(replay.frame(rows: 24, columns: 80).contains("Leaks at the end of the log (\(list.leaks.count))"))
        _ = replay.press(.down)
        #expect(replay.leakList?.selected == min(1, list.leaks.count - 1))
        _ = replay.press(.up)
        let leak = list.leaks[0]
        _ = replay.press(.enter)
        #expect(replay.leakList == nil)
        if let left = leak.leftStep {
            #expect(replay.step == left)
            #expect(replay.status?.hasPrefix("step \(left): ") == true)
        } else {
            #expect(replay.status?.contains("is suspected, not seen leaving") == true)
        }
        // Escape, l or q close the list without moving; q does not end the replay there.
        _ = replay.press(.character("l"))
        let step = replay.step
        let goesOn = replay.press(.character("q"))
        #expect(goesOn)
        #expect(replay.leakList == nil && replay.step == step)
    }

    @Test func anInputWithoutLifecycleSaysLeaksCannotBeTold() throws {
        var replay = try Self.navigator("launch-dump.txt")
        _ = replay.press(.character("l"))
        #expect(replay.overlay?.title == "Leaks cannot be told from this input (any key to return)")
        #expect(replay.frame(rows: 24, columns: 40).contains("Leaks cannot be told"))
        // Any key only closes the message.
        let step = replay.step
        let goesOn = replay.press(.character("q"))
        #expect(goesOn)
        #expect(replay.overlay == nil && replay.step == step)
    }
}
