import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The TCA reader on sessions printed by the real swift-custom-dump (Fixtures/tca-generator): after each action the
/// tree equals what the app showed (Fixtures/tca/*.expected, worked out from the state itself), and history has a
/// step for each change of navigation and none for the rest.
@Suite(.tags(.memory)) struct TCAReaderTests {
    /// `.navgraph.yml` as the stack session's app would write it: its scanner is a full-screen cover.
    static let rules = ModelKindRules(rules: [ModelKindRule("scanner", presentation: .fullScreenCover)])

    static func fixture(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/tca/" + name)
    }

    /// The app's navigation after each action: `== action N` then its outline.
    static func expected(_ session: String) throws -> [[String]] {
        let text = try String(contentsOf: fixture(session + ".expected"), encoding: .utf8)
        var blocks: [[String]] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("== action ") { blocks.append([]) } else { blocks[blocks.count - 1].append(String(line)) }
        }
        return blocks
    }

    /// The line of each `received action:`, in order.
    static func actionLines(_ log: String) -> [Int] {
        log.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
            $0.element.hasSuffix("received action:") ? $0.offset + 1 : nil
        }
    }

    /// Reads `bytes` as a TCA log, `chunkSize` bytes a read.
    static func events(_ bytes: [UInt8], chunkSize: Int = 1 << 20, format: InputFormat? = .tca) throws -> [NavEvent] {
        let source = LineSource(bytes: bytes, name: "test.log", chunkSize: chunkSize)
        var events: [NavEvent] = []
        try NavigationInput(source: source, format: format, rules: rules).read(diagnostics: DiagnosticCollector()) {
            events.append($0)
            return true
        }
        return events
    }

    /// The hierarchy as the generator writes the app's navigation: `edge id type [kind] (selected)`.
    static func outline(_ hierarchy: Hierarchy) -> [String] {
        hierarchy.preorder(window: "main").map { node, depth in
            let selected = node.parent.flatMap { hierarchy.node($0)?.selectedTab } == node.key
            return String(repeating: "  ", count: depth) + "\(node.edge?.name ?? "root") \(node.model.id) "
                + node.model.type + (node.kind == .screen ? "" : " [\(node.kind.rawValue)]")
                + (selected ? " (selected)" : "")
        }
    }

    /// The outline after each action, replaying `events`.
    static func outlines(_ events: [NavEvent], actionLines: [Int]) -> [[String]] {
        var hierarchy = Hierarchy()
        var next = 0
        return actionLines.map { line in
            while next < events.count, events[next].line <= line {
                hierarchy.apply(events[next])
                next += 1
            }
            return outline(hierarchy)
        }
    }

    @Test(arguments: ["stack", "tabs"])
    func treeAfterEveryActionIsTheAppsNavigation(session: String) throws {
        let log = try String(contentsOf: Self.fixture(session + ".log"), encoding: .utf8)
        let expected = try Self.expected(session)
        let lines = Self.actionLines(log)
        #expect(lines.count == expected.count)
        let events = try Self.events(Array(log.utf8))
        let outlines = Self.outlines(events, actionLines: lines)
        for (index, (shown, truth)) in zip(outlines, expected).enumerated() {
            #expect(shown == truth, "after action \(index + 1) (line \(lines[index]))")
        }
    }

    /// The ids of the selected tabs in an outline.
    static func selectedTabs(_ outline: [String]) -> [Substring] {
        outline.filter { $0.hasSuffix(" (selected)") }.map { $0.split(separator: " ")[1] }
    }

    @Test(arguments: ["stack", "tabs"])
    func oneStepPerNavigationChangeAndNoneForTheRest(session: String) throws {
        let log = try String(contentsOf: Self.fixture(session + ".log"), encoding: .utf8)
        let expected = try Self.expected(session)
        let lines = Self.actionLines(log)
        // A step for each action after which the app showed other screens, and one for each that selected another
        // tab (a snapshot does not say which tab is selected: the first state of a tab app is both).
        var steps: [Int] = []
        var before: [String] = []
        for (index, outline) in expected.enumerated() {
            let screens = outline.map { $0.replacingOccurrences(of: " (selected)", with: "") }
            if screens != before.map({ $0.replacingOccurrences(of: " (selected)", with: "") }) {
                steps.append(lines[index])
            }
            if Self.selectedTabs(outline) != Self.selectedTabs(before) { steps.append(lines[index]) }
            before = outline
        }
        let events = try Self.events(Array(log.utf8))
        #expect(events.map(\.line) == steps)
    }

    @Test(arguments: ["stack", "tabs"])
    func aLineAtATimeReadsTheSame(session: String) throws {
        let bytes = Array(try Data(contentsOf: Self.fixture(session + ".log")))
        let whole = try Self.events(bytes)
        #expect(try Self.events(bytes, chunkSize: 1) == whole)
        #expect(try Self.events(bytes, chunkSize: 7, format: nil) == whole)
    }

    /// Each line with a console's prefix (its own time on each), CRLF line ends: read as the plain log.
    @Test func consolePrefixesAndCRLFAreReadAsThePlainLog() throws {
        let log = try String(contentsOf: Self.fixture("stack.log"), encoding: .utf8)
        var second = 0
        let prefixed = log.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            second += 1
            return String(
                format: "2026-11-26 19:%02d:%02d.%03d SyncUps[4242:9111] ", second / 60 % 60, second % 60, second % 1000
            )
                + line + "\r"
        }.joined(separator: "\n")
        let plain = try Self.events(Array(log.utf8)).map(\.action)
        #expect(try Self.events(Array(prefixed.utf8), format: nil).map(\.action) == plain)
    }

    /// The repository's TCA example is the generator's SyncUps session byte for byte (generate.sh copies it): a
    /// hand-edited or stale example would show users input no app prints.
    @Test func theExampleIsTheGeneratedSession() throws {
        let example = repositoryRoot.appendingPathComponent("examples/tca-syncups.log")
        #expect(try Data(contentsOf: example) == Data(contentsOf: Self.fixture("stack.log")))
    }

    @Test func detectedFromItsFirstAction() throws {
        let bytes = Array(try Data(contentsOf: Self.fixture("stack.log")))
        #expect(try Self.events(bytes, format: nil) == Self.events(bytes))
    }

    @Test func historySaysTheActions() throws {
        let events = try Self.events(Array(try Data(contentsOf: Self.fixture("stack.log"))))
        let titles = events.compactMap { event -> String? in
            guard case .snapshot(let snapshots) = event.action else { return nil }
            return snapshots.first?.title
        }
        #expect(titles.first == "AppFeature.Action.syncUpsList(.addSyncUpButtonTapped)")
        // A push carries the whole state pushed: it is collapsed as custom-dump collapses values.
        #expect(titles.contains("AppFeature.Action.path(.push(id: #0, state: .detail(SyncUpDetail.State(…))))"))
        #expect(titles.contains("AppFeature.Action.path(.popFrom(id: #1))"))
    }

    /// A destination that changes case in one action (`.share` → `.scanner`, the dialog's button starting a scan)
    /// is the dialog dismissed and the scanner presented, each in its own style: one model renamed kept the
    /// dialog's style, and a map lost the dialog.
    @Test func aDestinationChangingCaseIsADismissalAndAPresentation() throws {
        let events = try Self.events(Array(try Data(contentsOf: Self.fixture("stack.log"))))
        var hierarchy = Hierarchy()
        var scan: StepChange?
        for event in events {
            let change = hierarchy.apply(event)
            guard case .snapshot(let snapshots) = event.action,
                snapshots.first?.title.contains(".scanButtonTapped") == true
            else { continue }
            scan = change
            break
        }
        let change = try #require(scan)
        #expect(change.renamed.isEmpty)
        #expect(change.removed.map(\.type) == ["share(ConfirmationDialogState)"])
        #expect(change.removed.map(\.id) == ["#0.destination"])
        let scanner = try #require(change.added.first.flatMap(hierarchy.node))
        #expect(scanner.model.type == "scanner(Scanner.State)" && scanner.model.id == "#0.destination")
        #expect(scanner.edge == .presented(.fullScreenCover))  // as the fixtures' configuration names it
        #expect(change.added.count == 1)
    }

    /// The Standups excerpt in the corpus (a diff in the middle of a session): element #1 and its sheet are read
    /// from it; the list under the stack is collapsed and holds nothing known.
    @Test func corpusExcerpt() throws {
        let events = try Self.events(Array(try Data(contentsOf: corpusFixture("tca-printchanges-pr2315-standups.txt"))))
        var hierarchy = Hierarchy()
        for event in events { hierarchy.apply(event) }
        #expect(
            Self.outline(hierarchy) == [
                "root root AppFeature.State [stack]", "  push #1 detail(StandupDetail.State)",
                "    sheet #1.destination edit(StandupForm.State)",
            ])
    }

    /// Elements elided before the reader saw them are said, not invented: placeholders, and a note.
    @Test func elidedElementsNeverSeenAreSaid() throws {
        let log = """
            received action:
              AppFeature.Action.path(
                .push(id: #5, state: .detail(Detail.State()))
              )
              AppFeature.State(
                path: [
                  … (2 unchanged),
            +     #5: .detail(Detail.State())
                ]
              )

            """
        let collector = DiagnosticCollector()
        var hierarchy = Hierarchy()
        let source = LineSource(bytes: Array(log.utf8), name: "test.log")
        try NavigationInput(source: source, format: .tca).read(diagnostics: collector) {
            hierarchy.apply($0)
            return true
        }
        #expect(
            Self.outline(hierarchy) == [
                "root root AppFeature.State [stack]", "  push … (not seen yet)", "  push … (not seen yet)",
                "  push #5 detail(Detail.State)",
            ])
        #expect(collector.diagnostics.map(\.message).contains { $0.contains("2 elements of path not seen yet") })
    }
}
