import NavGraphCore

/// The navigator each child was last added to, by UUID (see `NavigatorTree.rememberParent`): a table found through
/// a `SlotIndex` by the child's `slotHash`. A `Dictionary` hashed the 36 bytes with SipHash on every `adding` and
/// every `removing`, about 2% of the reading thread (perf, 100 MB).
struct FormerParents {
    private var index = SlotIndex()
    private var children: [NavigatorUUID] = []
    private var parents: [NavigatorUUID] = []
    private var free: [Int] = []

    /// How many are remembered.
    var count: Int { index.count }

    /// Remembers `parent` as `child`'s.
    mutating func set(_ parent: NavigatorUUID, of child: NavigatorUUID) {
        let hash = child.slotHash
        if let slot = index.slot(for: child, hash: hash, keyOf: { children[$0] }) {
            parents[slot] = parent
            return
        }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            children[slot] = child
            parents[slot] = parent
        } else {
            slot = children.count
            children.append(child)
            parents.append(parent)
        }
        index.insert(hash: hash, slot: slot)
    }

    /// Forgets `child`'s parent; the parent it had.
    mutating func remove(_ child: NavigatorUUID) -> NavigatorUUID? {
        let hash = child.slotHash
        guard let slot = index.slot(for: child, hash: hash, keyOf: { children[$0] }) else { return nil }
        index.remove(slot: slot, hash: hash)
        children[slot] = .none
        free.append(slot)
        return parents[slot]
    }

    /// Forgets them all.
    mutating func removeAll() {
        self = FormerParents()
    }
}
