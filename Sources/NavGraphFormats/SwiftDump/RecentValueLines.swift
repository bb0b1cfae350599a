import NavGraphCore

/// Value lines recur in dump after dump (`- presentedSheet: nil`, `▿ Shop.Route.list`, `- category: "hats"` at the
/// same depth): each is read — label, value, `#N`, and what its value says it is — once while it stays recent, found
/// by a hash of the line's bytes.
final class RecentValueLines {
    private struct Entry {
        var bytes: [UInt8]
        var line: SwiftDumpLine
        var shape: DumpedValues.Shape
    }

    private var entries = RecentItems<Entry>(size: 4096)
    private let strings = RecentStrings()

    /// The line and its value's shape; `nil` when it is not a value line. `hash`: the line's `SlotIndex.hash`
    /// (`DumpLines` makes it as it keeps the line).
    func read(_ bytes: ByteLine, hash: UInt64) -> (line: SwiftDumpLine, shape: DumpedValues.Shape)? {
        if let found = entries.lookUp(hash: hash, { $0.bytes.withByteLine { $0 == bytes } ? ($0.line, $0.shape) : nil })
        {
            return found
        }
        guard case .value(let line)? = SwiftDumpLine.read(bytes, strings: strings) else { return nil }
        let shape = DumpedValues.Shape(line.value)
        entries.store(Entry(bytes: Array(bytes), line: line, shape: shape), hash: hash)
        return (line, shape)
    }
}
