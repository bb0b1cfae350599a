import Foundation

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
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> SwiftUINavigationLine? {
        guard let spans = scan(bytes) ?? scanAnnotatedDump(bytes) else { return nil }
        return SwiftUINavigationLine(
            content: spans.content,
            type: String(decoding: UnsafeBufferPointer(rebasing: bytes[spans.type]), as: UTF8.self),
            id: String(decoding: UnsafeBufferPointer(rebasing: bytes[spans.id]), as: UTF8.self))
    }

    /// Recognizes a line by hand, byte by byte from its end: every line of a big log passes through here, and most
    /// are rejected by their last byte.
    ///
    /// - Parameter checkingTypeBrackets: reject a type name holding `[` or `]`; a reader that interns type names
    ///   may check that once per name instead (and must).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, checkingTypeBrackets: Bool = true) -> Spans? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == .cr || bytes[end - 1] == .space || bytes[end - 1] == .tab { end -= 1 }
        guard end >= 4 else { return nil }

        if bytes[end - 1] == .greaterThan, bytes[end - 2] == .closeBracket {
            return scanDump(bytes, end: end, checkingTypeBrackets: checkingTypeBrackets)
        }

        guard let (wordStart, lifecycle) = lifecycleWord(bytes, end: end), wordStart >= 3,
            bytes[wordStart - 1] == .space, bytes[wordStart - 2] == .colon, bytes[wordStart - 3] == .closeBracket
        else { return nil }
        let close = wordStart - 3
        var open = close - 1
        while open >= 0, bytes[open] != .openBracket { open -= 1 }
        guard open >= 0,
            let (type, id) = splitTypeAndID(bytes, from: open + 1, to: close, checkingBrackets: checkingTypeBrackets)
        else { return nil }
        return Spans(content: .event(lifecycle), type: type, id: id)
    }

    /// A dump line ending at `end` (just after its `]>`).
    private static func scanDump(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, checkingTypeBrackets: Bool) -> Spans? {
        // Find the last `<[` before the closing `]>`, looking for each `[` from the end.
        var open = end - 2
        while true {
            guard let found = lastOpenBracket(bytes, before: open), found > 0 else { return nil }
            open = found
            if bytes[open - 1] == .lessThan { break }
        }
        guard
            let (type, id) = splitTypeAndID(bytes, from: open + 1, to: end - 2, checkingBrackets: checkingTypeBrackets)
        else { return nil }
        var tabs = 0
        var spaces = 0
        var cursor = open - 1
        while cursor > 0, bytes[cursor - 1] == .tab || bytes[cursor - 1] == .space {
            if bytes[cursor - 1] == .tab { tabs += 1 } else { spaces += 1 }
            cursor -= 1
        }
        return Spans(content: .dump(tabs: tabs, spaces: spaces), type: type, id: id)
    }

    /// A dump line followed by text of someone's own, after whitespace (`<[HomeNavigationModel 1A2...]>  // the
    /// sheet`, as people annotate pasted dumps): the dump line, with `trailing` the text after it. Only asked for a
    /// line that is neither a plain dump line nor an event line.
    static func scanAnnotatedDump(_ bytes: UnsafeBufferPointer<UInt8>, checkingTypeBrackets: Bool = true) -> Spans? {
        guard let base = bytes.baseAddress else { return nil }
        var from = 0
        // Each `]` in turn (memchr: most lines have none), until one ends a dump line.
        while from < bytes.count - 2,
            let found = memchr(base + from, Int32(UInt8.closeBracket), bytes.count - 2 - from)
        {
            let close = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            from = close + 1
            guard bytes[close + 1] == .greaterThan, bytes[close + 2] == .space || bytes[close + 2] == .tab,
                var spans = scanDump(bytes, end: close + 2, checkingTypeBrackets: checkingTypeBrackets)
            else { continue }
            var start = close + 3
            var end = bytes.count
            while start < end, bytes[start] == .space || bytes[start] == .tab { start += 1 }
            while end > start, bytes[end - 1] == .space || bytes[end - 1] == .tab || bytes[end - 1] == .cr { end -= 1 }
            spans.trailing = start < end ? start..<end : nil
            return spans
        }
        return nil
    }

    /// Whether a line starts as a dump line does (`<[` after its indentation), though it may not be one.
    static func startsLikeDumpLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count, bytes[start] == .tab || bytes[start] == .space { start += 1 }
        return start + 1 < bytes.count && bytes[start] == .lessThan && bytes[start + 1] == .openBracket
    }

    /// Whether a line that is not one of the shapes above still looks like one: it holds a dump line's `<[` or an
    /// id's `...]` (cut short, a lifecycle word navgraph does not know, a type name with brackets).
    static func looksLikeNavigation(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var from = 0
        // Each `[` and `]` in turn, found with memchr: most lines of app output have none.
        for bracket in [UInt8.openBracket, .closeBracket] {
            from = 0
            while from < bytes.count, let found = memchr(base + from, Int32(bracket), bytes.count - from) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                from = index + 1
                if bracket == .openBracket, index > 0, bytes[index - 1] == .lessThan { return true }
                if bracket == .closeBracket, index >= 3, bytes[index - 1] == .dot, bytes[index - 2] == .dot,
                    bytes[index - 3] == .dot
                {
                    return true
                }
            }
        }
        return false
    }

    /// Cheap test for format detection.
    static func recognizes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        scan(bytes) != nil || scanAnnotatedDump(bytes) != nil
    }

    /// `Started`, `Finished`, `Init` or `Deinit` ending the line at `end`: where the word starts.
    private static func lifecycleWord(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> (Int, Lifecycle)? {
        func endsWith(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard end >= count else { return false }
            let start = word.utf8Start
            for offset in 0..<count where bytes[end - count + offset] != start[offset] { return false }
            return true
        }
        switch bytes[end - 1] {
        case UInt8(ascii: "d"):
            if endsWith("Started") { return (end - 7, .started) }
            if endsWith("Finished") { return (end - 8, .finished) }
        case UInt8(ascii: "t"):
            if endsWith("Deinit") { return (end - 6, .finished) }
            if endsWith("Init") { return (end - 4, .started) }
        default:
            break
        }
        return nil
    }

    /// Splits `TypeName ABC...` at its last space; `nil` unless both halves are present and the type holds no
    /// bracket.
    private static func splitTypeAndID(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, checkingBrackets: Bool
    )
        -> (Range<Int>, Range<Int>)?
    {
        guard end > start else { return nil }
        var space = end - 1
        while space > start, bytes[space] != .space { space -= 1 }
        guard space > start, bytes[space] == .space else { return nil }
        var idEnd = end
        // The library prints `id.prefix(3)` followed by `...`; older versions printed the whole id.
        if idEnd - (space + 1) >= 3, bytes[idEnd - 1] == .dot, bytes[idEnd - 2] == .dot, bytes[idEnd - 3] == .dot {
            idEnd -= 3
        }
        guard idEnd > space + 1 else { return nil }
        if checkingBrackets, containsBracket(bytes, start..<space) { return nil }
        return (start..<space, (space + 1)..<idEnd)
    }
}

