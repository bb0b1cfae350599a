import NavGraphCore

/// The lines of the dump being read, kept as bytes until the dump is complete (a dump's values are read as a tree,
/// once its last line is known). Each line is followed by a newline in `bytes` (no line holds one).
struct DumpLines {
    private(set) var bytes: [UInt8] = []
    /// Each line's number in the input.
    private(set) var numbers: [Int] = []
    /// Where each line starts in `bytes`.
    private(set) var starts: [Int] = []
    /// The `name:` given to `dump()`: the root line's label.
    private(set) var name: String?
    /// How deep the next line may be: one below the last line (as `DumpedValues.deepestNext`).
    private(set) var deepestNext = 0
    /// `maxItems`' notes (`(2 more children)`), kept apart from the value lines: how many value lines came before
    /// each, its indentation (which says whose children it counts) and the count it gives.
    private(set) var cuts: [(after: Int, indent: Int, count: Int)] = []

    private static let bytesRoom = 960

    init(root: ByteLine, name: String?, number: Int) {
        self.name = name
        // Under 1 KB with the array's header: most dumps fit (half are under 460 bytes), and glibc's malloc makes a
        // block of 1 KB or more by consolidating its free lists first (malloc_consolidate).
        bytes.reserveCapacity(Self.bytesRoom)
        numbers.reserveCapacity(64)
        starts.reserveCapacity(64)
        append(root, depth: 0, number: number)
    }

    /// Starts over with a new dump's root line, in this one's storage: the reader keeps the last dump's lines for
    /// the next one (a dump's arrays were allocated anew per dump). The bytes' storage is kept only while no
    /// remembered dump holds it (`RecentDumps`), and not past 1 KB: room grown for the largest dump so far, kept,
    /// would add up in every remembered dump.
    mutating func restart(root: ByteLine, name: String?, number: Int, bytesKept: Bool = false) {
        self.name = name
        if bytesKept || bytes.capacity > 1100 {
            bytes = []
            bytes.reserveCapacity(Self.bytesRoom)
        } else {
            bytes.removeAll(keepingCapacity: true)
        }
        numbers.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        deepestNext = 0
        cuts.removeAll(keepingCapacity: true)
        append(root, depth: 0, number: number)
    }

    var firstLine: Int { numbers[0] }
    var count: Int { numbers.count }

    mutating func append(_ line: ByteLine, depth: Int, number: Int) {
        starts.append(bytes.count)
        bytes.append(contentsOf: line)
        bytes.append(.newline)
        numbers.append(number)
        deepestNext = min(depth, deepestNext) + 1
    }

    /// A `(N more children)` or `(N children)` line: the value it belongs to stopped printing children there.
    mutating func appendCut(_ line: ByteLine, indent: Int) {
        // `(3 more children)`, `(1 child)`: the first number in the line.
        var count = 0
        var position = indent + 1
        while let byte = line[position], byte >= 0x30, byte <= 0x39, count < 1 << 40 {
            count = count * 10 + Int(byte - 0x30)
            position += 1
        }
        cuts.append((after: numbers.count, indent: indent, count: count))
    }

    /// The lines read into a tree of values. Every line kept was a value line (`SwiftDumpLine.kind(of:indent:)`
    /// says what `read` says), so value `i` is line `i`.
    /// `values`: emptied and filled (its storage reused).
    func read(into values: inout DumpedValues, reading lines: inout RecentValueLines) {
        values.removeAll()
        values.reserveCapacity(numbers.count)
        bytes.withByteLine { all in
            for index in starts.indices {
                // Each line ends before the next one's start, in its newline.
                let end = (index + 1 < starts.count ? starts[index + 1] : all.count) - 1
                let line = all.slice(from: starts[index], to: end)
                if let (dumpLine, shape) = lines.read(line) {
                    values.append(
                        dumpLine, depth: index == 0 ? 0 : dumpLine.depth, number: numbers[index], shape: shape)
                }
            }
        }
        values.linkChildren()
        // `dump()` prints a `maxItems` note 4 spaces deeper than the value whose children it ends (2 past them).
        for cut in cuts where cut.after > 0 {
            values.markCut(after: cut.after - 1, depth: max(0, (cut.indent - 4) / 2), count: cut.count)
        }
    }
}
