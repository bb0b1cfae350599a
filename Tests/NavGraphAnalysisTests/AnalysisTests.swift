import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphTestSupport
import Testing

@testable import NavGraphAnalysis

/// The hierarchy after reading `text` (or an example file), and the ambiguity notes.
func load(_ text: String? = nil, example: String? = nil) throws -> (Hierarchy, [LeakReport.Ambiguity], Timeline) {
    let path: String
    if let example {
        path = NavGraphTestSupport.example(example)
    } else {
        path = try temporaryFile(text ?? "").path
    }
    defer { if example == nil { try? FileManager.default.removeItem(atPath: path) } }
    let collector = DiagnosticCollector()
    var timeline = Timeline()
    try NavigationInput(source: try LineSource(path: path)).read(diagnostics: collector) { event in
        timeline.append(event)
        return true
    }
    let ambiguities = collector.diagnostics.compactMap { diagnostic -> LeakReport.Ambiguity? in
        guard case .ambiguousID(let type, let id)? = diagnostic.topic else { return nil }
        return LeakReport.Ambiguity(line: diagnostic.line!, type: type, id: id, message: diagnostic.message)
    }
    return (timeline.latest, ambiguities, timeline)
}

private func flatten(_ leaks: [LeakReport.Leak]) -> [String] {
    leaks.map {
        String(repeating: "  ", count: $0.depth) + "\($0.status.rawValue) \($0.model.type) \($0.model.id.prefix(3))"
    }
}

@Suite("Leaks")
struct LeakReportTests {
    static let expected = [
        "leaked ActionableListNavigationModel B80",
        "leaked SegmentedTabsNavigationModel 5EA",
        "  leaked ArchitectureExampleNavigationModel A11",
        "  leaked ArchitectureExampleNavigationModel B22",
        "  leaked ArchitectureExampleNavigationModel C33",
    ]

    @Test func theConsoleLogAndTheEventLogAgree() throws {
        let (console, _, _) = try load(example: "leaky-session.log")
        let (events, _, _) = try load(example: "leaky-session.jsonl")
        let fromConsole = LeakReport(hierarchy: console)
        let fromEvents = LeakReport(hierarchy: events)
        #expect(flatten(fromConsole.leaks) == Self.expected)
        #expect(flatten(fromEvents.leaks) == Self.expected)
        #expect(fromConsole.leakedCount == 5 && fromEvents.leakedCount == 5)
        #expect(fromConsole.finished == 14 && fromEvents.finished == 14)
        #expect(fromConsole.alive + fromConsole.unplaced == fromEvents.alive + fromEvents.unplaced)
    }

    @Test func whereALeakWasLastSeenAndWhenItLeft() throws {
        let (console, _, _) = try load(example: "leaky-session.log")
        let leak = LeakReport(hierarchy: console).leaks[0]
        #expect(leak.parent?.type == "DefaultStackRootNavigationModel" && leak.parent?.id == "9C2")
        #expect(leak.lastSeenLine == 25)
        #expect(leak.leftLine == 37)
        #expect(leak.startedLine == 22)
    }

    @Test func suspectedAndUnplaced() throws {
        let (hierarchy, _, _) = try load(
            """
            [WaitingNavigationModel A0B...]: Started
            [AppNavigationModel 667...]: Started
            <[AppNavigationModel 667...]>
            [DetailNavigationModel 8C1...]: Started
            """)
        let report = LeakReport(hierarchy: hierarchy)
        // One window, dumped after it started, not listing it: suspected, as it may live in a window never dumped.
        #expect(flatten(report.leaks) == ["suspected WaitingNavigationModel A0B"])
        #expect(report.leaks.first?.reason == .inNoDump)
        #expect(report.leakedCount == 0 && report.suspectedCount == 1)
        #expect(report.unplaced == 1 && report.alive == 1)
    }

    @Test func aFinishedLateModelIsNotALeak() throws {
        // Finished arrives after the dump that no longer lists the model: async, not a leak.
        let (hierarchy, _, _) = try load(
            """
            [AppNavigationModel 667...]: Started
            [DetailNavigationModel 8C1...]: Started
            <[AppNavigationModel 667...]>
            \t<[DetailNavigationModel 8C1...]>
            <[AppNavigationModel 667...]>
            [DetailNavigationModel 8C1...]: Finished
            """)
        #expect(LeakReport(hierarchy: hierarchy).leaks.isEmpty)
    }

    @Test func sharedPrefixesAreCountedAsAMultisetAndReported() throws {
        // Two details with one prefix pushed; both popped; only one Finished: exactly one leak, and a note.
        let (hierarchy, ambiguities, _) = try load(
            """
            [StackRootNavigationModel 1A1...]: Started
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Started
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            \t<[DetailNavigationModel E34...]>
            <[StackRootNavigationModel 1A1...]>
            [DetailNavigationModel E34...]: Finished
            """)
        let report = LeakReport(hierarchy: hierarchy, ambiguities: ambiguities)
        #expect(report.leakedCount == 1)
        #expect(flatten(report.leaks).count == 1 && flatten(report.leaks)[0].hasSuffix("DetailNavigationModel E34"))
        #expect(ambiguities.map(\.line) == [3, 8])
        #expect(ambiguities.allSatisfy { $0.type == "DetailNavigationModel" && $0.id == "E34" })
    }
}

