import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// What navgraph does today with every file of the shared corpus, one row each. A new reader changes its rows
/// from `.rejected` to `.reads(…)` (and adds tests of what it reads beside `CorpusTests`).
enum CorpusOutcome: Sendable, CustomStringConvertible {
    /// Read as this format, with at least one event.
    case reads(InputFormat)
    /// Refused: no line in a format navgraph knows (`InputError.noNavigationOutput`, exit status 2).
    case rejected
    /// Refused as a binary file (`InputError.binaryInput`, exit status 2).
    case rejectedAsBinary

    var description: String {
        switch self {
        case .reads(let format): "reads as \(format.name)"
        case .rejected: "rejected: no navigation output"
        case .rejectedAsBinary: "rejected: binary"
        }
    }
}

let corpusOutcomes: [String: CorpusOutcome] = [
    // SwiftUINavigation's own output.
    "snav-debugprint-readme-d065a16.txt": .reads(.swiftUINavigation),
    "snav-debugprint-readme-faa0fac-node-started.txt": .reads(.swiftUINavigation),
    "snav-debugprint-readme-f080508-initdeinit.txt": .reads(.swiftUINavigation),
    "snav-debuggraph-readme-png-f7570b1.transcribed.txt": .reads(.swiftUINavigation),
    // Notes on the Examples app that quote printDebugGraph() lines: read for those lines, the prose skipped.
    "examples-app-graph.md": .reads(.swiftUINavigation),
    // The source that prints SwiftUINavigation's lines, not its output.
    "snav-FORMATDEF-NavigationModel.swift-d065a16-L56-107.txt": .rejected,
    "snav-debuggraph-readme-debugging-f7570b1.png": .rejectedAsBinary,
    "SOURCES.md": .rejected,
    // NavigationPath: Codable JSON, print(), warnings.
    "navpath-json-navigationbackport-issue2.txt": .reads(.navigationPath),
    "navpath-json-pointfree-blog78-printed.txt": .rejected,
    "navpath-json-pointfree-blog78-decode-literal.txt": .reads(.navigationPath),
    "navpath-json-pointfree-blog78-NOT-SWIFTUI-navpath-mangled.txt": .rejected,
    "navpath-print-swiftforums-58857-8-eager.txt": .rejected,
    "navpath-print-swiftforums-58857-8-lazy-resolved.txt": .rejected,
    "navpath-print-swiftforums-58857-8-lazy-remaining-TRUNCATED.txt": .rejected,
    "navpath-print-barbaratozier-day44-ocr.txt": .rejected,
    "navpath-warning-gemwallet-issue1759.txt": .rejected,
    "navpath-warning-pointfree-blog78-not-codable.txt": .rejected,
    // dump() / po trees, NavigatorUI, other libraries.
    "dumpstyle-tinder-nodes-pr148-po-tree.txt": .reads(.swiftDump),
    "navigator-log-issue112-TRUNCATED.txt": .reads(.navigator),
    "navigator-FORMATDEF-NavigationEventLogging.swift-494b0ad.txt": .rejected,
    "tca-printchanges-pr2315-standups.txt": .reads(.tca),
    "swiftfulrouting-log-issue85.txt": .rejected,
]

@Suite("Every corpus file, read", .tags(.memory))
struct CorpusTableTests {
    @Test(arguments: corpusOutcomes.keys.sorted())
    func outcome(name: String) throws {
        let expected = try #require(corpusOutcomes[name])
        let result = try read(file: corpusFixture(name))
        switch expected {
        case .reads(let format):
            #expect(result.error == nil, "\(name): \(expected), failed with \(String(describing: result.error))")
            #expect(result.format == format, "\(name): \(expected)")
            #expect(!result.events.isEmpty, "\(name): \(expected), got no events")
        case .rejected:
            // No navigation output: said as such, or named for what it looks like (NavigationPath's print(), TCA, …).
            switch result.error {
            case .noNavigationOutput(_, let lines)?: #expect(lines > 0)
            case .looksLike(_, _, let line)?: #expect(line > 0)
            default:
                Issue.record(
                    "\(name): \(expected), got \(result.events.count) events, error \(String(describing: result.error))"
                )
            }
            #expect(result.events.isEmpty)
        case .rejectedAsBinary:
            #expect(result.error == .binaryInput(path: "test.log"), "\(name): \(expected)")
        }
    }

    /// The table covers the fixtures: a copy added without a row is read by no test.
    @Test func everyFixtureHasARow() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpusFixture("").path)
            .filter { $0 != "README.md" }
        #expect(Set(names) == Set(corpusOutcomes.keys))
    }

    @Test(.enabled(if: sharedCorpus != nil, "../shared/corpus is absent (a clone outside this project's setup)"))
    func fixturesAreTheSharedCorpus() throws {
        let shared = try #require(sharedCorpus)
        let names = try FileManager.default.contentsOfDirectory(atPath: shared.path)
        #expect(Set(names) == Set(corpusOutcomes.keys), "a file of ../shared/corpus has no row (or no copy)")
        for name in names {
            let copy = try? Data(contentsOf: corpusFixture(name))
            #expect(
                copy == (try Data(contentsOf: shared.appendingPathComponent(name))),
                "\(name) differs from ../shared/corpus")
        }
    }
}
