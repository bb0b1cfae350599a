#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavGraphCore

/// The common shape of a navgraph-events v1 line, recognized without building a document: one object whose members
/// are all known fields with plain values — strings without escapes, printable ASCII; numbers; booleans; null.
///
/// This is the fast path for big logs. Anything else (an escape, non-ASCII text, a nested value, an unknown or
/// repeated member, a syntax error) is not judged here: `scan` returns `nil` and the line goes through the full
/// parser, which accepts or reports it exactly as before. So both paths agree by construction.
struct FlatEventLine {
    enum Field: Int, CaseIterable {
        case event, id, type, parent, style, kind, window, title, label, count, time, column

        static let names = allCases.map { "\($0)" }

        init?(name: String) {
            guard let index = Self.names.firstIndex(of: name) else { return nil }
            self.init(rawValue: index)
        }
    }

    enum ValueKind { case string, number, other }

    struct Value {
        var kind: ValueKind
        /// The string's contents (without quotes), or the number's literal.
        var span: Range<Int>
    }

    private(set) var values: [Value?] = Array(repeating: nil, count: Field.allCases.count)

    subscript(field: Field) -> Value? { values[field.rawValue] }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> FlatEventLine? {
        var line = FlatEventLine()
        var position = 0
        let end = bytes.count

        func skipWhitespace() {
            while position < end, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D { position += 1 }
        }
        /// A string without escapes and with only printable ASCII: its contents' range.
        func plainString() -> Range<Int>? {
            guard position < end, bytes[position] == 0x22 else { return nil }
            let start = position + 1
            var index = start
            while index < end {
                let byte = bytes[index]
                if byte == 0x22 { position = index + 1; return start..<index }
                if byte < 0x20 || byte >= 0x7F || byte == 0x5C { return nil }
                index += 1
            }
            return nil
        }
        /// A JSON number, validated: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
        func number() -> Range<Int>? {
            let start = position
            func digits() -> Int {
                let from = position
                while position < end, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
                return position - from
            }
            if position < end, bytes[position] == 0x2D { position += 1 }
            guard position < end else { return nil }
            if bytes[position] == 0x30 {
                position += 1
            } else if digits() == 0 {
                return nil
            }
            if position < end, bytes[position] == 0x2E {
                position += 1
                guard digits() > 0 else { return nil }
            }
            if position < end, bytes[position] == 0x65 || bytes[position] == 0x45 {
                position += 1
                if position < end, bytes[position] == 0x2B || bytes[position] == 0x2D { position += 1 }
                guard digits() > 0 else { return nil }
            }
            return start..<position
        }
        func word(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard end - position >= count else { return false }
            for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] { return false }
            position += count
            return true
        }

        skipWhitespace()
        guard position < end, bytes[position] == 0x7B else { return nil }
        position += 1
        skipWhitespace()
        guard position < end, bytes[position] != 0x7D else { return nil }  // `{}`: let the full parser say what is missing
        while true {
            guard let keySpan = plainString(), let field = Self.field(bytes, keySpan) else { return nil }
            guard line.values[field.rawValue] == nil else { return nil }
            skipWhitespace()
            guard position < end, bytes[position] == 0x3A else { return nil }
            position += 1
            skipWhitespace()
            guard position < end else { return nil }
            let value: Value
            switch bytes[position] {
            case 0x22:
                guard let span = plainString() else { return nil }
                value = Value(kind: .string, span: span)
            case 0x2D, 0x30...0x39:
                guard let span = number() else { return nil }
                value = Value(kind: .number, span: span)
            case 0x74:
                guard word("true") else { return nil }
                value = Value(kind: .other, span: position..<position)
            case 0x66:
                guard word("false") else { return nil }
                value = Value(kind: .other, span: position..<position)
            case 0x6E:
                guard word("null") else { return nil }
                value = Value(kind: .other, span: position..<position)
            default:
                return nil
            }
            line.values[field.rawValue] = value
            skipWhitespace()
            guard position < end else { return nil }
            if bytes[position] == 0x2C {
                position += 1
                skipWhitespace()
                continue
            }
            guard bytes[position] == 0x7D else { return nil }
            position += 1
            skipWhitespace()
            return position == end ? line : nil
        }
    }

    private static let fieldNames: [[UInt8]] = Field.names.map { Array($0.utf8) }

    private static func field(_ bytes: UnsafeBufferPointer<UInt8>, _ span: Range<Int>) -> Field? {
        for field in Field.allCases {
            let name = fieldNames[field.rawValue]
            guard name.count == span.count, name[0] == bytes[span.lowerBound] else { continue }
            if name.withUnsafeBufferPointer({ $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[span])) }) { return field }
        }
        return nil
    }
}

/// The fields of a flat line, for `EventLogReader.action(named:)`. Anything unexpected — a member of the wrong kind,
/// a value out of range, an array the line cannot hold — throws without a message: the line then goes through the
/// full parser, which says what is wrong. Names that repeat on every line (types, windows, styles, kinds) come from
/// the reader's `NameTable`, so they cost no allocation.
struct FlatEventFields: EventFieldReading {
    let line: FlatEventLine
    let bytes: UnsafeBufferPointer<UInt8>
    let names: NameTable

    var event: String { "" }

    private static let notFlat = EventFields.Problem(message: "")

    private func value(_ name: String) -> FlatEventLine.Value? {
        FlatEventLine.Field(name: name).flatMap { line[$0] }
    }

    private func text(_ span: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[span]) }

    func optionalString(_ name: String) throws(EventFields.Problem) -> String? {
        guard let field = FlatEventLine.Field(name: name), let value = line[field] else { return nil }
        guard value.kind == .string else { throw Self.notFlat }
        switch field {
        case .event, .type, .kind, .style, .window, .column: return names.name(text(value.span))
        default: return String(decoding: text(value.span), as: UTF8.self)
        }
    }

    func positiveInteger(_ name: String, default fallback: Int) throws(EventFields.Problem) -> Int {
        guard let value = value(name) else { return fallback }
        guard value.kind == .number, let number = Int(String(decoding: text(value.span), as: UTF8.self)), number >= 1 else {
            throw Self.notFlat
        }
        return number
    }

    func strings(_ name: String) throws(EventFields.Problem) -> [String] { throw Self.notFlat }

    func snapshots() throws(EventFields.Problem) -> [Snapshot] { throw Self.notFlat }

    func time() throws(EventFields.Problem) -> Double? {
        guard let value = line[.time] else { return nil }
        let seconds: Double?
        switch value.kind {
        case .number: seconds = Self.double(text(value.span))
        case .string: seconds = Timestamp.parseRFC3339(bytes: text(value.span))
        case .other: seconds = nil
        }
        guard let seconds else { throw Self.notFlat }
        return seconds
    }

    /// A JSON number literal (already validated) as a `Double`, rounded as `Double(String)` rounds.
    private static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer -> Double? in
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(buffer.baseAddress!, &end)
            return end == buffer.baseAddress! + bytes.count ? value : nil
        }
    }
}
