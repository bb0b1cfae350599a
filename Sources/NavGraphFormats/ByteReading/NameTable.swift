import Foundation
import NavGraphCore

/// Names as printed — type names, window names, presentation styles — each decoded and validated once. A session
/// prints a few dozen names millions of times; every line after the first with a name costs one hash of its bytes
/// and no allocation, and every string of one name shares one storage.
///
/// Grows with the number of distinct names, which an app bounds (its model types); ids are not interned.
final class NameTable {
    struct Entry {
        let name: String
        /// The bytes are valid UTF-8 (`name` is then exact, not repaired).
        let isValidUTF8: Bool
        /// The name holds `[` or `]` (not a SwiftUINavigation type name).
        let containsBracket: Bool
    }

    @exclusivity(unchecked) private(set) var entries: [Entry] = []
    @exclusivity(unchecked) private var plainTypeNames: [Bool] = []
    /// Every name's bytes, one after another: name `i` is `spelling[offsets[i]..<offsets[i + 1]]`. Compared in
    /// place on every lookup (no entry, and none of its strings, copied).
    @exclusivity(unchecked) private var spelling: [UInt8] = []
    @exclusivity(unchecked) private var offsets: [Int] = [0]
    /// Per entry: the node kind the name spells, once asked (`.some(nil)`: not a kind).
    @exclusivity(unchecked) private var kinds = PerName<NodeKind?>()
    /// Open addressing: entry index + 1, 0 for an empty slot.
    @exclusivity(unchecked) private var slots: [Int32] = Array(repeating: 0, count: 64)
    @exclusivity(unchecked) private var slotHashes: [UInt64] = Array(repeating: 0, count: 64)

    /// The index of the name spelled by `bytes`, added on first sight.
    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = SlotIndex.hash(bytes: UnsafeRawBufferPointer(bytes))
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 7) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if slotHashes[slot] == hash, Self.equal(spelling, offsets[index], offsets[index + 1], bytes) {
                return index
            }
            slot = (slot + 1) & mask
        }
        let validated = String(validating: bytes, as: UTF8.self)
        entries.append(
            Entry(
                name: validated ?? String(decoding: bytes, as: UTF8.self),
                isValidUTF8: validated != nil, containsBracket: bytes.contains { $0 == 0x5B || $0 == 0x5D }))
        spelling.append(contentsOf: bytes)
        offsets.append(spelling.count)
        plainTypeNames.append(entries[entries.count - 1].isValidUTF8 && !entries[entries.count - 1].containsBracket)
        slots[slot] = Int32(entries.count)
        slotHashes[slot] = hash
        if entries.count * 2 > slots.count { grow() }
        return entries.count - 1
    }

    /// The index of the name spelled by `line`, added on first sight.
    func index(of line: ByteLine) -> Int { index(of: line.bytes) }

    /// The interned string for `line`.
    func name(_ line: ByteLine) -> String { name(line.bytes) }

    /// The node kind `line` spells (`stack`, `tabs`, …), or `nil`; judged once per distinct name.
    func kind(_ line: ByteLine) -> NodeKind? { kind(line.bytes) }

    subscript(index: Int) -> Entry { entries[index] }

    /// Whether the name at `index` is usable as a SwiftUINavigation type name: valid UTF-8, no brackets. Kept apart
    /// from the entries so that asking on every line copies no strings.
    func isPlainTypeName(at index: Int) -> Bool { plainTypeNames[index] }

    /// The interned string for `bytes`.
    func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String { entries[index(of: bytes)].name }

    /// The node kind `bytes` spell (`stack`, `tabs`, …), or `nil`; judged once per distinct name.
    func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> NodeKind? {
        let index = index(of: bytes)
        return kinds.value(at: index) { NodeKind(rawValue: entries[index].name) }
    }

    /// Whether `spelling[start..<end]` is `bytes`.
    private static func equal(_ spelling: [UInt8], _ start: Int, _ end: Int, _ bytes: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard end - start == bytes.count else { return false }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return spelling.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, base, bytes.count) == 0 }
    }

    private func grow() {
        let size = slots.count * 2
        var newSlots = [Int32](repeating: 0, count: size)
        var newHashes = [UInt64](repeating: 0, count: size)
        for slot in slots.indices where slots[slot] != 0 {
            var target = Int(truncatingIfNeeded: slotHashes[slot] >> 7) & (size - 1)
            while newSlots[target] != 0 { target = (target + 1) & (size - 1) }
            newSlots[target] = slots[slot]
            newHashes[target] = slotHashes[slot]
        }
        slots = newSlots
        slotHashes = newHashes
    }
}
