import NavGraphCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What recent stack entries read as: a dump that is not a repeat of an earlier one (`RecentDumps`) still mostly
/// repeats its stacks' entries (a push adds one entry to those the last dump showed, a sheet leaves the path as it
/// was), and an entry's node is a function of its stack's key, its position, the entries below it (the hash its key
/// carries) and its lines. A fixed-size table indexed by a hash of those, a newer entry replacing an older one in
/// its slot, so memory stays bounded. Working each entry out (its type and label, its key) was 12% of reading the
/// 100 MB bench log (perf).
final class RecentStackEntries {
    /// An entry's node as made: its model, and the hash of the entries up to it for the next one's key.
    struct Made {
        var model: ModelRef
        var hash: UInt64
    }

    private struct Entry {
        var hash: UInt64
        var position: Int
        var before: UInt64
        var stackKey: String
        var bytes: [UInt8]
        var made: Made
    }

    /// 1,024 entries catch all but 0.2% of the repeats 4,096 do on the bench log, at less memory.
    private static let size = 1024
    /// Entries printed on more lines than fit here are worked out each time (a route holding a whole model).
    static let largestEntry = 2048
    @exclusivity(unchecked) private var entries = [Entry?](repeating: nil, count: size)

    /// The entry at `position` of the stack keyed `stackKey` (`stackHash` is its `SlotIndex.hash`), after entries
    /// whose hash is `before`, printed as `bytes`: remembered, or made by `make` and remembered.
    func entry(
        stackKey: String, stackHash: UInt64, position: Int, before: UInt64, bytes: UnsafeBufferPointer<UInt8>,
        make: () -> Made
    ) -> Made {
        var hash = SlotIndex.hash(bytes: UnsafeRawBufferPointer(bytes)) ^ stackHash
        hash = (hash ^ before) &* 0x100_0000_01b3
        hash = (hash ^ UInt64(truncatingIfNeeded: position)) &* 0x100_0000_01b3
        let index = Int(truncatingIfNeeded: hash >> 20) & (Self.size - 1)
        // Read in place, as `RecentDumps` reads its entries: `if let entry = entries[index]` copied the entry out,
        // retaining and releasing its key, its bytes and its model's strings once per entry looked up (perf).
        let found = entries.withUnsafeBufferPointer { entries -> Made? in
            guard entries[index]?.hash == hash, entries[index]!.position == position,
                entries[index]!.before == before, entries[index]!.stackKey == stackKey,
                sameBytes(entries[index]!.bytes, bytes)
            else { return nil }
            return entries[index]!.made
        }
        if let found { return found }
        let made = make()
        entries[index] = Entry(
            hash: hash, position: position, before: before, stackKey: stackKey, bytes: Array(bytes), made: made)
        return made
    }

}
