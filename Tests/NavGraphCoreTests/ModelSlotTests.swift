import NavGraphTestSupport
import Testing

@testable import NavGraphCore

/// The slot table behind `Hierarchy`: its size follows the live state, and reusing slots never mixes models up.
@Suite("Model slots", .tags(.memory))
struct ModelSlotTests {
    private func apply(_ hierarchy: inout Hierarchy, _ action: NavEvent.Action, line: Int) -> [String] {
        hierarchy.apply(NavEvent(action, line: line)).warnings.map(\.message)
    }

    /// 100,000 models pushed, popped and finished one after another: the table holds the live state (a finished model's
    /// slot goes at once; its finish is remembered apart), never one slot per model ever seen, and the state stays
    /// consistent throughout.
    @Test func theTableStaysTheSizeOfTheLiveState() {
        var hierarchy = Hierarchy()
        var line = 0
        func step(_ action: NavEvent.Action) {
            line += 1
            #expect(apply(&hierarchy, action, line: line).isEmpty, "line \(line)")
        }
        step(.root(ModelRef(id: "root", type: "Stack"), kind: .stack, window: "main"))
        step(.push(ModelRef(id: "home", type: "Home"), kind: nil, parent: "root"))  // the stack's root entry
        for index in 0..<100_000 {
            let model = ModelRef(id: "detail-\(index)", type: "Detail")
            step(.start(model, kind: nil))
            step(.push(model, kind: nil, parent: "root"))
            step(.pop(parent: "root", count: 1))
            step(.finish(model, neverStarted: false))
            if index % 10_000 == 0 { #expect(hierarchy.consistencyProblems().isEmpty) }
        }
        #expect(hierarchy.slots.slotCount <= 3)
        #expect(hierarchy.keyIndex.count == hierarchy.slots.count)
        #expect(hierarchy.consistencyProblems().isEmpty)
        #expect(hierarchy.finishedCount == 100_000 && hierarchy.lifecycles.isEmpty && hierarchy.nodes.count == 2)
    }

    /// A reused id is named as such while its finish is remembered, and read as a new model either way.
    @Test func aRecentFinishIsRememberedThenForgotten() {
        var hierarchy = Hierarchy()
        let model = ModelRef(id: "A", type: "Detail")
        _ = apply(&hierarchy, .start(model, kind: nil), line: 1)
        _ = apply(&hierarchy, .finish(model, neverStarted: false), line: 2)
        #expect(
            apply(&hierarchy, .start(model, kind: nil), line: 3) == [
                "start of 'A', which finished at line 2; read as a new model with the same id"
            ])
        _ = apply(&hierarchy, .finish(model, neverStarted: false), line: 4)
        for index in 0..<RecentFinishes.limit {
            let other = ModelRef(id: "other-\(index)", type: "Detail")
            _ = apply(&hierarchy, .start(other, kind: nil), line: 5 + 2 * index)
            _ = apply(&hierarchy, .finish(other, neverStarted: false), line: 6 + 2 * index)
        }
        #expect(apply(&hierarchy, .start(model, kind: nil), line: 100_000).isEmpty)
        #expect(hierarchy.lifecycles["A"]?.startedLine == 100_000)
        #expect(hierarchy.consistencyProblems().isEmpty)
    }

    /// A leaked model keeps naming the parent it was last seen under, even after that parent's slot went to another
    /// model; and a model placed under the newcomer, or placed again there, names the newcomer.
    @Test func aPlacementOutlivesItsParentsSlot() {
        var hierarchy = Hierarchy()
        let stack = ModelRef(id: "stack", type: "Stack")
        let sheet = ModelRef(id: "sheet", type: "Sheet")
        let leaked = ModelRef(id: "leaked", type: "Detail")
        let newcomer = ModelRef(id: "newcomer", type: "Other")
        let child = ModelRef(id: "child", type: "Detail")
        var line = 0
        func step(_ action: NavEvent.Action) {
            line += 1
            _ = apply(&hierarchy, action, line: line)
        }
        step(.root(stack, kind: .stack, window: "main"))
        step(.present(sheet, kind: .stack, parent: "stack", style: .sheet))
        step(.start(leaked, kind: nil))
        step(.push(leaked, kind: nil, parent: "sheet"))
        step(.dismiss("sheet"))  // the sheet's slot is free now; the leaked model stays alive
        step(.push(newcomer, kind: .stack, parent: "stack"))  // takes the sheet's slot
        step(.start(child, kind: nil))
        step(.push(child, kind: nil, parent: "newcomer"))
        #expect(hierarchy.departedModels.map(\.model.id) == ["leaked"])
        #expect(hierarchy.departedModels.first?.lastPlacement?.parent == sheet)
        #expect(hierarchy.lifecycles["child"]?.lastPlacement?.parent == newcomer)
        // Placed again under the model now in the sheet's old slot: the placement names the newcomer.
        step(.push(leaked, kind: nil, parent: "newcomer"))
        #expect(hierarchy.lifecycles["leaked"]?.lastPlacement?.parent == newcomer)
        #expect(hierarchy.departedModels.isEmpty)
        #expect(hierarchy.consistencyProblems().isEmpty)
    }

    @Test func keysThatCollideInTheirBucketAreKeptApart() {
        var index = SlotIndex()
        let keys = (0..<5_000).map { "key-\($0)" }
        for (slot, key) in keys.enumerated() { index.insert(hash: SlotIndex.hash(key), slot: slot) }
        for (slot, key) in keys.enumerated() where slot % 3 == 0 { index.remove(slot: slot, hash: SlotIndex.hash(key)) }
        for (slot, key) in keys.enumerated() {
            let found = index.slot(for: key, hash: SlotIndex.hash(key)) { keys[$0] }
            #expect(found == (slot % 3 == 0 ? nil : slot), "\(key)")
        }
        #expect(index.count == keys.count - (keys.count + 2) / 3)
    }

    /// A finished model's slot goes at once, however many finishes are remembered; a remembered finish is found by its
    /// key alone (whatever slot its model had), and the oldest is forgotten past the limit.
    @Test func finishesAreRememberedApartFromTheSlots() {
        var finishes = RecentFinishes()
        for index in 0..<(RecentFinishes.limit + 10) {
            let key = "model-\(index)-with-a-long-key"
            finishes.remember(key, hash: SlotIndex.hash(key), line: index + 1)
        }
        #expect(finishes.lines.count == RecentFinishes.limit)
        #expect(finishes.forget("model-9-with-a-long-key", hash: SlotIndex.hash("model-9-with-a-long-key")) == nil)
        let kept = "model-10-with-a-long-key"
        #expect(finishes.forget(kept, hash: SlotIndex.hash(kept)) == 11)
        #expect(finishes.forget(kept, hash: SlotIndex.hash(kept)) == nil)
        #expect(finishes.lines.count == RecentFinishes.limit - 1)
    }
}
