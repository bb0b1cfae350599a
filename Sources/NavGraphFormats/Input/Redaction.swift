/// `<private>`: what Apple's unified log shows in place of each value a `Logger` message interpolates with the default
/// privacy, whenever no debugger is attached (`logger.info("\(line)")` logs the whole line as `<private>`). Nothing of
/// the value is in the log, so a redacted line of navigation output cannot be read; it is not handed to any reader
/// (one would take `<private>` for a name), and what was redacted is said, with the ways to log it readably.
enum Redaction {
    /// What a line with `<private>` in it hides.
    enum Hidden: Equatable {
        /// Navigation output, unmistakably, in one of the shapes a `Logger` call gives it:
        /// - NavigatorUI's: `Navigator <private> pushing(<private>)`, `Navigator deinit: <private>`;
        /// - SwiftUINavigation's: `[<private> <private>...]: Started`, a dump's `<[<private> <private>...]>`;
        /// - navgraph-events: `{"event":<private>}`.
        case navigation
        /// A whole message that is one redacted value (`<private>`), or nothing but redacted values and punctuation:
        /// what a library's lines forwarded to `Logger` with `logger.info("\(line)")` become — and also any other
        /// message the app logs as one value. Navigation only when nothing else of the log is: skipped as the app's
        /// output, counted, and named when nothing could be read.
        case wholeMessage
    }

    /// What `line` hides, or `nil` for a line with nothing redacted, or only some of its own text (a system
    /// framework's message with a `<private>` in it: the app's output).
    static func hidden(in line: ByteLine) -> Hidden? {
        guard holdsPrivate(line) else { return nil }
        if line.contains("Navigator ") { return .navigation }
        if line.contains("]: Started") || line.contains("]: Finished") { return .navigation }
        var cursor = ByteCursor(line)
        cursor.skip(while: \.isBlank)
        if cursor.take("<[") { return .navigation }
        if cursor.take(UInt8(ascii: "{")) && cursor.rest.contains("\"event\"") { return .navigation }
        return isOnlyRedactedValues(line) ? .wholeMessage : nil
    }

    /// Whether `<private>` is in `line`: each `<` (`memchr`) followed by `private>`, its eight bytes compared as one
    /// word. Asked of every line with a `<` in it (a SwiftUINavigation dump's every line), where a search for the
    /// whole word compared bytes at each `<` in a call of its own.
    static func holdsPrivate(_ line: ByteLine) -> Bool {
        var from = 0
        while let at = line.firstIndex(of: UInt8(ascii: "<"), from: from) {
            if line.littleEndianUInt64(at: at + 1) == privateWord { return true }
            from = at + 1
        }
        return false
    }

    /// `private>` as a little-endian word (its first byte lowest).
    private static let privateWord: UInt64 = 0x3E65_7461_7669_7270

    /// Nothing in `line` but `<private>`s, blanks and ASCII punctuation.
    private static func isOnlyRedactedValues(_ line: ByteLine) -> Bool {
        var cursor = ByteCursor(line)
        while !cursor.isAtEnd {
            if cursor.take("<private>") { continue }
            guard let byte = cursor.next(), byte < 0x80, !byte.isASCIILetter, !byte.isASCIIDigit else { return false }
        }
        return true
    }
}
