import NavGraphCore

/// What recent stack entries read as: a dump that is not a repeat of an earlier one (`RecentDumps`) still mostly
/// repeats its stacks' entries (a push adds one entry to those the last dump showed, a sheet leaves the path as it
/// was), and an entry's node is a function of its stack's key, its position, the entries below it (the hash its key
/// carries) and its lines: remembered while recent, found by a hash of those.
final class RecentStackEntries {
    /// An entry's node as made: its model, and the hash of the entries up to it for the next one's key.
    struct Made {
        var model: ModelRef
        var hash: UInt64
    }

    private struct Entry {
        var position: Int
        var before: UInt64
        var stackKey: String
        var bytes: [UInt8]
        var made: Made
    }

    /// Entries printed on more lines than fit here are worked out each time (a route holding a whole model).
    static let largestEntry = 2048
    /// 1,024 entries catch nearly all the repeats 4,096 do, at less memory (see docs/performance-notes.md).
    private var entries = RecentItems<Entry>(size: 1024)

    /// The entry at `position` of the stack keyed `stackKey` (`stackHash` is its `SlotIndex.hash`), after entries
    /// whose hash is `before`, printed as `bytes`: remembered, or made by `make` and remembered.
    func entry(
        stackKey: String, stackHash: UInt64, position: Int, before: UInt64, bytes: ByteLine,
        make: () -> Made
    ) -> Made {
        var hash = bytes.tableHash ^ stackHash
        hash = (hash ^ before) &* 0x100_0000_01b3
        hash = (hash ^ UInt64(truncatingIfNeeded: position)) &* 0x100_0000_01b3
        hash |= 1  // never 0, which `RecentItems` keeps for an empty place
        let found = entries.lookUp(hash: hash) { entry -> Made? in
            entry.position == position && entry.before == before && entry.stackKey == stackKey
                && entry.bytes.withByteLine { $0 == bytes } ? entry.made : nil
        }
        if let found { return found }
        let made = make()
        entries.store(
            Entry(position: position, before: before, stackKey: stackKey, bytes: Array(bytes), made: made), hash: hash)
        return made
    }
}
