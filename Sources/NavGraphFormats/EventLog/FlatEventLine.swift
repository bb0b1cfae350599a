import NavGraphCore

/// The common shape of a navgraph-events v1 line, recognized without building a document: one object whose members
/// are all known fields with plain values — strings without escapes, printable ASCII; numbers; booleans; null.
///
/// This is the fast path for big logs (reading a 100 MB log takes a fifth of the time the full parser takes). Anything
/// else (an escape, non-ASCII text, a nested value, an unknown or repeated member, a syntax error) is not judged here:
/// `scan` returns `false` and the line goes through the full parser, which accepts or reports it exactly as before. So
/// both paths agree by construction.
///
/// One value is kept by a reader and scanned into for every line: the values' storage is reused, so scanning a line
/// neither allocates nor copies them.
struct FlatEventLine {
    enum ValueKind: UInt8 { case absent, string, number, other }

    struct Value {
        var kind: ValueKind
        /// The string's contents (without quotes), or the number's literal.
        var start: Int32
        var end: Int32

        static let absent = Value(kind: .absent, start: 0, end: 0)
        var span: Range<Int> { Int(start)..<Int(end) }
    }

    /// One value per flat field (`EventField` up to `flatCount`): those of the line scanned last where `present`
    /// has the field's bit, leftovers of earlier lines elsewhere (a line clears one word, not twelve values).
    private var values = [Value](repeating: .absent, count: EventField.flatCount)
    private var present: UInt16 = 0
    /// The member names as words (see `field(_:)`), kept here: a `static let` is a call to check it is made, on every
    /// member of every line.
    private let nameWords = FlatEventLine.makeNameWords()

    subscript(field: EventField) -> Value? {
        guard field.rawValue < EventField.flatCount, present & 1 << field.rawValue != 0 else { return nil }
        return values[field.rawValue]
    }

    /// Reads `bytes` as a flat line: `true` and the values set, or `false` when the line is not of that shape.
    mutating func scan(_ bytes: ByteLine) -> Bool {
        present = 0
        guard bytes.count < Int(Int32.max) else { return false }
        var cursor = Cursor(bytes: bytes)
        cursor.skipWhitespace()
        guard cursor.take(0x7B) else { return false }
        cursor.skipWhitespace()
        // `{}`: let the full parser say what is missing.
        guard let first = cursor.peek, first != 0x7D else { return false }
        while true {
            guard let keySpan = cursor.plainString(), let field = field(bytes.slice(keySpan)),
                present & 1 << field.rawValue == 0
            else { return false }
            cursor.skipWhitespace()
            guard cursor.take(0x3A) else { return false }
            cursor.skipWhitespace()
            guard let value = cursor.value() else { return false }
            values[field.rawValue] = value
            present |= 1 << field.rawValue
            cursor.skipWhitespace()
            if cursor.take(0x2C) {
                cursor.skipWhitespace()
                continue
            }
            guard cursor.take(0x7D) else { return false }
            cursor.skipWhitespace()
            return cursor.position == bytes.count
        }
    }

    /// A position in the line `scan` reads, and what it reads there. Its steps are inlined into `scan`: called, they
    /// cost the fast path a sixth of its time (perf, a 100 MB log).
    private struct Cursor {
        let bytes: ByteLine
        var position = 0

        var peek: UInt8? { bytes[position] }

        @inline(__always)
        mutating func take(_ byte: UInt8) -> Bool {
            guard bytes[position] == byte else { return false }
            position += 1
            return true
        }

        @inline(__always)
        mutating func skipWhitespace() {
            position = bytes.endOfRun(from: position) { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        }

        /// A member's value: a plain string, a number, `true`, `false` or `null`; `nil` for anything else.
        @inline(__always)
        mutating func value() -> Value? {
            guard let first = bytes[position] else { return nil }
            switch first {
            case 0x22:
                guard let span = plainString() else { return nil }
                return Value(kind: .string, start: Int32(span.lowerBound), end: Int32(span.upperBound))
            case 0x2D, 0x30...0x39:
                guard case .success(let end) = JSONNumber.scan(bytes, from: position) else { return nil }
                defer { position = end }
                return Value(kind: .number, start: Int32(position), end: Int32(end))
            case 0x74:
                guard word("true") else { return nil }
            case 0x66:
                guard word("false") else { return nil }
            case 0x6E:
                guard word("null") else { return nil }
            default:
                return nil
            }
            return Value(kind: .other, start: Int32(position), end: Int32(position))
        }

        /// A string without escapes and with only printable ASCII: its contents' range. The first quote, backslash,
        /// control character or byte of 0x7F and above after the opening quote must be the closing quote.
        @inline(__always)
        mutating func plainString() -> Range<Int>? {
            guard take(0x22) else { return nil }
            let start = position
            guard let end = bytes.firstQuoteBackslashOrControl(from: start, orNonASCII: true), bytes[end] == 0x22
            else { return nil }
            position = end + 1
            return start..<end
        }

        @inline(__always)
        mutating func word(_ text: StaticString) -> Bool {
            guard bytes.matches(text, at: position) else { return false }
            position += text.utf8CodeUnitCount
            return true
        }
    }

