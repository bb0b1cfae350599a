/// A cursor into the buffer a line is written to. The caller has checked that the buffer has room.
struct LineWriter {
    var cursor: UnsafeMutablePointer<UInt8>

    @inline(__always) mutating func byte(_ value: UInt8) {
        cursor.pointee = value
        cursor += 1
    }

    @inline(__always) mutating func literal(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        cursor.update(from: text.utf8Start, count: count)
        cursor += count
    }

    @inline(__always) mutating func member(_ name: StaticString, _ value: String) {
        literal(name)
        string(value)
    }

    /// A JSON string: quotes, backslashes and control characters escaped; everything else (UTF-8) as is.
    mutating func string(_ value: String) {
        byte(0x22)
        if let done = value.utf8.withContiguousStorageIfAvailable({ JSONStringBytes.escape($0, to: cursor) }) {
            cursor = done
        } else {
            var copy = value
            cursor = copy.withUTF8 { JSONStringBytes.escape($0, to: cursor) }
        }
        byte(0x22)
    }

    mutating func decimal(_ value: UInt64) {
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            byte(0x30 + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}

/// The bytes of a JSON string's contents: what `LineWriter.string` writes between the quotes.
enum JSONStringBytes {
    /// Copies `bytes` escaped to `cursor`; returns the cursor after them.
    ///
    /// Names and ids almost never need escaping, so the string is first tested 8 bytes at a time (SWAR: the last
    /// word overlaps the one before it; a string under 8 bytes is padded with letters) and, when no byte needs
    /// escaping, copied whole with one `memcpy`. Otherwise it is escaped byte by byte (`escapeByteByByte`, which the
    /// tests compare this with on random strings). On the bench's `push` events (ids of 3 bytes, type names of about
    /// 20) a string took 139 instructions this way and 185 byte by byte (callgrind).
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, to cursor: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        guard let base = bytes.baseAddress else { return cursor }
        let count = bytes.count
        if count >= 8 {
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset < count - 8 {
                if wordNeedsEscaping(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
                    return escapeByteByByte(bytes, to: cursor)
                }
                offset += 8
            }
            if wordNeedsEscaping(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) {
                return escapeByteByByte(bytes, to: cursor)
            }
        } else {
            var word: UInt64 = 0x4141_4141_4141_4141
            for index in 0..<count { word = word << 8 | UInt64(base[index]) }
            if wordNeedsEscaping(word) { return escapeByteByByte(bytes, to: cursor) }
        }
        cursor.update(from: base, count: count)
        return cursor + count
    }

    /// Whether any byte of `word` is below 0x20, a quote or a backslash (exact: Bit Twiddling Hacks' "determine if
    /// a word has a byte less than n" and "has a zero byte", which never miss and, for "any", never over-report).
    @inline(__always) static func wordNeedsEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let zeroInQuote = (quote &- ones) & ~quote
        let zeroInBackslash = (backslash &- ones) & ~backslash
        return (control | zeroInQuote | zeroInBackslash) & highs != 0
    }

    /// The straightforward escaping, one byte at a time.
    static func escapeByteByByte(_ bytes: UnsafeBufferPointer<UInt8>, to start: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        var cursor = start
        guard let base = bytes.baseAddress else { return cursor }
        var plainStart = 0
        for index in 0..<bytes.count {
            let byte = base[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            cursor.update(from: base + plainStart, count: index - plainStart)
            cursor += index - plainStart
            plainStart = index + 1
            cursor[0] = 0x5C
            switch byte {
            case 0x22, 0x5C:
                cursor[1] = byte
                cursor += 2
            case 0x0A:
                cursor[1] = 0x6E
                cursor += 2
            case 0x0D:
                cursor[1] = 0x72
                cursor += 2
            case 0x09:
                cursor[1] = 0x74
                cursor += 2
            default:
                let hex: StaticString = "0123456789abcdef"
                cursor[1] = 0x75
                cursor[2] = 0x30
                cursor[3] = 0x30
                cursor[4] = hex.utf8Start[Int(byte >> 4)]
                cursor[5] = hex.utf8Start[Int(byte & 0xF)]
                cursor += 6
            }
        }
        cursor.update(from: base + plainStart, count: bytes.count - plainStart)
        return cursor + (bytes.count - plainStart)
    }
}
