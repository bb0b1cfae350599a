import NavGraphCore

/// What recent dumps read as, by their lines and their place: a dump whose lines and place are those of a dump read
/// before reads the same (its navigation is a function of them), so it is not read again while it is recent. Logs
/// repeat states — every pop returns to a state dumped before, and an app dumps after each change — and reading a
/// dump (its values, then its navigation) is most of the reading thread's work, the side that sets the wall time
/// (docs/performance.md, "Side by side").
///
/// Direct-mapped (`RecentItems`, 1,024 places) and only for dumps of up to 16 KB (an app's are mostly under 1 KB):
/// memory stays bounded whatever the log holds, at most 1,024 such dumps with what they read as.
struct RecentDumps {
    private struct Entry {
        var bytes: [UInt8]
        var root: DumpWindows.Root
        var reading: SwiftDumpReading.Reading
    }

    /// How many dumps were not read again (for tests).
    private(set) var reused = 0
    private var entries = RecentItems<Entry>(size: 1024)
    private static let largestRemembered = 1 << 14

    /// The reading of `lines` placed at `root`, if a dump with the same lines was read at the same place lately.
    mutating func reading(of lines: DumpLines, at root: DumpWindows.Root) -> SwiftDumpReading.Reading? {
        guard lines.bytes.count <= Self.largestRemembered else { return nil }
        let hash = Self.hash(lines, root)
        let found = entries.lookUp(hash: hash) {
            $0.root == root && sameBytes($0.bytes, lines.bytes) ? $0.reading : nil
        }
        if found != nil { reused += 1 }
        return found
    }

    /// Remembers what `lines` at `root` read as. Keeps `lines.bytes` (shared, not copied): the caller starts its
    /// next dump in new storage.
    mutating func remember(_ reading: SwiftDumpReading.Reading, of lines: DumpLines, at root: DumpWindows.Root) {
        guard lines.bytes.count <= Self.largestRemembered else { return }
        entries.store(Entry(bytes: lines.bytes, root: root, reading: reading), hash: Self.hash(lines, root))
    }

    private static func hash(_ lines: DumpLines, _ root: DumpWindows.Root) -> UInt64 {
        SlotIndex.hash(contentsOf: lines.bytes) ^ SlotIndex.hash(word: SlotIndex.hash(root.key))
    }
}
