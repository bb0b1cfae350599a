import NavGraphCore

/// Reads `NavigationPath.CodableRepresentation` JSON — what `JSONEncoder().encode(path.codable)` and `@SceneStorage`
/// state restoration write — as the states of one stack: compact (one line, optionally after a console prefix) or
/// pretty-printed over several lines. Successive states are successive states of the same stack: the entries both
/// share from the bottom stay, the rest are popped and the new ones pushed.
///
/// Entries have no ids of their own (see `PathEntries` for the rule that gives them one).
public final class NavigationPathReader: NavigationReader {
    private let diagnostics: DiagnosticHandler
    /// A state that cannot be read is skipped with a warning instead of an error (`--lenient`); the stack stays as
    /// the last state that could be read left it.
    private let lenient: Bool
    public private(set) var navigationLineCount = 0
    private var entries = PathEntries()
    /// A pretty-printed array being collected, from its `[` line on.
    private var collected: [UInt8] = []
    private var collectedStart = 0
    private var collectedLines: [Int] = []
    private var scanner = ArrayScanner()
    /// The line after a pretty-printed array's `[`: its first element must name a type.
    private var awaitingFirstElement = false
    /// The `[` line's text, quoted if it turns out not to open a path (`--verbose`'s skipped note).
    private var openingText: [UInt8] = []
    /// The first line of the array that ends inside a string: an element cut short (JSON strings do not span lines).
    private var cutLine: Int?
    /// A pretty-printed state larger than this is not collected further (memory must not follow a broken input).
    static let collectedLimit = 1 << 26

    public init(diagnostics: DiagnosticHandler, lenient: Bool = false) {
        self.diagnostics = diagnostics
        self.lenient = lenient
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

    public func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        if !collected.isEmpty {
            continueCollecting(line, info: info, into: &events)
            return
        }
        if !info.truncated, navigationLineCount == 0, Self.isElementLine(line, detecting: false) {
            // Detected from an element line: its `[` came before (and was skipped); the array is open, from the
            // line before when that is its `[` (`saved path: [`).
            startCollecting(Array("[".utf8), line: openingLine ?? info.number)
            continueCollecting(line, info: info, into: &events)
            return
        }
        guard !info.truncated, let start = ArrayScanner.arrayStart(in: line) else {
            diagnostics.skipped(line: info.number) { line.text }
            return
        }
        let array = line.slice(from: start.index, to: start.end)
        if start.opensPrettyArray {
            startCollecting(Array(array), line: info.number)
            collectedLines = [info.number]
            openingText = diagnostics.wantsSkippedText ? Array(line) : []
            awaitingFirstElement = true
            return
        }
        let before = line.prefix(start.index)
        // Most lines hold one whole state that ends the line: read in one pass. (Finding where the array closes
        // first, then reading it, went over every line twice.)
        if let state = PathState(pairsIn: array) {
            guard Self.looksLikePath(array, labelledBy: before) else {
                diagnostics.skipped(line: info.number) { line.text }
                return
            }
            navigationLineCount += 1
            apply(state, line: info.number, into: &events)
            return
        }
        // The array must end the line (`subsequentItems: [],` in a printed NavigationPath is not one), and look like
        // a path: the app's own output has arrays too (`tokens: ["swift","ui"]`, `favorites: []`).
        var closing = ArrayScanner()
        let closed = closing.scan(array)
        // A path that starts with a type name and closes before the line ends is read, the text after it left out
        // (`path: ["MyApp.Route","{}"] (3 entries)`, a log's own suffix, after a space); an empty one must end the
        // line, and one quoted in prose or Markdown (`` `["MyApp.Route","{}"]`, laid out… ``) is not a state.
        let following = closed.flatMap { array[$0] }
        guard
            following == nil
                || (Self.startsWithTypeName(array) && (following == .space || following == .tab)
                    && !Self.quoteMarks.contains { $0 == line[start.index - 1] }),
            Self.looksLikePath(array, labelledBy: before)
        else {
            diagnostics.skipped(line: info.number) { line.text }
            return
        }
        navigationLineCount += 1
        guard closed != nil else {
            // A path cut short (a console that truncates long lines): a state that cannot be read, as one whose value
            // is not JSON is: an error, or with --lenient a warning and the state skipped.
            reject(
                info.number,
                "NavigationPath JSON array is not closed by the end of the line (cut short?); expected a closing ']'")
            return
        }
        if let closed, closed < array.count {
            let after = array.slice(from: closed).text
            diagnostics.report(
                Diagnostic(
                    .note, line: info.number, "text after the NavigationPath JSON array is not part of it: '\(after)'"))
            apply(array.prefix(closed), line: info.number, into: &events)
            return
        }
        apply(array, line: info.number, into: &events)
    }

