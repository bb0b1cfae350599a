import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// A stack entry's key is made byte by byte in a reused buffer (`DumpNavigation.entryKey`); these check that it is
/// exactly the interpolation it replaced, `"\(key)/\(position)-\(String(hash, radix: 16))"`, which every golden file
/// and every later dump's keys were made by.
@Suite("Swift dump() stack entry keys", .tags(.memory))
struct DumpEntryKeyTests {
    private static func interpolated(_ key: String, _ position: Int, _ hash: UInt64) -> String {
        "\(key)/\(position)-\(String(hash, radix: 16))"
    }

    @Test func edgesReadAsTheInterpolation() {
        var bytes: [UInt8] = []
        let strings = RecentIDs()
        let keys = ["", "main", "main/home/path", "wíndow ▿/päth", String(repeating: "k", count: 300)]
        let positions = [0, 1, 9, 10, 99, 100, 12_345, Int.max, -1, Int.min]
        let hashes: [UInt64] = [0, 1, 0xF, 0x10, 0xFFFF_FFFF, 0x1_0000_0000, 0xcbf2_9ce4_8422_2325, .max, 1 << 63]
        for key in keys {
            for position in positions {
                for hash in hashes {
                    let made = DumpNavigation.entryKey(key, position: position, hash: hash, in: &bytes, from: strings)
                    #expect(made == Self.interpolated(key, position, hash))
                }
            }
        }
    }

    @Test func randomEntriesReadAsTheInterpolation() {
        var random = SplitMix(seed: 39)
        var bytes: [UInt8] = []
        let strings = RecentIDs()
        for _ in 0..<5_000 {
            let key = String(repeating: "a/", count: Int.random(in: 0...20, using: &random))
            let position = Int.random(in: 0...1_000_000, using: &random)
            // Hashes of every width: the leading zeros are left out.
            let hash = random.next() >> UInt64.random(in: 0...63, using: &random)
            let made = DumpNavigation.entryKey(key, position: position, hash: hash, in: &bytes, from: strings)
            #expect(made == Self.interpolated(key, position, hash), "\(key) \(position) \(hash)")
        }
    }
}
