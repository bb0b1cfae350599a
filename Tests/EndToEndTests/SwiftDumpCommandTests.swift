import Foundation
import NavGraphTestSupport
import Testing

/// The swift-dump reader and .navgraph.yml, as a user runs them.
@Suite("Swift dump() input and .navgraph.yml")
struct SwiftDumpCommandTests {
    @Test func perTabRoutersExample() throws {
        let run = try navgraph(["tree", example("per-tab-routers.log")])
        #expect(run.status == 0, "\(run.stderr)")
        expectGolden(run.stdout, "per-tab-routers.log.tree.txt")
        #expect(run.stderr == "navgraph: skipped 3 lines that are not navigation output (--verbose lists them)\n")
        let chosen = try navgraph(["tree", "--input-format", "swift-dump", example("per-tab-routers.log")])
        #expect(chosen.stdout == run.stdout)
    }

    /// A dump with no property navgraph reads as navigation (an lldb `po` of a node tree) shows its root alone: stderr
    /// says why and what shows the rest. A dump with navigation, or `--verbose`, is not remarked on.
    @Test func aDumpWithNoNavigationSaysWhatShowsTheRest() throws {
        let file = repositoryRoot.appendingPathComponent(
            "Tests/NavGraphFormatsTests/Fixtures/corpus/dumpstyle-tinder-nodes-pr148-po-tree.txt"
        ).path
        let run = try navgraph(["tree", file])
        #expect(run.status == 0)
        #expect(run.stdout == "window main\nNode tree\n")
        #expect(run.stderr.contains("navgraph: the dumps hold no navigation by the property names navgraph knows"))
        #expect(run.stderr.contains("--verbose shows every property"))
        let verbose = try navgraph(["tree", "--verbose", file])
        #expect(verbose.stdout.contains("Scene"))
        #expect(!verbose.stderr.contains("hold no navigation"))
        #expect(!(try navgraph(["tree", example("per-tab-routers.log")])).stderr.contains("hold no navigation"))
    }

