/// A line of Apple's `log stream`/`log show` in a text style, and where its message starts: what the app logged
/// comes after `log`'s columns, which no reader expects before a line of its own.
///
/// - default: `2025-03-14 09:41:12.345678+0100 0x1a2b  Default  0x0  4242  0  App: (Library) [sub:cat] message`
///   (thread, type, activity, process id, TTL — absent before macOS 10.13 —, a signpost's `[spid …]`, then the
///   process's name, which may hold spaces)
/// - compact: `2025-03-14 09:41:12.345 Df App[4242:1a2b] (Library) [sub:cat] message` (local time to the millisecond,
///   a one- or two-letter type)
/// - syslog: `2025-03-14 09:41:12.345678+0100  localhost App[4242]: (Library) [sub:cat] message`
///
/// `(Library)` shows when the code that logged is not the process's own image, `[subsystem:category]` when the
/// `Logger` has them. Every rule is checked byte by byte; a line that breaks one is not a `log` line and is read as
/// it is (NSLog's and Xcode's `2025-03-14 09:41:12.345 App[4242:1a2b] message` has no type column).
enum UnifiedLogTextLine {
    enum Style: Equatable { case `default`, compact, syslog }

    /// The style of `line` and the offset its message starts at; `nil` when it is not a `log` line.
    static func parse(_ line: ByteLine) -> (style: Style, messageStart: Int)? {
        var cursor = ByteCursor(line)
        guard let hasZone = time(&cursor) else { return nil }
        let style: Style
        if !hasZone {
            guard compactColumns(&cursor) else { return nil }
            style = .compact
        } else {
            guard cursor.skip(while: \.isBlank) > 0 else { return nil }
            if cursor.take("0x") {
                guard defaultColumns(&cursor) else { return nil }
                style = .default
            } else {
                guard syslogColumns(&cursor) else { return nil }
                style = .syslog
            }
        }
        skipSenderAndSubsystem(&cursor)
        return (style, cursor.index)
    }

    /// `YYYY-MM-DD HH:MM:SS.f…` and a zone (`+HHMM`, `-HHMM`) or none; whether there was a zone.
    private static func time(_ cursor: inout ByteCursor) -> Bool? {
        guard cursor.take(digits: 4), cursor.take(UInt8(ascii: "-")), cursor.take(digits: 2),
            cursor.take(UInt8(ascii: "-")), cursor.take(digits: 2), cursor.take(UInt8(ascii: " ")),
            cursor.take(digits: 2), cursor.take(UInt8(ascii: ":")), cursor.take(digits: 2),
            cursor.take(UInt8(ascii: ":")), cursor.take(digits: 2), cursor.take(UInt8(ascii: ".")),
            cursor.skip(while: \.isASCIIDigit) > 0
        else { return nil }
        guard cursor.take(UInt8(ascii: "+")) || cursor.take(UInt8(ascii: "-")) else { return false }
        return cursor.take(digits: 4) ? true : nil
    }

    /// After the time: thread, type, activity, process id, TTL if there, a signpost's bracket if there, the
    /// process's name and `: `. The cursor is past the thread's `0x`.
    private static func defaultColumns(_ cursor: inout ByteCursor) -> Bool {
        guard cursor.skip(while: \.isASCIIHexDigit) > 0, cursor.skip(while: \.isBlank) > 0,
            cursor.skip(while: \.isASCIILetter) > 0, cursor.skip(while: \.isBlank) > 0, cursor.take("0x"),
            cursor.skip(while: \.isASCIIHexDigit) > 0, cursor.skip(while: \.isBlank) > 0,
            cursor.skip(while: \.isASCIIDigit) > 0, cursor.skip(while: \.isBlank) > 0
        else { return false }
        // The TTL column: a number and blanks (a process's name may start with digits, not be a lone number).
        let afterProcessID = cursor.index
        if cursor.skip(while: \.isASCIIDigit) == 0 || cursor.skip(while: \.isBlank) == 0 {
            cursor.move(to: afterProcessID)
        }
        if cursor.take("[spid ") {
            cursor.skip { $0 != UInt8(ascii: "]") }
            guard cursor.take(UInt8(ascii: "]")), cursor.skip(while: \.isBlank) > 0 else { return false }
        }
        // The process's name runs to the first `: ` (or a `:` ending the line).
        let nameStart = cursor.index
        while let byte = cursor.next() {
            guard byte == UInt8(ascii: ":"), cursor.index - 1 > nameStart else { continue }
            if cursor.isAtEnd || cursor.take(UInt8(ascii: " ")) { return true }
        }
        return false
    }

