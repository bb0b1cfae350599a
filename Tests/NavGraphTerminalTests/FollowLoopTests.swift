import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTestSupport
import Testing

@testable import NavGraphTerminal

/// `tree --follow` driven by reading's events, no terminal: which states are shown, how, and what is said.
@Suite("Follow loop")
struct FollowLoopTests {
    /// The events of an example, in order.
    static func events(_ example: String) throws -> [NavEvent] {
        let source = try LineSource(path: repositoryRoot.appendingPathComponent("examples/\(example)").path)
        var events: [NavEvent] = []
        try NavigationInput(source: source).read(diagnostics: DiagnosticCollector()) { event in
            events.append(event)
            return true
        }
        return events
    }

    static func loop(_ mode: FollowLoop.Mode, stderrIsTerminal: Bool = false) -> FollowLoop {
        FollowLoop(
            mode: mode, style: TerminalStyle(ascii: true, color: false), inputName: "app.log",
            stderrIsTerminal: stderrIsTerminal)
    }

    @Test func aPipeGetsEachNewStateOncePerPauseAndTheEndAsAbove() throws {
        let events = try Self.events("session.log")
        var loop = Self.loop(.text)
        var printed: [String] = []
        var warnings = 0
        for event in events.prefix(3) {
            #expect(loop.step(event) { warnings += $0.warnings.count } == [])
        }
        for action in loop.paused(provisionalEvents: [], skippedLines: 0) {
            guard case .print(let text) = action else { continue }
            printed.append(text)
        }
        #expect(printed.count == 1)
        #expect(printed[0].hasPrefix("── step 3, line \(events[2].line) ──\n"))
        // Nothing new: nothing shown again.
        #expect(loop.paused(provisionalEvents: [], skippedLines: 0) == [])
        // The end of a state already shown, reading the same, is one line.
        // At the end models alive and unplaced are said otherwise ("No hierarchy in the input", not "yet"): the state
        // is printed whole.
        guard case .print(let end) = loop.ended().first else {
            Issue.record("the end was not printed")
            return
        }
        #expect(end.hasPrefix("── step 3, line \(events[2].line), end of input ──\nNo hierarchy in the input:"))
        #expect(warnings == 0)
        // The end of a state already shown that reads the same is one line.
        var whole = Self.loop(.text)
        for event in events { _ = whole.step(event) { _ in } }
        _ = whole.paused(provisionalEvents: [], skippedLines: 0)
        #expect(whole.ended() == [.print("── end of input (step \(events.count), as above) ──\n")])
    }

    @Test func jsonGetsEveryStepAndTheEndWhole() throws {
        let events = try Self.events("session.log")
        var loop = Self.loop(.json)
        var lines = 0
        for event in events { lines += loop.step(event) { _ in }.count }
        #expect(lines == events.count)
        guard case .print(let last) = loop.ended().first else {
            Issue.record("no final document")
            return
        }
        #expect(last.contains("\"endOfInput\": true"))
    }

    @Test func aProvisionalStateIsMarkedAndReplaced() throws {
        let events = try Self.events("session.log")
        var loop = Self.loop(.redraw, stderrIsTerminal: true)
        _ = loop.step(events[0]) { _ in }
        let provisional = loop.paused(provisionalEvents: Array(events[1...3]), skippedLines: 0)
        guard case .draw(let frame) = provisional.first else {
            Issue.record("no frame: \(provisional)")
            return
        }
        #expect(frame.header.contains(", provisional: a dump is still being printed"))
        #expect(frame.first && !frame.whole)
        // The same provisional state is not drawn twice; the real step replaces it.
        #expect(loop.paused(provisionalEvents: Array(events[1...3]), skippedLines: 0) == [])
        for event in events[1...3] { _ = loop.step(event) { _ in } }
        guard case .draw(let real) = loop.paused(provisionalEvents: [], skippedLines: 0).first else {
            Issue.record("the real state was not drawn")
            return
        }
        #expect(!real.header.contains("provisional") && !real.first)
        guard case .draw(let end) = loop.ended().first else {
            Issue.record("no final frame")
            return
        }
        #expect(end.whole && end.header.hasSuffix(", end of input ──"))
    }

    @Test func waitingIsSaidOnceToSomeoneWatching() {
        var watched = Self.loop(.text, stderrIsTerminal: true)
        let said = watched.paused(provisionalEvents: [], skippedLines: 4)
        #expect(said.count == 1)
        if case .say(let text) = said.first {
            #expect(text.hasPrefix("waiting for navigation output (4 lines of other output skipped so far): "))
        }
        #expect(watched.paused(provisionalEvents: [], skippedLines: 9) == [])
        // A log of stderr stays as without --follow.
        var logged = Self.loop(.text)
        #expect(logged.paused(provisionalEvents: [], skippedLines: 4) == [])
    }

    @Test func aTruncatedFileStartsOverAndSaysWhy() throws {
        let events = try Self.events("session.log")
        var loop = Self.loop(.redraw, stderrIsTerminal: true)
        for event in events.prefix(5) { _ = loop.step(event) { _ in } }
        _ = loop.paused(provisionalEvents: [], skippedLines: 0)
        // Once frames are drawn, what is said goes into the view (stderr's line would be painted over).
        let restart = loop.restarted(.truncated, skippedLines: 0)
        #expect(loop.hierarchy.step == 0)
        guard restart.count == 1, case .draw(let frame) = restart[0] else {
            Issue.record("not one frame: \(restart)")
            return
        }
        #expect(frame.header.contains("(file truncated; read from its start)"))
        #expect(frame.notice?.text == "app.log was truncated; reading it from the start")
        let removed = loop.restarted(.removed, skippedLines: 0)
        guard case .draw(let again) = removed.first else {
            Issue.record("the state was not drawn again with the notice")
            return
        }
        #expect(again.notice?.text == "app.log was removed; waiting for it to come back")
        #expect(loop.restarted(.replaced, skippedLines: 0).count == 1)
        #expect(loop.notice?.text == "app.log is back; reading it from the start")
    }
}
