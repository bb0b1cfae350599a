import NavGraphCore

/// What recent dumps read as, by their lines and their place: a dump whose lines and place are those of a dump read
/// before reads the same (its navigation is a function of them), so it is not read again while it is recent: logs
/// repeat states (every pop returns to a state dumped before).
final class RecentDumps {
    /// What reading a dump's lines gave.
    struct Reading {
        var navigation: DumpNavigation
        /// The first value that has fewer children than it says (the output stopped mid-dump): its position among
        /// the dump's lines, and what the warning says of it.
        var incomplete: (position: Int, what: String, printed: Int)?
    }

    private struct Entry {
        var bytes: [UInt8]
        var root: DumpWindows.Root
        var reading: Reading
    }

    /// How many dumps were not read again (for tests).
    private(set) var reused = 0
    /// 1,024 entries catch most of the repeats 4,096 do, at less memory (see docs/performance-notes.md).
    private var entries = RecentItems<Entry>(size: 1024)

    /// The reading of `lines` placed at `root`: remembered, or made by `read` and remembered.
    func reading(of lines: DumpLines, at root: DumpWindows.Root, read: () -> Reading) -> Reading {
        // Of the lines' hashes, made as they were kept (`DumpLines.hash`), not of the bytes again.
        let hash = SlotIndex.hash(word: lines.hash) ^ SlotIndex.hash(root.key)
        if let found = entries.lookUp(
            hash: hash, { $0.root == root && sameBytes($0.bytes, lines.bytes) ? $0.reading : nil })
        {
            reused += 1
            return found
        }
        let reading = read()
        entries.store(Entry(bytes: lines.bytes, root: root, reading: reading), hash: hash)
        return reading
    }
}
