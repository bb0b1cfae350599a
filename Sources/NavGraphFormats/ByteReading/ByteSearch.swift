import Foundation

/// Whether a line holds some bytes, found with `memchr` for their first byte and `memcmp` for the rest: asked of every
/// line read from a unified log (`<private>`) and of lines that start like a `log` entry (`"eventMessage":`), where a
/// byte-by-byte search in Swift showed in the profile of a reading thread that does little else per line.
enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `bytes`, `nil` when there is none (or `needle` is empty).
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

    static func contains(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstOffset(of: needle, in: bytes) != nil
    }
}
