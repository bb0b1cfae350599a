import NavGraphCore

/// A navigator's UUID as printed (36 ASCII bytes, either case), held as five words: the tree finds its navigators by
/// this value, and makes the UUID's string only for a navigator it has not seen. As strings, each line's UUIDs were
/// hashed, compared and retained (then released on the other thread, with the events holding them).
struct NavigatorUUID: Hashable {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt32)

    /// The 36 bytes at the start of `bytes`, as little-endian words (callers have tested them with
    /// `NavigatorLine.isUUID`; a word past the end of a shorter line would be 0).
    init(_ bytes: ByteLine) {
        func word(_ offset: Int) -> UInt64 { bytes.littleEndianUInt64(at: offset) ?? 0 }
        words = (word(0), word(8), word(16), word(24), bytes.littleEndianUInt32(at: 32) ?? 0)
    }

    /// A 36-byte ASCII UUID's string (as the text reading makes it).
    init(_ string: String) {
        self = string.withByteLine { NavigatorUUID($0) }
    }

    /// The value no UUID has, for a free slot.
    static let none = NavigatorUUID(words: (0, 0, 0, 0, 0))

    private init(words: (UInt64, UInt64, UInt64, UInt64, UInt32)) {
        self.words = words
    }

    static func == (left: NavigatorUUID, right: NavigatorUUID) -> Bool {
        left.words.0 == right.words.0 && left.words.1 == right.words.1 && left.words.2 == right.words.2
            && left.words.3 == right.words.3 && left.words.4 == right.words.4
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
        hasher.combine(words.4)
    }

    /// The hash to find it by in a `SlotIndex` (the words mixed, then `SlotIndex.hash(word:)`).
    var slotHash: UInt64 {
        let mixed =
            words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15) ^ (words.2 &* 0xC2B2_AE3D_27D4_EB4F)
            ^ (words.3 &* 0x1656_67B1_9E37_79F9) ^ (UInt64(words.4) &* 0x85EB_CA77_C2B2_AE63)
        return SlotIndex.hash(word: mixed)
    }

    /// The UUID as printed.
    var string: String { text(count: 36) }

    /// Its first three bytes as one number (the shown prefix, for comparing).
    var prefixWord: UInt32 {
        UInt32(truncatingIfNeeded: words.0 & 0xFF_FFFF)
    }

    /// Its first three characters, as ids are shown.
    var prefix: String { text(count: 3) }

    /// Its first `count` bytes as a string, decoded from an array of them: decoding a collection that is not
    /// contiguous went through the generic path (a new navigator per sheet).
    private func text(count: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for offset in 0..<count {
            let word: UInt64
            switch offset >> 3 {
            case 0: word = words.0
            case 1: word = words.1
            case 2: word = words.2
            case 3: word = words.3
            default: word = UInt64(words.4)
            }
            bytes.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(offset & 7))))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
