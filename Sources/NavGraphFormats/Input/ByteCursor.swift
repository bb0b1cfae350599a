/// Reads a line front to back: a position in a `ByteLine`, every read checked against the end — past it a read gives
/// `nil` or `false`, never a trap, whatever the line holds (cut short, empty, not text). For layouts read by rules one
/// byte at a time (`log`'s columns, JSON), where an index computed from the input must never be trusted.
struct ByteCursor {
    let bytes: ByteLine
    /// The next byte to read; `bytes.count` at the end.
    private(set) var index: Int

    init(_ bytes: ByteLine, at index: Int = 0) {
        self.bytes = bytes
        self.index = min(max(0, index), bytes.count)
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, `nil` at the end.
    var peek: UInt8? { bytes[index] }

    /// Moves past the next byte; `nil` at the end.
    mutating func next() -> UInt8? {
        guard let byte = peek else { return nil }
        index += 1
        return byte
    }

    /// Moves past `byte` if it is next.
    @inline(__always)
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Moves past `text` if the bytes from here are its UTF-8.
    mutating func take(_ text: StaticString) -> Bool {
        guard bytes.matches(text, at: index) else { return false }
        index += text.utf8CodeUnitCount
        return true
    }

    /// Moves past `count` ASCII digits if that many are next. (A console time's every field is read with this, on
    /// each line that starts with a digit: looked at byte by byte, inlined.)
    @inline(__always)
    mutating func take(digits count: Int) -> Bool {
        for offset in 0..<count {
            guard let byte = bytes[index + offset], byte.isASCIIDigit else { return false }
        }
        index += count
        return true
    }

    /// Moves past the bytes that satisfy `test`; how many there were.
    @discardableResult
    mutating func skip(while test: (UInt8) -> Bool) -> Int {
        let start = index
        index = bytes.endOfRun(from: index, while: test)
        return index - start
    }

    /// Moves to `position`, kept within the line.
    mutating func move(to position: Int) {
        index = min(max(0, position), bytes.count)
    }

    /// The bytes from `start` to here, empty when `start` is not before here.
    func slice(from start: Int) -> ByteLine { bytes.slice(from: start, to: index) }

    /// The bytes from here to the end.
    var rest: ByteLine { bytes.slice(from: index) }
}

extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isASCIIHexDigit: Bool { isASCIIDigit || ((self | 0x20) >= 0x61 && (self | 0x20) <= 0x66) }
    var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    /// A space or a tab: what separates `log`'s columns.
    var isBlank: Bool { self == 0x20 || self == 0x09 }
}
