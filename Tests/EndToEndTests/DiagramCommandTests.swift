import Foundation
import NavGraphTestSupport
import Testing

@Suite("navgraph diagram, as a user runs it", .tags(.draws))
struct DiagramCommandTests {
    static let logs = [
        "session.log", "launch-dump.txt", "sheet-over-tabs.txt", "console-prefixed.log", "legacy-1x.log",
        "leaky-session.log", "leaky-session.jsonl", "navigation-path.log", "navigator-session.log",
        "per-tab-routers.log",
    ]

    @Test func theSameBytesWhateverTheOrderOfTheLogs() throws {
        for format in ["dot", "json", "mermaid", "svg"] {
            let forward = try navgraph(["diagram", "--format", format] + Self.logs.map(example))
            let backward = try navgraph(["diagram", "--format", format] + Self.logs.reversed().map(example))
            #expect(forward.status == 0 && backward.status == 0, "\(forward.stderr)")
            #expect(forward.stdoutBytes == backward.stdoutBytes, "\(format) differs with the logs in another order")
            #expect(!forward.stdoutBytes.isEmpty)
        }
        let dot = try navgraph(["diagram"] + Self.logs.map(example))
        // As drawn: the generic stack root the Examples app wraps every tab and sheet in is collapsed (the
        // renderer's own golden file, examples.diagram.dot, is the whole map).
        expectGolden(dot.stdout, "examples.diagram.collapsed.dot")
        // The logs' skipped lines are said once for the run (a line per log was noise): their sum, and how many of
        // the logs had any, as each log read alone counts them.
        var total = 0
        var skipping = 0
        for log in Self.logs {
            let own = try navgraph(["tree", example(log)])
            if let count = own.stderr.firstMatch(of: /skipped (\d+) lines? that/).flatMap({ Int($0.1) }) {
                total += count
                skipping += 1
            }
        }
        #expect(skipping > 1 && skipping < Self.logs.count)
        #expect(
            dot.stderr.split(separator: "\n").filter { $0.contains("skipped") } == [
                "navgraph: skipped \(total) lines in \(skipping) of \(Self.logs.count) files that are not navigation "
                    + "output (--verbose lists them)"
            ],
            "\(dot.stderr)")
    }

    /// `diagram A.log B.log C.log` said "skipped N lines" once per log; now once for the run. One log alone, or the
    /// only one of several that skipped any, is said as `tree` says it (naming the log when there are several).
    @Test func skippedLinesAreSaidOnceForTheRun() throws {
        let logs = ["session.log", "leaky-session.log", "navigator-session.log"].map(example)
        let three = try navgraph(["diagram", "--format", "json"] + logs)
        #expect(three.status == 0)
        #expect(
            three.stderr.split(separator: "\n").filter { $0.contains("skipped") } == [
                "navgraph: skipped 49 lines in 3 files that are not navigation output (--verbose lists them)"
            ],
            "\(three.stderr)")
        let one = try navgraph(["diagram", "--format", "json", example("session.log")])
        #expect(one.stderr == "navgraph: skipped 19 lines that are not navigation output (--verbose lists them)\n")
        let onlyOneSkips = try navgraph(
            ["diagram", "--format", "json", example("sheet-over-tabs.txt"), example("session.log")])
        #expect(
            onlyOneSkips.stderr == "navgraph: \(example("session.log")): skipped 19 lines that are not navigation "
                + "output (--verbose lists them)\n")
        let none = try navgraph([
            "diagram", "--format", "json", example("sheet-over-tabs.txt"), example("launch-dump.txt"),
        ])
        #expect(none.status == 0 && none.stderr.isEmpty, "\(none.stderr)")
        // --verbose lists every skipped line instead, each named by its log: no total.
        let verbose = try navgraph(["diagram", "--format", "json", "--verbose"] + logs)
        #expect(!verbose.stderr.contains("navgraph: skipped"))
        #expect(verbose.stderr.components(separatedBy: ": note: skipped: ").count - 1 == 49, "\(verbose.stderr)")
    }

    @Test func formatsFromTheExtension() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, check) in [
            ("map.svg", { (bytes: [UInt8]) in isWellFormedXML(bytes) }),
            ("map.png", { $0.prefix(4) == [0x89, 0x50, 0x4E, 0x47] }),
            ("map.pdf", { String(decoding: $0.prefix(5), as: UTF8.self) == "%PDF-" }),
            ("map.mmd", { String(decoding: $0, as: UTF8.self).contains("%%\nflowchart TB\n") }),
            ("map.md", { String(decoding: $0, as: UTF8.self).hasPrefix("```mermaid\n%%{init: ") }),
            ("map.json", { String(decoding: $0, as: UTF8.self).hasPrefix("{\n  \"nodes\": [") }),
        ] {
            let out = folder.appendingPathComponent(name)
            let run = try navgraph([
                "diagram", example("sheet-over-tabs.txt"), example("leaky-session.jsonl"), "-o", out.path,
            ])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(check(Array(try Data(contentsOf: out))), "\(name) is not what its extension says")
        }
        let unknown = try navgraph([
            "diagram", example("session.log"), "-o", folder.appendingPathComponent("map.gif").path,
        ])
        #expect(unknown.status == 64 && unknown.stderr.contains("cannot tell the format from"))
    }

    @Test func focusExcludeAndMinimumCount() throws {
        let all = Self.logs.map(example)
        let focused = try navgraph(["diagram", "--format", "json", "--focus", "SegmentedTabsNavigationModel"] + all)
        #expect(focused.status == 0)
        #expect(
            focused.stdout.contains("\"ArchitectureExampleNavigationModel\"")
                && focused.stdout.contains("\"ActionableListNavigationModel\""))
        #expect(!focused.stdout.contains("\"AppNavigationModel\""))
        // The largest depth is the whole part of the map the focus is in, at once (it never ended).
        let deepest = try navgraphInShell(
            ["diagram", "--format", "json", "--focus", "SegmentedTabsNavigationModel", "--depth", "\(Int.max)"] + all,
            "", prefix: "exec timeout -s KILL 20 ")
        let connected = try navgraph(
            ["diagram", "--format", "json", "--focus", "SegmentedTabsNavigationModel", "--depth", "1000"] + all)
        #expect(deepest.status == 0, "\(deepest.stderr)")
        #expect(deepest.stdout == connected.stdout && deepest.stdout.contains("\"AppNavigationModel\""))
        let excluded = try navgraph(
            ["diagram", "--format", "json", "--exclude", "*Subscription*", "--exclude", "Alert*"] + all)
        #expect(!excluded.stdout.contains("Subscription") && !excluded.stdout.contains("Alert"))
        #expect(excluded.stdout.contains("ConfirmationDialogNavigationModel"))
        let frequent = try navgraph(["diagram", "--format", "json", "--min-count", "5"] + all)
        #expect(frequent.stdout.contains("\"count\": 14}") && !frequent.stdout.contains("\"count\": 1}"))
        let unknown = try navgraph(["diagram", "--focus", "NoSuchModel"] + all)
        // Worded as other bad input is: against the log (navgraph's name for several), never a bare "error:".
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("navgraph: error: --focus NoSuchModel: no model of that type in the logs"))
        let one = try navgraph(["diagram", "--focus", "Nope", example("session.log")])
        #expect(one.status == 2)
        #expect(one.stderr.contains("session.log: error: --focus Nope: no model of that type in the log; types seen:"))
        #expect(!one.stderr.split(separator: "\n").contains { $0.hasPrefix("error:") })
        // An empty map is still written, and said to be empty, as `render` says an empty diagram is.
        let nothing = try temporaryFile("{\"event\":\"start\",\"id\":\"a\",\"type\":\"A\"}\n", suffix: ".jsonl")
        let empty = try navgraph(["diagram", nothing.path])
        #expect(empty.status == 0 && empty.stdout.hasPrefix("digraph"))
        #expect(
            empty.stderr
                == "navgraph: no hierarchy in the input: nothing placed a model in a window; the map is empty\n")
        let none = try navgraph(["diagram", "--format", "json", "--min-count", "1000"] + all)
        #expect(none.stderr.contains("navgraph: the map is empty: --exclude, --focus or --min-count left out every"))
    }

    /// A map of thousands of types is drawn capped, and said so; the JSON map stays whole. (20,000 types drawn
    /// whole ran past two minutes in Graphviz.)
    @Test func aMapOfManyTypesIsCapped() throws {
        var log = "{\"event\":\"root\",\"id\":\"r\",\"type\":\"Root\",\"kind\":\"stack\",\"window\":\"main\"}\n"
        for index in 0..<300 {
            log += "{\"event\":\"push\",\"id\":\"m\(index)\",\"type\":\"Type\(index)\",\"parent\":\"r\"}\n"
            log += "{\"event\":\"pop\",\"parent\":\"r\",\"count\":1}\n"
        }
        let file = try temporaryFile(log, suffix: ".jsonl")
        let capped = try navgraph(["diagram", "--max-nodes", "50", "--no-legend", file.path])
        #expect(capped.status == 0, "\(capped.stderr)")
        #expect(
            capped.stderr.contains(
                "navgraph: drew the 50 types reached first from the windows' roots; 251 more are left out "
                    + "(--max-nodes 0 draws all; --focus TYPE, --exclude GLOB or --min-count N narrow the map)"),
            "\(capped.stderr)")
        func typesDrawn(_ dot: String) -> Int { Set(dot.matches(of: /Type\d+/).map { String($0.output) }).count }
        #expect(typesDrawn(capped.stdout) == 49, "the root and 49 of the types pushed onto it")
        let whole = try navgraph(["diagram", "--max-nodes", "0", "--no-legend", file.path])
        #expect(typesDrawn(whole.stdout) == 300 && !whole.stderr.contains("left out"))
        let json = try navgraph(["diagram", "--format", "json", "--max-nodes", "50", file.path])
        #expect(json.stdout.contains("\"Type299\"") && !json.stderr.contains("left out"))
        let negative = try navgraph(["diagram", "--max-nodes", "-1", file.path])
        #expect(negative.status == 64 && negative.stderr.contains("--max-nodes -1"), "\(negative.stderr)")
    }

    /// The generic stack root every tab and sheet of the Examples app is wrapped in is collapsed from drawings, said on
    /// stderr and in the legend; never from the JSON map (a baseline is data). `--collapse` and the configuration's
    /// `diagram.collapse` name more; `--no-collapse` keeps hubs.
    @Test func hubsAreCollapsedFromDrawingsOnly() throws {
        let all = Self.logs.map(example)
        let drawn = try navgraph(["diagram"] + all)
        #expect(drawn.status == 0)
        #expect(drawn.stderr.contains("navgraph: collapsed DefaultStackRootNavigationModel (reached from "))
        #expect(drawn.stdout.contains("collapsed: DefaultStackRootNavigationModel"))
        #expect(!drawn.stdout.contains(#"label="DefaultStackRootNavigationModel""#))
        let kept = try navgraph(["diagram", "--no-collapse"] + all)
        #expect(!kept.stderr.contains("collapsed") && kept.stdout.contains(#"label="DefaultStackRootNavigationModel""#))
        let json = try navgraph(["diagram", "--format", "json"] + all)
        #expect(!json.stderr.contains("collapsed") && json.stdout.contains("\"DefaultStackRootNavigationModel\""))

        let listed = try navgraph(["diagram", "--no-collapse", "--collapse", "Main*", "--format", "mermaid"] + all)
        #expect(
            listed.stderr.contains(
                "navgraph: collapsed MainTabsNavigationModel (named by --collapse or diagram.collapse): edges drawn past it\n"
            ))
        #expect(!listed.stdout.contains("MainTabsNavigationModel"))
        let config = try temporaryFile("diagram:\n  collapse: [\"*TabsNavigationModel\"]\n", suffix: ".yml")
        let configured = try navgraph(["diagram", "--no-collapse", "--config", config.path] + all)
        #expect(
            configured.stderr.contains(
                "collapsed MainTabsNavigationModel (named by --collapse or diagram.collapse), SegmentedTabsNavigationModel"
            ))
        let bad = try temporaryFile("diagram:\n  colapse: [A]\n", suffix: ".yml")
        let refused = try navgraph(["diagram", "--config", bad.path] + all)
        #expect(refused.status == 2 && refused.stderr.contains("unknown key 'colapse' in 'diagram'; expected collapse"))
        // The focused type is never collapsed away.
        let focused = try navgraph(["diagram", "--focus", "DefaultStackRootNavigationModel"] + all)
        #expect(focused.status == 0 && !focused.stderr.contains("collapsed"))
    }

    /// The README's map (the four Examples-app logs) at a README's 880 px: 1,140 pt of type names on one line, 7.7 px.
    /// Drawn with long names on two lines it reads, said on stderr; asked top to bottom, it is drawn as asked and says
    /// so as `render` says it, with ways out that work.
    @Test func aMapThatDoesNotReadInAColumnIsLaidOutToRead() throws {
        let logs = DocsExamplesTests.mapLogs.map { repositoryRoot.appendingPathComponent($0).path }
        let run = try navgraph(["diagram", "--format", "svg", "-o", "-"] + logs)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                /navgraph: drawn top to bottom, long type names on two lines, which reads better at a README's width \(\d+\.\d px against \d\.\d px top to bottom, type names on one line\); --direction TB draws it top to bottom, type names on one line\n/
            ), "\(run.stderr)")
        #expect(try #require(LegendSizeTests.nodeTextPixels(svg: run.stdout)) >= 9)
        let asked = try navgraph(["diagram", "--format", "svg", "--direction", "TB", "-o", "-"] + logs)
        #expect(
            asked.stderr.contains(
                /navgraph: at a README's width \(880 px\) this drawing's node text is \d\.\d px \(it is \d+ pt wide; 9 px reads\): draw part of it with --focus TYPE --depth N \(a type's neighbourhood\), --exclude GLOB, --min-count N, --strip-suffix NavigationModel \(the end of most type names\) or try --direction LR\n/
            ), "\(asked.stderr)")
        let stripped = try navgraph(
            ["diagram", "--format", "svg", "--direction", "TB", "--strip-suffix", "NavigationModel", "-o", "-"] + logs)
        #expect(!stripped.stderr.contains("README's width"), "\(stripped.stderr)")
        #expect(try #require(LegendSizeTests.nodeTextPixels(svg: stripped.stdout)) >= 9)
        // DOT and Mermaid are not laid out here: nothing measured, nothing said.
        let dot = try navgraph(["diagram", "--format", "dot"] + logs)
        #expect(!dot.stderr.contains("README's width"), "\(dot.stderr)")
    }

    @Test func themesAndLegend() throws {
        let log = example("sheet-over-tabs.txt")
        let dark = try navgraph(["diagram", "--theme", "dark", log])
        #expect(dark.status == 0 && dark.stdout.contains(##"bgcolor="#16181d""##) && dark.stdout.contains("<table"))
        #expect(try !navgraph(["diagram", "--no-legend", log]).stdout.contains("<table"))
        let unknown = try navgraph(["diagram", "--theme", "sepia", log])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no diagram theme 'sepia'; built-in themes: light, dark"))
    }

    /// `--theme PATH` draws with the user's diagram theme; one that does not parse is named at its line (exit 2);
    /// `defaults.theme` applies when a diagram theme has its name, `--theme` wins over it.
    @Test func themeFilesAndTheConfiguredTheme() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = example("sheet-over-tabs.txt")
        let mine = folder.appendingPathComponent("mine.dot.mustache")
        try "digraph mine {\n{{#statements}}{{#node}}  {{id}} [label=\"{{type}}\"];\n{{/node}}{{/statements}}}\n"
            .write(to: mine, atomically: true, encoding: .utf8)
        let drawn = try navgraph(["diagram", "--theme", mine.path, log])
        #expect(drawn.status == 0 && drawn.stdout.hasPrefix("digraph mine {\n"), "\(drawn.stderr)")
        let svg = folder.appendingPathComponent("map.svg")
        #expect(try navgraph(["diagram", "--theme", mine.path, log, "-o", svg.path]).status == 0)
        #expect(isWellFormedXML(Array(try Data(contentsOf: svg))))
        let broken = folder.appendingPathComponent("broken.dot.mustache")
        try "digraph mine {\n{{#statements}}\n{{/nodes}}\n}\n".write(to: broken, atomically: true, encoding: .utf8)
        let failed = try navgraph(["diagram", "--theme", broken.path, log])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("\(broken.path):3:"), "\(failed.stderr)")
        #expect(failed.stderr.contains(": error: invalid template: "))
        let missing = try navgraph(["diagram", "--theme", folder.appendingPathComponent("none.dot").path, log])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read theme"))

        let config = folder.appendingPathComponent(".navgraph.yml")
        try "defaults:\n  theme: dark\n".write(to: config, atomically: true, encoding: .utf8)
        let configured = try navgraph(["diagram", log], directory: folder)
        #expect(configured.status == 0 && configured.stdout.contains(##"bgcolor="#16181d""##), "\(configured.stderr)")
        let given = try navgraph(["diagram", "--theme", "light", log], directory: folder)
        #expect(given.stdout.contains(#"bgcolor="white""#))
        // A DOT theme file there is `render`'s, whose statements are not a map's: the diagram keeps its own.
        try "defaults:\n  theme: ./mine.dot.mustache\n".write(to: config, atomically: true, encoding: .utf8)
        let renderTheme = try navgraph(["diagram", log], directory: folder)
        #expect(renderTheme.status == 0 && renderTheme.stdout.contains(#"bgcolor="white""#), "\(renderTheme.stderr)")
    }

    /// Each command's themes fill their own sections: render's drawn as a map left its windows undeclared, a map's
    /// drawn by render left every model out, an HTML theme wrote an empty diagram and succeeded. Said before the
    /// logs are read (usage, exit 64), naming the built-in template to start from.
    @Test func aThemeForTheOtherCommandIsSaid() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = example("session.log")
        let page = folder.appendingPathComponent("page.html").path
        for (template, command, says) in [
            ("dot/light.dot.mustache", ["diagram"], "is a DOT theme for `navgraph render`"),
            ("diagram/light.dot.mustache", ["render"], "is a theme for `navgraph diagram`'s map"),
            ("mermaid/default.mmd.mustache", ["render"], "is a Mermaid template; this output is drawn through a DOT"),
            ("html/light.html.mustache", ["render", "--format", "mermaid"], "is an HTML theme for `replay --html`"),
            (
                "dot/light.dot.mustache", ["replay", "--html", page],
                "is a DOT theme for `navgraph render`; this output"
            ),
        ] {
            let theme = folder.appendingPathComponent(template.replacingOccurrences(of: "/", with: "-"))
            try navgraph(["templates", template]).stdout.write(to: theme, atomically: true, encoding: .utf8)
            let run = try navgraph(command + ["--theme", theme.path, log])
            #expect(run.status == 64 && run.stdout.isEmpty, "\(command): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: page))
            #expect(run.stderr.hasPrefix("navgraph: error: '\(theme.path)' \(says)"), "\(run.stderr)")
        }
        let missing = try navgraph(["diagram", "--theme", "./none.dot.mustache", log])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("./none.dot.mustache: error: cannot read theme"))
    }

    /// `--strip-suffix` and `defaults.strip-suffix` shorten the names drawn (DOT, Mermaid); JSON keeps them whole.
    @Test func strippedSuffixesInDrawingsOnly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = example("sheet-over-tabs.txt")
        let dot = try navgraph(["diagram", "--strip-suffix", "NavigationModel", log])
        #expect(dot.status == 0 && dot.stdout.contains(#"[label="Alert", tooltip="AlertNavigationModel"]"#))
        let mermaid = try navgraph(["diagram", "--format", "mermaid", "--strip-suffix", "NavigationModel", log])
        #expect(mermaid.stdout.contains(#"("Alert")"#) && !mermaid.stdout.contains("AlertNavigationModel"))
        let config = folder.appendingPathComponent(".navgraph.yml")
        try "defaults:\n  strip-suffix: NavigationModel\n".write(to: config, atomically: true, encoding: .utf8)
        let configured = try navgraph(["diagram", log], directory: folder)
        #expect(configured.stdout.contains(#"[label="Alert", tooltip="AlertNavigationModel"]"#))
        let json = try navgraph(["diagram", "--format", "json", log], directory: folder)
        #expect(json.stdout.contains(#""type": "AlertNavigationModel""#))
        let bad = try navgraph(["diagram", "--strip-suffix", "Navigation.Model", log])
        #expect(bad.status == 64 && bad.stderr.contains("is not the end of a type name"))
    }

    /// The map is laid out a few ways and the one whose edges cross least is drawn (issue 40): never more than as
    /// first written, said on stderr when the feature groups were left out for it, the figure with --verbose.
    /// Mermaid, laid out by Mermaid, keeps the groups; --no-group has none to leave out.
    @Test func theLayoutThatCrossesLeastIsDrawn() throws {
        let logs = Self.logs.map(example)
        let verbose = try navgraph(["diagram", "--verbose"] + logs)
        #expect(verbose.status == 0, "\(verbose.stderr)")
        let figures = try #require(
            verbose.stderr.firstMatch(
                of: /the map's edges cross (\d+) times? \((\d+) times? laid out as first written\)/),
            "\(verbose.stderr)")
        let (drawn, first) = (Int(figures.1) ?? -1, Int(figures.2) ?? -1)
        #expect(drawn >= 0 && drawn <= first)
        // Without --verbose (which reads the logs' other lines too), only the groups' leaving is said.
        let quiet = try navgraph(["diagram"] + logs)
        #expect(!quiet.stderr.contains("the map's edges cross"))
        if !quiet.stdout.contains("subgraph cluster_g") {
            let said = try #require(
                quiet.stderr.firstMatch(
                    of: /drew the map without feature groups: its edges cross (\d+) times?, (\d+) times with them/),
                "\(quiet.stderr)")
            #expect((Int(said.1) ?? -1) >= 0 && (Int(said.1) ?? -1) < (Int(said.2) ?? -1))
        }
        // --group keeps them whatever the crossings.
        let grouped = try navgraph(["diagram", "--group"] + logs)
        #expect(grouped.status == 0 && grouped.stdout.contains("subgraph cluster_g"), "\(grouped.stderr)")
        #expect(!grouped.stderr.contains("without feature groups"))
        let ungrouped = try navgraph(["diagram", "--no-group", "--verbose"] + logs)
        #expect(!ungrouped.stderr.contains("without feature groups") && !ungrouped.stdout.contains("cluster_g"))
        let mermaid = try navgraph(["diagram", "--format", "mermaid", "--verbose"] + logs)
        #expect(!mermaid.stderr.contains("edges cross") && mermaid.stdout.contains("feature_group"))
    }

    /// `defaults.direction` lays the map out as `render`'s drawings are (it was read by render only); `--direction`
    /// wins over it; and a configured direction counts as chosen, so a map that does not read is not turned.
    @Test func theConfiguredDirection() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = example("sheet-over-tabs.txt")
        #expect(try navgraph(["diagram", log], directory: folder).stdout.contains("rankdir=TB"))
        let config = folder.appendingPathComponent(".navgraph.yml")
        try "defaults:\n  direction: LR\n".write(to: config, atomically: true, encoding: .utf8)
        let configured = try navgraph(["diagram", log], directory: folder)
        #expect(configured.status == 0 && configured.stdout.contains("rankdir=LR"), "\(configured.stderr)")
        let given = try navgraph(["diagram", "--direction", "TB", log], directory: folder)
        #expect(given.status == 0 && given.stdout.contains("rankdir=TB") && !given.stdout.contains("rankdir=LR"))
    }

    @Test func checkPassesOnAMatchFailsOnDriftAndUpdates() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("navigation.json").path
        let session = example("sheet-over-tabs.txt")
        let missing = try navgraph(["diagram", "--check", baseline, session])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read the baseline"))
        // A file that is not a map: where, what was expected, and what makes one.
        let notAMap = folder.appendingPathComponent("events.json").path
        try Data("[]".utf8).write(to: URL(fileURLWithPath: notAMap))
        let wrongFile = try navgraph(["diagram", "--check", notAMap, session])
        #expect(
            wrongFile.status == 2
                && wrongFile.stderr.hasSuffix(
                    "events.json:1:1: error: expected a navigation map: an object with \"nodes\" and \"edges\"; "
                        + "is this a file `navgraph diagram --format json` wrote?\n")
        )
        let created = try navgraph(["diagram", "--check", baseline, "--update", session])
        #expect(created.status == 0 && FileManager.default.fileExists(atPath: baseline))
        #expect(
            try String(contentsOfFile: baseline, encoding: .utf8)
                == (try navgraph(["diagram", "--format", "json", session])).stdout)

        let match = try navgraph(["diagram", "--check", baseline, session])
        #expect(match.status == 0 && match.stdout.isEmpty && match.stderr.contains("match the baseline"))

        let drift = try navgraph(["diagram", "--check", baseline, session, example("leaky-session.jsonl")])
        #expect(drift.status == 1)
        let lines = drift.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("+ SubscriptionPremiumNavigationModel switched in by SubscriptionNavigationModel"))
        #expect(lines.contains("+ ArchitectureExampleNavigationModel tab 3 of SegmentedTabsNavigationModel"))
        #expect(lines.count == 13 && lines.allSatisfy { $0.hasPrefix("+ ") })
        let gone = try navgraph(["diagram", "--check", baseline, example("launch-dump.txt")])
        #expect(gone.status == 1)
        #expect(
            gone.stdout == """
                - ActionableListNavigationModel pushed after ActionableListNavigationModel
                - AlertNavigationModel presented (alert) from DefaultStackRootNavigationModel
                - ConfirmationDialogNavigationModel presented (confirmationDialog) from ActionableListNavigationModel
                - DefaultStackRootNavigationModel presented from MainTabsNavigationModel

                """)

        let updated = try navgraph(["diagram", "--check", baseline, "--update", example("launch-dump.txt")])
        #expect(updated.status == 0 && updated.stderr.contains("updated the baseline"))
        #expect(try navgraph(["diagram", "--check", baseline, example("launch-dump.txt")]).status == 0)
    }

    @Test func badInputAndBadBaselinesExitTwo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("bad.json")
        try Data("{\"nodes\": [],\n \"edges\": [{\"relation\": \"push\"}]}".utf8).write(to: baseline)
        let bad = try navgraph(["diagram", "--check", baseline.path, example("session.log")])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.json:2:12: error: expected a \"from\" member (a string)"))
        let noNavigation = folder.appendingPathComponent("empty.log")
        try Data("hello\n".utf8).write(to: noNavigation)
        let empty = try navgraph(["diagram", example("session.log"), noNavigation.path])
        #expect(empty.status == 2 && empty.stderr.contains("empty.log: error: no navigation output found"))
        let usage = try navgraph(["diagram", "--update", example("session.log")])
        #expect(usage.status == 64)
    }
}

