/// The models that finished most recently, at most `limit`, each with the line it finished on: enough to name an id
/// that starts again after its finish (`start of 'X', which finished at line N`) without keeping every id ever seen.
///
/// Kept apart from the hierarchy's slots: a finished model's slot used to stay taken until its finish was forgotten,
/// `limit` finishes later, and by then the slot, its key index entry and its strings were long out of the cache, and
/// the slot table held thousands of dead slots among the live ones. Here a finish is an entry of a ring, found by its key through a
/// small index of its own, and the slot goes as soon as nothing else needs it.
struct RecentFinishes: Sendable {
    static let limit = 4096

    private struct Entry {
        /// Empty once forgotten (the model started again).
        var key: String
        var hash: UInt64
        var line: Int
    }

    /// A ring of `limit` entries once full; `oldest` is where the next one goes then.
    private var entries: [Entry] = []
    private var oldest = 0
    private var index = SlotIndex()

    /// Remembers that the model with `key` (hashed to `hash`) finished at `line`, forgetting the oldest finish once
    /// `limit` are remembered. A key is remembered at most once: only a model alive finishes, and its start forgot
    /// any finish of the key before (not looked up again here: a lookup per finish, for nothing).
    mutating func remember(_ key: String, hash: UInt64, line: Int) {
        assert(index.slot(for: key, hash: hash, keyOf: { entries[$0].key }) == nil, "\(key) is remembered already")
        let entry = Entry(key: key, hash: hash, line: line)
        if entries.count < Self.limit {
            index.insert(hash: hash, slot: entries.count)
            entries.append(entry)
            return
        }
        let position = oldest
        oldest = (oldest + 1) % Self.limit
        if !entries[position].key.isEmpty { index.remove(slot: position, hash: entries[position].hash) }
        entries[position] = entry
        index.insert(hash: hash, slot: position)
    }

    /// The line the model with `key` finished on, if remembered; forgotten from now (it starts again).
    mutating func forget(_ key: String, hash: UInt64) -> Int? {
        guard let position = index.slot(for: key, hash: hash, keyOf: { entries[$0].key }) else { return nil }
        index.remove(slot: position, hash: hash)
        entries[position].key = ""
        return entries[position].line
    }

    /// Keys of the finishes remembered, with the line each finished on.
    var lines: [String: Int] {
        var result: [String: Int] = [:]
        for entry in entries where !entry.key.isEmpty { result[entry.key] = entry.line }
        return result
    }
}
