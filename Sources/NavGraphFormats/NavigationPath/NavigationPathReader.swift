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
    @exclusivity(unchecked) public private(set) var navigationLineCount = 0
    @exclusivity(unchecked) private var entries = PathEntries()
    /// A pretty-printed array being collected, from its `[` line on.
    @exclusivity(unchecked) private var collected: [UInt8] = []
    @exclusivity(unchecked) private var collectedStart = 0
    @exclusivity(unchecked) private var collectedLines: [Int] = []
    @exclusivity(unchecked) private var scanner = ArrayScanner()
    /// The line after a pretty-printed array's `[`: its first element must name a type.
    @exclusivity(unchecked) private var awaitingFirstElement = false
    /// The `[` line's text, quoted if it turns out not to open a path (`--verbose`'s skipped note).
    @exclusivity(unchecked) private var openingText: [UInt8] = []
    /// The first line of the array that ends inside a string: an element cut short (JSON strings do not span lines).
    @exclusivity(unchecked) private var cutLine: Int?
    /// A pretty-printed state larger than this is not collected further (memory must not follow a broken input).
    static let collectedLimit = 1 << 26

    public init(diagnostics: DiagnosticHandler, lenient: Bool = false) {
        self.diagnostics = diagnostics
        self.lenient = lenient
    }

    /// A compact array that starts with a type name (`["MyApp.Route","{…}"`), or a line of a pretty-printed one that
    /// holds a dotted type name (`"MyApp.Route",`) — the `[` line before it says too little to tell.
    public static func recognizes(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if let start = ArrayScanner.arrayStart(in: line), !start.opensPrettyArray {
            // What reading takes for a state (or rejects with a precise error, such as `["MyApp.Route",42]`), the
            // format is detected from; an empty array only once the format is known: `path: []` says too little.
            return startsWithTypeName(UnsafeBufferPointer(rebasing: line[start.index..<start.end]))
        }
        return isElementLine(line, detecting: true)
    }

    /// A line inside a pretty-printed array that starts with a type name: `"MyApp.Route",`, or a pair on one line
    /// (`"User","{\"id\":42}",`). To detect the format from it alone, the name must be dotted, paired or a mangled name
    /// the runtime demangles.
    static func isElementLine(_ line: UnsafeBufferPointer<UInt8>, detecting: Bool) -> Bool {
        guard let first = line.firstIndex(where: { $0 != .space && $0 != .tab }),
            let name = typeName(in: line, at: first)
        else { return false }
        var next = name.end + 1
        while next < line.count, line[next] == .space { next += 1 }
        guard next < line.count, line[next] == 0x2C else { return false }
        next += 1
        while next < line.count, line[next] == .space || line[next] == .tab || line[next] == .cr { next += 1 }
        let paired = next < line.count && line[next] == .quote
        guard next == line.count || paired else { return false }
        guard detecting, !name.dotted, !paired else { return true }
        // A mangled name alone (`"7Recipes5RouteO",`) only when the runtime demangles it.
        let text = String(decoding: line[(first + 1)..<name.end], as: UTF8.self)
        return SwiftTypeName.demangled(text) != nil
    }

    /// A quoted Swift type name starting at `start`: letters, digits, `_`, dots and generic brackets, its last
    /// component capitalized; the runtime's `(unknown context at $…)` of a private or local type as a component
    /// (`"MyApp.(unknown context at $10a5b1c2c).Secret"`); or a mangled name (`"7Recipes5RouteO"`, by its syntax:
    /// `SwiftTypeName.mayBeMangled`). `end` is the closing quote.
    private static func typeName(in line: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, dotted: Bool)? {
        guard start < line.count, line[start] == .quote else { return nil }
        var position = start + 1
        var dotted = false
        var componentStart = position
        var capitalized = false
        while position < line.count, line[position] != .quote {
            let byte = line[position]
            if byte == 0x28, position == componentStart,
                let length = SwiftTypeName.unknownContextLength(in: line, at: position)
            {
                // A private type's context: a component of its own, followed by the rest of the name.
                position += length
                guard position < line.count, line[position] == .dot else { return nil }
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
        guard capitalized || (!dotted && SwiftTypeName.mayBeMangled(line[(start + 1)..<position])) else { return nil }
        return (position, dotted)
    }

    public func read(_ line: UnsafeBufferPointer<UInt8>, info: LineSource.LineInfo, into events: inout [NavEvent]) {
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
            diagnostics.skipped(line: info.number) { String(decoding: line, as: UTF8.self) }
            return
        }
        let array = UnsafeBufferPointer(rebasing: line[start.index..<start.end])
        if start.opensPrettyArray {
            startCollecting(Array(array), line: info.number)
            collectedLines = [info.number]
            openingText = diagnostics.wantsSkippedText ? Array(line) : []
            awaitingFirstElement = true
            return
        }
        let before = UnsafeBufferPointer(rebasing: line[..<start.index])
        // Most lines hold one whole state that ends the line: read in one pass. (Finding where the array closes
        // first, then reading it, went over every line twice.)
        if let state = PathState(pairsIn: array) {
            guard Self.looksLikePath(array, labelledBy: before) else {
                diagnostics.skipped(line: info.number) { String(decoding: line, as: UTF8.self) }
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
        let followed = closed.map { $0 < array.count } ?? false
        guard
            !followed
                || (Self.startsWithTypeName(array) && (array[closed!] == .space || array[closed!] == .tab)
                    && (start.index == 0 || !Self.quoteMarks.contains(line[start.index - 1]))),
            Self.looksLikePath(array, labelledBy: before)
        else {
            diagnostics.skipped(line: info.number) { String(decoding: line, as: UTF8.self) }
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
            let after = String(decoding: array[closed...], as: UTF8.self)
            diagnostics.report(
                Diagnostic(
                    .note, line: info.number, "text after the NavigationPath JSON array is not part of it: '\(after)'"))
            apply(UnsafeBufferPointer(rebasing: array[..<closed]), line: info.number, into: &events)
            return
        }
        apply(array, line: info.number, into: &events)
    }

    /// The line before the one the format was detected from, when it opens a pretty-printed array.
    @exclusivity(unchecked) private var openingLine: Int?

    public func begin(after previous: UnsafeBufferPointer<UInt8>, number: Int) {
        if let start = ArrayScanner.arrayStart(in: previous), start.opensPrettyArray { openingLine = number }
    }

    /// A one-line array is a path when it starts with a type name (`["MyApp.Route","{…}"`), or when it
    /// is empty and nothing but a console prefix or a label naming a path comes before it (`restored path: []`,
    /// `stack = []`); another label (`favorites: []`) is the app's own output.
    static func looksLikePath(_ array: UnsafeBufferPointer<UInt8>, labelledBy before: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        var position = 1
        while position < array.count, array[position] == .space { position += 1 }
        guard position < array.count, array[position] == .closeBracket else { return startsWithTypeName(array) }
        var end = before.count
        while end > 0, before[end - 1] == .space || before[end - 1] == .tab { end -= 1 }
        // Nothing, or a console prefix that ends with its process (`Recipes[4242:9111]`).
        if end == 0 || before[end - 1] == .closeBracket { return true }
        // The label: the words after the console prefix (`restored path:`), folded to lower case.
        var start = end
        while start > 0, before[start - 1] != .closeBracket { start -= 1 }
        let label = UnsafeBufferPointer(rebasing: before[start..<end])
        // Most labels are ASCII: searched byte by byte, case folded (through `String.lowercased()` and Foundation's
        // `contains`, slow on a log of `saved path: []` lines).
        guard label.allSatisfy({ $0 < 0x80 }) else {
            let text = String(decoding: label, as: UTF8.self).lowercased()
            return pathLabelWords.contains { text.contains($0) }
        }
        return pathLabelWordBytes.contains { needle in
            guard label.count >= needle.count else { return false }
            return (0...(label.count - needle.count)).contains { offset in
                needle.indices.allSatisfy { index in
                    let byte = label[offset + index]
                    return (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == needle[index]
                }
            }
        }
    }

    /// Words in a label that names a path (`restored path: []`), lower case.
    private static let pathLabelWords = ["path", "stack", "route", "navigation"]
    private static let pathLabelWordBytes = pathLabelWords.map { Array($0.utf8) }

    /// Marks that quote an array in prose or Markdown: `` ` ``, `"`, `'`.
    private static let quoteMarks: [UInt8] = [0x60, .quote, 0x27]

    /// `[` and a type name, then `,` or `]` (spaces between them allowed: some loggers write `["MyApp.Route", "{…}"]`
    /// or `["MyApp.Route" , …`). What follows is left to the JSON reading, which says what is wrong with it.
    private static func startsWithTypeName(_ array: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 1
        while position < array.count, array[position] == .space { position += 1 }
        guard let name = typeName(in: array, at: position) else { return false }
        var next = name.end + 1
        while next < array.count, array[next] == .space { next += 1 }
        return next < array.count && (array[next] == 0x2C || array[next] == .closeBracket)
    }

    private func startCollecting(_ opening: [UInt8], line: Int) {
        collected = opening
        collected.append(.newline)
        collectedStart = line
        collectedLines = []
        cutLine = nil
        scanner = ArrayScanner()
        opening.withUnsafeBufferPointer { _ = scanner.scan($0) }
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
    private func continueCollecting(
        _ line: UnsafeBufferPointer<UInt8>, info: LineSource.LineInfo, into events: inout [NavEvent]
    ) {
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
        bytes.withUnsafeBufferPointer { apply($0, line: collectedStart, into: &events) }
    }

    private func apply(_ array: UnsafeBufferPointer<UInt8>, line: Int, into events: inout [NavEvent]) {
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
    static func arrayStart(in line: UnsafeBufferPointer<UInt8>) -> Start? {
        var end = line.count
        while end > 0, line[end - 1] == .space || line[end - 1] == .tab || line[end - 1] == .cr { end -= 1 }
        guard end > 0 else { return nil }
        if line[end - 1] == .openBracket {
            let index = end - 1
            if index == 0 || line[index - 1] == .space || line[index - 1] == .tab {
                if line[..<index].allSatisfy({ $0 == .space || $0 == .tab }) || index >= 2 {
                    return Start(index: index, end: end, opensPrettyArray: true)
                }
            }
        }
        var index = 0
        while index < end {
            if line[index] == .openBracket {
                var next = index + 1
                while next < end, line[next] == .space { next += 1 }
                if next < end, line[next] == .quote || line[next] == .closeBracket {
                    return Start(index: index, end: end, opensPrettyArray: false)
                }
            }
            index += 1
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
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for (index, byte) in bytes.enumerated() {
            if literal.takes(byte) { continue }
            if byte == .openBracket || byte == .openBrace {
                depth += 1
            } else if byte == .closeBracket || byte == 0x7D {
                depth -= 1
                if depth <= 0 { return index + 1 }
            }
        }
        return nil
    }
}

extension UInt8 {
    static let quote: UInt8 = 0x22
}
