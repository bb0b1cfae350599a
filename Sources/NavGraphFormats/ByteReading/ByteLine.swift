import NavGraphCore

/// The bytes of one line (or part of one), read by position with operations that are all *total*: an index or a
/// length past either end gives `nil` or an empty slice, never a trap — a bounds-checked trap is still a crash, and a
/// console can put anything on a line. Readers written against it need no arithmetic that can cross an end.
///
/// Shaped after Foundation's `BufferView` and `Span` (SE-0447): a view of bytes someone else owns, valid only while
/// the line is being read (never stored). Moving to `Span<UInt8>` once the OS floors allow it is a change of this
/// file alone. Searches that pay for it run many bytes at a time (`memchr`, `memcmp`, eight bytes to a word) here, so
/// that a reader's loop over a line stays ordinary Swift.
public struct ByteLine {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

    @inlinable @inline(__always)
    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    @inlinable public var count: Int { bytes.count }
    @inlinable public var isEmpty: Bool { bytes.isEmpty }

    /// The byte at `index`, or `nil` outside the line.
    @inlinable @inline(__always)
    public subscript(index: Int) -> UInt8? {
        index >= 0 && index < bytes.count ? bytes[index] : nil
    }

    @inlinable public var first: UInt8? { self[0] }
    @inlinable public var last: UInt8? { self[bytes.count - 1] }

    /// The bytes from `start` up to `end` (exclusive), both clamped to the line: `start` past `end` is empty.
    @inlinable
    public func slice(from start: Int, to end: Int? = nil) -> ByteLine {
        let upper = Swift.min(Swift.max(end ?? bytes.count, 0), bytes.count)
        let lower = Swift.min(Swift.max(start, 0), upper)
        return ByteLine(UnsafeBufferPointer(rebasing: bytes[lower..<upper]))
    }

    /// The bytes of `range`, clamped to the line.
    @inlinable public func slice(_ range: Range<Int>) -> ByteLine {
        slice(from: range.lowerBound, to: range.upperBound)
    }

    @inlinable public func dropFirst(_ count: Int = 1) -> ByteLine { slice(from: count) }
    @inlinable public func dropLast(_ count: Int = 1) -> ByteLine { slice(from: 0, to: bytes.count - count) }
    @inlinable public func prefix(_ count: Int) -> ByteLine { slice(from: 0, to: count) }
    @inlinable public func suffix(_ count: Int) -> ByteLine { slice(from: bytes.count - count) }

    /// The first position at or after `start` holding `byte` (`memchr`: a line's end, a separator, a bracket are
    /// looked for in every line).
    @inlinable
    public func firstIndex(of byte: UInt8, from start: Int = 0) -> Int? {
        let from = Swift.max(start, 0)
        guard from < bytes.count else { return nil }
        return ByteSearch.firstOffset(of: byte, in: UnsafeBufferPointer(rebasing: bytes[from...])).map { from + $0 }
    }