@Suite("navgraph render: Mermaid and trace, as a user runs them")
struct RenderSharingTests {
    @Test func mermaidAndMarkdownFromTheExtension() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mmd = folder.appendingPathComponent("nav.mmd")
        #expect(try navgraph(["render", example("leaky-session.log"), "-o", mmd.path]).status == 0)
        expectGolden(try String(contentsOf: mmd, encoding: .utf8), "leaky-session.log.mmd")
        let md = folder.appendingPathComponent("nav.md")
        #expect(try navgraph(["render", example("leaky-session.log"), "-o", md.path]).status == 0)
        #expect(
            try String(contentsOf: md, encoding: .utf8) == "```mermaid\n" + (try golden("leaky-session.log.mmd"))
                + "```\n")
    }

    @Test func traceToAFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("nav.json")
        let run = try navgraph(["render", example("leaky-session.log"), "--format", "trace", "-o", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        // The console log has no times: the trace's are made up, and stderr says so (it did not).
        #expect(
            run.stderr.contains(
                "navgraph: the log has no times: the trace places each step 1 ms after the step before"),
            "\(run.stderr)")
        let timed = try navgraph(["render", example("leaky-session.jsonl"), "--format", "trace", "-o", out.path])
        #expect(!timed.stderr.contains("1 ms"), "\(timed.stderr)")
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: out)) as? [String: Any]
        let events = try #require(object?["traceEvents"] as? [[String: Any]])
        #expect(
            events.filter { $0["ph"] as? String == "b" }.count == events.filter { $0["ph"] as? String == "e" }.count)
        let atStep = try navgraph(["render", example("leaky-session.log"), "--format", "trace", "--at", "14"])
        #expect(atStep.status == 0 && atStep.stdout.contains("(left, not finished)"))
    }
}