@Suite("Diff")
struct HierarchyDiffTests {
    @Test func addedRemovedMovedAndSelection() throws {
        let (_, _, timeline) = try load(example: "leaky-session.jsonl")
        let diff = HierarchyDiff(from: timeline.state(after: 22), to: timeline.state(after: 36))
        #expect(diff.added.isEmpty)
        #expect(diff.removed.map { $0.model.id.prefix(3) } == ["9C2"])
        #expect(diff.selection.count == 1)
        #expect(
            diff.selection[0].from?.id.hasPrefix("32D") == true && diff.selection[0].to?.id.hasPrefix("19A") == true)
        #expect(HierarchyDiff(from: timeline.state(after: 30), to: timeline.state(after: 30)).isEmpty)
    }

    @Test func aReorderedStackIsAMove() throws {
        var old = Hierarchy()
        let root = ModelRef(id: "s", type: "Stack")
        old.apply(NavEvent(.root(root, kind: .stack, window: "main"), line: 1))
        for id in ["a", "b", "c"] {
            old.apply(NavEvent(.push(ModelRef(id: id, type: "T"), kind: nil, parent: "s"), line: 2))
        }
        var new = old
        new.apply(NavEvent(.setPath(parent: "s", entries: ["c", "b", "a"]), line: 3))
        let diff = HierarchyDiff(from: old, to: new)
        #expect(diff.added.isEmpty && diff.removed.isEmpty)
        #expect(Set(diff.moved.map(\.model.id)) == ["a", "c"])
    }

    @Test func twoFilesAreAlignedByTypeAndID() throws {
        let (first, _, _) = try load(example: "launch-dump.txt")
        let (second, _, _) = try load(example: "sheet-over-tabs.txt")
        let diff = HierarchyDiff(from: first, to: HierarchyDiff.aligning(second, to: first))
        #expect(diff.added.map(\.model.id) == ["9C2", "A41", "C3F"])
        #expect(diff.removed.isEmpty)
    }
}

@Suite("Step descriptions")
struct StepDescriptionTests {
    @Test func describeEachKindOfStep() throws {
        let (_, _, timeline) = try load(example: "leaky-session.jsonl")
        func describe(_ step: Int) -> String {
            let (state, change) = timeline.change(at: step)
            return StepDescription.describe(timeline.event(at: step), change: change, after: state)
        }
        #expect(describe(1) == "mark: launch")
        #expect(describe(22).hasPrefix("push ActionableListNavigationModel B80"))
        #expect(describe(22).contains("onto stack 9C2"))
        #expect(
            describe(23).hasPrefix("dismiss DefaultStackRootNavigationModel 9C2")
                && describe(23).hasSuffix("with 2 more"))
        #expect(describe(26).hasPrefix("select tab DefaultStackRootNavigationModel 19A"))
        let (_, _, console) = try load(example: "leaky-session.log")
        let (state, change) = console.change(at: 7)
        #expect(
            StepDescription.describe(console.event(at: 7), change: change, after: state)
                == "dump of window main (6 nodes): all new")
    }

    /// A dump is told by what it changed: each new subtree at its top, the way an event would say it, at most
    /// three, then a count; what left, top first; `no change` for a dump that repeats the state.
    @Test func describeWhatADumpChanged() {
        func entry(_ key: String, _ kind: NodeKind = .screen, _ edge: EdgeKind? = nil, under parent: Int? = nil)
            -> Snapshot.Entry
        {
            Snapshot.Entry(model: ModelRef(key: key, id: key, type: "M"), kind: kind, edge: edge, parent: parent)
        }
        let first = [entry("root", .tabs), entry("a", .stack, .tab, under: 0), entry("b", .stack, .tab, under: 0)]
        var timeline = Timeline()
        func describe(_ entries: [Snapshot.Entry]) -> String {
            let change = timeline.append(NavEvent(.snapshot([Snapshot(window: "main", entries: entries)]), line: 1))
            return StepDescription.describe(timeline.event(at: timeline.count), change: change, after: timeline.latest)
        }
        #expect(describe(first) == "dump of window main (3 nodes): all new")
        #expect(describe(first) == "dump of window main (3 nodes): no change")
        let second =
            first + [
                entry("a1", .screen, .push, under: 1), entry("s", .stack, .presented(.sheet), under: 1),
                entry("s1", .screen, .push, under: 4), entry("p", .screen, .presented(.unknown), under: 2),
                entry("c", .screen, .tab, under: 0), entry("d", .screen, .child, under: 2),
            ]
        #expect(
            describe(second)
                == "dump of window main (9 nodes): push M a1 onto stack a; present M s as sheet on stack a (+1 under it); "
                + "present M p on stack b; 2 more new")
        #expect(
            describe(first)
                == "dump of window main (3 nodes): 6 gone: M a1, M s, M s1, …")
        var renamed = first
        renamed[1].model.type = "Home"
        #expect(describe(renamed) == "dump of window main (3 nodes): M a is now Home a")
    }
}
