extension Hierarchy {
    /// What is wrong with the state's links, if anything: every node's parent lists it once, every child points
    /// back, every window root is a parentless node of that window, the tree has no cycle, and the key index and
    /// counts agree with the slots. The reducer keeps this empty whatever the input; fuzzing checks it after every input.
    public func consistencyProblems() -> [String] {
        var problems: [String] = []
        var placed = 0
        var alive = 0
        for slot in slots.indices where !slots[slot].isUnused {
            let stored = slots[slot]
            let key = stored.model.key
            if self.slot(of: key) != slot { problems.append("\(key): the key index does not lead to its slot") }
            if stored.keyHash != SlotIndex.hash(key) { problems.append("\(key): stored with another key's hash") }
            if stored.isAlive { alive += 1 }
            if stored.isAlive, stored.startedModel.key != key { problems.append("\(key): alive under another key") }
            guard stored.isPlaced else { continue }
            placed += 1
            if let parent = stored.parent {
                guard slots[parent].isPlaced else {
                    problems.append("\(key): parent \(slots[parent].model.key) is not in the hierarchy")
                    continue
                }
                let count = slots[parent].children.filter { $0 == slot }.count
                if count != 1 {
                    problems.append("\(key): listed \(count) times by its parent \(slots[parent].model.key)")
                }
                if slots[parent].window != stored.window {
                    problems.append(
                        "\(key): in window \(windows[stored.window].name), its parent in \(windows[slots[parent].window].name)"
                    )
                }
            } else if windows[stored.window].root != key {
                problems.append("\(key): no parent and not a window's root")
            }
            for child in stored.children where !slots[child].isPlaced || slots[child].parent != slot {
                problems.append("\(key): child \(slots[child].model.key) does not point back")
            }
        }
        if keyIndex.count != slots.count {
            problems.append("\(keyIndex.count) keys for \(slots.count) slots in use")
        }
        if Set(slots.indices.filter { slots[$0].isUnused }) != Set(slots.freeSlots)
            || Set(slots.freeSlots).count != slots.freeSlots.count
        {
            problems.append("the free slots are not exactly the unused ones")
        }
        if placed != placedCount { problems.append("\(placed) nodes placed, counted \(placedCount)") }
        if alive != aliveCount { problems.append("\(alive) models alive, counted \(aliveCount)") }
        for window in windows {
            guard let root = window.root else { continue }
            guard let slot = placedSlot(root) else {
                problems.append("window \(window.name): root \(root) is not in the hierarchy")
                continue
            }
            if slots[slot].parent != nil { problems.append("window \(window.name): root \(root) has a parent") }
        }
        // Every node is reachable from exactly one root: no cycles, no orphans.
        var visited = Set<Int>()
        var pending = openWindows.compactMap { $0.root.flatMap(placedSlot) }
        while let slot = pending.popLast() {
            guard visited.insert(slot).inserted else {
                problems.append("\(slots[slot].model.key): reached twice (a cycle or a shared child)")
                continue
            }
            pending.append(contentsOf: slots[slot].children)
        }
        if visited.count != placed {
            problems.append("\(placed) nodes, \(visited.count) reachable from the windows' roots")
        }
        return problems
    }
}
