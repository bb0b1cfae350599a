/// Operations the NavigatorUI reader needs beyond `ByteLine.swift`'s, total as those are: a word read from a position
/// (`nil` unless all of its bytes are inside the line), and a comparison with a string kept from an earlier line.
///
/// Words: a navigator's UUID is tested and held as five words read eight bytes at a time (most lines hold two
/// UUIDs), and the logger's `Navigator ` marker is compared as two.
extension ByteLine {
    /// The 8 bytes at `index` as a little-endian number; `nil` unless all 8 are inside the line.
    @inlinable
    public func littleEndianUInt64(at index: Int) -> UInt64? {
        guard index >= 0, index <= bytes.count - 8 else { return nil }
        return UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }

    /// The 4 bytes at `index` as a little-endian number; `nil` unless all 4 are inside the line.
    @inlinable
    public func littleEndianUInt32(at index: Int) -> UInt32? {
        guard index >= 0, index <= bytes.count - 4 else { return nil }
        return UInt32(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt32.self))
    }

    /// The 2 bytes at `index` as a little-endian number; `nil` unless both are inside the line.
    @inlinable
    public func littleEndianUInt16(at index: Int) -> UInt16? {
        guard index >= 0, index <= bytes.count - 2 else { return nil }
        return UInt16(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt16.self))
    }

    /// Whether the line holds exactly the UTF-8 of `string` (`memcmp` where the string's bytes are contiguous, as a
    /// string made from a line's bytes is): how a table of recent things found by a hash checks an entry.
    @inlinable
    public func holdsSameBytes(as string: String) -> Bool {
        let same = string.utf8.withContiguousStorageIfAvailable { stored in ByteSearch.same(stored, bytes) }
        return same ?? string.utf8.elementsEqual(bytes)
    }
}
