import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// `ByteLine`'s word-at-a-time bracket searches (`ByteLine+Dump.swift`): total at and past both ends, and the same
/// answers as a byte-by-byte search on random lines.
@Suite("ByteLine bracket searches", .tags(.memory))
struct ByteLineBracketTests {
    @Test func positionsPastTheEndsAreClamped() {
        "a[b]c[".withByteLine { line in
            #expect(line.lastIndex(of: 0x5B, before: 6) == 5)
            #expect(line.lastIndex(of: 0x5B, before: 5) == 1)
            #expect(line.lastIndex(of: 0x5B, before: Int.max) == 5)
            #expect(line.lastIndex(of: 0x5B, before: 1) == nil)
            #expect(
                line.lastIndex(of: 0x5B, before: -3) == nil && line.lastIndex(of: 0x5B, before: Int.min) == nil)
            #expect(line.containsEither(0x5B, 0x5D, from: 0, to: 2) && !line.containsEither(0x5B, 0x5D, from: 2, to: 3))
            #expect(line.containsEither(0x5B, 0x5D, from: -9, to: Int.max))
            #expect(
                !line.containsEither(0x5B, 0x5D, from: 4, to: 2) && !line.containsEither(0x5B, 0x5D, from: 9, to: 20))
            #expect(!line.containsEither(0x5B, 0x5D, from: Int.min, to: Int.min))
        }
        "".withByteLine { line in
            #expect(line.lastIndex(of: 0x5B, before: 0) == nil && !line.containsEither(0x5B, 0x5D, from: 0, to: 9))
        }
    }

    /// Lines long enough to take the eight-byte path, with the bytes looked for (and bytes one bit from them, which
    /// a word trick could take for them) anywhere.
    @Test func bracketsAreFoundAsByteByByte() {
        var random = SplitMix(seed: 39)
        let alphabet: [UInt8] = [0x5B, 0x5D, 0x5A, 0x5C, 0xDB, 0xDD, 0x1B, 0x00, 0xFF, 0x80, 0x7F, 0x20]
        for _ in 0..<4_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Int.random(in: 0..<5, using: &random) == 0
                    ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0x41...0x7A, using: &random)
            }
            let start = Int.random(in: -2...42, using: &random)
            let end = Int.random(in: -2...42, using: &random)
            let byte = alphabet.randomElement(using: &random)!
            let clampedEnd = min(max(end, 0), bytes.count)
            let expectedLast = (0..<clampedEnd).last { bytes[$0] == byte }
            #expect(bytes.withByteLine { $0.lastIndex(of: byte, before: end) } == expectedLast, "\(bytes) \(end)")
            let clampedStart = min(max(start, 0), clampedEnd)
            let expectedEither = (clampedStart..<clampedEnd).contains { bytes[$0] == 0x5B || bytes[$0] == 0x5D }
            #expect(
                bytes.withByteLine { $0.containsEither(0x5B, 0x5D, from: start, to: end) } == expectedEither,
                "\(bytes) \(start)..<\(end)")
        }
    }
}
