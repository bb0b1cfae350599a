import Foundation
import NavGraphCore

/// The common shape of a navgraph-events v1 line, recognized without building a document: one object whose members
/// are all known fields with plain values — strings without escapes, printable ASCII; numbers; booleans; null.
///
/// This is the fast path for big logs. Anything else (an escape, non-ASCII text, a nested value, an unknown or
/// repeated member, a syntax error) is not judged here: `scan` returns `nil` and the line goes through the full
/// parser, which accepts or reports it exactly as before. So both paths agree by construction.
///
/// One instance is reused for every line of a reader: the values live in a buffer it owns, so scanning a line
/// neither allocates nor copies them.
final class FlatEventLine {
    enum ValueKind: UInt8 { case absent, string, number, other }

    struct Value {
        var kind: ValueKind
        /// The string's contents (without quotes), or the number's literal.
        var start: Int32
        var end: Int32

        static let absent = Value(kind: .absent, start: 0, end: 0)
        var span: Range<Int> { Int(start)..<Int(end) }
    }

    /// One value per flat field (`EventField` up to `flatCount`) of the line scanned last.
    private let values = UnsafeMutablePointer<Value>.allocate(capacity: EventField.flatCount)

    init() {
        values.initialize(repeating: .absent, count: EventField.flatCount)
    }

    deinit {
        values.deallocate()
    }

    subscript(field: EventField) -> Value? {
        guard field.rawValue < EventField.flatCount else { return nil }
        let value = values[field.rawValue]
        return value.kind == .absent ? nil : value
    }

    /// Reads `bytes` as a flat line: `true` and the values set, or `false` when the line is not of that shape.
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<EventField.flatCount { values[index] = .absent }
        guard let base = bytes.baseAddress, bytes.count < Int(Int32.max) else { return false }
        let values = self.values
        // A local struct, not helpers capturing a `var` position: a captured `var` is checked for exclusive access
        // at run time on every use.
        var cursor = Cursor(bytes: bytes, base: base)
        let end = bytes.count

        cursor.skipWhitespace()
        guard cursor.position < end, bytes[cursor.position] == 0x7B else { return false }
        cursor.position += 1
        cursor.skipWhitespace()
        // `{}`: let the full parser say what is missing.
        guard cursor.position < end, bytes[cursor.position] != 0x7D else { return false }
        while true {
            guard let keySpan = cursor.plainString(),
                let field = FlatEventLine.field(
                    base + keySpan.lowerBound, count: keySpan.count, available: end - keySpan.lowerBound)
            else { return false }
            guard values[field.rawValue].kind == .absent else { return false }
            cursor.skipWhitespace()
            guard cursor.position < end, bytes[cursor.position] == 0x3A else { return false }
            cursor.position += 1
            cursor.skipWhitespace()
            guard let value = cursor.value() else { return false }
            values[field.rawValue] = value
            cursor.skipWhitespace()
            guard cursor.position < end else { return false }
            if bytes[cursor.position] == 0x2C {
                cursor.position += 1
                cursor.skipWhitespace()
                continue
            }
            guard bytes[cursor.position] == 0x7D else { return false }
            cursor.position += 1
            cursor.skipWhitespace()
            return cursor.position == end
        }
    }

    /// A position in the line `scan` reads, and what it reads there.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        let base: UnsafePointer<UInt8>
        var position = 0
        var end: Int { bytes.count }

        @inline(__always)
        mutating func skipWhitespace() {
            while position < end, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D {
                position += 1
            }
        }

        /// A member's value: a plain string, a number, `true`, `false` or `null`; `nil` for anything else.
        @inline(__always)
        mutating func value() -> Value? {
            guard position < end else { return nil }
            switch bytes[position] {
            case 0x22:
                guard let span = plainString() else { return nil }
                return Value(kind: .string, start: Int32(span.lowerBound), end: Int32(span.upperBound))
            case 0x2D, 0x30...0x39:
                guard let span = number() else { return nil }
                return Value(kind: .number, start: Int32(span.lowerBound), end: Int32(span.upperBound))
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

        /// A string without escapes and with only printable ASCII: its contents' range. Eight bytes at a time while
        /// none of them is a quote, a backslash, a control character or ≥ 0x7F.
        @inline(__always)
        mutating func plainString() -> Range<Int>? {
            guard position < end, bytes[position] == 0x22 else { return nil }
            let start = position + 1
            var index = start
            while index + 8 <= end {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let special = FlatEventLine.specialBytes(word)
                if special == 0 {
                    index += 8
                    continue
                }
                // The lowest flagged byte is exact (the tricks below only over-flag bytes above a real one).
                let first = index + special.trailingZeroBitCount / 8
                guard bytes[first] == 0x22 else { return nil }
                position = first + 1
                return start..<first
            }
            while index < end {
                let byte = bytes[index]
                if byte == 0x22 {
                    position = index + 1
                    return start..<index
                }
                if byte < 0x20 || byte >= 0x7F || byte == 0x5C { return nil }
                index += 1
            }
            return nil
        }

        /// A JSON number, validated (`JSONNumber`): its literal's range.
        @inline(__always)
        mutating func number() -> Range<Int>? {
            let start = position
            guard case .success(let numberEnd) = JSONNumber.scan(bytes, from: start) else { return nil }
            position = numberEnd
            return start..<numberEnd
        }

        @inline(__always)
        mutating func word(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard end - position >= count else { return false }
            for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] { return false }
            position += count
            return true
        }
    }

    /// The high bit of each byte of `word` (little-endian) that is a quote, a backslash, below 0x20 or at least 0x7F;
    /// bytes above the first such byte may be flagged too.
    @inline(__always)
    fileprivate static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let quote = zeroBytes(word ^ (0x22 &* ones))
        let backslash = zeroBytes(word ^ (0x5C &* ones))
        let control = (word &- 0x20 &* ones) & ~word & highs
        let high = ((word &+ ones) | word) & highs
        return quote | backslash | control | high
    }

    /// The flat field a member name spells: its bytes compared as one little-endian word (every name is ≤ 8 bytes).
    fileprivate static func field(_ name: UnsafePointer<UInt8>, count: Int, available: Int) -> EventField? {
        guard count >= 2, count <= 8 else { return nil }
        var word: UInt64
        if available >= 8 {
            word = UnsafeRawPointer(name).loadUnaligned(as: UInt64.self)
            if count < 8 { word &= (1 << (8 * UInt64(count))) - 1 }
        } else {
            word = 0
            for offset in 0..<count { word |= UInt64(name[offset]) << (8 * UInt64(offset)) }
        }
        return nameWords.withUnsafeBufferPointer { words in
            for index in 0..<EventField.flatCount where words[index] == word { return EventField(rawValue: index) }
            return nil
        }
    }

    private static let nameWords: [UInt64] = (0..<EventField.flatCount).map { index in
        EventField.names[index].utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
}

