/// Reads a line's bytes front to back, every read checked against the end: past it a read gives `nil` or `false`,
/// never a trap, whatever the line holds (cut short, empty, not text). For layouts read by rules one byte at a time
/// (`log`'s columns, JSON), where an index computed from the input must never be trusted.
struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read; `bytes.count` at the end.
    private(set) var index: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0) {
        self.bytes = bytes
        self.index = min(max(0, index), bytes.count)
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, `nil` at the end.
    var peek: UInt8? { byte(at: index) }

    /// The byte at `position`, `nil` outside the line.
    func byte(at position: Int) -> UInt8? {
        position >= 0 && position < bytes.count ? bytes[position] : nil
    }

    /// Moves past the next byte; `nil` at the end.
    mutating func next() -> UInt8? {
        guard let byte = peek else { return nil }
        index += 1
        return byte
    }

    /// Moves past `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Moves past `text` if the bytes from here are its UTF-8.
    mutating func take(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = text.withUTF8Buffer { expected in
            expected.indices.allSatisfy { bytes[index + $0] == expected[$0] }
        }
        if matches { index += count }
        return matches
    }

    /// Moves past `count` ASCII digits if that many are next.
    mutating func take(digits count: Int) -> Bool {
        guard index + count <= bytes.count, (index..<(index + count)).allSatisfy({ bytes[$0].isASCIIDigit }) else {
            return false
        }
        index += count
        return true
    }

    /// Moves past the bytes that satisfy `test`; how many there were.
    @discardableResult
    mutating func skip(while test: (UInt8) -> Bool) -> Int {
        let start = index
        while let byte = peek, test(byte) { index += 1 }
        return index - start
    }

    /// Moves to `position`, kept within the line.
    mutating func move(to position: Int) {
        index = min(max(0, position), bytes.count)
    }

    /// The bytes from `start` to here, empty when `start` is not before here.
    func slice(from start: Int) -> UnsafeBufferPointer<UInt8> {
        let from = min(max(0, start), index)
        return UnsafeBufferPointer(rebasing: bytes[from..<index])
    }

    /// The bytes from here to the end.
    var rest: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[index...]) }
}

extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isASCIIHexDigit: Bool { isASCIIDigit || ((self | 0x20) >= 0x61 && (self | 0x20) <= 0x66) }
    var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    /// A space or a tab: what separates `log`'s columns.
    var isBlank: Bool { self == 0x20 || self == 0x09 }
}
