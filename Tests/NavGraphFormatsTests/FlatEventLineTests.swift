import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The fast path for flat event lines must read every line exactly as the full JSON parser does: the same events,
/// the same times to the bit, the same diagnostics.
@Suite("Flat event lines", .tags(.memory))
struct FlatEventLineTests {
    private func readBothWays(_ lines: [String], lenient: Bool) -> (
        fast: ([NavEvent], [String]), full: ([NavEvent], [String])
    ) {
        func run(fast: Bool) -> ([NavEvent], [String]) {
            let diagnostics = DiagnosticCollector()
            var reader = EventLogReader(diagnostics: diagnostics, lenient: lenient)
            reader.readsFlatLinesFast = fast
            var events: [NavEvent] = []
            for (index, line) in lines.enumerated() {
                Array(line.utf8).withByteLine {
                    reader.read($0, info: LineSource.LineInfo(number: index + 1, truncated: false), into: &events)
                }
            }
            return (events, diagnostics.diagnostics.map { "\($0.line ?? 0): \($0.severity) \($0.message)" })
        }
        return (run(fast: true), run(fast: false))
    }

    static let variants: [String] = [
        #"{"event":"start","id":"CD613E30-D8F1-4ADF-81B7-584A2265B1F5","type":"AppNavigationModel","kind":"switch","time":1741945267.000}"#,
        #"{"event":"push","id":"35BF992D-C9E9-4616-812E-7696A6CECC1B","type":"List","parent":"78E51061-7311-48A3-82CE-6F447ED4D57B","time":"2025-03-14T09:41:07.201Z"}"#,
        #"{ "event" : "pop" , "parent" : "S" , "count" : 3 }"#,
        #"{"event":"pop","parent":"S","count":0}"#,
        #"{"event":"pop","parent":"S","count":2.5}"#,
        #"{"event":"pop","parent":"S","count":"2"}"#,
        #"{"event":"mark","label":"a","time":0.1}"#,
        #"{"event":"mark","label":"a","time":-0.5}"#,
        #"{"event":"mark","label":"a","time":1e3}"#,
        #"{"event":"mark","label":"a","time":1741945267.2015678}"#,
        #"{"event":"mark","label":"a","time":12345678901234567890.5}"#,
        #"{"event":"mark","label":"a","time":0.0000000000000000000001}"#,
        #"{"event":"mark","label":"a","time":123456789012345.6}"#,
        #"{"event":"mark","label":"a","time":9007199254740993}"#,
        #"{"event":"mark","label":"a","time":-0}"#,
        #"{"event":"mark","label":"a","time":01}"#,
        #"{"event":"mark","label":"a","time":null}"#,
        #"{"event":"mark","label":"a","time":"yesterday"}"#,
        #"{"event":"start","id":"A","type":"T","kind":"bogus"}"#,
        #"{"event":"start","id":"A","type":"T","kind":"stack"}"#,
        #"{"event":"start","id":"A\u0042","type":"T"}"#,
        #"{"event":"start","id":"Ä-non-ascii","type":"T"}"#,
        #"{"event":"start","id":"A","type":"T","unknownMember":1}"#,
        #"{"event":"start","id":"A","type":"T","parentX":"P"}"#,
        #"{"event":"start","id":"A","id":"B","type":"T"}"#,
        #"{"event":"present","id":"P","type":"Sheet","parent":"A","style":"sheet"}"#,
        #"{"event":"present","id":"P","type":"Sheet","parent":"A"}"#,
        #"{"event":"column","id":"C","type":"Inbox","parent":"V","column":"content"}"#,
        #"{"event":"column","id":"C","type":"Inbox","parent":"V","column":"middle"}"#,
        #"{"event":"setPath","parent":"S","ids":["R","B"]}"#,
        #"{"event":"setPath","parent":"S","ids":["R",{"id":"S/1","type":"Detail","kind":"stack"}]}"#,
        #"{"event":"setPath","parent":"S","ids":["R",{"id":"S/1"}]}"#,
        #"2025-03-14 09:41:12.345 App[4242:9111] {"event":"push","id":"B","type":"Detail","parent":"S"}"#,
        #"App[1:2] {"event":"push","id":"B","type":"Detail","parent":"S"} trailing"#,
        #"{"event":"tab","id":"T","type":"Home","parent":"A","title":"Home \"quoted\""}"#,
        #"{"event":"tab","id":"T","type":"Home","parent":"A","title":"0123456789abcdef0123456789"}"#,
        #"{"event":"select","parent":"A","id":"T"} "#,
        #"{"event":"openWindow","id":"W","type":"Waiting","window":"waiting"}"#,
        #"{"event":"closeWindow","window":"waiting"}x"#,
        #"{"event":"nonsense","id":"A"}"#,
        #"{"event":"finish","id":"A","type":true}"#,
        #"{"event":"finish","id":"A","type":"T"#,
        #"{}"#,
        #"{"event":"root","id":"R","type":"R","window":"main","time":1741945267}"#,
        "{\"event\":\"mark\",\"label\":\"tab\tinside\"}",
        #"{"event":"mark","label":"abcdefghijkl\"x"}"#,
        #"{"event":"mark","label":"abcdefghijklmnopqrstu€"}"#,
        #"{"event":"mark","label":"abcdefgh"}"#,
        "{\"event\":\"mark\",\"label\":\"delete\u{7F}\"}",
    ]

    @Test(arguments: [false, true])
    func theFastPathReadsLikeTheFullParser(lenient: Bool) throws {
        let (fast, full) = readBothWays(Self.variants, lenient: lenient)
        #expect(fast.0 == full.0)
        #expect(fast.0.map { $0.time?.bitPattern } == full.0.map { $0.time?.bitPattern })
        #expect(fast.1 == full.1)
        #expect(fast.0.count > 20)
    }

    @Test func theExampleLogsReadLikeTheFullParser() throws {
        for name in ["leaky-session.jsonl"] {
            let text = try String(
                contentsOf: repositoryRoot.appendingPathComponent("examples/\(name)"), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let (fast, full) = readBothWays(lines, lenient: false)
            #expect(fast.0 == full.0 && fast.1 == full.1, "\(name)")
            #expect(fast.0.map { $0.time?.bitPattern } == full.0.map { $0.time?.bitPattern })
        }
    }

    /// Times with up to 15 significant digits are read by division; they must round exactly as `Double(String)`.
    @Test func decimalTimesRoundExactlyAsTheStandardLibrary() {
        var state: UInt64 = 12345
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let integer = (state >> 20) % 10_000_000_000
            let fractionDigits = Int((state >> 10) % 6)
            let fraction =
                fractionDigits == 0
                ? ""
                : "."
                    + String(
                        String((state >> 3) % 1_000_000).padding(toLength: fractionDigits, withPad: "7", startingAt: 0))
            let literal = "\(integer)\(fraction)"
            let parsed = literal.withByteLine { FlatEventFields.double($0) }
            #expect(parsed?.bitPattern == Double(literal)?.bitPattern, "\(literal)")
        }
    }
}
