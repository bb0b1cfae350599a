import NavGraphCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Value lines recur in dump after dump (`- presentedSheet: nil`, `▿ Shop.Route.list`, `- category: "hats"` at the
/// same depth): each is read — label, value, `#N`, and what its value says it is — once while it stays recent. A
/// fixed-size table indexed by a hash of the line's bytes, a newer line replacing an older one in its entry.
/// Reading each line (both strings looked up, the value's shape judged) was about a tenth of reading a log of dumps
/// (perf, 10 MB); with this table `tree` on the 105 MB bench log took 8.0–8.7 s of CPU time instead of 9.4 s.
final class RecentValueLines {
    private struct Entry {
        var hash: UInt64
        var bytes: [UInt8]
        var line: SwiftDumpLine
        var shape: DumpedValues.Shape
    }

    private static let size = 4096
    private var entries = [Entry?](repeating: nil, count: size)
    private let strings = RecentStrings()

    /// The line and its value's shape; `nil` when it is not a value line.
    func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (line: SwiftDumpLine, shape: DumpedValues.Shape)? {
        let hash = SlotIndex.hash(bytes: UnsafeRawBufferPointer(bytes))
        let index = Int(truncatingIfNeeded: hash >> 20) & (Self.size - 1)
        if let entry = entries[index], entry.hash == hash, sameBytes(entry.bytes, bytes) {
            return (entry.line, entry.shape)
        }
        guard case .value(let line)? = SwiftDumpLine.read(bytes, strings: strings) else { return nil }
        let shape = DumpedValues.Shape(line.value)
        entries[index] = Entry(hash: hash, bytes: Array(bytes), line: line, shape: shape)
        return (line, shape)
    }

}
