import Foundation
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The NavigatorUI reader reads ASCII lines and destinations byte by byte; these check that it reads exactly what
/// the straightforward reading as text reads, on random lines made of the pieces that matter and on every line of
/// the examples and the corpus.
@Suite("NavigatorUI lines, byte by byte", .tags(.memory))
struct NavigatorLineTests {
    private static let uuids = [
        "C0D363A8-5C28-40B3-98E8-3DBE488054BB", "2f3cf02f-08fc-4431-abdd-32685c6d333c",
        "14B0B829-B671-452F-949A-3F61914D5C2", "14B0B829-B671-452F-949A-3F61914D5C25X",
    ]

    /// A generator of the same sequence on every run.
    private struct Random {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func pick<T>(_ choices: [T]) -> T { choices[next(choices.count)] }
    }

    private static func bothReadings(_ text: String) -> (fast: NavigatorLine?, text: NavigatorLine?) {
        text.withByteLine { (NavigatorLine($0), NavigatorLine(readingText: $0)) }
    }

    @Test func randomLinesReadAlike() {
        let pieces =
            [
                "Navigator ", "Navigator", " ", " ", "(", ")", ") ", "()", "\r", "home", "my (odd) name", "é",
                "\u{301}",
                "configured", "current", "current ", "deinit", "popping", "dismissed", "pushing(", "presenting(",
                "adding ", "removing ", "App.Dest.page(1)", "checkpoint",
                "NavigatorUI.AnyNavigationDestination(wrapped: ",
                ", method: NavigatorUI.NavigationMethod.push)", "x",
                // The forms before 2.0.2 (see NavigatorFormatsTests).
                "adding(", "removing(", "adding", "removing", "adding child: ", " checkpoint: ", "navigating to: ",
                ", via: ", "push", "sheet", "managedCover", "send",
            ] + Self.uuids
        // What 0.8–0.9.25 put between `Navigator ` and the UUID.
        let words = [
            "root: ", "configured root: ", "init: ", ", parent: ", "deinit: ", "dimsissing: ", "navigating to: ",
        ]
        var random = Random(state: 2026)
        var readAsLines = 0
        var readAsBare = 0
        for _ in 0..<40_000 {
            var text = random.next(3) == 0 ? "12:00 App[1:2] " : ""
            // Most lines start as the logger's do, so that what follows the UUID is what varies.
            let start = random.next(12)
            var more = true
            switch start {
            case 0: break
            case 1: text += "Navigator " + random.pick(words)
            // Two UUIDs apart: the forms that put a word first and read a second UUID (`init: X, parent: P`).
            case 2: text += "Navigator " + random.pick(words) + random.pick(Self.uuids) + random.pick(words)
            // Whole lines of those forms, a UUID sometimes not one, often with nothing after.
            case 3:
                text += "Navigator " + random.pick(words) + random.pick(Self.uuids)
                if text.hasSuffix(", parent: ") || random.next(3) == 0 {
                    text += ", parent: " + random.pick(Self.uuids)
                }
                more = random.next(2) == 0
            default: text += "Navigator " + random.pick(Self.uuids) + " "
            }
            for _ in 0..<(more ? random.next(8) : 0) {
                text += random.pick(random.next(4) == 0 ? words + Self.uuids : pieces)
            }
            let (fast, slow) = Self.bothReadings(text)
            #expect(fast == slow, "\(text.debugDescription)")
            if slow != nil { readAsLines += 1 }
            if slow != nil, (1...3).contains(start) { readAsBare += 1 }
        }
        // The random lines must reach the readings' branches, not only be rejected.
        #expect(readAsLines > 10_000)
        #expect(readAsBare > 100)
    }

    @Test func everyExampleAndCorpusLineReadsAlike() throws {
        var navigatorLines = 0
        for (name, data) in try sampleFiles(fixtures: ["navigator"]) {
            for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
                let bytes = Array(line)
                let (fast, slow) = bytes.withByteLine { (NavigatorLine($0), NavigatorLine(readingText: $0)) }
                #expect(fast == slow, "\(name): \(String(decoding: bytes, as: UTF8.self))")
                if slow != nil { navigatorLines += 1 }
            }
        }
        #expect(navigatorLines > 20)
    }

    @Test func randomDestinationsReadAlike() {
        let pieces = [
            "NavigatorUI.", "AnyNavigationDestination(wrapped: ", ", method: ", "NavigationMethod.push", ")", "(",
            ".", ".", "<", ">", "Demo", "HomeDestinations", "page", "42", "_", " ", "é", "\u{301}", "\"a.b\"",
        ]
        var random = Random(state: 7)
        for _ in 0..<40_000 {
            var text = ""
            for _ in 0..<random.next(9) { text += random.pick(pieces) }
            #expect(NavigatorDestination(text) == NavigatorDestination(readingText: text), "\(text.debugDescription)")
        }
    }

    /// The UUID test reads eight bytes at a time; the byte loop is what it must agree with: on random bytes near the
    /// shape of a UUID (every hexadecimal digit, both cases, and the bytes next to the ranges, including non-ASCII),
    /// at every start in a longer buffer.
    @Test func uuidTestAgreesWithTheByteLoop() {
        let near: [UInt8] =
            Array(0x2C...0x3B) + Array(0x40...0x47) + Array(0x60...0x67) + [0x00, 0x80, 0xAD, 0xC6, 0xFF]
        let uuid = Array("C0D363A8-5C28-40B3-98E8-3dbe488054bb".utf8)
        var random = Random(state: 11)
        var accepted = 0
        for _ in 0..<40_000 {
            var bytes = [UInt8](repeating: 0x41, count: 40)
            let offset = random.next(4)
            for (index, byte) in uuid.enumerated() { bytes[offset + index] = byte }
            // A few bytes changed (often none, so that real UUIDs are accepted too).
            for _ in 0..<random.next(3) { bytes[random.next(bytes.count)] = random.pick(near) }
            bytes.withByteLine { buffer in
                for start in -1...(buffer.count - 35) {
                    let fast = NavigatorLine.isUUID(buffer, at: start)
                    #expect(fast == (start >= 0 && NavigatorLine.isUUID(readingBytes: buffer, at: start)), "\(bytes)")
                    if fast { accepted += 1 }
                }
            }
        }
        #expect(accepted > 10_000)
    }

    /// A pushed entry's key is unique per push, never a navigator's UUID or a root view's key, and inline (a small
    /// string: at most 15 UTF-8 bytes) for any generation a log can reach.
    @Test func entryKeysAreShortAndDistinct() {
        var seen = Set<String>()
        for generation in [0, 1, 9, 10, 99, 100, 12_345, 99_999_999_999_999] + Array(1_000...3_000) {
            let key = NavigatorTree.entryKey(generation: generation)
            #expect(key.utf8.count <= 15)
            #expect(key.hasPrefix("/") && !key.hasSuffix("/root"))
            #expect(key == "/" + String(generation))
            #expect(seen.insert(key).inserted)
        }
    }
}
