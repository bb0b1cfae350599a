import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The swift-dump reader can leave its snapshots to its completion (`DumpSnapshots`, run where the events are
/// consumed), and takes a dump that repeats one read lately from `RecentDumps`; these check that it gives exactly
/// what making them itself, and reading every dump, give — events, diagnostics, skipped lines, and the live view of
/// an open dump — on every example, corpus file and fixture, and on random logs that repeat states as apps do.
@Suite("Swift dump() snapshots made where they are consumed", .tags(.memory))
struct DumpCompletionTests {
    private struct Outcome: Equatable {
        var events: [NavEvent] = []
        var provisional: [[NavEvent]] = []
        var diagnostics: [String] = []
        var skipped: [Int] = []
    }

    /// `completing`: the reader's snapshots are made by its completion (`DumpSnapshots`), applied to each event as
    /// it is read, as `NavigationInput` does (the live view's provisional events are complete as made).
    /// `remembering: false`: every dump is read, none taken from `RecentDumps` (what remembering is checked
    /// against).
    private static func read(
        _ lines: [[UInt8]], pauses: Bool = false, completing: Bool = false, remembering: Bool = true
    ) -> Outcome {
        let collector = DiagnosticCollector()
        var reader = SwiftDumpReader(
            names: .standard, verbose: false, remembersDumps: remembering, diagnostics: collector)
        let completion = completing ? reader.completion : nil
        if completing { #expect(completion != nil) }
        var outcome = Outcome()
        for (index, line) in lines.enumerated() {
            let first = outcome.events.count
            line.withByteLine {
                reader.read($0, info: LineSource.LineInfo(number: index + 1, truncated: false), into: &outcome.events)
            }
            for event in first..<outcome.events.count { completion?.complete(&outcome.events[event]) }
            if pauses {
                var shown: [NavEvent] = []
                reader.provisional(into: &shown)
                outcome.provisional.append(shown)
            }
        }
        let first = outcome.events.count
        reader.finish(into: &outcome.events)
        for event in first..<outcome.events.count { completion?.complete(&outcome.events[event]) }
        outcome.diagnostics = collector.diagnostics.map { "\($0.severity) \($0.line ?? 0) \($0.message)" }
        outcome.skipped = collector.skippedLines
        return outcome
    }

    /// How many dumps of `lines` are taken from `RecentDumps`.
    private static func reusedDumps(_ lines: [[UInt8]]) -> Int {
        var reader = SwiftDumpReader(diagnostics: DiagnosticCollector())
        var events: [NavEvent] = []
        for (index, line) in lines.enumerated() {
            line.withByteLine {
                reader.read($0, info: LineSource.LineInfo(number: index + 1, truncated: false), into: &events)
            }
        }
        reader.finish(into: &events)
        return reader.reusedDumps
    }

    private static func lines(_ data: Data) -> [[UInt8]] {
        data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
    }

    /// Read as `navgraph` reads (the completion handed to the consuming side), the reader really leaves its
    /// snapshots to the completion: asking a reader for its completion changes it, so it must be asked of the reader
    /// that goes on reading, not of a copy.
    @Test func readingThroughTheInputLeavesTheSnapshotsToTheCompletion() throws {
        let text = "▿ Router\n  ▿ path: 1 element\n    - Route.detail\n▿ Router\n  - path: 0 elements\n"
        let input = NavigationInput(source: LineSource(bytes: Array(text.utf8), name: "test"))
        var handedOver: EventCompletion?
        var snapshots: [[Snapshot]] = []
        let keep: (consuming NavEvent) -> Bool = { event in
            if case .snapshot(let made) = event.action { snapshots.append(made) }
            return true
        }
        _ = try input.produce(diagnostics: DiagnosticCollector(), handOver: { handedOver = $0 }, keep)
        #expect(handedOver is DumpSnapshots)
        #expect(snapshots.count == 2)
        #expect(snapshots.allSatisfy { $0.count == 1 && $0[0].entries.isEmpty }, "made by the reader: \(snapshots)")
    }

    @Test func everyExampleCorpusAndFixtureReadsAlike() throws {
        var dumps = 0
        for (name, data) in try sampleFiles(fixtures: ["swift-dump"]) {
            let lines = Self.lines(data)
            for pauses in [false, true] {
                let straight = Self.read(lines, pauses: pauses)
                let completed = Self.read(lines, pauses: pauses, completing: true)
                #expect(completed == straight, "\(name): snapshots made by the completion")
                let everyDumpRead = Self.read(lines, pauses: pauses, completing: true, remembering: false)
                #expect(completed == everyDumpRead, "\(name): dumps remembered (RecentDumps)")
                dumps += straight.events.count
            }
        }
        #expect(dumps > 0)
    }

    /// Random sessions of per-tab routers: each tab's router dumped on its own after a change (pops and dismissals
    /// return to states dumped before), the whole state after a tab switch (its dictionary in a random order), now
    /// and then in lldb's form, with other output between and inside dumps, dumps cut by `maxItems`, cut short,
    /// or indented wrongly. Five sessions (twenty at full scale: `scripts/test-full-scale`).
    @Test func randomSessionsReadAlike() {
        var state: UInt64 = 13
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let tabs = ["home", "search", "settings"]
        let routes = ["list", "detail", "café"]
        let sessions = scaled(5, full: 20)
        var reused = 0
        defer { #expect(reused > 0, "no dump was taken from RecentDumps: the comparison below checks nothing") }
        for _ in 0..<sessions {
            var paths: [String: [String]] = [:]
            var sheets: [String: String] = [:]
            var selected = "home"
            var text: [String] = []
            func router(_ tab: String, indent: Int, label: String, object: Int, lldb: Bool) -> [String] {
                let pad = String(repeating: " ", count: indent)
                let colon = lldb ? " : " : ": "
                let path = paths[tab, default: []]
                var out = ["\(pad)▿ \(label)\(colon)Shop.Router #\(object)"]
                if path.isEmpty {
                    out.append("\(pad)  - path\(colon)0 elements")
                } else {
                    out.append("\(pad)  ▿ path\(colon)\(path.count) element\(path.count == 1 ? "" : "s")")
                    for route in path {
                        out.append("\(pad)    ▿ Shop.Route.\(route)")
                        out.append("\(pad)      ▿ \(route)\(colon)(1 element)")
                        out.append("\(pad)        - id\(colon)\(route.count)")
                    }
                }
                if let sheet = sheets[tab] {
                    out.append("\(pad)  ▿ presentedSheet\(colon)Optional(Shop.Sheet.\(sheet))")
                    out.append("\(pad)    - some\(colon)Shop.Sheet.\(sheet)")
                } else {
                    out.append("\(pad)  - presentedSheet\(colon)nil")
                }
                return out
            }
            for _ in 0..<200 {
                let tab = tabs[next(3)]
                let lldb = next(10) == 0
                switch next(6) {
                case 0, 1: paths[tab, default: []].append(routes[next(3)])
                case 2: _ = paths[tab, default: []].popLast()
                case 3: sheets[tab] = sheets[tab] == nil ? ["compose", "filters"][next(2)] : nil
                case 4: selected = tab
                default: break
                }
                var dump: [String]
                if next(4) == 0 {
                    dump = [
                        "▿ Shop.AppState #0", "  - selectedTab: Shop.Tab.\(selected)", "  ▿ routers: 3 key/value pairs",
                    ]
                    // Swift prints a dictionary in a random order.
                    var order = tabs
                    for index in order.indices.reversed() { order.swapAt(index, next(index + 1)) }
                    for (object, key) in order.enumerated() {
                        dump += ["    ▿ (2 elements)", "      - key: Shop.Tab.\(key)"]
                        dump += router(key, indent: 6, label: "value", object: object + 1, lldb: false)
                    }
                } else {
                    dump = router(tab, indent: 0, label: tab, object: 0, lldb: lldb)
                }
                switch next(30) {
                case 0: dump.removeLast(1 + next(dump.count - 1))  // cut short
                case 1: dump.append("  (3 more children)")
                case 2:  // odd indentation
                    let line = next(dump.count - 1) + 1
                    dump[line] = " " + dump[line]
                case 3: dump.insert("[Network] GET /v1 200", at: 1 + next(dump.count - 1))
                case 4: dump = dump.map { $0 + "\r" }
                default: break
                }
                text += dump
                if next(5) == 0 { text.append("[Analytics] screen_view id=\(next(1000))") }
            }
            let lines = text.map { Array($0.utf8) }
            let pauses = next(4) == 0
            let straight = Self.read(lines, pauses: pauses)
            let completed = Self.read(lines, pauses: pauses, completing: true)
            #expect(completed == straight, "snapshots made by the completion")
            let everyDumpRead = Self.read(lines, pauses: pauses, completing: true, remembering: false)
            #expect(completed == everyDumpRead, "dumps remembered (RecentDumps)")
            reused += Self.reusedDumps(lines)
            #expect(!straight.events.isEmpty)
        }
    }
}
