/// `<private>`: what Apple's unified log shows in place of each value a `Logger` message interpolates with the default
/// privacy, whenever no debugger is attached (`logger.info("\(line)")` logs the whole line as `<private>`). Nothing of
/// the value is in the log, so a redacted line of navigation output cannot be read; it is not handed to any reader
/// (one would take `<private>` for a name), and what was redacted is said, with the ways to log it readably.
enum Redaction {
    /// Whether `line` is navigation output with its values redacted, in one of the shapes a `Logger` call gives it:
    /// - the whole message one redacted value (`<private>`), or nothing but redacted values and punctuation;
    /// - NavigatorUI's: `Navigator <private> pushing(<private>)`, `Navigator deinit: <private>`;
    /// - SwiftUINavigation's: `[<private> <private>...]: Started`, a dump's `<[<private> <private>...]>`;
    /// - navgraph-events: `{"event":<private>}`.
    /// Other text with a `<private>` in it (a system framework's message) is the app's output, and not counted.
    static func hidesNavigation(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard ByteSearch.contains("<private>", in: line) else { return false }
        if isOnlyRedactedValues(line) { return true }
        if ByteSearch.contains("Navigator ", in: line) { return true }
        if ByteSearch.contains("]: Started", in: line) || ByteSearch.contains("]: Finished", in: line) { return true }
        var cursor = ByteCursor(line)
        cursor.skip(while: \.isBlank)
        if cursor.take("<[") { return true }
        return cursor.take(UInt8(ascii: "{")) && ByteSearch.contains("\"event\"", in: cursor.rest)
    }

    /// Nothing in `line` but `<private>`s, blanks and ASCII punctuation.
    private static func isOnlyRedactedValues(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var cursor = ByteCursor(line)
        while !cursor.isAtEnd {
            if cursor.take("<private>") { continue }
            guard let byte = cursor.next(), byte < 0x80, !byte.isASCIILetter, !byte.isASCIIDigit else { return false }
        }
        return true
    }
}