    /// The first position at or after `start` whose byte passes `test`.
    @inlinable
    public func firstIndex(from start: Int = 0, where test: (UInt8) -> Bool) -> Int? {
        var index = Swift.max(start, 0)
        while index < bytes.count {
            if test(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    /// Where the run of bytes passing `test` that starts at `start` ends: the first position at or after `start`
    /// whose byte fails it, or `count` (`start` itself, clamped to the line, when its byte fails).
    @inlinable
    public func endOfRun(from start: Int, while test: (UInt8) -> Bool) -> Int {
        var index = Swift.min(Swift.max(start, 0), bytes.count)
        while index < bytes.count, test(bytes[index]) { index += 1 }
        return index
    }

    /// Where the run of bytes passing `test` that ends just before `end` (the line's end when `nil`) starts: the
    /// position after the last byte before `end` that fails it, or 0.
    @inlinable
    public func startOfRun(before end: Int? = nil, while test: (UInt8) -> Bool) -> Int {
        var index = Swift.min(Swift.max(end ?? bytes.count, 0), bytes.count)
        while index > 0, test(bytes[index - 1]) { index -= 1 }
        return index
    }

    /// The last position before `end` (the line's end when `nil`; clamped to the line) holding `byte`, eight bytes
    /// at a time from `end` down (the SwiftUINavigation reader finds a dump line's last `[` before its `]>` so on
    /// every navigation line).
    @inlinable
    public func lastIndex(of byte: UInt8, before end: Int? = nil) -> Int? {
        var index = Swift.min(Swift.max(end ?? bytes.count, 0), bytes.count)
        if let base = bytes.baseAddress {
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
            while index >= 8 {
                let word = UnsafeRawPointer(base + index - 8).loadUnaligned(as: UInt64.self) ^ pattern
                // High bit set exactly in the bytes that were `byte` (no carry crosses a byte): exact, so the
                // highest one is the last such byte (little-endian: the highest byte of the word is the last).
                let matches = ~(((word & lows) &+ lows) | word | lows)
                if matches != 0 { return index - 8 + (63 - matches.leadingZeroBitCount) / 8 }
                index -= 8
            }
        }
        while index > 0 {
            index -= 1
            if bytes[index] == byte { return index }
        }
        return nil
    }

    /// The last position before `end` (the line's end when `nil`) whose byte passes `test`.
    @inlinable
    public func lastIndex(before end: Int? = nil, where test: (UInt8) -> Bool) -> Int? {
        var index = Swift.min(end ?? bytes.count, bytes.count) - 1
        while index >= 0 {
            if test(bytes[index]) { return index }
            index -= 1
        }
        return nil
    }

    /// The first position at or after `start` where `word` begins (`memchr` for its first byte, `memcmp` for the
    /// rest).
    @inlinable
    public func firstIndex(of word: StaticString, from start: Int = 0) -> Int? {
        let from = Swift.max(start, 0)
        guard word.utf8CodeUnitCount > 0 else { return Swift.min(from, bytes.count) }
        guard from < bytes.count else { return nil }
        return ByteSearch.firstOffset(of: word, in: UnsafeBufferPointer(rebasing: bytes[from...])).map { from + $0 }
    }

    @inlinable public func contains(_ word: StaticString) -> Bool { firstIndex(of: word) != nil }
    @inlinable public func contains(_ byte: UInt8) -> Bool { firstIndex(of: byte) != nil }

    /// Whether `word` is at `index` (all of it inside the line).
    @inlinable
    public func matches(_ word: StaticString, at index: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index >= 0, index <= bytes.count - length else { return false }
        let text = word.utf8Start
        var offset = 0
        while offset < length {
            if bytes[index + offset] != text[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether the bytes of `other` are at `index` (all of them inside the line).
    @inlinable
    public func matches(_ other: ByteLine, at index: Int) -> Bool {
        guard index >= 0, index <= bytes.count - other.count else { return false }
        return ByteSearch.same(UnsafeBufferPointer(rebasing: bytes[index..<(index + other.count)]), other.bytes)
    }

    /// Whether `bytes` are at `index` (all of them inside the line).
    @inlinable
    public func matches(_ bytes: [UInt8], at index: Int) -> Bool {
        bytes.withByteLine { matches($0, at: index) }
    }

    @inlinable public func hasPrefix(_ word: StaticString) -> Bool { matches(word, at: 0) }
    @inlinable public func hasSuffix(_ word: StaticString) -> Bool {
        matches(word, at: bytes.count - word.utf8CodeUnitCount)
    }

    /// Whether `word` (small ASCII letters) is at `index`, the line's ASCII capitals taken as small letters.
    @inlinable
    public func matches(caseFolded word: StaticString, at index: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index >= 0, index <= bytes.count - length else { return false }
        var offset = 0
        while offset < length {
            let byte = bytes[index + offset]
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != word.utf8Start[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether `word` (small ASCII letters) is somewhere in the line, its ASCII capitals taken as small letters.
    @inlinable
    public func contains(caseFolded word: StaticString) -> Bool {
        var index = 0
        while index <= bytes.count - word.utf8CodeUnitCount {
            if matches(caseFolded: word, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Whether the line, its ASCII capitals taken as small letters, ends in `word` (small ASCII letters).
    @inlinable
    public func hasCaseFoldedSuffix(_ word: StaticString) -> Bool {
        matches(caseFolded: word, at: bytes.count - word.utf8CodeUnitCount)
    }

    /// Whether the line is exactly `word`.
    @inlinable public static func == (line: ByteLine, word: StaticString) -> Bool {
        line.count == word.utf8CodeUnitCount && line.hasPrefix(word)
    }

    /// The line without spaces, tabs and carriage returns at either end.
    @inlinable
    public var trimmed: ByteLine {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        var start = 0
        var end = bytes.count
        while start < end, isBlank(bytes[start]) { start += 1 }
        while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        return slice(from: start, to: end)
    }

    /// The parts between each `separator` (empty parts kept), as `split(omittingEmptySubsequences: false)`.
    public func split(separator: UInt8) -> [ByteLine] {
        var parts: [ByteLine] = []
        var start = 0
        while let found = firstIndex(of: separator, from: start) {
            parts.append(slice(from: start, to: found))
            start = found + 1
        }
        parts.append(slice(from: start))
        return parts
    }

    /// The decimal number of digits starting at `index`, and where it ends; `nil` when no digit is there or the
    /// number does not fit an `Int`.
    public func decimal(at index: Int) -> (value: Int, end: Int)? {
        var value = 0
        var end = Swift.max(index, 0)
        while let byte = self[end], byte >= 0x30, byte <= 0x39 {
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times.addingReportingOverflow(Int(byte - 0x30))
            guard !overflowed, !overflowedAgain else { return nil }
            value = sum
            end += 1
        }
        return end > Swift.max(index, 0) ? (value, end) : nil
    }

    /// The hexadecimal number (either case) starting at `index`, and where it ends; `nil` when no hex digit is there
    /// or the number does not fit a `UInt64`.
    public func hexadecimal(at index: Int) -> (value: UInt64, end: Int)? {
        var value: UInt64 = 0
        var end = Swift.max(index, 0)
        while let byte = self[end], let digit = Self.hexDigit(byte) {
            guard value >> 60 == 0 else { return nil }
            value = value << 4 | UInt64(digit)
            end += 1
        }
        return end > Swift.max(index, 0) ? (value, end) : nil
    }

    @usableFromInline static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// The first position at or after `start` of a quote, a backslash or a control character (below 0x20) — and,
    /// with `orNonASCII`, of a byte at or above 0x7F: where a JSON string's plain text stops. Eight bytes at a time:
    /// byte by byte, finding where each string ends was the largest part of reading a NavigationPath log.
    @inlinable
    public func firstQuoteBackslashOrControl(from start: Int, orNonASCII: Bool = false) -> Int? {
        let from = Swift.max(start, 0)
        guard from < bytes.count else { return nil }
        return ByteSearch.firstStringBreak(in: UnsafeBufferPointer(rebasing: bytes[from...]), orNonASCII: orNonASCII)
            .map { from + $0 }
    }

    /// The line read as an RFC 3339 date-time (`Timestamp.parseRFC3339`), in seconds since 1970; `nil` when it is
    /// not one.
    @inlinable public var rfc3339Time: Double? { Timestamp.parseRFC3339(bytes: bytes) }

    /// Whether every byte is ASCII (eight at a time).
    @inlinable public var isASCII: Bool { ByteSearch.isASCII(bytes) }

    /// The seeded hash `SlotIndex` and the readers' tables of recent things find bytes by (never 0).
    @inlinable public var tableHash: UInt64 { SlotIndex.hash(bytes: UnsafeRawBufferPointer(bytes)) }

    /// The text, invalid UTF-8 replaced (for messages).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text when it is valid UTF-8; `nil` otherwise.
    public var validatedText: String? { String(validating: bytes, as: UTF8.self) }
}

extension ByteLine: Equatable {
    /// The same bytes (`memcmp`).
    @inlinable public static func == (left: ByteLine, right: ByteLine) -> Bool {
        ByteSearch.same(left.bytes, right.bytes)
    }
}

extension Array where Element == UInt8 {
    /// A copy of the line's bytes (for what outlives the line).
    @inlinable public init(_ line: ByteLine) { self.init(line.bytes) }

    /// Appends the line's bytes.
    @inlinable public mutating func append(contentsOf line: ByteLine) { append(contentsOf: line.bytes) }

    /// The bytes as a line while `body` runs (the line is not valid after it).
    @inlinable
    public func withByteLine<Value, Failure: Error>(_ body: (ByteLine) throws(Failure) -> Value) throws(Failure)
        -> Value
    {
        try withUnsafeBufferPointer { (buffer) throws(Failure) -> Value in try body(ByteLine(buffer)) }
    }
}

extension String {
    /// The string's UTF-8 as a line while `body` runs (the line is not valid after it).
    @inlinable
    public func withByteLine<Value, Failure: Error>(_ body: (ByteLine) throws(Failure) -> Value) throws(Failure)
        -> Value
    {
        var text = self
        // `withUTF8` rethrows untyped: the body's failure is carried out as a result.
        let result = text.withUTF8 { buffer in Result { () throws(Failure) -> Value in try body(ByteLine(buffer)) } }
        return try result.get()
    }
}
