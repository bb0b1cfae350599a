/// The lines of the dump being read, kept as bytes until the dump is complete: a log dumps the same state again and
/// again (a pop returns to a state dumped before, a dismissal too), and a dump that repeats an earlier one is not
/// read again (`RecentDumps`). Each line is followed by a newline in `bytes` (no line holds one), so equal bytes
/// are equal lines.
struct DumpLines {
    private(set) var bytes: [UInt8] = []
    /// Each line's number in the input.
    private(set) var numbers: [Int] = []
    /// The `name:` given to `dump()`: the root line's label.
    let name: String?
    /// How deep the next line may be: one below the last line (as `DumpedValues.deepestNext`).
    private(set) var deepestNext = 0

    init(root: UnsafeBufferPointer<UInt8>, name: String?, number: Int) {
        self.name = name
        bytes.reserveCapacity(1024)
        append(root, depth: 0, number: number)
    }

    var firstLine: Int { numbers[0] }

    mutating func append(_ line: UnsafeBufferPointer<UInt8>, depth: Int, number: Int) {
        bytes.append(contentsOf: line)
        bytes.append(.newline)
        numbers.append(number)
        deepestNext = min(depth, deepestNext) + 1
    }

    /// The lines read into a tree of values. Every line kept was a value line (`SwiftDumpLine.kind(of:indent:)`
    /// says what `read` says), so value `i` is line `i`.
    func values(reading lines: RecentValueLines) -> DumpedValues {
        var values = DumpedValues()
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            var index = 0
            while start < all.count {
                var end = start
                while all[end] != .newline { end += 1 }
                let line = UnsafeBufferPointer(rebasing: all[start..<end])
                if let (dumpLine, shape) = lines.read(line) {
                    values.append(
                        dumpLine, depth: index == 0 ? 0 : dumpLine.depth, number: numbers[index], shape: shape)
                }
                start = end + 1
                index += 1
            }
        }
        return values
    }
}
