import NavGraphCore

/// Reads `NavigationPath.CodableRepresentation` JSON — what `JSONEncoder().encode(path.codable)` and `@SceneStorage`
/// state restoration write — as the states of one stack: compact (one line, optionally after a console prefix) or
/// pretty-printed over several lines. Successive states are successive states of the same stack: the entries both
/// share from the bottom stay, the rest are popped and the new ones pushed.
///
/// Entries have no ids of their own (see `PathEntries` for the rule that gives them one).
public struct NavigationPathReader: NavigationReader {
    /// What reading has found so far.
    private var reading: NavigationPathReading
    public var navigationLineCount: Int { reading.navigationLineCount }
    /// A pretty-printed state larger than this is not collected further (memory must not follow a broken input).
    static let collectedLimit = 1 << 26

    public init(diagnostics: DiagnosticHandler, lenient: Bool = false) {
        reading = NavigationPathReading(diagnostics: diagnostics, lenient: lenient)
    }

    /// A compact array that starts with a type name (`["MyApp.Route","{…}"`), or a line of a pretty-printed one that
    /// holds a dotted type name (`"MyApp.Route",`) — the `[` line before it says too little to tell.
    public static func recognizes(_ line: ByteLine) -> Bool {
        if let start = ArrayScanner.arrayStart(in: line), !start.opensPrettyArray {
            // What reading takes for a state (or rejects with a precise error, such as `["MyApp.Route",42]`), the
            // format is detected from; an empty array only once the format is known: `path: []` says too little.
            return startsWithTypeName(line.slice(from: start.index, to: start.end))
        }
        return isElementLine(line, detecting: true)
    }

    /// A line inside a pretty-printed array that starts with a type name: `"MyApp.Route",`, or a pair on one line
    /// (`"User","{\"id\":42}",`). To detect the format from it alone, the name must be dotted, paired or a mangled name
    /// the runtime demangles.
    static func isElementLine(_ line: ByteLine, detecting: Bool) -> Bool {
        guard let first = line.firstIndex(where: { $0 != .space && $0 != .tab }),
            let name = typeName(in: line, at: first)
        else { return false }
        let comma = line.endOfRun(from: name.end + 1) { $0 == .space }
        guard line[comma] == 0x2C else { return false }
        let next = line.endOfRun(from: comma + 1) { $0 == .space || $0 == .tab || $0 == .cr }
        let paired = line[next] == .quote
        guard next == line.count || paired else { return false }
        guard detecting, !name.dotted, !paired else { return true }
        // A mangled name alone (`"7Recipes5RouteO",`) only when the runtime demangles it.
        return SwiftTypeName.demangled(line.slice(from: first + 1, to: name.end).text) != nil
    }

    /// A quoted Swift type name starting at `start`: letters, digits, `_`, dots and generic brackets, its last
    /// component capitalized; the runtime's `(unknown context at $…)` of a private or local type as a component
    /// (`"MyApp.(unknown context at $10a5b1c2c).Secret"`); or a mangled name (`"7Recipes5RouteO"`, by its syntax:
    /// `SwiftTypeName.mayBeMangled`). `end` is the closing quote.
    private static func typeName(in line: ByteLine, at start: Int) -> (end: Int, dotted: Bool)? {
        guard line[start] == .quote else { return nil }
        var position = start + 1
        var dotted = false
        var componentStart = position
        var capitalized = false
        while let byte = line[position], byte != .quote {
            if byte == 0x28, position == componentStart,
                let length = SwiftTypeName.unknownContextLength(in: line, at: position)
            {
                // A private type's context: a component of its own, followed by the rest of the name.
                position += length
                guard line[position] == .dot else { return nil }
                continue
            }
            if byte == .dot {
                dotted = true
                componentStart = position + 1
            } else if position == componentStart {
                capitalized = byte >= 0x41 && byte <= 0x5A
            }
            let allowed =
                byte >= 0x80 || byte == .dot || byte == 0x5F || byte == 0x3C || byte == 0x3E || byte == .space
                || byte == 0x2C || byte == 0x24 || (byte >= 0x30 && byte <= 0x39)
                || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
            guard allowed else { return nil }
            position += 1
        }
        guard position < line.count, position > start + 1 else { return nil }
        guard capitalized || (!dotted && SwiftTypeName.mayBeMangled(line.slice(from: start + 1, to: position))) else {
            return nil
        }
        return (position, dotted)
    }

