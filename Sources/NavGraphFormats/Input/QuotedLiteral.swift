/// Where a byte scan is relative to double-quoted literals with backslash escapes — a JSON string in a NavigationPath
/// array, a Swift string in `dump()` output — so brackets, dots and names inside one are read as text.
struct QuotedLiteral {
    private(set) var isOpen = false
    private var escaped = false

    /// Takes the next byte: whether it belongs to a literal, its quotes included.
    @inline(__always)
    mutating func takes(_ byte: UInt8) -> Bool {
        if isOpen {
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == .quote {
                isOpen = false
            }
            return true
        }
        if byte == .quote {
            isOpen = true
            return true
        }
        return false
    }
}
