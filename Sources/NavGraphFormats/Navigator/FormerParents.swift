import NavGraphCore

/// The navigator each child was last added to, by UUID (see `NavigatorTree.rememberParent`): a table found through
/// a `SlotIndex` by the child's `slotHash` (not a `Dictionary`: SipHash of 36 bytes on every `adding` and `removing`).
struct FormerParents {
    private struct Former {
        var child: NavigatorUUID
        var parent: NavigatorUUID
    }

    private var index = SlotIndex()
    private var formers = SlotTable<Former>()

    /// How many are remembered.
    var count: Int { index.count }

    /// Remembers `parent` as `child`'s.
    mutating func set(_ parent: NavigatorUUID, of child: NavigatorUUID) {
        let hash = child.slotHash
        if let slot = index.slot(for: child, hash: hash, keyOf: { formers[$0].child }) {
            formers[slot].parent = parent
            return
        }
        index.insert(hash: hash, slot: formers.insert(Former(child: child, parent: parent)))
    }

    /// Forgets `child`'s parent; the parent it had.
    mutating func remove(_ child: NavigatorUUID) -> NavigatorUUID? {
        let hash = child.slotHash
        guard let slot = index.slot(for: child, hash: hash, keyOf: { formers[$0].child }) else { return nil }
        index.remove(slot: slot, hash: hash)
        return formers.remove(slot, leaving: Former(child: .none, parent: .none)).parent
    }

    /// Forgets them all.
    mutating func removeAll() {
        self = FormerParents()
    }
}
