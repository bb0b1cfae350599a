/// `ByteLine`'s word-at-a-time search for either of two bytes, which the SwiftUINavigation reader asks of every
/// navigation line (a type name checked for brackets). Byte by byte, it showed in that reader's profile; eight bytes
/// to a word it did not. Total, as every operation of `ByteLine`: positions past either end are clamped, and nothing
/// found is `false`.
extension ByteLine {
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