    /// The line before the one the format was detected from, when it opens a pretty-printed array.
    private var openingLine: Int?

    public func begin(after previous: ByteLine, number: Int) {
        if let start = ArrayScanner.arrayStart(in: previous), start.opensPrettyArray { openingLine = number }
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
    private static let quoteMarks: [UInt8] = [0x60, .quote, 0x27]

    /// `[` and a type name, then `,` or `]` (spaces between them allowed: some loggers write `["MyApp.Route", "{…}"]`
    /// or `["MyApp.Route" , …`). What follows is left to the JSON reading, which says what is wrong with it.
    private static func startsWithTypeName(_ array: ByteLine) -> Bool {
        guard let name = typeName(in: array, at: array.endOfRun(from: 1) { $0 == .space }) else { return false }
        let next = array[array.endOfRun(from: name.end + 1) { $0 == .space }]
        return next == 0x2C || next == .closeBracket
    }

    private func startCollecting(_ opening: [UInt8], line: Int) {
        collected = opening
        collected.append(.newline)
        collectedStart = line
        collectedLines = []
        cutLine = nil
        scanner = ArrayScanner()
        opening.withByteLine { _ = scanner.scan($0) }
    }

    public func finish(into events: inout [NavEvent]) {
        guard !collected.isEmpty else { return }
        reject(
            collectedStart,
            "NavigationPath JSON array opened here is not closed by the end of the input; expected a closing ']'")
        collectedLines = []
        collected = []
    }

    /// A line inside a pretty-printed array: its elements are strings, so every line starts with `"` or `]`. Any
    /// other line means the `[` was not a NavigationPath after all: it is skipped, and this line read afresh.
    private func continueCollecting(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        let first = line.firstIndex { $0 != .space && $0 != .tab }
        // The first element must be a type name (`"MyApp.Route",`): a pretty-printed array of the app's own is not a path.
        let startsElements = awaitingFirstElement
        awaitingFirstElement = false
        guard !info.truncated, let first, line[first] == .quote || line[first] == .closeBracket,
            collected.count + line.count < Self.collectedLimit,
            !startsElements || line[first] == .closeBracket || Self.isElementLine(line, detecting: false)
        else {
            if startsElements {
                // Only the `[` was seen: an array of the app's own, not a path.
                let text = openingText
                for number in collectedLines {
                    diagnostics.skipped(line: number) { String(decoding: text, as: UTF8.self) }
                }
            } else {
                // A path was begun (its first element names a type) and another line came before its `]`: the
                // state was cut short (a console that drops or interleaves lines), a state that cannot be read.
                let why =
                    info.truncated
                    ? "line \(info.number) is too long to be one of its elements"
                    : collected.count + line.count >= Self.collectedLimit
                        ? "it is longer than \(Self.collectedLimit) bytes"
                        : "line \(info.number) is not one of its elements (cut short?)"
                navigationLineCount += collectedLines.count
                reject(
                    collectedStart,
                    "NavigationPath JSON array opened here is not closed: \(why); expected a closing ']'")
            }
            collectedLines = []
            collected = []
            read(line, info: info, into: &events)
            return
        }
        collected.append(contentsOf: line)
        collected.append(.newline)
        collectedLines.append(info.number)
        let closed = scanner.scan(line) != nil
        if scanner.endLine(), cutLine == nil { cutLine = info.number }
        guard closed else { return }
        navigationLineCount += collectedLines.count
        collectedLines = []
        let bytes = collected
        collected = []
        if let cutLine {
            reject(
                collectedStart,
                "NavigationPath JSON element on line \(cutLine) is cut short (its string is not closed by the end of "
                    + "the line); expected each element whole on its line")
            return
        }
        bytes.withByteLine { apply($0, line: collectedStart, into: &events) }
    }

    private func apply(_ array: ByteLine, line: Int, into events: inout [NavEvent]) {
        do throws(PathState.Problem) {
            try entries.update(to: try PathState(json: array), line: line, into: &events)
        } catch {
            reject(line, error.message)
        }
    }

    private func apply(_ state: PathState, line: Int, into events: inout [NavEvent]) {
        do throws(PathState.Problem) {
            try entries.update(to: state, line: line, into: &events)
        } catch {
            reject(line, error.message)
        }
    }

    private func reject(_ line: Int, _ message: String) {
        if lenient {
            diagnostics.report(.skippedLeniently(line: line, message, skipped: "state"))
        } else {
            diagnostics.report(Diagnostic(.error, line: line, message))
        }
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
