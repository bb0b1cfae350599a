extension Hierarchy {
    /// The window's state is now exactly the snapshot. Updated in place rather than rebuilt: a log prints the same
    /// hierarchy with small changes thousands of times, so most nodes and children lists stay as they are, and an
    /// unchanged node costs one key lookup and a few comparisons.
    ///
    /// Entries are read by index, a field at a time (`entries[index].model.key`), never iterated: a `for entry in`
    /// copies each entry, retaining its strings, which the reading thread is retaining at the same time for the next
    /// snapshots.
    mutating func replace(with snapshot: Snapshot, line: Int, into change: inout StepChange) {
        let entries = snapshot.entries
        guard !entries.isEmpty else { return }
        let windowIndex: Int
        if let index = windows.firstIndex(where: { $0.name == snapshot.window }) {
            windowIndex = index
        } else {
            windows.append(Window(name: snapshot.window))
            windowIndex = windows.count - 1
        }
        guard let entrySlots = listedSlots(entries) else {
            // Readers list a model once per snapshot; one that does not is read without its repeats.
            replace(with: Self.withoutRepeatedModels(snapshot), line: line, into: &change)
            return
        }
        let movedIn = removeUnlisted(from: windowIndex, listing: entrySlots, line: line, into: &change)

        windows[windowIndex].root = entries[0].model.key
        windows[windowIndex].lastSnapshotStep = step
        windows[windowIndex].lastSnapshotLine = line
        lastSnapshotStep = step
        lastSnapshotWasPrinted = snapshot.origin == .printed

        let childIndex = ChildIndex(entries)
        for index in entries.indices {
            let children = childIndex.children(of: index).lazy.map { entrySlots[$0] }
            place(
                entries, index, at: entrySlots[index], parent: entries[index].parent.map { entrySlots[$0] },
                children: children, window: windowIndex, movedIn: movedIn, line: line, into: &change)
        }
    }

    /// Each entry's slot, marked as listed by this snapshot (a generation number per slot instead of a set of keys,
    /// `snapshotGeneration`); `nil` when an entry repeats a model (then none is marked, and no slot made for them).
    private mutating func listedSlots(_ entries: [Snapshot.Entry]) -> [Int]? {
        snapshotGeneration &+= 1
        if snapshotGeneration == 0 {
            for index in snapshotMarks.indices { snapshotMarks[index] = 0 }
            snapshotGeneration = 1
        }
        let generation = snapshotGeneration
        var entrySlots: [Int] = []
        entrySlots.reserveCapacity(entries.count)
        for index in entries.indices {
            let slot = slot(of: entries[index].model.key) ?? allocateSlot(for: entries[index].model)
            if snapshotMarks[slot] == generation {
                for slot in entrySlots { releaseIfUnused(slot) }
                return nil
            }
            snapshotMarks[slot] = generation
            entrySlots.append(slot)
        }
        return entrySlots
    }

    /// What the window showed and the snapshot (its slots `listed`, marked) does not, leaves (top first). A model the
    /// snapshot moves in from another window leaves there with its subtree; what of that subtree the snapshot does
    /// not list has left. The slots moved in.
    private mutating func removeUnlisted(
        from windowIndex: Int, listing listed: [Int], line: Int, into change: inout StepChange
    ) -> Set<Int> {
        let generation = snapshotGeneration
        if let root = windows[windowIndex].root, let rootSlot = placedSlot(root) {
            var pending = [rootSlot]
            while let slot = pending.popLast() {
                pending.append(contentsOf: slots[slot].children.reversed())
                if snapshotMarks[slot] != generation {
                    unplace(slot)
                    markLeft(slot, line: line, into: &change)
                    releaseIfUnused(slot)
                }
            }
        }
        var movedIn = Set<Int>()
        // With only this window there is nothing to move in from.
        guard windows.indices.contains(where: { $0 != windowIndex && windows[$0].root != nil }) else { return movedIn }
        for slot in listed where slots[slot].isPlaced && slots[slot].window != windowIndex {
            for removed in detachSubtree(at: slot) {
                if snapshotMarks[removed] == generation {
                    movedIn.insert(removed)
                } else {
                    markLeft(removed, line: line, into: &change)
                    releaseIfUnused(removed)
                }
            }
        }
        return movedIn
    }

    /// Places the model at `slot` as the snapshot's entry at `index` says, under `parent` with `children` (slots).
    /// The entry read in place (see `replace(with:line:into:)`).
    private mutating func place<Children: Sequence<Int>>(
        _ entries: [Snapshot.Entry], _ index: Int, at slot: Int, parent: Int?, children: Children,
        window windowIndex: Int,
        movedIn: Set<Int>, line: Int, into change: inout StepChange
    ) {
        if slots[slot].model != entries[index].model {
            // A placed model the dump names differently (a NavigatorUI navigator that logs its name late).
            if slots[slot].isPlaced {
                change.renamed.append(.init(from: slots[slot].model, to: entries[index].model))
                // Its lifecycle goes by the newer name too: a leak is reported as the trees showed it last.
                if slots[slot].isAlive { slots[slot].startedModel = entries[index].model }
            }
            setModel(entries[index].model, at: slot)
        }
        slots[slot].kind = entries[index].kind
        if entries[index].parent == nil {
            slots[slot].edge = nil
        } else if slots[slot].edge != entries[index].edge {
            slots[slot].edge = entries[index].edge
        }
        slots[slot].parent = parent
        slots[slot].window = windowIndex
        // A snapshot does not say which tab is selected: the one an event said stays while it is still a tab
        // here (placed under this container before the snapshot, and listed under it by the snapshot; children
        // come after their parent, so their slots still hold the state before it).
        if let selected = slots[slot].selectedTab,
            !(slots[selected].isPlaced && slots[selected].parent == slot && children.contains(selected))
        {
            slots[slot].selectedTab = nil
        }
        slots[slot].kindIsExplicit = true
        slots[slot].fromSnapshot = true
        // What a snapshot does not say (a tab's title, in a dump) is not known any more.
        slots[slot].title = entries[index].title
        if slots[slot].isPlaced {
            if !slots[slot].children.elementsEqual(children) { slots[slot].children = Array(children) }
        } else {
            slots[slot].isPlaced = true
            slots[slot].children = Array(children)
            placedCount += 1
            if !movedIn.contains(slot) { change.added.append(entries[index].model.key) }
        }
        recordPlacement(slot, line: line)
    }

    /// The snapshot with every entry whose model an earlier entry lists already left out, with its subtree.
    private static func withoutRepeatedModels(_ snapshot: Snapshot) -> Snapshot {
        var seen = Set<String>()
        var newIndex = [Int?](repeating: nil, count: snapshot.entries.count)
        var entries: [Snapshot.Entry] = []
        for (index, entry) in snapshot.entries.enumerated() {
            let parent = entry.parent.flatMap { newIndex[$0] }
            guard entry.parent == nil || parent != nil, index == 0 || entry.parent != nil,
                seen.insert(entry.model.key).inserted
            else { continue }
            var kept = entry
            kept.parent = parent
            newIndex[index] = entries.count
            entries.append(kept)
        }
        return Snapshot(window: snapshot.window, entries: entries, origin: snapshot.origin)
    }
}
