import NavGraphCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What recent dumps read as, by their lines and their place: a dump whose lines and place are those of a dump read
/// before reads the same (its navigation is a function of them), so it is not read again. A fixed-size table indexed
/// by a hash of the lines, a newer dump replacing an older one in its entry, so memory stays bounded (1,024 entries
/// catch 96% of the repeats 4,096 do, at 9 MB less peak memory on the 100 MB bench log).
///
/// Logs repeat states: in `scripts/bench-data-other-inputs swift-dump` output 42% of the dumps are the text of an
/// earlier one (every pop returns to a state dumped before); reading a dump's values and navigation was about 60% of
/// reading the log (perf, 10 MB). With `RecentValueLines`, `tree` on the 105 MB bench log went from 10.8 s to 7.9 s
/// of CPU time.
final class RecentDumps {
    /// What reading a dump's lines gave.
    struct Reading {
        var navigation: DumpNavigation
        /// The first value that has fewer children than it says (the output stopped mid-dump): its position among
        /// the dump's lines, and what the warning says of it.
        var incomplete: (position: Int, what: String, printed: Int)?
    }

    private struct Entry {
        var hash: UInt64
        var bytes: [UInt8]
        var root: DumpWindows.Root
        var reading: Reading
    }

    private static let size = 1024
    /// How many dumps were not read again (for tests).
    @exclusivity(unchecked) private(set) var reused = 0
    @exclusivity(unchecked) private var entries = [Entry?](repeating: nil, count: size)

    /// The reading of `lines` placed at `root`: remembered, or made by `read` and remembered.
    func reading(of lines: DumpLines, at root: DumpWindows.Root, read: () -> Reading) -> Reading {
        // Of the lines' hashes, made as they were kept (`DumpLines.hash`), not of the bytes again.
        let hash = SlotIndex.hash(word: lines.hash) ^ SlotIndex.hash(root.key)
        let index = Int(truncatingIfNeeded: hash >> 20) & (Self.size - 1)
        // Read in place: `if let entry = entries[index]` copied the entry out, retaining and releasing its bytes,
        // its root's strings and its reading's arrays once per dump (perf).
        let found = entries.withUnsafeBufferPointer { entries -> Reading? in
            guard entries[index]?.hash == hash, entries[index]!.root == root,
                sameBytes(entries[index]!.bytes, lines.bytes)
            else { return nil }
            return entries[index]!.reading
        }
        if let found {
            reused += 1
            return found
        }
        let reading = read()
        entries[index] = Entry(hash: hash, bytes: lines.bytes, root: root, reading: reading)
        return reading
    }

}
