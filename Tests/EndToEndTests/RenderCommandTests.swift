import Foundation
import NavGraphTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("navgraph render, as a user runs it", .tags(.draws))
struct RenderCommandTests {
    /// Mermaid names models as the DOT drawing does: `--strip-suffix` (or `defaults.strip-suffix`) and short UUIDs.
    @Test func mermaidNamesModelsAsTheDrawingDoes() throws {
        let stripped = try navgraph([
            "render", "--format", "mermaid", "--strip-suffix", "NavigationModel", example("sheet-over-tabs.txt"),
        ])
        #expect(stripped.status == 0 && stripped.stdout.contains(#"("Alert D12")"#), "\(stripped.stderr)")
        let short = try navgraph(["render", "--format", "markdown", example("leaky-session.jsonl")])
        #expect(short.stdout.contains(#""AppNavigationModel 6670#8230;""#))
    }

    @Test func dotToStdoutByDefault() throws {
        let run = try navgraph(["render", example("session.log")])
        #expect(run.status == 0)
        expectGolden(run.stdout, "session.log.dot")
    }

    /// An input that places nothing still gives a valid (empty) diagram, and every diagram format says so on
    /// stderr, Mermaid as DOT does; folding by --max-nodes is said for Mermaid too.
    @Test func everyDiagramFormatSaysWhatItLeavesOut() throws {
        let log = try temporaryFile("{\"event\":\"start\",\"id\":\"a\",\"type\":\"A\"}\n", suffix: ".jsonl")
        for format in ["dot", "svg", "mermaid", "markdown"] {
            let run = try navgraph(["render", "--format", format, "-o", "-", log.path])
            #expect(run.status == 0, "\(format)")
            #expect(
                run.stderr
                    == "navgraph: no hierarchy in the input: nothing placed a model in a window; the diagram is empty\n",
                "\(format)")
        }
        let folded = try navgraph(["render", "--format", "mermaid", "--max-nodes", "3", example("leaky-session.jsonl")])
        #expect(folded.status == 0)
        #expect(folded.stderr.contains("navgraph: drew 3 models; "), "\(folded.stderr)")
        #expect(folded.stderr.contains("folded into '… N more' nodes (--max-nodes 3; --max-nodes 0 draws all)"))
        // A stack of 100 entries is folded by the 40 children drawn of one model, not by --max-nodes: said so.
        let stack =
            "{\"event\":\"root\",\"id\":\"s\",\"type\":\"Stack\",\"kind\":\"stack\"}\n"
            + (1...100).map { "{\"event\":\"push\",\"id\":\"e\($0)\",\"type\":\"Entry\",\"parent\":\"s\"}\n" }.joined()
        let long = try temporaryFile(stack, suffix: ".jsonl")
        for format in ["dot", "mermaid"] {
            let run = try navgraph(["render", "--format", format, long.path])
            #expect(
                run.stderr
                    == "navgraph: drew 41 models; 60 more are folded into '… N more' nodes (at most 40 children of one "
                    + "model are drawn; --max-nodes 0 draws all)\n", "\(format)")
        }
    }

    /// A trace is JSON: `render --format trace -o nav.json` (the docs' own command) writes it without a warning.
    /// A drawing too wide to read at a README's width says so, with the ways to one that reads; `--focus` draws one
    /// tab (or sheet, or window), `--depth` folds what lies deeper; both are refused for a trace, and a focus that
    /// names nothing is bad input naming the types there are.
    @Test func aWideDrawingSaysHowToReadItAndFocusAndDepthNarrowIt() throws {
        var log = #"{"event":"root","id":"tabs","type":"AppTabsNavigationModel","kind":"tabs","window":"main"}"# + "\n"
        for tab in 0..<10 {
            log +=
                #"{"event":"tab","id":"t\#(tab)","type":"FeatureStackRootNavigationModel\#(tab)","kind":"stack","#
                + #""parent":"tabs"}"# + "\n"
            for entry in 0..<3 {
                log +=
                    #"{"event":"push","id":"e\#(tab)-\#(entry)","type":"DetailNavigationModel","parent":"t\#(tab)"}"#
                    + "\n"
            }
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try temporaryFile(log, suffix: ".jsonl")
        let svg = folder.appendingPathComponent("wide.svg").path
        let wide = try navgraph(["render", input.path, "-o", svg])
        #expect(wide.status == 0, "\(wide.stderr)")
        // Top to bottom, ten stacks side by side: about 4 px. Other layouts were tried, and the first that reads
        // was kept: on its side, the long names on two lines (the figures depend on Graphviz's version and fonts:
        // their shape is checked).
        #expect(
            wide.stderr.contains(
                /navgraph: drawn left to right, long type names on two lines, which reads better at a README's width \(\d+\.\d px against \d\.\d px top to bottom, type names on one line\); --direction TB draws it top to bottom, type names on one line\n/
            ), "\(wide.stderr)")
        #expect(!wide.stderr.contains("this drawing's node text"), "\(wide.stderr)")
        // A direction given is kept, and the other is offered; no suffix is shared by most of these names.
        let chosen = try navgraph(["render", input.path, "--direction", "TB", "-o", svg])
        #expect(!chosen.stderr.contains("drawn left to right"))
        #expect(
            chosen.stderr.contains(
                /navgraph: at a README's width \(880 px\) this drawing's node text is \d\.\d px \(it is \d+ pt wide; 9 px reads\): draw part of it with --focus ID\|TYPE\|WINDOW \(one window, tab or sheet\), --depth N or try --direction LR\n/
            ), "\(chosen.stderr)")
        let oneTab = try navgraph(["render", input.path, "--focus", "t3", "-o", svg])
        #expect(oneTab.status == 0 && !oneTab.stderr.contains("README's width"), "\(oneTab.stderr)")
        let drawn = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(
            drawn.contains("FeatureStackRootNavigationModel3") && !drawn.contains("FeatureStackRootNavigationModel4"))
        let byType = try navgraph(["render", input.path, "--focus", "FeatureStackRootNavigationModel7"])
        #expect(byType.stdout.contains("FeatureStackRootNavigationModel7") && !byType.stdout.contains("Model6\""))
        let shallow = try navgraph(["render", input.path, "--depth", "1"])
        #expect(shallow.status == 0 && !shallow.stdout.contains("DetailNavigationModel"))
        #expect(shallow.stderr.contains("30 more are folded into '… N more' nodes (--depth 1, --max-nodes 2000;"))
        let unknown = try navgraph(["render", input.path, "--focus", "Nope"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.hasPrefix(
                "\(input.path): error: --focus Nope: no model placed here has that id or type, nor any window that "
                    + "name; types placed: AppTabsNavigationModel, DetailNavigationModel"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("; windows: main\n"), "\(unknown.stderr)")
        let several = try navgraph(["render", input.path, "--focus", "e1"])
        #expect(several.status == 2 && several.stderr.contains("the ids of several models start with it (e1-0"))
        let trace = try navgraph(["render", input.path, "--format", "trace", "--depth", "1"])
        #expect(trace.status == 64 && trace.stderr.contains("a trace is the whole history"), "\(trace.stderr)")
        let negative = try navgraph(["render", input.path, "--depth", "-1"])
        #expect(negative.status == 64 && negative.stderr.contains("--depth -1"), "\(negative.stderr)")
    }

    /// A two-window app of 25 models (examples/two-windows.jsonl: a mail split view and a settings window of four
    /// tabs): side by side it is 1,108 pt wide, 7.9 px at a README's 880 px; one window under the other it reads,
    /// and is drawn so, said on stderr. The ways out the note names work: a window by its name, the suffix every
    /// type shares.
    @Test func twoWindowsThatDoNotFitSideBySideAreStacked() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("two.svg").path
        let run = try navgraph(["render", example("two-windows.jsonl"), "-o", svg])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                /navgraph: drawn top to bottom, windows one under another, which reads better at a README's width \(\d+\.\d px against \d\.\d px top to bottom, windows side by side\); --direction TB draws it top to bottom, windows side by side\n/
            ), "\(run.stderr)")
        #expect(!run.stderr.contains("this drawing's node text"), "\(run.stderr)")
        let pixels = try #require(LegendSizeTests.nodeTextPixels(svg: try String(contentsOfFile: svg, encoding: .utf8)))
        #expect(pixels >= 9, "\(pixels) px at 880 px")
        // Asked for top to bottom: drawn as asked, side by side, and the note names what reads.
        let asked = try navgraph(["render", example("two-windows.jsonl"), "--direction", "TB", "-o", svg])
        #expect(
            asked.stderr.contains(
                "--depth N, --strip-suffix Model (the end of most type names) or try --direction LR\n"),
            "\(asked.stderr)")
        for way in [["--focus", "settings"], ["--focus", "main"], ["--strip-suffix", "Model"]] {
            let narrowed = try navgraph(["render", example("two-windows.jsonl"), "--direction", "TB", "-o", svg] + way)
            #expect(narrowed.status == 0 && narrowed.stderr.isEmpty, "\(way): \(narrowed.stderr)")
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            #expect(try #require(LegendSizeTests.nodeTextPixels(svg: text)) >= 9, "\(way)")
            if way == ["--focus", "settings"] {
                #expect(text.contains("SettingsTabsModel") && !text.contains("MailSplit"))
            }
        }
    }

    @Test func aTraceInAJSONFileIsNotWarnedOf() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nav.json").path
        let run = try navgraph(["render", "--format", "trace", "-o", path, example("leaky-session.log")])
        #expect(run.status == 0)
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("traceEvents"))
    }

    /// `.gv` (Graphviz's name for DOT files) is DOT; an `.html` target points at the replay's HTML page.
    @Test func graphvizAndHTMLFileNames() throws {
        let folder = try temporaryFolder()
        let dot = folder.appendingPathComponent("nav.gv").path
        #expect(try navgraph(["render", example("session.log"), "-o", dot]).status == 0)
        #expect(try String(contentsOfFile: dot, encoding: .utf8).hasPrefix("digraph navgraph {"))
        let map = folder.appendingPathComponent("map.gv").path
        #expect(try navgraph(["diagram", example("session.log"), "-o", map]).status == 0)
        #expect(try String(contentsOfFile: map, encoding: .utf8).hasPrefix("digraph navigation {"))
        let page = folder.appendingPathComponent("page.html").path
        let html = try navgraph(["render", example("session.log"), "-o", page])
        #expect(html.status == 64)
        #expect(
            html.stderr.contains(
                "(an HTML page that replays the history: navgraph replay FILE --html \(page))"), "\(html.stderr)")
    }

    @Test func svgFromTheExtensionWithEveryNodeLabel() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("nav.svg")
        let run = try navgraph(["render", example("launch-dump.txt"), "-o", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let svg = Array(try Data(contentsOf: out))
        #expect(isWellFormedXML(svg))
        let text = String(decoding: svg, as: UTF8.self)
        for label in [
            "AppNavigationModel", "MainTabsNavigationModel", "DefaultStackRootNavigationModel",
            "ActionableListNavigationModel",
            ">667<", ">F1A<", ">32D<", ">F0F<", ">19A<", ">26F<", ">tab 1<", ">tab 2<",
        ] {
            #expect(text.contains(label), "\(label) missing from SVG")
        }
        // Atomic write leaves no temporary file behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["nav.svg"])
    }

    @Test func pngAndPDFAndFormatOverride() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("nav.png")
        #expect(try navgraph(["render", example("session.log"), "-o", png.path]).status == 0)
        #expect(Array(try Data(contentsOf: png).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let pdf = folder.appendingPathComponent("nav.pdf")
        #expect(try navgraph(["render", example("session.log"), "-o", pdf.path]).status == 0)
        #expect(String(decoding: try Data(contentsOf: pdf).prefix(5), as: UTF8.self) == "%PDF-")
        let override = folder.appendingPathComponent("diagram.txt")
        #expect(try navgraph(["render", example("session.log"), "-o", override.path, "--format", "svg"]).status == 0)
        #expect(isWellFormedXML(Array(try Data(contentsOf: override))))
        let piped = try navgraph(["render", "--format", "svg", example("session.log")])
        #expect(piped.status == 0 && isWellFormedXML(piped.stdoutBytes))
    }

    /// `--format` wins over -o's extension; where the extension names another format, stderr says so (a file named
    /// `.svg` holding a PNG is likely a slip). An extension that names no format (`diagram.txt`) or the same one
    /// (`.gv` for DOT) is not remarked on.
    @Test func aFileNamedForAnotherFormatIsWrittenWithAWarning() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("nav.svg")
        let run = try navgraph(["render", example("session.log"), "-o", svg.path, "--format", "png"])
        #expect(run.status == 0)
        #expect(Array(try Data(contentsOf: svg).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(run.stderr.contains("navgraph: warning: writing png to '\(svg.path)', whose extension names svg\n"))
        #expect(!run.stderr.contains("\n\n"), "no blank line after the warning: \(run.stderr)")
        for (name, format) in [("diagram.txt", "svg"), ("nav.gv", "dot"), ("nav.svg", "svg")] {
            let quiet = try navgraph([
                "render", example("session.log"), "-o", folder.appendingPathComponent(name).path, "--format", format,
            ])
            #expect(quiet.status == 0)
            #expect(!quiet.stderr.contains("warning"), "\(name) \(format)")
        }
    }

    /// Graphviz is prepared on another thread while arguments are parsed; a diagram for docs must still come out
    /// byte for byte the same every time.
    @Test func theSameInputAlwaysGivesTheSameSVG() throws {
        let runs = try (0..<6).map { _ in
            try navgraph(["render", "--format", "svg", "--max-nodes", "0", example("leaky-session.log")])
        }
        #expect(runs.allSatisfy { $0.status == 0 })
        #expect(Set(runs.map(\.stdoutBytes)).count == 1)
    }

    @Test func worksFromAnyDirectoryWithEmbeddedTemplates() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try navgraph(["render", example("session.log"), "-o", "nav.svg"], directory: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("nav.svg").path))
    }

    @Test func userTheme() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let theme = folder.appendingPathComponent("mine.dot.mustache")
        try
            "digraph mine { {{#statements}}{{#node}}{{id}} [label=\"{{type}}\", color=red];\n{{/node}}{{/statements}} }\n"
            .write(to: theme, atomically: true, encoding: .utf8)
        let run = try navgraph(["render", example("launch-dump.txt"), "--theme", theme.path, "--no-legend"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("digraph mine {"))
        #expect(run.stdout.contains("n1 [label=\"MainTabsNavigationModel\", color=red];"))
        let broken = folder.appendingPathComponent("broken.dot.mustache")
        try "{{#statements}}".write(to: broken, atomically: true, encoding: .utf8)
        let bad = try navgraph(["render", example("launch-dump.txt"), "--theme", broken.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("broken.dot.mustache:1:16: error: invalid template: a section is never closed"))
        #expect(!bad.stderr.contains("ParserError"))
        // A theme that parses but makes DOT Graphviz cannot read is named, not only Graphviz's line of DOT text
        // (render and diagram alike, exit 2: the theme is the input to fix); --format dot still writes that DOT.
        let unclosed = folder.appendingPathComponent("unclosed.dot.mustache")
        try "digraph {\n{{#statements}}{{#node}}  {{id}} [label=\"{{type}}\"\n{{/node}}{{/statements}}}\n"
            .write(to: unclosed, atomically: true, encoding: .utf8)
        let svg = folder.appendingPathComponent("drawn.svg").path
        for command in ["render", "diagram"] {
            let run = try navgraph([command, example("launch-dump.txt"), "--theme", unclosed.path, "-o", svg])
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(
                run.stderr.hasPrefix(
                    "\(unclosed.path): error: the DOT this theme made does not parse (Graphviz: syntax error in line "),
                "\(command): \(run.stderr)")
            #expect(run.stderr.contains("; --format dot writes that DOT for a look (its line "), "\(run.stderr)")
        }
        #expect(try navgraph(["render", example("launch-dump.txt"), "--theme", unclosed.path]).status == 0)
    }

    @Test func builtInThemesByName() throws {
        let light = try navgraph(["render", example("launch-dump.txt")])
        let named = try navgraph(["render", example("launch-dump.txt"), "--theme", "light"])
        #expect(named.status == 0)
        #expect(named.stdout == light.stdout)
        let dark = try navgraph(["render", example("launch-dump.txt"), "--theme", "dark"])
        #expect(dark.status == 0)
        #expect(dark.stdout.contains("bgcolor=\"#1e2127\""))
        #expect(dark.stdout.contains("MainTabsNavigationModel"))
        let unknown = try navgraph(["render", example("launch-dump.txt"), "--theme", "sepia"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no built-in theme 'sepia'; built-in themes: dark, light"))
    }

    /// A theme that does not parse: the place in the author's own text (the pragma navgraph adds in front of a
    /// theme without one does not shift the column) and what is wrong, in words.
    @Test func brokenThemesArePlacedAndExplained() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            (
                "digraph {\n{{#statements}}\n  {{#node}}x{{/nodes}}\n{{/statements}}}\n",
                ":3:16: error: invalid template: this closing tag does not match the section it closes"
            ),
            (
                "{{% CONTENT_TYPE: DOT}}\ndigraph { {{#statements}}\n}\n",
                ":4:1: error: invalid template: a section is never closed"
            ),
            ("digraph { {{% NOPE}} }\n", ":1:19: error: invalid template: a {{% … }} pragma is malformed"),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let theme = folder.appendingPathComponent("theme\(index).dot.mustache")
            try text.write(to: theme, atomically: true, encoding: .utf8)
            let run = try navgraph(["render", example("launch-dump.txt"), "--theme", theme.path])
            #expect(run.status == 2, "\(text)")
            #expect(run.stderr.contains(theme.path + expected), "\(run.stderr)")
        }
    }

    @Test func outputProblemsAreClear() throws {
        let missing = try navgraph(["render", example("session.log"), "-o", "/no/such/folder/nav.svg"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr.contains(
                "/no/such/folder/nav.svg: error: cannot write: folder '/no/such/folder' does not exist"))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("session.svg")
        try FileManager.default.copyItem(atPath: example("launch-dump.txt"), toPath: input.path)
        let overwrite = try navgraph(["render", input.path, "-o", input.path])
        #expect(overwrite.status == 2)
        #expect(overwrite.stderr.contains("refusing to overwrite the input file"))
        #expect(try String(contentsOf: input, encoding: .utf8).hasPrefix("<[AppNavigationModel"))
        let noTheme = try navgraph(["render", example("session.log"), "--theme", "/no/such/theme.dot.mustache"])
        #expect(noTheme.status == 2)
        #expect(
            noTheme.stderr.contains(
                "/no/such/theme.dot.mustache: error: cannot read theme (--theme): No such file or directory"))
        let unknown = try navgraph(["render", example("session.log"), "-o", "nav.gif"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("cannot tell the format from 'nav.gif'"))
    }
}

/// `-o ''` named no file and failed late, garbled (`: error: cannot write: cannot replace ''`); `-o .svg` (what
/// `-o "$name.svg"` makes with `$name` empty) wrote DOT into a hidden file. Both are usage errors naming the option,
/// before the log is read, for every command that writes a file.
@Suite struct EmptyAndExtensionOnlyOutputNamesTests {
    @Test func anEmptyPathIsAUsageErrorNamingItsOption() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = example("session.log")
        for (arguments, message) in [
            (["render", "-o", ""], "navgraph: error: -o '': expected a file's path, or '-' for standard output\n"),
            (
                ["diagram", "--output", ""],
                "navgraph: error: -o '': expected a file's path, or '-' for standard output\n"
            ),
            (["diagram", "--check", ""], "navgraph: error: --check '': expected the baseline's path\n"),
            (["replay", "--html", ""], "navgraph: error: --html '': expected a file's path\n"),
            (["tree", "--config", ""], "navgraph: error: --config '': expected a configuration file's path\n"),
        ] {
            let run = try navgraph(arguments + [session], directory: folder)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aNameThatIsOnlyAnExtensionNeedsFormat() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in ["render", "diagram"] {
            let run = try navgraph([command, example("session.log"), "-o", ".svg"], directory: folder)
            #expect(run.status == 64, "\(command)")
            #expect(
                run.stderr.hasPrefix(
                    "navgraph: error: -o '.svg': the file name is only an extension, so it names no file and no format; "
                        + "name the file (nav.svg), or give --format to write a file named '.svg'\n"),
                "\(command): \(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
        // Said with --format, the hidden file is written as asked; a hidden name that is no format's is DOT, as before.
        let given = try navgraph(
            ["render", example("session.log"), "-o", ".svg", "--format", "svg"], directory: folder)
        #expect(given.status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent(".svg"), encoding: .utf8).contains("<svg"))
        let hidden = try navgraph(["render", example("session.log"), "-o", ".nav"], directory: folder)
        #expect(hidden.status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent(".nav"), encoding: .utf8).hasPrefix("digraph"))
    }

    /// diagram took the extension from the whole path: `a.b/nav` had the "extension" `b/nav`.
    @Test(.tags(.draws)) func diagramTakesTheExtensionFromTheFileNameOnly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("a.b"), withIntermediateDirectories: false)
        let run = try navgraph(["diagram", example("session.log"), "-o", "a.b/nav"], directory: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("a.b/nav"), encoding: .utf8).hasPrefix("digraph"))
    }
}

