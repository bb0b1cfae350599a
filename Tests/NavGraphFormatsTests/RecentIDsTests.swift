import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// `RecentIDs` hands out the string its bytes spell, whatever it held before: the same string (one storage) for bytes
/// seen lately, a new one for bytes that took an older id's place.
@Suite("Recent ids", .tags(.memory))
struct RecentIDsTests {
    private static func string(_ text: [UInt8], from ids: RecentIDs) -> String {
        text.withByteLine { ids.string($0) }
    }

    @Test func anIdSeenAgainIsTheSameString() {
        let ids = RecentIDs()
        let first = Self.string(Array("8C1F0A2E-4B7D-4E7A-9E34-1D2C3B4A5F60".utf8), from: ids)
        let again = Self.string(Array("8C1F0A2E-4B7D-4E7A-9E34-1D2C3B4A5F60".utf8), from: ids)
        #expect(first == again)
        // One storage: the reducer's key comparison finds them equal without reading the bytes.
        let storage = { (string: String) in string.utf8.withContiguousStorageIfAvailable { $0.baseAddress } }
        #expect(storage(first) == storage(again))
    }

    @Test func manyIdsReadAsTheirBytes() {
        // Far more ids than places: every place is taken over many times, and each answer is still its own bytes.
        var random = SplitMix(seed: 39)
        let ids = RecentIDs()
        let digits = Array("0123456789ABCDEF-")
        var pool: [String] = []
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &random)
            pool.append(String((0..<length).map { _ in digits[Int.random(in: 0..<digits.count, using: &random)] }))
        }
        for _ in 0..<100_000 {
            let id = pool.randomElement(using: &random)!
            #expect(Self.string(Array(id.utf8), from: ids) == id)
        }
    }

    @Test func bytesThatAreNotUTF8AreRepairedAsLineTextIs() {
        let ids = RecentIDs()
        let bytes: [UInt8] = [0x41, 0xFF, 0x42]
        let made = Self.string(bytes, from: ids)
        #expect(made == bytes.withByteLine { $0.text })
        #expect(Self.string(bytes, from: ids) == made)
        // The repaired string's bytes differ from the line's: a later lookup must not take one for the other.
        #expect(Self.string(Array(made.utf8), from: ids) == made)
    }
}
