/// A fixed number of recently stored values, found by hash: each hash has one place in the table, and a value stored
/// there replaces whatever was (direct-mapped, no eviction policy beyond that), so memory stays bounded however many
/// distinct values a log has. For work that recurs within a few lines or states: a value worked out once is taken
/// from here while it stays recent.
///
/// The caller hashes (never 0: 0 marks an empty place; `SlotIndex.hash` never is) and keeps in the value whatever
/// tells a stored value from another with the same hash (the bytes it was made from): `lookUp`'s `match` compares
/// them and projects what the caller needs out of the value read in place.
///
/// Values live in memory this table manages (`Places`), not in an array of optionals: reading an `Optional` element
/// out of an array copied it whole — every lookup retained and released the value's arrays and strings through the
/// generic value witnesses, 17% more instructions for the dump reader than its hand-written caches had. A value here
/// is read through a pointer, so `match` borrows it. A value type still: a copied table shares its places until one
/// side stores (copy on write).
public struct RecentItems<Value> {
    @usableFromInline var places: Places
    @usableFromInline let mask: Int

    /// An empty table of `size` places, a power of two.
    @inlinable public init(size: Int) {
        precondition(size > 0 && size & (size - 1) == 0, "a power of two")
        places = Places(size: size)
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
        guard places.hashes[place] == hash else { return nil }
        return match(places.values[place])
    }

    /// Stores `value` under `hash`, replacing whatever was in its place.
    @inlinable
    public mutating func store(_ value: Value, hash: UInt64) {
        if !isKnownUniquelyReferenced(&places) { places = places.copy() }
        places.store(value, hash: hash, at: place(hash))
    }
}

extension RecentItems {
    /// The table's memory: `hashes[i] == 0` marks place `i` empty (its value uninitialized).
    @usableFromInline final class Places {
        @usableFromInline let size: Int
        @usableFromInline let hashes: UnsafeMutablePointer<UInt64>
        @usableFromInline let values: UnsafeMutablePointer<Value>

        @inlinable init(size: Int) {
            self.size = size
            hashes = .allocate(capacity: size)
            hashes.initialize(repeating: 0, count: size)
            values = .allocate(capacity: size)
        }

        @inlinable func store(_ value: Value, hash: UInt64, at place: Int) {
            if hashes[place] == 0 {
                (values + place).initialize(to: value)
            } else {
                values[place] = value
            }
            hashes[place] = hash
        }

        @inlinable func copy() -> Places {
            let copy = Places(size: size)
            for place in 0..<size where hashes[place] != 0 {
                copy.store(values[place], hash: hashes[place], at: place)
            }
            return copy
        }

        @inlinable deinit {
            for place in 0..<size where hashes[place] != 0 {
                (values + place).deinitialize(count: 1)
            }
            values.deallocate()
            hashes.deallocate()
        }
    }
}

// Places are only changed through a uniquely referenced table (copy on write), so sharing them is as safe as sharing
// an array.
extension RecentItems: @unchecked Sendable where Value: Sendable {}
