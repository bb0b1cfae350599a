import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// What the SwiftUINavigation samples of the corpus read as, in detail. `CorpusTableTests` reads every file of the
/// corpus and checks the copies against ../shared/corpus.
@Suite("Real samples from the corpus", .tags(.memory))
struct CorpusTests {
    @Test func readmeDebugPrintWithDotPrefixAndCRLF() throws {
        let result = try read(file: corpusFixture("snav-debugprint-readme-d065a16.txt"))
        #expect(result.error == nil)
        #expect(result.skipped.isEmpty)
        #expect(
            result.events.map(\.action) == [
                .start(ModelRef(key: "m1", id: "E34", type: "SomeNavigationModel"), kind: nil),
                .finish(ModelRef(key: "m2", id: "F34", type: "SomeNavigationModel"), neverStarted: true),
            ])
        #expect(result.hierarchy.finishedWithoutStartCount == 1)
    }

    @Test func pre2NodeNaming() throws {
        let result = try read(file: corpusFixture("snav-debugprint-readme-faa0fac-node-started.txt"))
        #expect(result.events.count == 2)
        #expect(result.skipped.isEmpty)
    }

    @Test func pre13InitDeinitWithMixedLineEndings() throws {
        let result = try read(file: corpusFixture("snav-debugprint-readme-f080508-initdeinit.txt"))
        #expect(result.events.map(\.line) == [1, 2])
        guard case .start(let model, _) = result.events[0].action else {
            Issue.record("expected a start")
            return
        }
        #expect(model.type == "SomeNavigationNode" && model.id == "E34")
        guard case .finish = result.events[1].action else {
            Issue.record("expected a finish")
            return
        }
    }

    @Test func readmeDebugGraphScreenshot() throws {
        let result = try read(file: corpusFixture("snav-debuggraph-readme-png-f7570b1.transcribed.txt"))
        #expect(result.snapshots.count == 1)
        #expect(
            outline(result.snapshots[0]) == [
                "AppNavigationModel 667 screen root",
                "  MainTabsNavigationModel F1A tabs child",
                "    DefaultStackRootNavigationModel 32D stack tab",
                "      ActionableListNavigationModel F0F screen push",
                "    DefaultStackRootNavigationModel 19A stack tab",
                "      ActionableListNavigationModel 26F screen push",
            ])
        #expect(result.snapshots[0].window == "main")
    }

    @Test func navigationPathJSONIsReadAsSuch() throws {
        for name in ["navpath-json-navigationbackport-issue2.txt", "navpath-json-pointfree-blog78-decode-literal.txt"] {
            let result = try read(file: corpusFixture(name))
            #expect(result.error == nil, "\(name)")
            #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty, "\(name)")
        }
        let result = try read(file: corpusFixture("navpath-json-navigationbackport-issue2.txt"))
        let labels = result.events.compactMap { event -> String? in
            if case .push(let model, _, _) = event.action { return "\(model.qualifiedType) \(model.id)" }
            return nil
        }
        #expect(
            labels == [
                "NavigationStack root view", "Swift.Int 99",
                // Members in key order: JSONEncoder writes them in any order (the issue shows `emoji` first).
                #"NavigationBackportApp.EmojiVisualisation (count: 99, emoji: "🎈")"#,
            ])
    }

    /// Not what an app prints byte for byte (a blog's HTML layout, a re-implementation, `print(path)`, warnings,
    /// source code): no format claims them, and the message lists every format tried.
    @Test(arguments: [
        "navpath-json-pointfree-blog78-printed.txt",
        "navpath-json-pointfree-blog78-NOT-SWIFTUI-navpath-mangled.txt",
        "navpath-print-swiftforums-58857-8-eager.txt",
        "navpath-print-swiftforums-58857-8-lazy-resolved.txt",
        "navpath-print-swiftforums-58857-8-lazy-remaining-TRUNCATED.txt",
        "navpath-print-barbaratozier-day44-ocr.txt",
        "navpath-warning-gemwallet-issue1759.txt",
        "navpath-warning-pointfree-blog78-not-codable.txt",
        "navigator-FORMATDEF-NavigationEventLogging.swift-494b0ad.txt",
    ])
    func notOutputOfAnyFormat(name: String) throws {
        let result = try read(file: corpusFixture(name))
        switch result.error {
        case .noNavigationOutput?:
            // Every format tried is named, with what it expected.
            let message = result.error?.description ?? ""
            for format in InputFormats.all { #expect(message.contains(format.name)) }
        case .looksLike?:
            // Named for what it is, and what navgraph reads instead.
            break
        default:
            Issue.record(
                "\(name): expected no navigation output, got \(result.events.count) events, \(result.diagnostics)")
            return
        }
        #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty)
    }
}
