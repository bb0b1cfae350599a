/// One line of SwiftUINavigation console output, recognized from raw bytes.
///
/// Shapes (after any console prefix, which is ignored):
/// - dump line:  `<indentation><[TypeName ABC...]>`
/// - event line: `[TypeName ABC...]: Started` (also `Finished`, and the pre-1.3 `Init`/`Deinit`)
/// The model's bracket group is the last one on the line (a prefix such as `App[4242:9111]` has its own), and
/// the id is split off at the last space (generic type names such as `Box<A, B>` contain spaces).
struct SwiftUINavigationLine: Equatable {
    enum Lifecycle: Equatable { case started, finished }

    enum Content: Equatable {
        /// A `printDebugGraph()` line; `tabs`/`spaces` count the whitespace run right before `<[`.
        case dump(tabs: Int, spaces: Int)
        case event(Lifecycle)
    }

    var content: Content
    var type: String
    /// The id as printed, without the trailing `...` (`E34`; a full UUID in logs before late 2024).
    var id: String

    /// Where the parts of a line are, as byte offsets: what the reader needs, without building any string.
    struct Spans {
        var content: Content
        var type: Range<Int>
        var id: Range<Int>
        /// Text after a dump line (see `scanAnnotatedDump`).
        var trailing: Range<Int>? = nil
    }

    /// The line as strings (invalid UTF-8 repaired with U+FFFD).
    static func parse(_ line: ByteLine) -> SwiftUINavigationLine? {
        guard let spans = scan(line) ?? scanAnnotatedDump(line) else { return nil }
        return SwiftUINavigationLine(
            content: spans.content, type: line.slice(spans.type).text, id: line.slice(spans.id).text)
    }

    /// Recognizes a line by hand, byte by byte from its end: every line of a big log passes through here, and most
    /// are rejected by their last byte.
    ///
    /// - Parameter checkingTypeBrackets: reject a type name holding `[` or `]`; a reader that interns type names
    ///   may check that once per name instead (and must).
    static func scan(_ line: ByteLine, checkingTypeBrackets: Bool = true) -> Spans? {
        let end = line.startOfRun { $0 == .cr || $0 == .space || $0 == .tab }
        guard end >= 4 else { return nil }

        if line[end - 1] == .greaterThan, line[end - 2] == .closeBracket {
            return scanDump(line, end: end, checkingTypeBrackets: checkingTypeBrackets)
        }

        guard let (wordStart, lifecycle) = lifecycleWord(line, end: end), wordStart >= 3,
            line[wordStart - 1] == .space, line[wordStart - 2] == .colon, line[wordStart - 3] == .closeBracket
        else { return nil }
        let close = wordStart - 3
        guard let open = line.lastIndex(before: close, where: { $0 == .openBracket }),
            let (type, id) = splitTypeAndID(line, from: open + 1, to: close, checkingBrackets: checkingTypeBrackets)
        else { return nil }
        return Spans(content: .event(lifecycle), type: type, id: id)
    }

    /// A dump line ending at `end` (just after its `]>`).
    private static func scanDump(_ line: ByteLine, end: Int, checkingTypeBrackets: Bool) -> Spans? {
        // Find the last `<[` before the closing `]>`, looking for each `[` from the end.
        var open = end - 2
        while true {
            guard let found = line.lastIndex(of: .openBracket, before: open), found > 0 else { return nil }
            open = found
            if line[open - 1] == .lessThan { break }
        }
        guard
            let (type, id) = splitTypeAndID(line, from: open + 1, to: end - 2, checkingBrackets: checkingTypeBrackets)
        else { return nil }
        // The whitespace run before the `<`, counted from its start up to the `<` (`open - 1`).
        let indentation = line.slice(
            from: line.startOfRun(before: open - 1) { $0 == .tab || $0 == .space }, to: open - 1)
        var tabs = 0
        var position = 0
        while let byte = indentation[position] {
            if byte == .tab { tabs += 1 }
            position += 1
        }
        return Spans(content: .dump(tabs: tabs, spaces: indentation.count - tabs), type: type, id: id)
    }

