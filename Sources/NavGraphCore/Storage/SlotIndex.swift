/// Key → slot number, an open-addressing hash table (linear probing) that keeps each key's hash and leaves the keys
/// where they live (the caller's slots).
///
/// `Dictionary` costs a SipHash of the whole key per lookup, and on removal it hashes the keys it shifts back; models
/// come and go all the time in a long session. Here a key is hashed once by the caller (for strings, a fast
/// multiplicative hash of the bytes, seeded per process), the hash is kept, and removal moves stored hashes without
/// touching keys. Used for the hierarchy's model keys and the SwiftUINavigation reader's printed names.
public struct SlotIndex: Sendable {
    /// Per bucket: the key's hash with the low bit set (0 marks an empty bucket), and its slot.
    @usableFromInline var hashes: [UInt64]
    @usableFromInline var slotOfBucket: [Int32]
    public private(set) var count = 0

    public init() {
        hashes = Array(repeating: 0, count: 16)
        slotOfBucket = Array(repeating: -1, count: 16)
    }

    private static let seed: UInt64 = UInt64.random(in: 1...UInt64.max)

    /// The hash to store for a string key (never 0).
    public static func hash(_ key: String) -> UInt64 {
        // A native string's bytes are read where they are: `withUTF8` needs a mutable copy, whose retain and release
        // of the storage is atomic, on strings the reading thread shares.
        if let hash = key.utf8.withContiguousStorageIfAvailable({ hash(bytes: UnsafeRawBufferPointer($0)) }) {
            return hash
        }
        var key = key
        return key.withUTF8 { hash(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// A seeded hash of `bytes`, eight at a time (never 0; every bit depends on every byte). Also what the readers
    /// hash names and ids with.
    public static func hash(bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
            hash = (hash ^ tail) &* 0xFF51_AFD7_ED55_8CCD
        }
        hash ^= hash >> 29
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 32
        return hash | 1
    }

    /// The same hash (`hash(bytes:)`) of any bytes: read in place where they lie together (an array, a slice, a
    /// line's buffer), else copied first. Inlinable, so a caller's collection is not boxed across the module.
    @inlinable
    public static func hash<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) -> UInt64 {
        if let hash = bytes.withContiguousStorageIfAvailable({ hash(bytes: UnsafeRawBufferPointer($0)) }) {
            return hash
        }
        return Array(bytes).withUnsafeBytes { hash(bytes: $0) }
    }

    /// A hash to store from one word that already identifies a key (never 0; well mixed into the bits used).
    public static func hash(word: UInt64) -> UInt64 {
        var hash = (word ^ seed) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        hash &*= 0x94D0_49BB_1331_11EB
        hash ^= hash >> 29
        return hash | 1
    }

    /// The slot whose key is `key`, hashed to `hash`; `keyOf` gives a slot's key.
    @inlinable
    public func slot<Key: Equatable>(for key: Key, hash: UInt64, keyOf: (Int) -> Key) -> Int? {
        let mask = hashes.count - 1
        var bucket = Int(truncatingIfNeeded: hash >> 7) & mask
        while true {
            let stored = hashes[bucket]
            if stored == 0 { return nil }
            if stored == hash {
                let slot = Int(slotOfBucket[bucket])
                if keyOf(slot) == key { return slot }
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Adds a key known to be absent, hashed to `hash`, for `slot`.
    public mutating func insert(hash: UInt64, slot: Int) {
        if (count + 1) * 2 > hashes.count { grow() }
        place(hash: hash, slot: Int32(slot))
        count += 1
    }

    private mutating func place(hash: UInt64, slot: Int32) {
        let mask = hashes.count - 1
        var bucket = Int(truncatingIfNeeded: hash >> 7) & mask
        while hashes[bucket] != 0 { bucket = (bucket + 1) & mask }
        hashes[bucket] = hash
        slotOfBucket[bucket] = slot
    }

    private mutating func grow() {
        let oldHashes = hashes
        let oldSlots = slotOfBucket
        hashes = Array(repeating: 0, count: oldHashes.count * 2)
        slotOfBucket = Array(repeating: -1, count: oldHashes.count * 2)
        for bucket in oldHashes.indices where oldHashes[bucket] != 0 {
            place(hash: oldHashes[bucket], slot: oldSlots[bucket])
        }
    }

    /// Removes the entry of `slot`, whose key hashed to `hash`. Later entries of the probe run shift back into the
    /// gap (no tombstones, so lookups stay short however many models came and went).
    public mutating func remove(slot: Int, hash: UInt64) {
        let mask = hashes.count - 1
        var gap = Int(truncatingIfNeeded: hash >> 7) & mask
        while !(hashes[gap] == hash && slotOfBucket[gap] == Int32(slot)) {
            guard hashes[gap] != 0 else { return }
            gap = (gap + 1) & mask
        }
        var next = (gap + 1) & mask
        while hashes[next] != 0 {
            let home = Int(truncatingIfNeeded: hashes[next] >> 7) & mask
            // The entry at `next` may fill the gap if its home bucket is not in (gap, next] (cyclically).
            let movable = gap <= next ? (home <= gap || home > next) : (home <= gap && home > next)
            if movable {
                hashes[gap] = hashes[next]
                slotOfBucket[gap] = slotOfBucket[next]
                gap = next
            }
            next = (next + 1) & mask
        }
        hashes[gap] = 0
        slotOfBucket[gap] = -1
        count -= 1
    }

}
