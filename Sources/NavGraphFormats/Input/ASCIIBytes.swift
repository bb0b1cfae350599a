extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII, eight at a time. Readers read ASCII text byte by byte, where each byte is one
    /// character, and other text as characters.
    var isASCII: Bool {
        guard let base = baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
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
