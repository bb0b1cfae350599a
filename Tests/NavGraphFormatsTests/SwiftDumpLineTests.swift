import Foundation
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The swift-dump reader reads value lines with ASCII text byte by byte; these check that it reads exactly what the
/// straightforward reading as text reads, on random lines made of the pieces that matter and on every line of the
/// examples, the corpus and the swift-dump fixtures; and that the kind of a line told from its first bytes is the
/// kind that reading says.
@Suite("Swift dump() lines, byte by byte", .tags(.memory))
struct SwiftDumpLineTests {
    private static func readings(_ bytes: [UInt8]) -> (fast: SwiftDumpLine.Reading?, text: SwiftDumpLine.Reading?) {
        let (fast, text, kind) = bytes.withByteLine { line in
            let indent = line.endOfRun(from: 0) { $0 == .space }
            return (
                SwiftDumpLine.read(line), SwiftDumpLine.read(readingText: line),
                SwiftDumpLine.kind(of: line, indent: indent)
            )
        }
        // What kind of line it is, told without reading it (as the reader collects a dump's lines), is what the
        // reading as text says.
        let textKind: SwiftDumpLine.Kind? =
            switch text {
            case .value(let line)?: .value(line.marker)
            case .cutOff?: .cutOff
            case nil: nil
            }
        #expect(kind == textKind, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        return (fast, text)
    }

    @Test func randomLinesReadAlike() {
        let pieces = [
            "▿", "▹", "-", " ", " ", "  ", ":", ": ", " : ", "#", "#12", " #0", "#-3", "#+4", "#99999999999999999999",
            "path", ".0", "$x", "_y", "0", "Shop.Route.list", "Optional(", ")", "(", "2 elements", " children)",
            " child)", "\r", "é", "\u{301}", "\"a: b\"", "nil", "\t", "x",
        ]
        var state: UInt64 = 2026
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var values = 0
        for _ in 0..<40_000 {
            var text = String(repeating: " ", count: next(5))
            // Most lines start with a marker, so that what follows it is what varies.
            if next(4) > 0 { text += ["▿ ", "▹ ", "- ", "▿", "( ", "- \u{301}", "▿ é"][next(7)] }
            for _ in 0..<next(8) { text += pieces[next(pieces.count)] }
            let (fast, slow) = Self.readings(Array(text.utf8))
            #expect(fast == slow, "\(text.debugDescription)")
            if case .value = slow { values += 1 }
        }
        #expect(values > 10_000)
    }

    @Test func everyExampleCorpusAndFixtureLineReadsAlike() throws {
        var values = 0
        for (name, data) in try sampleFiles(fixtures: ["swift-dump"]) {
            for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
                let (fast, slow) = Self.readings(Array(line))
                #expect(fast == slow, "\(name): \(String(decoding: line, as: UTF8.self))")
                if case .value = slow { values += 1 }
            }
        }
        #expect(values > 100)
    }

    /// Counts (`2 elements`), qualified names and names without modules, byte by byte against characters.
    @Test func randomValueTextsReadAlike() {
        let pieces = [
            "2", "0", "-", "+", "123456789012345678901", " ", "element", "elements", "key/value pair", "s", "Shop",
            ".", "Route", "detail", "_x", "9", "<", ">", "(", ")", "\"", "\\", "Optional(", "é", "\u{301}", "É", ", ",
        ]
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<40_000 {
            var text = ""
            for _ in 0..<next(7) { text += pieces[next(pieces.count)] }
            for unit: StaticString in ["element", "key/value pair"] {
                #expect(
                    DumpedValues.count(in: text, unit: unit) == DumpedValues.count(readingText: text, unit: unit),
                    "\(text.debugDescription)")
            }
            #expect(
                DumpedValues.isQualifiedName(text) == DumpedValues.isQualifiedName(readingText: text),
                "\(text.debugDescription)")
            #expect(
                DumpedValues.withoutModules(text) == DumpedValues.withoutModules(readingText: text),
                "\(text.debugDescription)")
        }
    }
}