/// The last `[` before `end`: eight bytes at a time from the end, with an exact per-byte test.
private func lastOpenBracket(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
    var index = end
    if let base = bytes.baseAddress {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while index >= 8 {
            let word = UnsafeRawPointer(base + index - 8).loadUnaligned(as: UInt64.self) ^ 0x5B5B_5B5B_5B5B_5B5B
            // High bit set exactly in the bytes that were `[` (no carry crosses a byte).
            let matches = ~(((word & lows) &+ lows) | word | lows)
            if matches != 0 { return index - 8 + (63 - matches.leadingZeroBitCount) / 8 }
            index -= 8
        }
    }
    while index > 0 {
        index -= 1
        if bytes[index] == .openBracket { return index }
    }
    return nil
}

/// Whether `[` or `]` occurs in `range`: eight bytes at a time (a type name is checked on every navigation line).
private func containsBracket(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    var index = range.lowerBound
    if let base = bytes.baseAddress {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        while index + 8 <= range.upperBound {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if hasZeroByte(word ^ (0x5B &* ones)) || hasZeroByte(word ^ (0x5D &* ones)) { return true }
            index += 8
        }
    }
    while index < range.upperBound {
        if bytes[index] == .openBracket || bytes[index] == .closeBracket { return true }
        index += 1
    }
    return false
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
