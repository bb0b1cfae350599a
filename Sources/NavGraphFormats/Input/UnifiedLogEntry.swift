/// One entry of Apple's `log` tool in its JSON styles (`--style json`, pretty-printed over many lines; `--style
/// ndjson`, one line): a JSON object whose `eventMessage` is what the app logged and whose `timestamp` is when.
///
/// Read here rather than with `JSONParser`: the message is wanted as bytes exactly as the app logged them — escapes
/// decoded (`\/`, `\n`, `\uXXXX`), any other byte as it is, invalid UTF-8 included, for the readers to judge as they
/// judge `print` output — and the other members (a `backtrace` object, numbers) are only checked, not kept.
/// Iterative: nesting costs memory on a small stack of open containers, never the call stack.
struct UnifiedLogEntry: Equatable {
    /// `eventMessage`, decoded; `nil` when the entry has none (or it is not a string).
    var message: [UInt8]?
    /// Where `eventMessage`'s value starts in the entry's bytes (to find its line in a pretty-printed entry).
    var messageOffset = 0
    /// `timestamp`, decoded (`2025-03-14 09:41:12.345678+0100`).
    var timestamp: [UInt8]?
    /// How many of the entry's member names are ones `log` writes (`logKeys`): tells an entry of `log` from an app's
    /// own JSON.
    var logKeys = 0

    /// Whether the object is an entry `log` wrote: its message, or, for an entry without one, enough of its fields.
    var isLogEntry: Bool { message != nil ? logKeys >= 2 : logKeys >= 3 }

    /// Why the bytes are not a JSON object: what was expected at `offset` (0-based) and what was there instead.
    struct SyntaxError: Error, Equatable {
        var offset: Int
        var expected: String
        var found: String
        var message: String { "expected \(expected), found \(found)" }
    }

    /// The member names `log` writes in its JSON styles (macOS 10.12 to 26, from pasted output; see
    /// docs/formats/README.md).
    static let logKeys: [[UInt8]] = [
        "timezoneName", "messageType", "eventType", "source", "formatString", "userID", "activityIdentifier",
        "subsystem", "category", "threadID", "senderImageUUID", "backtrace", "bootUUID", "processImagePath",
        "senderImagePath", "timestamp", "machTimestamp", "eventMessage", "processImageUUID", "traceID", "processID",
        "senderProgramCounter", "parentActivityIdentifier", "activityID", "processUniqueID", "signpostID",
        "signpostName", "signpostType", "signpostScope", "creatorActivityID",
    ].map { Array($0.utf8) }

    /// A bit for each length of `logKeys`: the first member of every line of a JSON Lines log is looked up, and an
    /// app's (`"event"`, `"type"`) mostly has a length none of `log`'s has.
    static let logKeyLengths: UInt64 = logKeys.reduce(0) { $0 | 1 << UInt64($1.count) }

    /// Whether `name` is a member name `log` writes.
    static func isLogKey(_ name: [UInt8]) -> Bool { logKeys.contains(name) }

    /// Reads `bytes` as one JSON object with nothing but white space around it.
    static func read(_ bytes: ByteLine) -> Result<UnifiedLogEntry, SyntaxError> {
        var reader = EntryReader(cursor: ByteCursor(bytes))
        do {
            return .success(try reader.readEntry())
        } catch {
            return .failure(error)
        }
    }
}

/// The reading of one entry, byte by byte.
private struct EntryReader {
    var cursor: ByteCursor
    var entry = UnifiedLogEntry()
    /// A member name, decoded; kept between members.
    var name: [UInt8] = []

    static let eventMessage = Array("eventMessage".utf8)
    static let timestamp = Array("timestamp".utf8)

    mutating func readEntry() throws(UnifiedLogEntry.SyntaxError) -> UnifiedLogEntry {
        skipWhiteSpace()
        try expect(UInt8(ascii: "{"), "'{' (a log entry is a JSON object)")
        skipWhiteSpace()
        if !cursor.take(UInt8(ascii: "}")) {
            while true {
                try readMember()
                skipWhiteSpace()
                if cursor.take(UInt8(ascii: ",")) { continue }
                try expect(UInt8(ascii: "}"), "',' or '}' after a member")
                break
            }
        }
        skipWhiteSpace()
        guard cursor.isAtEnd else { throw failure("the end of the entry") }
        return entry
    }

    /// `"name" : value`, keeping the values navgraph reads.
    private mutating func readMember() throws(UnifiedLogEntry.SyntaxError) {
        skipWhiteSpace()
        guard cursor.peek == UInt8(ascii: "\"") else { throw failure("a member name in double quotes") }
        // Taken out while it is filled (`readString` changes `self` too), its storage kept from member to member.
        var name: [UInt8] = []
        swap(&name, &self.name)
        name.removeAll(keepingCapacity: true)
        try readString(into: &name)
        swap(&name, &self.name)
        skipWhiteSpace()
        try expect(UInt8(ascii: ":"), "':' after the member name")
        skipWhiteSpace()
        if UnifiedLogEntry.isLogKey(self.name) { entry.logKeys += 1 }
        if cursor.peek == UInt8(ascii: "\""), self.name == Self.eventMessage {
            entry.messageOffset = cursor.index
            var message: [UInt8] = []
            try readString(into: &message)
            entry.message = message
        } else if cursor.peek == UInt8(ascii: "\""), self.name == Self.timestamp {
            var timestamp: [UInt8] = []
            try readString(into: &timestamp)
            entry.timestamp = timestamp
        } else {
            try skipValue()
        }
    }

