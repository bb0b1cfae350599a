import NavGraphCore

/// Value lines recur in dump after dump (`- presentedSheet: nil`, `▿ Shop.Route.list`, `- category: "hats"` at the
/// same depth): each is read — label, value, `#N`, and what its value says it is — once while it stays recent, found
/// by a hash of the line's bytes. A struct the reader's state holds and lends (`inout`): a class's stored table was
/// checked for exclusive access at run time at each line's look-up.
struct RecentValueLines {
    private struct Entry {
        var bytes: [UInt8]
        var line: SwiftDumpLine
        var shape: DumpedValues.Shape
    }

    private var entries = RecentItems<Entry>(size: 4096)

    /// The line and its value's shape; `nil` when it is not a value line.
    mutating func read(_ bytes: ByteLine) -> (line: SwiftDumpLine, shape: DumpedValues.Shape)? {
        let hash = bytes.tableHash
        if let found = entries.lookUp(hash: hash, { $0.bytes.withByteLine { $0 == bytes } ? ($0.line, $0.shape) : nil })
        {
            return found
        }
        guard case .value(let line)? = SwiftDumpLine.read(bytes) else { return nil }
        let shape = DumpedValues.Shape(line.value)
        entries.store(Entry(bytes: Array(bytes), line: line, shape: shape), hash: hash)
        return (line, shape)
    }
}
