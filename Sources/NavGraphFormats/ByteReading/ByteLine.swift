/// The bytes of one line (or part of one), read by position with operations that are all *total*: an index or a
/// length past either end gives `nil` or an empty slice, never a trap — a bounds-checked trap is still a crash, and a
/// console can put anything on a line. Readers written against it need no arithmetic that can cross an end.
///
/// Shaped after Foundation's `BufferView` and `Span` (SE-0447): a view of bytes someone else owns, valid only while
/// the line is being read (never stored). Moving to `Span<UInt8>` once the OS floors allow it is a change of this
/// file alone.
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

    /// The bytes from `start` up to `end` (exclusive), both clamped to the line: `start` past `end` is empty.
    @inlinable
    public func slice(from start: Int, to end: Int? = nil) -> ByteLine {
        let upper = Swift.min(Swift.max(end ?? bytes.count, 0), bytes.count)
        let lower = Swift.min(Swift.max(start, 0), upper)
        return ByteLine(UnsafeBufferPointer(rebasing: bytes[lower..<upper]))
    }

    @inlinable public func dropFirst(_ count: Int = 1) -> ByteLine { slice(from: count) }
    @inlinable public func dropLast(_ count: Int = 1) -> ByteLine { slice(from: 0, to: bytes.count - count) }
    @inlinable public func prefix(_ count: Int) -> ByteLine { slice(from: 0, to: count) }
    @inlinable public func suffix(_ count: Int) -> ByteLine { slice(from: bytes.count - count) }

    /// The first position at or after `start` holding `byte`.
    @inlinable
    public func firstIndex(of byte: UInt8, from start: Int = 0) -> Int? {
        var index = Swift.max(start, 0)
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
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

    /// The last position holding `byte`.
    @inlinable
    public func lastIndex(of byte: UInt8) -> Int? {
        var index = bytes.count - 1
        while index >= 0 {
            if bytes[index] == byte { return index }
            index -= 1
        }
        return nil
    }

    /// The first position at or after `start` where `word` begins.
    @inlinable
    public func firstIndex(of word: StaticString, from start: Int = 0) -> Int? {
        let length = word.utf8CodeUnitCount
        guard length > 0 else { return Swift.min(Swift.max(start, 0), bytes.count) }
        let first = word.utf8Start[0]
        var index = Swift.max(start, 0)
        while index + length <= bytes.count {
            if bytes[index] == first, matches(word, at: index) { return index }
            index += 1
        }
        return nil
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

    @inlinable public func hasPrefix(_ word: StaticString) -> Bool { matches(word, at: 0) }
    @inlinable public func hasSuffix(_ word: StaticString) -> Bool {
        matches(word, at: bytes.count - word.utf8CodeUnitCount)
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

    /// The text, invalid UTF-8 replaced (for messages).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
