extension Hierarchy {
    /// The children of a placed model, each with how it hangs from it, in order. O(children).
    public func childEdges(of key: String) -> [(model: ModelRef, edge: EdgeKind?)] {
        guard let slot = placedSlot(key) else { return [] }
        return slots[slot].children.map { (slots[$0].model, slots[$0].edge) }
    }

    /// The nearest earlier sibling of a placed model that hangs by `edge`. The model's place is looked for from the
    /// end of its parent's children, and the sibling from there back: new stack entries and tabs are appended, so for
    /// them this is O(1) however long the stack.
    public func earlierSibling(of key: String, hangingBy edge: EdgeKind) -> ModelRef? {
        guard let slot = placedSlot(key), let parent = slots[slot].parent,
            let index = slots[parent].children.lastIndex(of: slot)
        else { return nil }
        let children = slots[parent].children
        var earlier = index - 1
        while earlier >= 0 {
            if slots[children[earlier]].edge == edge { return slots[children[earlier]].model }
            earlier -= 1
        }
        return nil
    }

    /// The number (from 1) of a tab among its container's tabs. O(its position).
    public func tabNumber(of key: String) -> Int? {
        guard let slot = placedSlot(key), let parent = slots[slot].parent else { return nil }
        var number = 0
        for child in slots[parent].children {
            if slots[child].edge == .tab { number += 1 }
            if child == slot { return number }
        }
        return nil
    }
}