    /// A dump line followed by text of someone's own, after whitespace (`<[HomeNavigationModel 1A2...]>  // the
    /// sheet`, as people annotate pasted dumps): the dump line, with `trailing` the text after it. Only asked for a
    /// line that is neither a plain dump line nor an event line.
    static func scanAnnotatedDump(_ line: ByteLine, checkingTypeBrackets: Bool = true) -> Spans? {
        var from = 0
        // Each `]` in turn (memchr: most lines have none), until one ends a dump line: it needs two bytes after it.
        while let close = line.firstIndex(of: .closeBracket, from: from), close < line.count - 2 {
            from = close + 1
            guard line[close + 1] == .greaterThan, line[close + 2] == .space || line[close + 2] == .tab,
                var spans = scanDump(line, end: close + 2, checkingTypeBrackets: checkingTypeBrackets)
            else { continue }
            let start = line.endOfRun(from: close + 3) { $0 == .space || $0 == .tab }
            let end = max(start, line.startOfRun { $0 == .space || $0 == .tab || $0 == .cr })
            spans.trailing = start < end ? start..<end : nil
            return spans
        }
        return nil
    }

    /// Whether a line starts as a dump line does (`<[` after its indentation), though it may not be one.
    static func startsLikeDumpLine(_ line: ByteLine) -> Bool {
        line.matches("<[", at: line.endOfRun(from: 0) { $0 == .tab || $0 == .space })
    }

    /// Whether a line that is not one of the shapes above still looks like one: it holds a dump line's `<[` or an
    /// id's `...]` (cut short, a lifecycle word navgraph does not know, a type name with brackets).
    static func looksLikeNavigation(_ line: ByteLine) -> Bool {
        // Each `<[` and `...]` found with memchr for its first byte: most lines of app output have neither.
        line.contains("<[") || line.contains("...]")
    }

    /// Cheap test for format detection.
    static func recognizes(_ line: ByteLine) -> Bool {
        scan(line) != nil || scanAnnotatedDump(line) != nil
    }

    /// `Started`, `Finished`, `Init` or `Deinit` ending the line at `end`: where the word starts.
    private static func lifecycleWord(_ line: ByteLine, end: Int) -> (Int, Lifecycle)? {
        switch line[end - 1] {
        case UInt8(ascii: "d"):
            if line.matches("Started", at: end - 7) { return (end - 7, .started) }
            if line.matches("Finished", at: end - 8) { return (end - 8, .finished) }
        case UInt8(ascii: "t"):
            if line.matches("Deinit", at: end - 6) { return (end - 6, .finished) }
            if line.matches("Init", at: end - 4) { return (end - 4, .started) }
        default:
            break
        }
        return nil
    }

    /// Splits `TypeName ABC...` at its last space; `nil` unless both halves are present and the type holds no
    /// bracket.
    private static func splitTypeAndID(_ line: ByteLine, from start: Int, to end: Int, checkingBrackets: Bool)
        -> (Range<Int>, Range<Int>)?
    {
        guard end > start, let space = line.lastIndex(before: end, where: { $0 == .space }), space > start else {
            return nil
        }
        // The library prints `id.prefix(3)` followed by `...`; older versions printed the whole id.
        let idEnd = end - (space + 1) >= 3 && line.matches("...", at: end - 3) ? end - 3 : end
        guard idEnd > space + 1 else { return nil }
        if checkingBrackets, line.containsEither(.openBracket, .closeBracket, from: start, to: space) { return nil }
        return (start..<space, (space + 1)..<idEnd)
    }
}

extension UInt8 {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let dot: UInt8 = 0x2E
    static let colon: UInt8 = 0x3A
    static let lessThan: UInt8 = 0x3C
    static let greaterThan: UInt8 = 0x3E
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B
}
