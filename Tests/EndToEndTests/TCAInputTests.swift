import Foundation
import NavGraphTestSupport
import Testing

/// TCA `_printChanges()` logs (Fixtures/tca, printed by the real swift-custom-dump), read by the built binary.
@Suite("TCA _printChanges() input")
struct TCAInputTests {
    static func fixture(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/tca/" + name).path
    }

    @Test func treeAtAStepShowsTheStackAndWhatIsPresentedOnIt() throws {
        // Step 4: the detail pushed, its edit sheet presented.
        let tree = try navgraph(["tree", Self.fixture("stack.log"), "--at", "4"])
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(
            tree.stdout == """
                window main
                AppFeature.State root [stack]
                └─ detail(SyncUpDetail.State) #0
                   └─ edit(SyncUpForm.State) #0.destination ⇡sheet

                """)
    }

    @Test func historyIsTheActionsThatNavigated() throws {
        let history = try navgraph(["history", Self.fixture("stack.log")])
        #expect(history.status == 0)
        let lines = history.stdout.split(separator: "\n")
        // 16 navigation changes among 21 actions: in-place changes and `(No state changes)` are no step.
        #expect(lines.count == 16)
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "AppFeature.Action.path(.popFrom(id: #1)) (2 nodes): 2 gone: record(RecordMeeting.State) #1, "
                        + "meeting(Meeting) #2")
            })
        #expect(!history.stdout.contains("timerTick"))
        #expect(!history.stdout.contains("onAppear)) "))
    }

    @Test func tabsSelectAndStackPerTab() throws {
        let tree = try navgraph(["tree", Self.fixture("tabs.log"), "--at", "8"])
        #expect(tree.status == 0)
        #expect(
            tree.stdout == """
                window main
                TabsApp.State root [tabs]
                ├─ HomeFeature.State home [stack] tab 1
                │  ├─ item(ItemDetail.State) #0
                │  └─ settings(Settings.State) #1
                └─ InventoryFeature.State inventory [stack] tab 2 (selected)
                   ├─ addItem(AddItem.State) inventory.destination [stack] ⇡sheet
                   │  ├─ pickCategory(Settings.State) #3
                   │  └─ pickColor(Settings.State) #4
                   └─ item(ItemDetail.State) #2

                """)
    }

    @Test func aCaseMappedInTheConfigurationIsPresentedInItsStyle() throws {
        let folder = try temporaryFolder()
        try "presentations:\n  scanner: fullScreenCover\n".write(
            to: folder.appendingPathComponent(".navgraph.yml"), atomically: true, encoding: .utf8)
        let tree = try navgraph(["tree", Self.fixture("stack.log"), "--at", "12"], directory: folder)
        #expect(tree.stdout.contains("scanner(Scanner.State) #0.destination ⇡fullScreenCover"), "\(tree.stdout)")
        let plain = try navgraph(["tree", Self.fixture("stack.log"), "--at", "12"])
        #expect(plain.stdout.contains("scanner(Scanner.State) #0.destination ⇡sheet"))
    }

    @Test func leaksCannotBeToldFromIt() throws {
        let leaks = try navgraph(["leaks", Self.fixture("stack.log")])
        // 3: undecided, never 0 (clean).
        #expect(leaks.status == 3)
        #expect(leaks.stderr.contains("leaks cannot be told from it"))
        #expect(leaks.stderr.contains("TCA's state holds values, not objects with a lifetime"))
    }

    /// `tree --follow` fed a line at a time: an action's diff is complete at its last line (the state's closing
    /// parenthesis), so its step shows then, before the next `received action:` comes; while the diff is half
    /// printed the view still shows the step before (a half diff says nothing sure: what it removed is printed before
    /// what it added). Nothing is lost or different at the end.
    @Test func followedALineAtATimeEachStepShowsWhenItsDiffEnds() throws {
        let path = Self.fixture("stack.log")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        ).dropLast()
        // Each step's header, by the line its action starts on (as `history` numbers and places them).
        let history = try navgraph(["history", path])
        var headers: [Int: String] = [:]
        for step in history.stdout.split(separator: "\n") {
            let words = step.split(separator: " ")
            guard words.count > 2, words[1] == "line", let line = Int(words[2]) else { continue }
            headers[line] = "── step \(words[0]), line \(line) ──"
        }
        #expect(headers.count == 16)
        // `_printChanges()` prints an empty line after each action: the line before it ends the diff.
        var pieces: [StreamedPiece] = []
        var action: Int?
        for (index, line) in lines.enumerated() {
            if line == "received action:" { action = index + 1 }
            let endsDiff = index + 1 < lines.count && lines[index + 1].isEmpty
            pieces.append(StreamedPiece(text: line + "\n", shows: endsDiff ? action.flatMap { headers[$0] } : nil))
        }
        let run = try navgraphStreaming(["tree", "--follow", "--input-format", "tca"], pieces: pieces)
        #expect(run.status == 0, "\(run.stderr)")
        let shown = run.stdout.split(separator: "\n").filter { $0.hasPrefix("── ") }
        #expect(
            shown == headers.keys.sorted().map { Substring(headers[$0]!) } + ["── end of input (step 16, as above) ──"])
        let whole = try navgraph(["tree", path])
        let last = run.stdout.components(separatedBy: headers[headers.keys.max()!]! + "\n").last ?? ""
        #expect(last == whole.stdout + "\n── end of input (step 16, as above) ──\n")
    }

    /// A feature that becomes a stack in place (its first push after it was placed) is drawn as a stack on the HTML
    /// page, as `render` draws it: the page's one layout used the kind a model had when first placed.
    @Test(.tags(.draws)) func theReplayPageDrawsAFeatureThatBecameAStackAsOne() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("tabs.html").path
        let replay = try navgraph(["replay", Self.fixture("tabs.log"), "--html", page])
        #expect(replay.status == 0, "\(replay.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(#""type":"InventoryFeature.State","kind":"stack""#))
        #expect(html.contains(#""type":"HomeFeature.State","kind":"stack""#))
    }

    @Test(.tags(.draws)) func diagramMapsTheFeatures() throws {
        let diagram = try navgraph(["diagram", Self.fixture("stack.log"), Self.fixture("tabs.log")])
        #expect(diagram.status == 0, "\(diagram.stderr)")
        #expect(diagram.stdout.contains("detail(SyncUpDetail.State)"))
        #expect(diagram.stdout.contains("addItem(AddItem.State)"))
    }
}