/// Where the diagram goes: any file name (one character too: Foundation's path functions trap on it), a folder
/// given with or without trailing slashes, and `-` for standard output as with input.
@Suite struct RenderOutputPathTests {
    @Test func shortNamesRelativeAndAbsolutePathsAreWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try navgraph(["render", example("launch-dump.txt")]).stdout
        for path in ["x", "ab.dot", folder.path + "/y", folder.path + "//z.dot"] {
            let run = try navgraph(["render", example("launch-dump.txt"), "-o", path], directory: folder)
            #expect(run.status == 0, "\(path): \(run.stderr)")
            let written = path.hasPrefix("/") ? path : folder.path + "/" + path
            #expect(try String(contentsOfFile: written, encoding: .utf8) == expected, "\(path)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    /// Only a regular file is replaced (atomically); a symlink keeps pointing at its target, which gets the output,
    /// and a FIFO or device is written through, as a shell's `>` would — never replaced by a file. (A symlink to
    /// nothing is refused: `OutputSafetyTests`.)
    @Test func symlinksPipesAndDevicesAreWrittenThrough() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try navgraph(["render", example("launch-dump.txt")]).stdout
        let manager = FileManager.default
        try "old".write(to: folder.appendingPathComponent("target.dot"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: folder.path + "/link.dot", withDestinationPath: "target.dot")
        let run = try navgraph(["render", example("launch-dump.txt"), "-o", "link.dot"], directory: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try manager.destinationOfSymbolicLink(atPath: folder.path + "/link.dot") == "target.dot")
        #expect(try String(contentsOfFile: folder.path + "/target.dot", encoding: .utf8) == expected)
        // A FIFO: the reader gets the diagram, and the FIFO is still one.
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try runTool(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "'\(binaryURL.path)' render '\(example("launch-dump.txt"))' -o '\(fifo)' & cat '\(fifo)'; wait"])
        #expect(reader.stdout == expected)
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        // `/dev/stdout` names the descriptor the shell set up: written there, as `-o -` is, not reopened (which
        // replaced or truncated the file it was redirected to, `>>` included).
        let appended = folder.path + "/appended.txt"
        try "x\n".write(toFile: appended, atomically: false, encoding: .utf8)
        let shell = try runTool(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c",
                "(echo header; '\(binaryURL.path)' render '\(example("launch-dump.txt"))' -o /dev/stdout; echo footer)"
                    + " >> '\(appended)'",
            ])
        #expect(shell.status == 0)
        #expect(try String(contentsOfFile: appended, encoding: .utf8) == "x\nheader\n" + expected + "footer\n")
        // A device: written through (/dev/null stays a device); a write that fails is an error.
        let null = try navgraph(["render", example("launch-dump.txt"), "-o", "/dev/null"])
        #expect(null.status == 0)
        #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
        if manager.fileExists(atPath: "/dev/full") {
            let full = try navgraph(["render", example("launch-dump.txt"), "-o", "/dev/full"])
            #expect(full.status == 2)
            #expect(full.stderr.contains("/dev/full: error: cannot write: writing failed: No space left on device"))
            #expect(stat("/dev/full", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
        }
    }

    @Test(.tags(.draws)) func aDashIsStandardOutput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try navgraph(["render", example("per-tab-routers.log"), "--format", "mermaid"])
        let dash = try navgraph(
            ["render", example("per-tab-routers.log"), "--format", "mermaid", "-o", "-"], directory: folder)
        #expect(dash.status == 0)
        #expect(dash.stdout == plain.stdout && !dash.stdout.isEmpty)
        let page = try navgraph(["replay", example("per-tab-routers.log"), "--html", "-"], directory: folder)
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
