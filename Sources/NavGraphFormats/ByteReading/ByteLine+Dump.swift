/// `ByteLine`'s word-at-a-time searches for brackets, which the SwiftUINavigation reader asks of every navigation
/// line: a dump line is found from its end (the last `[` before its `]>`), and a type name is checked for brackets on
/// each line. Byte by byte, both showed in that reader's profile; eight bytes to a word they did not. Total, as every
/// operation of `ByteLine`: positions past either end are clamped, and nothing found is `nil` or `false`.
extension ByteLine {
    /// The last position before `end` (clamped to the line) holding `byte`, eight bytes at a time from `end` down.
    @inlinable
    public func lastPosition(of byte: UInt8, before end: Int) -> Int? {
        var index = Swift.min(Swift.max(end, 0), bytes.count)
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

    /// Whether `first` or `second` is among the bytes from `start` up to `end` (both clamped to the line), eight
    /// bytes at a time.
    @inlinable
    public func containsEither(_ first: UInt8, _ second: UInt8, from start: Int, to end: Int) -> Bool {
        let upper = Swift.min(Swift.max(end, 0), bytes.count)
        var index = Swift.min(Swift.max(start, 0), upper)
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            // Any zero byte sets a high bit (the lowest zero byte's always; a false one only above a true one).
            func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
            while index + 8 <= upper {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if hasZeroByte(word ^ (UInt64(first) &* ones)) || hasZeroByte(word ^ (UInt64(second) &* ones)) {
                    return true
                }
                index += 8
            }
        }
        while index < upper {
            if bytes[index] == first || bytes[index] == second { return true }
            index += 1
        }
        return false
    }
}
