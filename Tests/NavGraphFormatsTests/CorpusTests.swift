import Foundation
import Testing
import NavGraphCore
@testable import NavGraphFormats

/// Every real sample from ../shared/corpus: SwiftUINavigation ones read as such, the others are not mistaken for it.
@Suite("Real samples from the corpus")
struct CorpusTests {
    @Test func readmeDebugPrintWithDotPrefixAndCRLF() throws {
        let result = try read(file: fixture("snav-debugprint-readme-d065a16.txt"))
        #expect(result.error == nil)
        #expect(result.skipped.isEmpty)
        #expect(result.events.map(\.action) == [
            .start(ModelRef(key: "m1", id: "E34", type: "SomeNavigationModel"), kind: nil),
            .finish(ModelRef(key: "m2", id: "F34", type: "SomeNavigationModel"), neverStarted: true),
        ])
        #expect(result.hierarchy.finishedWithoutStartCount == 1)
    }

    @Test func pre2NodeNaming() throws {
        let result = try read(file: fixture("snav-debugprint-readme-faa0fac-node-started.txt"))
        #expect(result.events.count == 2)
        #expect(result.skipped.isEmpty)
    }

    @Test func pre13InitDeinitWithMixedLineEndings() throws {
        let result = try read(file: fixture("snav-debugprint-readme-f080508-initdeinit.txt"))
        #expect(result.events.map(\.line) == [1, 2])
        guard case .start(let model, _) = result.events[0].action else { Issue.record("expected a start"); return }
        #expect(model.type == "SomeNavigationNode" && model.id == "E34")
        guard case .finish = result.events[1].action else { Issue.record("expected a finish"); return }
    }

    @Test func readmeDebugGraphScreenshot() throws {
        let result = try read(file: fixture("snav-debuggraph-readme-png-f7570b1.transcribed.txt"))
        #expect(result.snapshots.count == 1)
        #expect(outline(result.snapshots[0]) == [
            "AppNavigationModel 667 screen root",
            "  MainTabsNavigationModel F1A tabs child",
            "    DefaultStackRootNavigationModel 32D stack tab",
            "      ActionableListNavigationModel F0F screen push",
            "    DefaultStackRootNavigationModel 19A stack tab",
            "      ActionableListNavigationModel 26F screen push",
        ])
        #expect(result.snapshots[0].window == "main")
    }

    @Test(arguments: [
        "snav-FORMATDEF-NavigationModel.swift-d065a16-L56-107.txt",
        "navpath-json-navigationbackport-issue2.txt",
        "navpath-json-pointfree-blog78-printed.txt",
        "navpath-print-swiftforums-58857-8-eager.txt",
        "navpath-warning-gemwallet-issue1759.txt",
        "tca-printchanges-pr2315-standups.txt",
        "navigator-log-issue112-TRUNCATED.txt",
        "swiftfulrouting-log-issue85.txt",
        "dumpstyle-tinder-nodes-pr148-po-tree.txt",
    ])
    func otherFormatsAreNotTakenForSwiftUINavigation(name: String) throws {
        let result = try read(file: fixture(name))
        guard case .noNavigationOutput(_, let lines) = result.error else {
            Issue.record("\(name): expected no navigation output, got \(result.events.count) events")
            return
        }
        #expect(lines > 0)
        #expect(result.events.isEmpty)
    }

    @Test func fixturesMatchTheSharedCorpus() throws {
        let shared = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        guard FileManager.default.fileExists(atPath: shared.path) else { return }  // a clone without shared/ beside it
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture("").path).filter { $0.hasSuffix(".txt") }
        #expect(names.count >= 20)
        for name in names {
            let copy = try Data(contentsOf: fixture(name))
            let original = try Data(contentsOf: shared.appendingPathComponent(name))
            #expect(copy == original, "\(name) differs from ../shared/corpus")
        }
    }
}
