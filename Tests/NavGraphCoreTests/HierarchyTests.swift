import NavGraphTestSupport
import Testing

@testable import NavGraphCore

@Suite("The reducer", .tags(.memory))
struct HierarchyTests {
    private func model(_ key: String, _ type: String = "Screen") -> ModelRef { ModelRef(key: key, id: key, type: type) }

    private func snapshot(_ window: String = "main", _ entries: [(String, Int?)]) -> NavEvent.Action {
        .snapshot([
            Snapshot(
                window: window,
                entries: entries.map { key, parent in
                    Snapshot.Entry(model: model(key), kind: .screen, edge: parent == nil ? nil : .child, parent: parent)
                })
        ])
    }

    @Test func aSnapshotReplacesItsWindowOnly() {
        var hierarchy = Hierarchy()
        hierarchy.apply(NavEvent(snapshot("main", [("a", nil), ("b", 0)]), line: 1))
        hierarchy.apply(NavEvent(snapshot("other", [("w", nil)]), line: 2))
        hierarchy.apply(NavEvent(snapshot("main", [("a", nil), ("c", 0)]), line: 3))
        #expect(hierarchy.preorder(window: "main").map(\.node.key) == ["a", "c"])
        #expect(hierarchy.preorder(window: "other").map(\.node.key) == ["w"])
        #expect(hierarchy.nodes["b"] == nil)
        #expect(hierarchy.step == 3)
    }

    @Test func aModelThatLeftAndNeverFinishedIsDeparted() {
        var hierarchy = Hierarchy()
        hierarchy.apply(NavEvent(.start(model("b"), kind: nil), line: 1))
        hierarchy.apply(NavEvent(snapshot("main", [("a", nil), ("b", 0)]), line: 2))
        hierarchy.apply(NavEvent(snapshot("main", [("a", nil)]), line: 5))
        #expect(hierarchy.departedModels.map(\.model.key) == ["b"])
        #expect(hierarchy.departedModels.first?.leftLine == 5)
        #expect(hierarchy.departedModels.first?.lastPlacement?.parent?.key == "a")
    }

    @Test func finishingAPlacedModelTakesItsSubtreeOut() {
        var hierarchy = Hierarchy()
        hierarchy.apply(NavEvent(.start(model("c"), kind: nil), line: 1))
        hierarchy.apply(NavEvent(snapshot("main", [("a", nil), ("b", 0), ("c", 1)]), line: 2))
        hierarchy.apply(NavEvent(.finish(model("b"), neverStarted: false), line: 9))
        #expect(hierarchy.preorder(window: "main").map(\.node.key) == ["a"])
        #expect(hierarchy.departedModels.map(\.model.key) == ["c"])
        #expect(hierarchy.finishedWithoutStartCount == 1)
    }

    @Test func unplacedAndSuspectedDependOnTheLastSnapshot() {
        var hierarchy = Hierarchy()
        hierarchy.apply(NavEvent(.start(model("early"), kind: nil), line: 1))
        hierarchy.apply(NavEvent(snapshot("main", [("a", nil)]), line: 2))
        hierarchy.apply(NavEvent(.start(model("late"), kind: nil), line: 3))
        // The only window dumped after `early` started and did not list it: unlisted (leaked at the end).
        #expect(hierarchy.suspectedModels.isEmpty)
        #expect(hierarchy.unlistedModels.map(\.model.key) == ["early"])
        #expect(hierarchy.unplacedModels.map(\.model.key) == ["late"])
        // A second window that has not dumped since `early2` started may hold it: suspected, naming it.
        hierarchy.apply(NavEvent(snapshot("inspector", [("i", nil)]), line: 4))
        hierarchy.apply(NavEvent(.start(model("early2"), kind: nil), line: 5))
        hierarchy.apply(NavEvent(snapshot("main", [("a", nil)]), line: 6))
        #expect(hierarchy.suspectedModels.map(\.model.key) == ["early2"])
        #expect(hierarchy.windowsWithoutDump(since: hierarchy.lifecycles["early2"]!.startedStep) == ["inspector"])
        #expect(hierarchy.unlistedModels.map(\.model.key) == ["early", "late"])
        #expect(hierarchy.hasLifecycleEvents)
    }

    @Test func deepTreesNeedNoRecursion() {
        var entries: [(String, Int?)] = [("n0", nil)]
        for index in 1..<100_000 { entries.append(("n\(index)", index - 1)) }
        var hierarchy = Hierarchy()
        hierarchy.apply(NavEvent(snapshot("main", entries), line: 1))
        #expect(hierarchy.preorder(window: "main").last?.depth == 99_999)
        hierarchy.apply(NavEvent(snapshot("main", [("x", nil)]), line: 2))
        #expect(hierarchy.nodes.count == 1)
    }
}
