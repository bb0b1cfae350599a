/// A fixed number of recently stored values, found by hash: each hash has one place in the table, and a value stored
/// there replaces whatever was (direct-mapped, no eviction policy beyond that), so memory stays bounded however many
/// distinct values a log has. For work that recurs within a few lines or states: a value worked out once is taken
/// from here while it stays recent.
///
/// The caller hashes (never 0: 0 marks an empty place; `SlotIndex.hash` never is) and keeps in the value whatever
/// tells a stored value from another with the same hash (the bytes it was made from): `lookUp`'s `match` compares
/// them and projects what the caller needs out of the value read in place. Reading a value out whole copied it,
/// retaining and releasing its arrays and strings once per lookup — on the readers' hot paths, reference counting
/// was their largest cost.
public struct RecentItems<Value> {
    @usableFromInline struct Entry {
        @usableFromInline var hash: UInt64
        @usableFromInline var value: Value

        @inlinable init(hash: UInt64, value: Value) {
            self.hash = hash
            self.value = value
        }
    }

    @usableFromInline var entries: [Entry?]
    @usableFromInline let mask: Int

    /// An empty table of `size` places, a power of two.
    @inlinable public init(size: Int) {
        precondition(size > 0 && size & (size - 1) == 0, "a power of two")
        entries = Array(repeating: nil, count: size)
        mask = size - 1
    }

    /// The place of `hash`: bits above those `SlotIndex` buckets use, so a value and its index entry are not
    /// placed alike.
    @inlinable func place(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> 20) & mask
    }

    /// What `match` makes of the value stored under `hash`; `nil` when none is, or `match` says it is another one.
    @inlinable
    public func lookUp<Found>(hash: UInt64, _ match: (Value) -> Found?) -> Found? {
        let place = place(hash)
        return entries.withUnsafeBufferPointer { entries -> Found? in
            guard entries[place]?.hash == hash else { return nil }
            return match(entries[place]!.value)
        }
    }

    /// Stores `value` under `hash`, replacing whatever was in its place.
    @inlinable
    public mutating func store(_ value: Value, hash: UInt64) {
        entries[place(hash)] = Entry(hash: hash, value: value)
    }
}

extension RecentItems: Sendable where Value: Sendable {}
extension RecentItems.Entry: Sendable where Value: Sendable {}