    /// Any JSON value, checked and passed over: containers are tracked on a stack of their closing bytes.
    private mutating func skipValue() throws(UnifiedLogEntry.SyntaxError) {
        var closers: [UInt8] = []
        var scratch: [UInt8] = []
        var expectsValue = true
        repeat {
            skipWhiteSpace()
            if expectsValue {
                switch cursor.peek {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = cursor.next() == UInt8(ascii: "{")
                    closers.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                    skipWhiteSpace()
                    if cursor.take(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        closers.removeLast()
                        expectsValue = false
                    } else if isObject {
                        try readName(&scratch)
                    }
                case UInt8(ascii: "\""):
                    scratch.removeAll(keepingCapacity: true)
                    try readString(into: &scratch)
                    expectsValue = false
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    guard cursor.take("true") || cursor.take("false") || cursor.take("null") else {
                        throw failure("a value")
                    }
                    expectsValue = false
                case .some(let byte) where byte == UInt8(ascii: "-") || byte.isASCIIDigit:
                    switch JSONNumber.scan(cursor.bytes, from: cursor.index) {
                    case .success(let end): cursor.move(to: end)
                    case .failure(let failure):
                        cursor.move(to: failure.position)
                        throw self.failure("a number (\(failure.problem.message))")
                    }
                    expectsValue = false
                default:
                    throw failure("a value")
                }
            } else if let closer = closers.last {
                if cursor.take(UInt8(ascii: ",")) {
                    if closer == UInt8(ascii: "}") { try readName(&scratch) }
                    expectsValue = true
                } else if cursor.take(closer) {
                    closers.removeLast()
                } else {
                    throw failure("',' or '\(String(UnicodeScalar(closer)))'")
                }
            }
        } while !closers.isEmpty || expectsValue
    }

    /// A member name and its colon, inside a skipped object.
    private mutating func readName(_ scratch: inout [UInt8]) throws(UnifiedLogEntry.SyntaxError) {
        skipWhiteSpace()
        guard cursor.peek == UInt8(ascii: "\"") else { throw failure("a member name in double quotes") }
        scratch.removeAll(keepingCapacity: true)
        try readString(into: &scratch)
        skipWhiteSpace()
        try expect(UInt8(ascii: ":"), "':' after the member name")
    }

    /// A string from its opening quote, escapes decoded into `bytes`; other bytes as they are.
    private mutating func readString(into bytes: inout [UInt8]) throws(UnifiedLogEntry.SyntaxError) {
        _ = cursor.next()  // the opening quote
        while true {
            guard let byte = cursor.next() else { throw failure("'\"' closing the string") }
            switch byte {
            case UInt8(ascii: "\""):
                return
            case UInt8(ascii: "\\"):
                try readEscape(into: &bytes)
            case 0..<0x20:
                cursor.move(to: cursor.index - 1)
                throw failure("a character of the string (a control character must be escaped)")
            default:
                bytes.append(byte)
            }
        }
    }

    private mutating func readEscape(into bytes: inout [UInt8]) throws(UnifiedLogEntry.SyntaxError) {
        guard let escape = cursor.next() else { throw failure("an escape after '\\'") }
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escape)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate takes the low one that must follow; alone, it stands for what it cannot encode.
                let mark = cursor.index
                let low = cursor.take("\\u") ? try? readHex4() : nil
                if let low, (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    cursor.move(to: mark)
                    scalar = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
            }
            bytes.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
        default:
            cursor.move(to: cursor.index - 1)
            throw failure("an escape ('\\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t' or '\\uXXXX')")
        }
    }

    private mutating func readHex4() throws(UnifiedLogEntry.SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = cursor.peek, byte.isASCIIHexDigit else { throw failure("four hex digits after '\\u'") }
            _ = cursor.next()
            value = value * 16 + UInt32(byte.isASCIIDigit ? byte - 0x30 : (byte | 0x20) - 0x61 + 10)
        }
        return value
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(UnifiedLogEntry.SyntaxError) {
        guard cursor.take(byte) else { throw failure(what) }
    }

    private mutating func skipWhiteSpace() {
        cursor.skip { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    private func failure(_ expected: String) -> UnifiedLogEntry.SyntaxError {
        let found: String
        switch cursor.peek {
        case .some(let byte) where byte >= 0x21 && byte < 0x7F: found = "'\(String(UnicodeScalar(byte)))'"
        case .some(let byte): found = "byte 0x" + String(byte, radix: 16, uppercase: true)
        case nil: found = "the end of the entry"
        }
        return UnifiedLogEntry.SyntaxError(offset: cursor.index, expected: expected, found: found)
    }
}
