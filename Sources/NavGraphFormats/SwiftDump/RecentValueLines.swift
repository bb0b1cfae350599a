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
        /// 0: no line yet (a line's hash is never 0).
        var hash: UInt64 = 0
        var bytes: [UInt8] = []
        var line = SwiftDumpLine(indent: 0, marker: .leaf, label: nil, value: "", object: nil, style: .either)
        var shape = DumpedValues.Shape.other
    }

    private static let size = 4096
    /// Entries are not optional and are read in place: `if let entry = entries[index]` copied the entry out,
    /// retaining and releasing its bytes and its line's strings once per line read (perf: reference counting was
    /// the reading thread's largest cost).
    @exclusivity(unchecked) private var entries = [Entry](repeating: Entry(), count: size)
    private let strings = RecentStrings()

    /// The line and its value's shape; `nil` when it is not a value line. `hash`: the line's `SlotIndex.hash`
    /// (`DumpLines` makes it as it keeps the line).
    func read(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (line: SwiftDumpLine, shape: DumpedValues.Shape)? {
        let index = Int(truncatingIfNeeded: hash >> 20) & (Self.size - 1)
        let found = entries.withUnsafeBufferPointer { entries -> (line: SwiftDumpLine, shape: DumpedValues.Shape)? in
            guard entries[index].hash == hash, sameBytes(entries[index].bytes, bytes) else { return nil }
            return (entries[index].line, entries[index].shape)
        }
        if let found { return found }
        guard case .value(let line)? = SwiftDumpLine.read(bytes, strings: strings) else { return nil }
        let shape = DumpedValues.Shape(line.value)
        entries[index] = Entry(hash: hash, bytes: Array(bytes), line: line, shape: shape)
        return (line, shape)
    }

}
