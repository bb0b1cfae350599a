/// The hashes of the long keys the reducer looked up last, found by the identity of the key's storage rather than by
/// reading its bytes: a reader names the same model with the same string object event after event (a NavigatorUI
/// navigator's UUID in every push and pop onto its stack), and that object was just written by the reading thread on
/// the other core, so reading its bytes to hash them is a cache miss (see docs/performance-notes.md).
///
/// Invariants:
/// - An entry retains its key, so the key's storage cannot be freed and reused for another string while its address
///   stands for it here; the address and the length together name the bytes.
/// - Small strings (15 bytes or fewer) are held in the value itself, with no storage to name them: they are hashed
///   every time (cheap: no memory to fetch).
/// - What it gives is always `SlotIndex.hash(key)`.
struct KeyHashMemo: Sendable {
    private struct Known: Sendable {
        /// Retained: see above.
        var key: String
        var address: UInt
        var count: Int
        var hash: UInt64
    }

    /// Eight places, by the storage address (bits 4–6: strings' storage is 16-byte aligned).
    private var known = RecentItems<Known>(size: 8)

    /// `SlotIndex.hash(key)`.
    mutating func hash(_ key: String) -> UInt64 {
        let count = key.utf8.count
        guard count > 15,
            let address = key.utf8.withContiguousStorageIfAvailable({ UInt(bitPattern: $0.baseAddress) })
        else { return SlotIndex.hash(key) }
        // `RecentItems` places by bits 20 and up: the address moved there, and 1 so that it is never 0.
        let place = UInt64(address) &<< 16 | 1
        if let hash = known.lookUp(hash: place, { $0.address == address && $0.count == count ? $0.hash : nil }) {
            return hash
        }
        let hash = SlotIndex.hash(key)
        known.store(Known(key: key, address: address, count: count, hash: hash), hash: place)
        return hash
    }
}
