extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII, eight at a time. Readers read ASCII text byte by byte, where each byte is one
    /// character, and other text as characters.
    var isASCII: Bool {
        guard let base = baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        // Four words to a test: a NavigatorUI log's lines (a pushed value's description, mostly) are checked whole.
        while index + 32 <= count {
            let bits =
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
            if bits & 0x8080_8080_8080_8080 != 0 { return false }
            index += 32
        }
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if self[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }
}