    /// The flat field a member name spells: its bytes compared as one little-endian word (every name is ≤ 8 bytes).
    private func field(_ name: ByteLine) -> EventField? {
        guard name.count >= 2, name.count <= 8 else { return nil }
        var word: UInt64 = 0
        var offset = 0
        while let byte = name[offset] {
            word |= UInt64(byte) << (8 * UInt64(offset))
            offset += 1
        }
        guard let index = nameWords.firstIndex(of: word) else { return nil }
        return EventField(rawValue: index)
    }

    private static func makeNameWords() -> [UInt64] {
        (0..<EventField.flatCount).map { index in
            EventField.names[index].utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
    }
}

/// The fields of a flat line, for `EventLogReader.action(for:_:)`. Anything unexpected — a member of the wrong kind,
/// a value out of range, an array the line cannot hold — throws `NotFlat`: the line then goes through the full
/// parser, which says what is wrong. Names that repeat on every line (types, windows, styles, kinds) come from
/// the reader's `NameTable`, so they cost no allocation.
struct FlatEventFields: EventFieldReading {
    let line: FlatEventLine
    let bytes: ByteLine
    let names: NameTable
    let ids: RecentIDs

    /// The line is not of the flat shape after all; no message, as the full parser reads it next.
    struct NotFlat: Error {}

    /// Not needed: no message is made from a flat line.
    var event: String { "" }

    func problem(_ message: @autoclosure () -> String) -> NotFlat { NotFlat() }

    func optionalString(_ field: EventField) throws(NotFlat) -> String? {
        guard let value = line[field] else {
            if field.rawValue >= EventField.flatCount { throw NotFlat() }
            return nil
        }
        guard value.kind == .string else { throw NotFlat() }
        switch field {
        case .event, .type, .kind, .style, .window, .column: return names.name(bytes.slice(value.span))
        case .id, .parent: return ids.string(bytes.slice(value.span))
        default: return bytes.slice(value.span).text
        }
    }

    func kind() throws(NotFlat) -> NodeKind? {
        guard let value = line[.kind] else { return nil }
        guard value.kind == .string, let kind = names.kind(bytes.slice(value.span)) else { throw NotFlat() }
        return kind
    }

    func positiveInteger(_ field: EventField, default fallback: Int) throws(NotFlat) -> Int {
        guard let value = line[field] else { return fallback }
        guard value.kind == .number, let number = Int(bytes.slice(value.span).text), number >= 1 else {
            throw NotFlat()
        }
        return number
    }

    func pathEntries(_ field: EventField) throws(NotFlat) -> [PathEntry] { throw NotFlat() }

    func snapshots() throws(NotFlat) -> [Snapshot] { throw NotFlat() }

    func time() throws(NotFlat) -> Double? {
        guard let value = line[.time] else { return nil }
        let seconds: Double?
        switch value.kind {
        case .number: seconds = Self.double(bytes.slice(value.span))
        case .string: seconds = bytes.slice(value.span).rfc3339Time
        case .other, .absent: seconds = nil
        }
        // Not a time (or out of range: infinite): the full reading says why.
        guard let seconds, seconds.isFinite else { throw NotFlat() }
        return seconds
    }

    /// A JSON number literal (already validated) as a `Double`, rounded as `Double(String)` rounds. Plain decimals
    /// of up to 15 significant digits (every time navgraph writes) are exact as integer ÷ power of ten, both exactly
    /// representable, so one correctly rounded division gives the same result; anything else is `Double(String)`.
    static func double(_ bytes: ByteLine) -> Double? {
        var significand: UInt64 = 0
        var digits = 0
        var fraction = 0
        var seenPoint = false
        var plain = true
        let negative = bytes.first == 0x2D
        var index = negative ? 1 : 0
        while let byte = bytes[index] {
            if byte >= 0x30 && byte <= 0x39 {
                significand = significand &* 10 &+ UInt64(byte - 0x30)
                if significand != 0 { digits += 1 }
                if seenPoint { fraction += 1 }
            } else if byte == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                plain = false
                break
            }
            index += 1
        }
        if plain && digits <= 15 && fraction <= 22 {
            let value = Double(significand) / powersOfTen[fraction]
            return negative ? -value : value
        }
        return Double(bytes.text)
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }
}
