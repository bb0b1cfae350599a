import NavGraphCore

/// How many live navigators are shown with each type and UUID prefix, for the `#2` suffixes of `NavigatorTree`: a
/// table found through a `SlotIndex` by the type's hash and the prefix's three bytes. A `Dictionary` keyed by the
/// pair of strings hashed and compared both on every navigator made and released (a sheet's navigator per
/// presentation).
struct ShownIDCounts {
    private struct Label: Equatable {
        var type: String
        var prefix: UInt32
    }

    private struct Entry {
        var label: Label
        var hash: UInt64
        var count: Int
    }

    private var index = SlotIndex()
    private var entries = SlotTable<Entry>()

    /// Counts one more navigator shown as `type` with `prefix`; the count now, and the label's hash to give
    /// `decrement` (hashing the type, with SipHash, was half of what the table cost).
    mutating func increment(type: String, prefix: UInt32) -> (count: Int, hash: UInt64) {
        let label = Label(type: type, prefix: prefix)
        let hash = Self.hash(label)
        if let slot = index.slot(for: label, hash: hash, keyOf: { entries[$0].label }) {
            entries[slot].count += 1
            return (entries[slot].count, hash)
        }
        index.insert(hash: hash, slot: entries.insert(Entry(label: label, hash: hash, count: 1)))
        return (1, hash)
    }

    /// Counts one navigator shown as `type` with `prefix` less (none when none was counted); `hash`: what
    /// `increment` gave for them.
    mutating func decrement(type: String, prefix: UInt32, hash: UInt64) {
        let label = Label(type: type, prefix: prefix)
        guard let slot = index.slot(for: label, hash: hash, keyOf: { entries[$0].label }) else { return }
        if entries[slot].count > 1 {
            entries[slot].count -= 1
            return
        }
        index.remove(slot: slot, hash: hash)
        _ = entries.remove(slot, leaving: Entry(label: Label(type: "", prefix: 0), hash: 0, count: 0))
    }

    /// The type's own hash (`hashValue`, not one of its bytes: types equal as strings, `K` and the Kelvin sign, hash
    /// alike) mixed with the prefix.
    private static func hash(_ label: Label) -> UInt64 {
        let type = UInt64(bitPattern: Int64(label.type.hashValue))
        return SlotIndex.hash(word: type ^ UInt64(label.prefix) &* 0x9E37_79B9_7F4A_7C15)
    }
}
