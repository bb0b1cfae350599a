/// The hashes of the long keys the reducer looked up last, found by the identity of the key's storage rather than by
/// reading its bytes.
///
/// A reader names the same model with the same string object event after event (a NavigatorUI navigator's UUID in
/// every push and pop onto its stack). That object lives on the reading thread, which retains it for each new event:
/// reading its bytes here to hash them fetched the cache line the other core had just written (hashing keys was about
/// a tenth of the thread that applies a NavigatorUI log's events, perf, 100 MB). A key kept here is retained, so its
/// storage cannot be freed and reused for another string while its address stands for it. Small strings (15 bytes or
/// fewer) are held in the value itself, with no storage to name them: they are hashed every time (cheap: no memory to
/// fetch).
struct KeyHashMemo: Sendable {
    private static let size = 8
    private var keys = [String](repeating: "", count: size)
    private var addresses = [UInt](repeating: 0, count: size)
    private var counts = [Int](repeating: 0, count: size)
    private var hashes = [UInt64](repeating: 0, count: size)

    /// `SlotIndex.hash(key)`.
    mutating func hash(_ key: String) -> UInt64 {
        let count = key.utf8.count
        guard count > 15,
            let address = key.utf8.withContiguousStorageIfAvailable({ UInt(bitPattern: $0.baseAddress) })
        else { return SlotIndex.hash(key) }
        let entry = Int(truncatingIfNeeded: address >> 4) & (Self.size - 1)
        if addresses[entry] == address && counts[entry] == count { return hashes[entry] }
        let hash = SlotIndex.hash(key)
        keys[entry] = key
        addresses[entry] = address
        counts[entry] = count
        hashes[entry] = hash
        return hash
    }
}