/// The fields of a flat line, for `EventLogReader.action(for:_:)`. Anything unexpected — a member of the wrong kind,
/// a value out of range, an array the line cannot hold — throws `NotFlat`: the line then goes through the full
/// parser, which says what is wrong. Names that repeat on every line (types, windows, styles, kinds) come from
/// the reader's `NameTable`, and ids from its `RecentStrings`, so they cost no allocation.
struct FlatEventFields: EventFieldReading {
    let line: FlatEventLine
    let bytes: UnsafeBufferPointer<UInt8>
    let names: NameTable
    let ids: RecentStrings

    /// The line is not of the flat shape after all; no message, as the full parser reads it next.
    struct NotFlat: Error {}

    /// Not needed: no message is made from a flat line.
    var event: String { "" }

    func problem(_ message: @autoclosure () -> String) -> NotFlat { NotFlat() }

    private func text(_ span: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[span]) }

    func optionalString(_ field: EventField) throws(NotFlat) -> String? {
        guard let value = line[field] else {
            if field.rawValue >= EventField.flatCount { throw NotFlat() }
            return nil
        }
        guard value.kind == .string else { throw NotFlat() }
        switch field {
        case .event, .type, .kind, .style, .window, .column: return names.name(text(value.span))
        case .id, .parent: return ids.string(text(value.span))
        default: return String(decoding: text(value.span), as: UTF8.self)
        }
    }

    func kind() throws(NotFlat) -> NodeKind? {
        guard let value = line[.kind] else { return nil }
        guard value.kind == .string, let kind = names.kind(text(value.span)) else { throw NotFlat() }
        return kind
    }

    func positiveInteger(_ field: EventField, default fallback: Int) throws(NotFlat) -> Int {
        guard let value = line[field] else { return fallback }
        guard value.kind == .number, let number = Int(String(decoding: text(value.span), as: UTF8.self)), number >= 1
        else {
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
        case .number: seconds = Self.double(text(value.span))
        case .string: seconds = Timestamp.parseRFC3339(bytes: text(value.span))
        case .other, .absent: seconds = nil
        }
        // Not a time (or out of range: infinite): the full reading says why.
        guard let seconds, seconds.isFinite else { throw NotFlat() }
        return seconds
    }

    /// A JSON number literal (already validated) as a `Double`, rounded as `Double(String)` rounds. Plain decimals
    /// of up to 15 significant digits (every time navgraph writes) are exact as integer ÷ power of ten, both exactly
    /// representable, so one correctly rounded division gives the same result; anything else goes to `strtod`.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var significand: UInt64 = 0
        var digits = 0
        var fraction = 0
        var seenPoint = false
        var plain = true
        var index = 0
        let negative = bytes.first == 0x2D
        if negative { index = 1 }
        while index < bytes.count {
            let byte = bytes[index]
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
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer -> Double? in
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(buffer.baseAddress!, &end)
            return end == buffer.baseAddress! + bytes.count ? value : nil
        }
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }
}