    public mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        reading.read(line, info: info, into: &events)
    }

    public mutating func begin(after previous: ByteLine, number: Int) {
        reading.begin(after: previous, number: number)
    }

    /// A one-line array is a path when it starts with a type name (`["MyApp.Route","{…}"`), or when it
    /// is empty and nothing but a console prefix or a label naming a path comes before it (`restored path: []`,
    /// `stack = []`); another label (`favorites: []`) is the app's own output.
    static func looksLikePath(_ array: ByteLine, labelledBy before: ByteLine) -> Bool {
        guard array[array.endOfRun(from: 1) { $0 == .space }] == .closeBracket else {
            return startsWithTypeName(array)
        }
        let end = before.startOfRun { $0 == .space || $0 == .tab }
        // Nothing, or a console prefix that ends with its process (`Recipes[4242:9111]`).
        if end == 0 || before[end - 1] == .closeBracket { return true }
        // The label: the words after the console prefix (`restored path:`), folded to lower case.
        let label = before.slice(from: before.startOfRun(before: end) { $0 != .closeBracket }, to: end)
        // Most labels are ASCII: searched byte by byte, case folded (through `String.lowercased()` and Foundation's
        // `contains`, slow on a log of `saved path: []` lines).
        guard label.isASCII else {
            let text = label.text.lowercased()
            return pathLabelWords.contains { text.contains($0.description) }
        }
        return pathLabelWords.contains { label.contains(caseFolded: $0) }
    }

    /// Words in a label that names a path (`restored path: []`), lower case.
    private static let pathLabelWords: [StaticString] = ["path", "stack", "route", "navigation"]

    /// Marks that quote an array in prose or Markdown: `` ` ``, `"`, `'`.
    static let quoteMarks: [UInt8] = [0x60, .quote, 0x27]

    /// `[` and a type name, then `,` or `]` (spaces between them allowed: some loggers write `["MyApp.Route", "{…}"]`
    /// or `["MyApp.Route" , …`). What follows is left to the JSON reading, which says what is wrong with it.
    static func startsWithTypeName(_ array: ByteLine) -> Bool {
        guard let name = typeName(in: array, at: array.endOfRun(from: 1) { $0 == .space }) else { return false }
        let next = array[array.endOfRun(from: name.end + 1) { $0 == .space }]
        return next == 0x2C || next == .closeBracket
    }

    public mutating func finish(into events: inout [NavEvent]) {
        reading.finish(into: &events)
    }
}

/// Finds a NavigationPath array in a line, and follows a pretty-printed one to its closing bracket.
struct ArrayScanner {
    private var depth = 0
    private var literal = QuotedLiteral()

    struct Start {
        /// Where the `[` is.
        var index: Int
        /// Where the array's text ends (trailing spaces and a `\r` left out).
        var end: Int
        /// The line ends right after the `[`: the elements follow on the next lines.
        var opensPrettyArray: Bool
    }

    /// The array on this line: the first `[` followed (after spaces) by `"` or `]`, or a `[` that ends the line and
    /// starts it or follows a space (a console prefix such as `path: [`). A prefix's own brackets (`App[42:7]`)
    /// are neither.
    static func arrayStart(in line: ByteLine) -> Start? {
        let end = line.startOfRun { $0 == .space || $0 == .tab || $0 == .cr }
        guard end > 0 else { return nil }
        if line[end - 1] == .openBracket {
            let index = end - 1
            if index == 0 || line[index - 1] == .space || line[index - 1] == .tab {
                if line.prefix(index).firstIndex(where: { $0 != .space && $0 != .tab }) == nil || index >= 2 {
                    return Start(index: index, end: end, opensPrettyArray: true)
                }
            }
        }
        var from = 0
        while let index = line.firstIndex(of: .openBracket, from: from), index < end {
            let next = line.endOfRun(from: index + 1) { $0 == .space }
            if next < end, line[next] == .quote || line[next] == .closeBracket {
                return Start(index: index, end: end, opensPrettyArray: false)
            }
            from = index + 1
        }
        return nil
    }

    /// Ends a line of a pretty-printed array: whether it ended inside a string, which JSON does not allow (the
    /// element was cut short). The next line is read as outside any string, so the array's `]` still closes it.
    mutating func endLine() -> Bool {
        defer { literal = QuotedLiteral() }
        return literal.isOpen
    }

    /// Follows the bracket depth through `bytes`, outside strings: the count of bytes read once the outermost array
    /// closed (up to and including its `]`), `nil` while it is still open.
    mutating func scan(_ bytes: ByteLine) -> Int? {
        var index = 0
        while let byte = bytes[index] {
            index += 1
            if literal.takes(byte) { continue }
            if byte == .openBracket || byte == .openBrace {
                depth += 1
            } else if byte == .closeBracket || byte == 0x7D {
                depth -= 1
                if depth <= 0 { return index }
            }
        }
        return nil
    }
}

extension UInt8 {
    static let quote: UInt8 = 0x22
}