    /// The transcript of docs/formats/swift-dump.md.
    @Test func treeAtAStep() throws {
        let run = try navgraph(["tree", "--at", "11", example("per-tab-routers.log")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                window main
                AppState root [tabs]
                ├─ Router home [stack] tab 1
                │  ├─ Route list(category: "shoes")
                │  └─ Route detail(id: 42)
                └─ Router settings [stack] tab 2 (selected)
                   ├─ Route account
                   ├─ Route privacy(showsAds: false)
                   └─ Sheet share(url: "https://example.com/privacy") ⇡sheet

                """)
        let json = try navgraph(["tree", "--format", "json", example("per-tab-routers.log")])
        #expect(json.stdout.contains("\"kind\": \"tabs\", \"selected\": \"home\""))
    }

    @Test func historyOfTheDumps() throws {
        // Each dump told by what it changed; a tab's selection said only when it changes.
        let run = try navgraph(["history", "--steps", "5..8", example("per-tab-routers.log")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                     5  line 31      dump of window main (6 nodes): present Sheet compose(draft: nil) as sheet on stack home
                     6  line 43      dump of window main (5 nodes): 1 gone: Sheet compose(draft: nil)
                     7  line 52      dump of window main (5 nodes): no change
                     8  line 52      select tab Router settings of root

                """)
        let all = try navgraph(["history", example("per-tab-routers.log")])
        #expect(all.stdout.split(separator: "\n").filter { $0.contains("select tab") }.count == 3)
    }

    @Test func diffBetweenTwoMoments() throws {
        let run = try navgraph(["diff", example("per-tab-routers.log"), "--from", "9", "--to", "11"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stdout == """
                + Route privacy(showsAds: false) under Router settings (push)
                + Sheet share(url: "https://example.com/privacy") under Router settings (sheet)

                """)
    }

    /// `dump(x, maxDepth:)` and `dump(x, maxItems:)` print part of the state (real output, `cut-short.swift`): each
    /// such dump is warned of once (an error with --strict), and what it leaves out keeps its last known state
    /// instead of vanishing from the tree.
    @Test func dumpsCutShortKeepWhatTheyLeaveOut() throws {
        let file = repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/swift-dump/cut-short.txt")
            .path
        let whole = """
            window main
            AppState root [tabs]
            ├─ Router home [stack] tab 1 (selected)
            │  ├─ Route list(category: "shoes")
            │  └─ Route detail(id: 42)
            └─ Router settings [stack] tab 2
               └─ Route account

            """
        // Step 3 is the maxDepth dump that prints both routers without their children; 4 a maxItems dump that
        // stops in home's second entry; 5 and 6 home's router cut by maxItems, then by maxDepth.
        for step in ["3", "4", "5", "6"] {
            let run = try navgraph(["tree", "--at", step, file])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == whole, "step \(step)")
        }
        let run = try navgraph(["tree", file])
        #expect(
            run.stderr == """
                \(file):21: warning: dump of window main is cut short by maxDepth (2 values printed without their children): the parts it leaves out keep their last known state
                \(file):30: warning: dump of window main is cut short by maxItems (4 more children not printed): the parts it leaves out keep their last known state; Router home has 3 entries, of which 2 are known
                \(file):46: warning: dump of 'home' is cut short by maxItems (4 more children not printed): the parts it leaves out keep their last known state; Router home has 4 entries, of which 2 are known
                \(file):53: warning: dump of 'home' is cut short by maxDepth (4 values printed without their children): the parts it leaves out keep their last known state; Router home has 4 entries, of which 2 are known

                """)
        let strict = try navgraph(["tree", "--strict", file])
        #expect(strict.status != 0)
        #expect(strict.stderr.contains("\(file):46: error: dump of 'home' is cut short by maxItems"))
        // With nothing known before, the cut dump is shown as far as it goes, and the warning says so.
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let alone = try temporaryFile(lines[20..<29].joined(separator: "\n") + "\n")
        let first = try navgraph(["tree", alone.path])
        #expect(first.stdout == "window main\nAppState root\n")
        #expect(
            first.stderr
                == "\(alone.path):1: warning: dump of window main is cut short by maxDepth (2 values printed without "
                + "their children): the parts it leaves out are not shown (nothing was known of them before)\n")
    }

    /// A dump whose output stops inside a value names that value by its label and text; a value printed with
    /// neither (`▿` alone, an element whose summary is empty) is named as such, not as `''`.
    @Test func aDumpEndingInsideAValueNamesIt() throws {
        let named = try temporaryFile("▿ router: MyApp.Router #0\n  ▿ path: 2 elements\n    - 1\n")
        #expect(
            try navgraph(["tree", named.path]).stderr
                == "\(named.path):2: warning: this dump ends before 'path: 2 elements' is complete (1 printed): the "
                + "output was cut short; what is missing is not shown\n")
        let unnamed = try temporaryFile("▿ router: MyApp.Router #0\n  ▿ path: 1 element\n    ▿\n")
        #expect(
            try navgraph(["tree", unnamed.path]).stderr
                == "\(unnamed.path):3: warning: this dump ends before a value with no name is complete (0 printed): "
                + "the output was cut short; what is missing is not shown\n")
    }

    /// `dump(home, name: "home", maxDepth: 1)` prints a presented sheet on one line, `▹ presentedSheet:
    /// Optional(cut.Sheet.share(url: "x"))` (real output): it reads as the expanded form does, `Sheet share(url:
    /// "x")`, so a later whole dump of the same sheet is no change (it read as a model named by the whole summary,
    /// typed `presentedSheet`, which the whole dump then reported gone and presented again).
    @Test func aSheetCutByMaxDepthReadsAsItsExpandedForm() throws {
        let log = try temporaryFile(
            """
            ▿ home: cut.Router #0
              ▿ path: 1 element
                ▿ cut.Route.detail
                  ▿ detail: (1 element)
                    - id: 1
              - presentedSheet: nil
            ▿ home: cut.Router #0
              ▹ path: 1 element
              ▹ presentedSheet: Optional(cut.Sheet.share(url: "x"))
            ▿ home: cut.Router #0
              ▿ path: 1 element
                ▿ cut.Route.detail
                  ▿ detail: (1 element)
                    - id: 1
              ▿ presentedSheet: Optional(cut.Sheet.share(url: "x"))
                ▿ some: cut.Sheet.share
                  ▿ share: (1 element)
                    - url: "x"

            """)
        let history = try navgraph(["history", log.path])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(
            history.stdout == """
                     1  line 1       dump of window main (2 nodes): all new
                     2  line 7       dump of window main (3 nodes): present Sheet share(url: "x") as sheet on stack home
                        warning: dump of 'home' is cut short by maxDepth (2 values printed without their children): the parts it leaves out keep their last known state
                     3  line 10      dump of window main (3 nodes): no change

                """)
    }

    /// `history` gives each step the warnings of its lines: a dump cut short is warned of on its first line, which
    /// is its step's line, so the step has that warning (text: under it; JSON: counted in `"warnings"`, which was
    /// 0 as only the reducer's warnings were counted).
    @Test func historyGivesACutDumpsWarningToItsStep() throws {
        let file = repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/swift-dump/cut-short.txt")
            .path
        let json = try navgraph(["history", "--format", "json", file])
        #expect(json.status == 0, "\(json.stderr)")
        let counts = json.stdout.split(separator: "\n").filter { $0.contains("\"step\"") }.map { line in
            (
                line.contains("\"line\": 21,") || line.contains("\"line\": 30,") || line.contains("\"line\": 46,")
                    || line.contains("\"line\": 53,"), line.contains("\"warnings\": 1}")
            )
        }
        #expect(counts.count > 4)
        for (cut, warned) in counts { #expect(cut == warned, "\(json.stdout)") }
        let text = try navgraph(["history", "--steps", "3", file])
        #expect(
            text.stdout.hasSuffix(
                "\n        warning: dump of window main is cut short by maxDepth (2 values printed without their "
                    + "children): the parts it leaves out keep their last known state\n"), "\(text.stdout)")
    }

    /// A cut dump's printed count of a stack's entries holds (real output, `dump(home, name: "home", maxItems: 4)`
    /// and `maxDepth: 1` after a whole dump of 5 entries): with more than are known the warning says how many are
    /// known; with fewer, the known entries past the count are dropped (5 known entries stayed after `path: 4
    /// elements`).
    @Test func aCutDumpsCountOfEntriesHolds() throws {
        var lines = [
            "▿ home: cut.Router #0", "  ▿ path: 5 elements",
        ]
        for id in 1...5 {
            lines += ["    ▿ cut.Route.detail", "      ▿ detail: (1 element)", "        - id: \(id)"]
        }
        lines += [
            "  - presentedSheet: nil",
            "▿ home: cut.Router #0", "  ▹ path: 6 elements", "  - presentedSheet: nil",
            "▿ home: cut.Router #0", "  ▿ path: 4 elements", "    ▿ cut.Route.detail", "      ▿ detail: (1 element)",
            "          (1 child)", "      (3 more children)", "    (1 more child)",
        ]
        let log = try temporaryFile(lines.joined(separator: "\n") + "\n")
        let history = try navgraph(["history", log.path])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(
            history.stderr.contains(
                "\(log.path):19: warning: dump of 'home' is cut short by maxDepth (1 value printed without its children): "
                    + "the parts it leaves out keep their last known state; Router home has 6 entries, of which 5 are known\n"
            ),
            "\(history.stderr)")
        #expect(history.stdout.contains("line 22      dump of window main (5 nodes): 1 gone: Route detail(id: 5)\n"))
        let tree = try navgraph(["tree", log.path])
        #expect(
            tree.stdout == """
                window main
                Router home [stack]
                ├─ Route detail(id: 1)
                ├─ Route detail(id: 2)
                ├─ Route detail(id: 3)
                └─ Route detail(id: 4)

                """)
    }

    /// `replay` gives each step the same warnings as `history`: the reader's about the step's lines too (a cut
    /// dump's), in the text of `--steps` and in `--html`'s page data (both had only the reducer's).
    @Test(.tags(.draws)) func replayGivesACutDumpsWarningToItsStep() throws {
        let file = repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/swift-dump/cut-short.txt")
            .path
        let warning =
            "dump of window main is cut short by maxDepth (2 values printed without their children): the parts it "
            + "leaves out keep their last known state"
        let text = try navgraph(["replay", "--steps", "3", file])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count > 3 && lines[2] == "warning: " + warning, "\(text.stdout)")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("replay.html")
        let html = try navgraph(["replay", file, "--html", page.path])
        #expect(html.status == 0, "\(html.stderr)")
        let data = try String(contentsOf: page, encoding: .utf8)
        #expect(data.contains("\"warnings\":[\"" + warning + "\"]"))
        #expect(data.contains("\"warnings\":[\"dump of 'home' is cut short by maxItems"))
    }

    /// An app that prints a tab's router (`dump(home, name: "home")`) before it first prints the whole state: the
    /// whole dump is the window, and the next dump named `home` is its tab again, not the whole window.
    @Test func aNamedDumpBeforeTheWholeStateIsAPartOfIt() throws {
        let example = try String(contentsOfFile: example("per-tab-routers.log"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        // Lines 15-20: home's router with one entry; 52-70: the whole state, home with two entries.
        let home = example[14..<20].joined(separator: "\n")
        let log = try temporaryFile(
            [home, example[51..<70].joined(separator: "\n"), home].joined(separator: "\n") + "\n")
        let run = try navgraph(["tree", log.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                window main
                AppState root [tabs]
                ├─ Router home [stack] tab 1
                │  └─ Route list(category: "shoes")
                └─ Router settings [stack] tab 2 (selected)

                """)
        let history = try navgraph(["history", log.path])
        #expect(history.stdout.hasSuffix("dump of window main (4 nodes): 1 gone: Route detail(id: 42)\n"))
        // The whole dump's step says home's entry moved under tab home (it said '1 gone: Route list(…)').
        #expect(
            history.stdout.contains(
                "Router home is now under AppState root; 1 moved under Router home: Route "
                    + "list(category: \"shoes\")\n"), "\(history.stdout)")
    }

    /// lldb `po` of routes whose payload is an enum (real output, `lldb-po.swift`) reads as `dump()`'s does.
    @Test func poOfEnumsNestedInAPayload() throws {
        let file = repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/swift-dump/lldb-po.txt")
        let run = try navgraph(["tree", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasSuffix(
                """
                window browse
                Router browse [stack]
                ├─ Route product(Product.kind(Kind.shoes))
                ├─ Route filter(Filter.color("red"))
                └─ Route filter(Filter.size(min: 38, max: 42))

                """))
    }

    /// `tree --follow` paused while a whole dump is printed, just after settings' router line (line 68): the
    /// provisional view shows that tab as the router it was, not `Value settings`.
    @Test func followPausedMidDumpShowsTheTabAsItWas() throws {
        let lines = try String(contentsOfFile: example("per-tab-routers.log"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let paused = "── step 8, line 52, provisional: a dump is still being printed ──\n"
        // The rest of the dump comes once the view of the paused input is shown.
        let run = try navgraphStreaming(
            ["tree", "--follow"],
            pieces: [
                StreamedPiece(text: lines[..<68].joined(separator: "\n") + "\n", shows: paused),
                StreamedPiece(text: lines[68...].joined(separator: "\n")),
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("Value settings"))
        let start = try #require(run.stdout.range(of: paused), "\(run.stdout)")
        #expect(
            run.stdout[start.upperBound...].hasPrefix(
                """
                window main
                AppState root [tabs]
                ├─ Router home [stack] tab 1
                │  ├─ Route list(category: "shoes")
                │  └─ Route detail(id: 42)
                └─ Router settings [stack] tab 2 (selected)

                """))
    }

    /// Two tabs' routers dumped on their own before the first whole dump: the second began a window of its own
    /// (`settings`), which the whole dump then shows as a tab; that window is closed rather than kept as a second,
    /// stale `settings` beside the tab (in the tree and twice among the JSON ids).
    @Test func aWindowAWholeDumpShowsAsAPartIsClosed() throws {
        let example = try String(contentsOfFile: example("per-tab-routers.log"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        // Lines 15-20: home's router; 71-74: settings' router with one entry; 52-70: the whole state.
        let pieces = [example[14..<20], example[70..<74], example[51..<70], example[70..<74]]
        let log = try temporaryFile(pieces.map { $0.joined(separator: "\n") }.joined(separator: "\n") + "\n")
        let run = try navgraph(["tree", log.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                window main
                AppState root [tabs]
                ├─ Router home [stack] tab 1
                │  ├─ Route list(category: "shoes")
                │  └─ Route detail(id: 42)
                └─ Router settings [stack] tab 2 (selected)
                   └─ Route account

                """)
        let json = try navgraph(["tree", "--format", "json", log.path])
        #expect(json.stdout.components(separatedBy: "\"id\": \"settings\"").count == 2)
        let history = try navgraph(["history", log.path])
        #expect(history.stdout.contains("line 11      close window settings (2 left)"))
    }

    @Test func leaksCannotBeToldFromDumps() throws {
        let run = try navgraph(["leaks", example("per-tab-routers.log")])
        #expect(run.status == 3)
        #expect(run.stderr.contains("records no lifecycle"))
    }

    @Test func configPrintSaysWhereEachValueCameFrom() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-e2e-\(UUID().uuidString)")
        let nested = folder.appendingPathComponent("app/logs")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        // A repository: the search for .navgraph.yml goes up to its root.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "kinds:\n  \"*Coordinator\": stack\ndefaults:\n  max-nodes: 7\n"
            .write(to: folder.appendingPathComponent(".navgraph.yml"), atomically: true, encoding: .utf8)
        let run = try navgraph(["config", "--print"], directory: nested)
        #expect(run.status == 0, "\(run.stderr)")
        let file = folder.appendingPathComponent(".navgraph.yml").path
        #expect(run.stdout.hasPrefix("# configuration in force: \(file)"))
        #expect(run.stdout.contains("  \"*Coordinator\": stack  "))
        #expect(run.stdout.contains("# \(file):2\n"))
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  max-nodes: 7 ") && $0.hasSuffix("# \(file):4") })
        #expect(lines.contains { $0.hasPrefix("  direction: TB ") && $0.hasSuffix("# built-in") })
        #expect(run.stdout.contains("  \"*StackRoot*\": stack  "))
        // The file's rule applies to a dump read from below that folder.
        let dump = nested.appendingPathComponent("app.txt")
        try "<[HomeCoordinator 111...]>\n\t<[ListModel 222...]>\n".write(to: dump, atomically: true, encoding: .utf8)
        let tree = try navgraph(["tree", dump.path], directory: nested)
        #expect(tree.stdout.contains("HomeCoordinator 111 [stack]"), "\(tree.stdout)")
        let dot = try navgraph(["render", dump.path], directory: nested)
        #expect(dot.status == 0)
        #expect(dot.stdout.contains("rankdir=TB"))
        // render's defaults from the file; an option on the command line wins.
        let layout = folder.appendingPathComponent("layout.yml").path
        try "defaults:\n  direction: LR\n".write(toFile: layout, atomically: true, encoding: .utf8)
        #expect(try navgraph(["render", "--config", layout, dump.path]).stdout.contains("rankdir=LR"))
        #expect(
            try navgraph(["render", "--config", layout, "--direction", "TB", dump.path]).stdout.contains("rankdir=TB"))
    }

    @Test func theExampleConfigurationIsValid() throws {
        let run = try navgraph(["config", "--print", "--config", example("navgraph.yml")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  - \"SessionCacheNavigationModel\""))
        // The transcript of docs/commands/config.md, from the examples folder.
        let relative = try navgraph(
            ["config", "--print", "--config", "navgraph.yml"],
            directory: repositoryRoot.appendingPathComponent("examples"))
        #expect(
            relative.stdout.split(separator: "\n").prefix(5).joined(separator: "\n") == """
                # configuration in force: navgraph.yml, then navgraph's built-in behaviour
                kinds:  # first match wins
                  "*Coordinator": stack            # navgraph.yml:8
                  "*TabBar*NavigationModel": tabs  # navgraph.yml:9
                  "*StackRoot*": stack             # built-in
                """)
    }

    @Test func badConfigurationIsAnErrorAtItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.yml").path
        try "allowed:\n  - Cache\nleak: []\n".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try navgraph(["tree", "--config", file, example("launch-dump.txt")])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("\(file):3: error: unknown key 'leak' in the configuration; expected allowed, "))
        try "kinds:\n  \"Home{A,B}\": stack\n".write(toFile: file, atomically: true, encoding: .utf8)
        let glob = try navgraph(["config", "--print", "--config", file])
        #expect(glob.status == 2)
        #expect(glob.stderr.hasPrefix("\(file):2: error: bad glob 'Home{A,B}'"))
    }

    @Test func allowedTypesAreNotLeaks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("allow.yml").path
        try "allowed:\n  - ActionableListNavigationModel\n  - SegmentedTabsNavigationModel\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = try navgraph(["leaks", "--all", "--config", file, example("leaky-session.log")])
        #expect(
            run.stdout.contains("allowed ActionableListNavigationModel B80  leaked, but allowed to outlive its screen"))
        // Only the listed types are exempt: the leaked children of the allowed SegmentedTabsNavigationModel are of
        // another type, and keep their verdict (they vanished from every list).
        #expect(run.status == 1, "\(run.stdout)")
        #expect(
            run.stdout.hasPrefix(
                "leaked ArchitectureExampleNavigationModel A11  under SegmentedTabsNavigationModel 5EA until step 21, "
                    + "line 66; started line 49\n"), "\(run.stdout)")
        #expect(run.stdout.contains("3 leaked, 0 suspected"))
        // Allowing their type too leaves nothing.
        try "allowed:\n  - ActionableListNavigationModel\n  - SegmentedTabsNavigationModel\n  - ArchitectureExample*\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let all = try navgraph(["leaks", "--config", file, example("leaky-session.log")])
        #expect(all.status == 0, "\(all.stdout)")
        #expect(all.stdout.contains("0 leaked, 0 suspected"))
        #expect(all.stdout.hasSuffix(", 5 allowed by \(file)\n"), "\(all.stdout)")
    }
}
