/// Part of a line as the TCA reader reads it: bytes, where the log's words (labels, types, cases, markers) are ASCII
/// and so one byte a character. A decision that would depend on non-ASCII text (a label or a type named in another
/// script) decodes that text and decides on its characters, as `Character`'s properties say (`TCAText`): a
/// `String` per line was most of the reading.
struct TCABytes {
    let buffer: UnsafeBufferPointer<UInt8>

    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    var count: Int { buffer.count }
    var isEmpty: Bool { buffer.isEmpty }
    subscript(index: Int) -> UInt8 { buffer[index] }
    var first: UInt8? { buffer.first }
    var last: UInt8? { buffer.last }

    func dropFirst(_ count: Int = 1) -> TCABytes {
        TCABytes(UnsafeBufferPointer(rebasing: buffer[Swift.min(count, buffer.count)...]))
    }
    func dropLast(_ count: Int = 1) -> TCABytes {
        TCABytes(UnsafeBufferPointer(rebasing: buffer[..<Swift.max(0, buffer.count - count)]))
    }
    func prefix(_ count: Int) -> TCABytes { TCABytes(UnsafeBufferPointer(rebasing: buffer[..<count])) }

    func firstIndex(of byte: UInt8) -> Int? { buffer.firstIndex(of: byte) }

    func hasPrefix(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard count <= buffer.count else { return false }
        return Self.same(text.utf8Start, buffer.baseAddress, count)
    }

    func hasSuffix(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard count <= buffer.count else { return false }
        return Self.same(text.utf8Start, buffer.baseAddress.map { $0 + (buffer.count - count) }, count)
    }

    /// Whether the bytes, ASCII letters lowercased, end in `text` (lowercase ASCII).
    func hasLowercasedSuffix(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard count <= buffer.count else { return false }
        let start = buffer.count - count
        for index in 0..<count {
            var byte = buffer[start + index]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != text.utf8Start[index] { return false }
        }
        return true
    }

    static func == (bytes: TCABytes, text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount && bytes.hasPrefix(text)
    }

    private static func same(_ text: UnsafePointer<UInt8>, _ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
        guard count > 0, let bytes else { return true }
        for index in 0..<count where text[index] != bytes[index] { return false }
        return true
    }

    var isASCII: Bool { buffer.isASCII }
    var string: String { String(decoding: buffer, as: UTF8.self) }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
