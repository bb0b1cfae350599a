/// A wall-clock time, as the system gives it (no `Date` on the hot path).
struct Timespec {
    var seconds: Int
    var nanoseconds: Int

    static func now() -> Timespec {
        let now = Platform.wallClock()
        return Timespec(seconds: now.seconds, nanoseconds: now.nanoseconds)
    }
}

/// Writes the end of a line: `,"time":` with seconds since 1970 and microseconds (a plain decimal, which navgraph
/// reads exactly), `}` and `\n`. The bytes up to the decimal point change once a second, so they are formatted once a
/// second and copied: formatting the seconds for every event (a `div` per digit) was most of the encoder's own time.
struct TimeStampWriter {
    /// The most a line's end takes: `,"time":`, 19 digits, `.`, 6 digits, `}\n`.
    static let maximumLength = 8 + 19 + 1 + 6 + 2

    private var second = Int.min
    /// `,"time":<seconds>.` for `second`: at most 28 bytes.
    private var prefix: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var prefixLength = 0

    /// Writes the line's end for `time` at `start`; returns its length.
    mutating func write(_ time: Timespec, at start: UnsafeMutablePointer<UInt8>) -> Int {
        if time.seconds != second { format(second: time.seconds) }
        withUnsafeBytes(of: prefix) { bytes in
            UnsafeMutableRawPointer(start).copyMemory(from: bytes.baseAddress!, byteCount: prefixLength)
        }
        var micros = UInt32(truncatingIfNeeded: time.nanoseconds / 1000)
        let digits = start + prefixLength
        for offset in stride(from: 5, through: 0, by: -1) {
            digits[offset] = 0x30 + UInt8(truncatingIfNeeded: micros % 10)
            micros /= 10
        }
        digits[6] = 0x7D
        digits[7] = 0x0A
        return prefixLength + 8
    }

    private mutating func format(second: Int) {
        self.second = second
        let length = withUnsafeMutableBytes(of: &prefix) { bytes in
            var out = LineWriter(cursor: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            out.literal(#","time":"#)
            out.decimal(UInt64(max(second, 0)))
            out.byte(0x2E)
            return bytes.baseAddress!.assumingMemoryBound(to: UInt8.self).distance(to: out.cursor)
        }
        prefixLength = length
    }
}