    /// After the time: ` Ty ` (an upper-case letter, maybe a lower-case one) and `Process[PID:TID]`.
    private static func compactColumns(_ cursor: inout ByteCursor) -> Bool {
        guard cursor.take(UInt8(ascii: " ")), let first = cursor.next(), first >= 0x41, first <= 0x5A else {
            return false
        }
        if let second = cursor.peek, second >= 0x61, second <= 0x7A { _ = cursor.next() }
        guard cursor.skip(while: \.isBlank) > 0 else { return false }
        return processAndID(&cursor, threadSeparator: true, suffix: "]")
    }

    /// After the time and blanks: the host and `Process[PID]:`.
    private static func syslogColumns(_ cursor: inout ByteCursor) -> Bool {
        guard cursor.skip(while: { !$0.isBlank }) > 0, cursor.take(UInt8(ascii: " ")) else { return false }
        return processAndID(&cursor, threadSeparator: false, suffix: "]:")
    }

    /// A process's name (which may hold spaces and brackets) up to the first `[digits` — `[digits:hex` with a thread
    /// — followed by `suffix`, then a space or the end of the line.
    private static func processAndID(_ cursor: inout ByteCursor, threadSeparator: Bool, suffix: StaticString) -> Bool {
        let nameStart = cursor.index
        while true {
            cursor.skip { $0 != UInt8(ascii: "[") }
            guard cursor.take(UInt8(ascii: "[")) else { return false }
            let afterBracket = cursor.index
            if afterBracket - 1 > nameStart, cursor.skip(while: \.isASCIIDigit) > 0,
                !threadSeparator || (cursor.take(UInt8(ascii: ":")) && cursor.skip(while: \.isASCIIHexDigit) > 0),
                cursor.take(suffix), cursor.isAtEnd || cursor.take(UInt8(ascii: " "))
            {
                return true
            }
            cursor.move(to: afterBracket)
        }
    }

    /// `(Library) ` and `[subsystem:category] `, each where it is.
    private static func skipSenderAndSubsystem(_ cursor: inout ByteCursor) {
        let library = cursor.index
        let isLibraryByte = { (byte: UInt8) in
            byte != UInt8(ascii: ")") && byte != UInt8(ascii: "(") && !byte.isBlank
        }
        if !(cursor.take(UInt8(ascii: "(")) && cursor.skip(while: isLibraryByte) > 0 && cursor.take(UInt8(ascii: ")"))
            && (cursor.isAtEnd || cursor.take(UInt8(ascii: " "))))
        {
            cursor.move(to: library)
        }
        // A subsystem is a reverse-DNS name; a category any printable text without brackets, maybe none.
        let subsystem = cursor.index
        let isSubsystemByte = { (byte: UInt8) in
            byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
        }
        let isCategoryByte = { (byte: UInt8) in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "[") && byte != UInt8(ascii: "]")
        }
        if !(cursor.take(UInt8(ascii: "[")) && cursor.skip(while: isSubsystemByte) > 0
            && cursor.take(UInt8(ascii: ":")) && cursor.skip(while: isCategoryByte) >= 0
            && cursor.take(UInt8(ascii: "]")) && (cursor.isAtEnd || cursor.take(UInt8(ascii: " "))))
        {
            cursor.move(to: subsystem)
        }
    }
}
