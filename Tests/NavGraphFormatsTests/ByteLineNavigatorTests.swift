import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The operations the NavigatorUI reader added to `ByteLine` (`ByteLine+Navigator.swift`): words read at a position
/// and a comparison with a string, total as the others are.
@Suite("ByteLine, the NavigatorUI reader's operations", .tags(.memory))
struct ByteLineNavigatorTests {
    /// A word is the bytes at the position, the first one lowest; one that does not fit inside the line is `nil`.
    @Test func wordsAreReadLittleEndianAndOnlyInside() {
        let bytes: [UInt8] = [0x4E, 0x61, 0x76, 0x69, 0x67, 0x61, 0x74, 0x6F, 0x72, 0x20]
        bytes.withByteLine { line in
            #expect(line.littleEndianUInt64(at: 0) == 0x6F74_6167_6976_614E)
            #expect(line.littleEndianUInt64(at: 2) == 0x2072_6F74_6167_6976)
            #expect(line.littleEndianUInt32(at: 6) == 0x2072_6F74 && line.littleEndianUInt16(at: 8) == 0x2072)
            #expect(line.littleEndianUInt64(at: 3) == nil && line.littleEndianUInt32(at: 7) == nil)
            #expect(line.littleEndianUInt16(at: 9) == nil && line.littleEndianUInt16(at: -1) == nil)
            #expect(line.slice(from: 8).littleEndianUInt16(at: 0) == 0x2072)
            #expect(line.slice(from: 3).littleEndianUInt64(at: 0) == nil)
        }
        [UInt8]().withByteLine { line in
            #expect(line.littleEndianUInt64(at: 0) == nil && line.littleEndianUInt32(at: 0) == nil)
            #expect(line.littleEndianUInt16(at: 0) == nil)
        }
    }

    /// On random lines and positions (past both ends too), each word is the bytes read one by one, or `nil`
    /// exactly when one of them is outside the line; and `holdsSameBytes` is a comparison of the bytes.
    @Test func randomWordsAndComparisonsAgreeWithTheBytes() {
        var random = SplitMix(seed: 39)
        func expected(_ bytes: [UInt8], at index: Int, count: Int) -> UInt64? {
            guard index >= 0, index + count <= bytes.count else { return nil }
            return (0..<count).reduce(UInt64(0)) { $0 | UInt64(bytes[index + $1]) << (8 * $1) }
        }
        var inside = 0
        for _ in 0..<4_000 {
            let bytes = (0..<Int.random(in: 0...20, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let index = Int.random(in: -10...22, using: &random)
            bytes.withByteLine { line in
                #expect(line.littleEndianUInt64(at: index) == expected(bytes, at: index, count: 8), "\(bytes) \(index)")
                #expect(line.littleEndianUInt32(at: index).map(UInt64.init) == expected(bytes, at: index, count: 4))
                #expect(line.littleEndianUInt16(at: index).map(UInt64.init) == expected(bytes, at: index, count: 2))
                if line.littleEndianUInt64(at: index) != nil { inside += 1 }
                let other = Int.random(in: 0..<3, using: &random) == 0 ? bytes : Array(bytes.dropLast())
                let string = String(decoding: other, as: UTF8.self)
                #expect(line.holdsSameBytes(as: string) == (Array(string.utf8) == bytes))
            }
        }
        #expect(inside > 500)
    }

    /// Non-ASCII text compares by its UTF-8; a longer or shorter string is not the same; the empty string is the
    /// empty line.
    @Test func comparisonWithStrings() {
        "Navigator é".withByteLine { line in
            #expect(line.holdsSameBytes(as: "Navigator é") && !line.holdsSameBytes(as: "Navigator e"))
            #expect(!line.holdsSameBytes(as: "Navigator é ") && !line.holdsSameBytes(as: ""))
            #expect(line.slice(from: 99).holdsSameBytes(as: ""))
        }
    }
}
