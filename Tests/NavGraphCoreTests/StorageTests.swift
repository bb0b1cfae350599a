import NavGraphTestSupport
import Testing

@testable import NavGraphCore

/// The generic tables of `NavGraphCore/Storage`, on their own.
@Suite("Storage", .tags(.memory))
struct StorageTests {
    /// Slots keep their numbers while other elements come and go; a freed slot is the next one used, so the table
    /// is as large as the most elements live at once.
    @Test func slotsAreStableAndReused() {
        var table = SlotTable<String>()
        let a = table.insert("a")
        let b = table.insert("b")
        let c = table.insert("c")
        #expect([a, b, c] == [0, 1, 2])
        #expect(table.remove(b, leaving: "") == "b")
        #expect(table.count == 2 && table.slotCount == 3 && table.freeSlots == [b])
        #expect(table[a] == "a" && table[c] == "c")
        let d = table.insert("d")
        #expect(d == b && table[d] == "d" && table.count == 3 && table.freeSlots.isEmpty)
        table[d] += "!"
        #expect(table[d] == "d!")
        for _ in 0..<1_000 {
            let slot = table.insert("x")
            _ = table.remove(slot, leaving: "")
        }
        #expect(table.slotCount == 4 && table.count == 3)
    }

    /// `insert(resetting:orMaking:)` makes an element only for a new slot, and resets a freed one in place; `free`
    /// leaves the element as it is.
    @Test func aFreedSlotIsResetInPlace() {
        struct Element {
            var value: Int
            var resets = 0
        }
        var table = SlotTable<Element>()
        let first = table.insert(resetting: { $0.resets += 1 }, orMaking: { Element(value: 1) })
        #expect(first.slot == 0 && first.isNew)
        table.free(first.slot)
        #expect(table[first.slot].value == 1 && table.count == 0)
        let second = table.insert(
            resetting: {
                $0.value = 2
                $0.resets += 1
            }, orMaking: { Element(value: -1) })
        #expect(second.slot == 0 && !second.isNew)
        #expect(table[0].value == 2 && table[0].resets == 1)
        let third = table.insert(resetting: { $0.resets += 1 }, orMaking: { Element(value: 3) })
        #expect(third.slot == 1 && third.isNew && table[1].value == 3 && table[1].resets == 0)
    }

    /// A value is found by its hash only when `match` accepts it; a value stored in its place replaces it.
    @Test func recentItemsFindWhatMatchesAndForgetWhatIsReplaced() {
        var items = RecentItems<(key: String, value: Int)>(size: 4)
        let hash = SlotIndex.hash("one")
        items.store(("one", 1), hash: hash)
        #expect(items.lookUp(hash: hash) { $0.key == "one" ? $0.value : nil } == 1)
        // The same hash with other bytes behind it (a collision): not this value.
        #expect(items.lookUp(hash: hash) { $0.key == "uno" ? $0.value : nil } == nil)
        // Another hash, not stored.
        #expect(items.lookUp(hash: hash ^ 2) { $0.value } == nil)
        // A hash with the same place (the bits from 20 up) takes it.
        let sharing = hash ^ 0x2
        items.store(("two", 2), hash: sharing)
        #expect(items.lookUp(hash: hash) { $0.value } == nil)
        #expect(items.lookUp(hash: sharing) { $0.key == "two" ? $0.value : nil } == 2)
        // A hash with another place keeps its own.
        let elsewhere = hash ^ (1 << 20)
        items.store(("three", 3), hash: elsewhere)
        #expect(items.lookUp(hash: sharing) { $0.value } == 2 && items.lookUp(hash: elsewhere) { $0.value } == 3)
    }

    /// An empty table finds nothing, whatever the hash.
    @Test func anEmptyTableFindsNothing() {
        let items = RecentItems<Int>(size: 8)
        for hash: UInt64 in [1, 3, 1 << 20 | 1, .max] { #expect(items.lookUp(hash: hash) { $0 } == nil) }
    }

    /// A copied table is a value: storing into one leaves the other as it was.
    @Test func aCopiedTableKeepsItsOwnValues() {
        var items = RecentItems<String>(size: 8)
        let hash = SlotIndex.hash("one")
        items.store("one", hash: hash)
        var copy = items
        copy.store("uno", hash: hash)
        #expect(items.lookUp(hash: hash) { $0 } == "one")
        #expect(copy.lookUp(hash: hash) { $0 } == "uno")
    }

    /// Values replaced in their place and those left in the table when it goes are released (no leak, no double
    /// release: a class instance's deinit counts them).
    @Test func storedValuesAreReleased() {
        final class Counted {
            nonisolated(unsafe) static var live = 0
            init() { Counted.live += 1 }
            deinit { Counted.live -= 1 }
        }
        do {
            var items = RecentItems<Counted>(size: 4)
            items.store(Counted(), hash: 1)
            items.store(Counted(), hash: 1)  // replaces the first
            items.store(Counted(), hash: 1 | 1 << 20)
            #expect(Counted.live == 2)
            var copy = items
            copy.store(Counted(), hash: 1)
            #expect(Counted.live == 3)
        }
        #expect(Counted.live == 0)
    }

    /// Bytes hash alike however they are held: together (an array, a slice of one that starts past 0) or apart (a
    /// lazy view), at every length around the eight-byte steps.
    @Test func bytesHashAlikeInAnyCollection() {
        let all = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
        for count in 0...20 {
            let bytes = Array(all.prefix(count))
            let expected = bytes.withUnsafeBytes { SlotIndex.hash(bytes: $0) }
            #expect(SlotIndex.hash(contentsOf: bytes) == expected)
            #expect(
                SlotIndex.hash(contentsOf: all[3..<(3 + count)])
                    == Array(all[3..<(3 + count)]).withUnsafeBytes {
                        SlotIndex.hash(bytes: $0)
                    })
            #expect(SlotIndex.hash(contentsOf: bytes.lazy.map { $0 }) == expected)
            if count > 0 { #expect(SlotIndex.hash(contentsOf: bytes.dropLast()) != expected) }
        }
    }
}
