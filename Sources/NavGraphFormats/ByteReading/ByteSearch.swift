import Foundation

/// The searches behind `ByteLine`'s that run many bytes at a time: `memchr` for a byte, `memchr` and `memcmp` for a
/// word, `memcmp` for two runs of bytes, eight bytes to a word for where a JSON string's plain text stops. Asked of
/// every line (`<private>` in a unified log, `{"event"`, a line's brackets), where a byte-by-byte search in Swift
/// showed in the profile of a reading thread that does little else per line.
@usableFromInline
enum ByteSearch {
    /// The offset of the first `byte` in `bytes`, `nil` when there is none.
    @usableFromInline
    static func firstOffset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, !bytes.isEmpty, let found = memchr(base, Int32(byte), bytes.count) else {
            return nil
        }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The offset of the first occurrence of `needle` in `bytes`, `nil` when there is none (or `needle` is empty).
    @usableFromInline
    static func firstOffset(of needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = needle.utf8CodeUnitCount
        guard length > 0, bytes.count >= length, let base = bytes.baseAddress else { return nil }
        let first = Int32(needle.utf8Start.pointee)
        var offset = 0
        // The last place the needle can start is `bytes.count - length`; `memchr` looks no further.
        while offset <= bytes.count - length,
            let found = memchr(base + offset, first, bytes.count - length - offset + 1)
        {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, needle.utf8Start, length) == 0 { return at }
            offset = at + 1
        }
        return nil
    }

    /// Whether the two runs hold the same bytes.
    @usableFromInline
    static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress, !left.isEmpty else { return true }
        return memcmp(leftBase, rightBase, left.count) == 0
    }

    /// The offset of the first quote, backslash or control character (below 0x20) — with `orNonASCII` also of a byte
    /// at or above 0x7F — in `bytes`, `nil` when there is none.
    @usableFromInline @inline(__always)
    static func firstStringBreak(in bytes: UnsafeBufferPointer<UInt8>, orNonASCII: Bool) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            // A byte of `quotes`/`slashes` is 0 where the word has that character; `(x - 1) & ~x` sets the high bit
            // of a zero byte, and `(x - 0x20) & ~x` of a byte below 0x20; `(x + 1) | x` that of a byte at or above
            // 0x7F. Bits above the first hit can be wrong (a borrow or a carry), the lowest set bit never is.
            let quotes = word ^ (ones &* 0x22)
            let slashes = word ^ (ones &* 0x5C)
            var hits = (quotes &- ones) & ~quotes | (slashes &- ones) & ~slashes | (word &- ones &* 0x20) & ~word
            if orNonASCII { hits |= (word &+ ones) | word }
            hits &= highBits
            if hits != 0 { return offset + hits.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 || (orNonASCII && byte >= 0x7F) { return offset }
            offset += 1
        }
        return nil
    }

    /// Whether every byte is ASCII (`isASCII`, eight at a time).
    @usableFromInline
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.isASCII }
}
