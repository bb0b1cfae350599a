import Foundation
import NavGraphTestSupport
import Testing

/// Whether the headless-Chromium checks can run here: Chromium, its WebDriver and Selenium (`scripts/setup`
/// installs them). Where they cannot be had the test is skipped with that reason, never passed.
let chromiumIsAvailable: Bool = {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    func found(_ name: String) -> Bool {
        paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
    guard found("chromium") || found("chromium-browser") || found("google-chrome"), found("chromedriver") else {
        return false
    }
    let probe = try? runTool(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import selenium"])
    return probe?.status == 0
}()

@Suite("replay --html", .tags(.draws))
struct HTMLReplayTests {
    static let committedExample = "docs/html-replay/leaky-session.html"

    @Test(arguments: [
        "session.log", "leaky-session.log", "leaky-session.jsonl", "console-prefixed.log", "legacy-1x.log",
        "sheet-over-tabs.txt",
    ])
    func writesASelfContainedPage(example name: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("replay.html")
        let run = try navgraph(["replay", example(name), "--html", page.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("\\u003csvg"))  // the drawing travels inside the JSON data
        if name == "leaky-session.jsonl" {
            // An event row keeps the id in view: the type shortened, the id whole; the whole text kept beside it.
            #expect(html.contains(#""row":"push ActionableList…Model F0F00005-0023-4005-800F-000000009AAB"#))
            #expect(html.contains(#""text":"push ActionableListNavigationModel F0F00005-0023-4005-800F-000000009AAB"#))
        }
        // Namespace names are identifiers, never fetched; nothing else may point outside the file.
        let outside = html.replacingOccurrences(
            of: #"xmlns(:xlink)?=\\"http://www\.w3\.org/[0-9]+/[a-z]+\\""#,
            with: "", options: .regularExpression)
        for external in ["http://", "https://", "<link", " src=", "@import", "url("] {
            #expect(!outside.contains(external), "\(name): \(external)")
        }
        let dark = try navgraph(["replay", example(name), "--html", page.path, "--theme", "dark"])
        #expect(dark.status == 0)
        #expect(try String(contentsOf: page, encoding: .utf8).contains("--bg: #1e2127"))
    }

    @Test func badArgumentsAndThemes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let themeWithoutPage = try navgraph(["replay", example("session.log"), "--theme", "dark"])
        #expect(themeWithoutPage.status == 64)
        let unwritable = try navgraph(["replay", example("session.log"), "--html", "/no/such/folder/r.html"])
        #expect(unwritable.status == 2)
        #expect(
            unwritable.stderr.contains(
                "/no/such/folder/r.html: error: cannot write: folder '/no/such/folder' does not exist"))
        let theme = folder.appendingPathComponent("mine.html.mustache")
        try "{{<replay-page}}\n{{$palette}} :root { --bg: pink; } {{/palette}}\n{{/replay-page}}\n"
            .write(to: theme, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("r.html")
        let mine = try navgraph(["replay", example("session.log"), "--html", page.path, "--theme", theme.path])
        #expect(mine.status == 0, "\(mine.stderr)")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("--bg: pink;"))
        try "<html>\n  {{#steps}}\n".write(to: theme, atomically: true, encoding: .utf8)
        let broken = try navgraph(["replay", example("session.log"), "--html", page.path, "--theme", theme.path])
        #expect(broken.status == 2)
        #expect(
            broken.stderr.contains(theme.path + ":3:1: error: invalid template: a section is never closed"),
            "\(broken.stderr)")
    }

    /// `--layout fit` (the default) cuts the 46-step example into runs, each laid out to show whole; `--layout
    /// union` lays out every model once; each step names its layout.
    @Test func layoutsOfThePage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("r.html")
        func data(_ extra: [String]) throws -> [String: Any] {
            let run = try navgraph(["replay", example("leaky-session.log"), "--html", page.path] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let html = try String(contentsOf: page, encoding: .utf8)
            let start = try #require(html.range(of: #"<script type="application/json" id="navgraph-data">"#))
            let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            return try #require(
                try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
                    as? [String: Any])
        }
        for (extra, layouts) in [([String](), 2...10), (["--layout", "fit"], 2...10), (["--layout", "union"], 1...1)] {
            let made = try data(extra)
            let drawings = try #require(made["drawings"] as? [[String: Any]])
            #expect(layouts.contains(drawings.count), "\(extra): \(drawings.count) layouts")
            let steps = try #require(made["steps"] as? [[String: Any]])
            let named = steps.compactMap { $0["d"] as? Int }
            #expect(named.count == 46 && named == named.sorted(), "\(extra): runs in step order")
            #expect(Set(named) == Set(drawings.indices), "\(extra): every layout draws some step")
        }
        let noPage = try navgraph(["replay", example("session.log"), "--layout", "union"])
        #expect(noPage.status == 64)
        #expect(noPage.stderr.contains("--layout applies to --html pages"), "\(noPage.stderr)")
        let nodesWithoutPage = try navgraph(["replay", example("session.log"), "--max-nodes", "5"])
        #expect(nodesWithoutPage.status == 64)
        #expect(nodesWithoutPage.stderr.contains("--max-nodes applies to --html pages"), "\(nodesWithoutPage.stderr)")
        let unknown = try navgraph(["replay", example("session.log"), "--html", page.path, "--layout", "tight"])
        #expect(unknown.status == 64)
    }

    /// A page of an input without lifecycle says leaks cannot be told from it, as `leaks` does, not "none".
    @Test func leaksThatCannotBeToldAreSaidSo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (example, expected) in [
            ("per-tab-routers.log", true), ("tca-syncups.log", true), ("leaky-session.log", false),
        ] {
            let page = folder.appendingPathComponent(example + ".html")
            let run = try navgraph(["replay", "examples/" + example, "--html", page.path])
            #expect(run.status == 0)
            let html = try String(contentsOf: page, encoding: .utf8)
            #expect(
                html.contains("\"leaksUnknown\":\"the input records no lifecycle") == expected, "\(example)")
        }
    }

    /// docs/html-replay.md shows a page made from examples/; it must be what navgraph makes today.
    /// (`NAVGRAPH_RECORD=1` rewrites it, as it does the golden files.)
    @Test func committedExampleIsCurrent() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("leaky-session.html")
        let run = try navgraph(["replay", "examples/leaky-session.log", "--html", page.path])
        #expect(run.status == 0)
        let made = try Data(contentsOf: page)
        let committed = repositoryRoot.appendingPathComponent(Self.committedExample)
        if ProcessInfo.processInfo.environment["NAVGRAPH_RECORD"] == "1" {
            try made.write(to: committed)
            return
        }
        #expect(
            try Self.samePages(
                String(decoding: made, as: UTF8.self), try String(contentsOf: committed, encoding: .utf8)),
            "\(Self.committedExample) is not what navgraph makes today; re-record with NAVGRAPH_RECORD=1")
    }

    /// Byte for byte from the Graphviz the page was made with. From another major version the drawings differ in
    /// size, so the page's runs of steps may be cut elsewhere (a run grows while its layout fits the pane): then the
    /// page around the data, the models and the steps must be the same, and each drawing's SVG is left to
    /// `GraphvizVersionTests` (the same structure from every version).
    static func samePages(_ made: String, _ committed: String) throws -> Bool {
        if GraphvizVersionTests.sameDrawings(made, committed) { return true }
        // The committed page is made with Debian's Graphviz 2.x: from the same version nothing is excused.
        guard let built = GraphvizVersionTests.builtWithMajor, built != "2" else { return false }
        func parts(_ page: String) throws -> (around: String, data: NSDictionary) {
            let start = try #require(page.range(of: #"<script type="application/json" id="navgraph-data">"#))
            let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
            var data = try #require(
                try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
                    as? [String: Any])
            data["drawings"] = nil
            data["steps"] = (data["steps"] as? [[String: Any]])?.map { step in
                var step = step
                step["d"] = nil
                return step
            }
            return (String(page[..<start.upperBound] + page[end.lowerBound...]), NSDictionary(dictionary: data))
        }
        let (madeAround, madeData) = try parts(made)
        let (committedAround, committedData) = try parts(committed)
        return madeAround == committedAround && madeData == committedData
    }

    /// The page in a real browser: steps with the keys and the slider, the models shown against `tree --at`, the
    /// URL fragment, clicks, no script error; a name that is markup stays text.
    @Test(.enabled(if: chromiumIsAvailable, "needs chromium, chromium-driver and Python's selenium (scripts/setup)"))
    func inHeadlessChromium() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = "<img src=x onerror=alert(1)>"
        var log = "{\"event\":\"start\",\"id\":\"r\",\"type\":\"Root\",\"kind\":\"stack\"}\n"
        log += "{\"event\":\"root\",\"id\":\"r\",\"type\":\"Root\",\"kind\":\"stack\",\"window\":\"main\"}\n"
        let names = [
            hostile, "<img src=x onerror=window.__navgraphPwned=1>",
            "</script><script>window.__navgraphPwned=1</script>",
            "Quote\"&amp;\u{2028}",
        ]
        for (index, name) in names.enumerated() {
            let encoded = String(
                decoding: try JSONSerialization.data(
                    withJSONObject: [
                        "event": "push", "id": "p\(index)", "type": name,
                        "parent": "r",
                    ], options: [.sortedKeys]), as: UTF8.self)
            log += encoded + "\n"
        }
        log += "{\"event\":\"pop\",\"parent\":\"r\",\"count\":2}\n"
        let hostileLog = folder.appendingPathComponent("hostile.jsonl")
        try log.write(to: hostileLog, atomically: true, encoding: .utf8)

        // --max-nodes 6: most models are folded into "… N more" nodes, each shown with the model it hangs from.
        for (input, extra) in [
            (example("leaky-session.log"), [String]()), (example("session.log"), []),
            (example("leaky-session.jsonl"), ["--theme", "dark"]), (hostileLog.path, []),
            (example("leaky-session.log"), ["--max-nodes", "6"]),
            // Types the input qualifies with a module (tree's JSON keeps it; the page, like tree's text, does not).
            (example("navigator-session.log"), []),
        ] {
            let page = folder.appendingPathComponent("page.html")
            let made = try navgraph(["replay", input, "--html", page.path] + extra)
            #expect(made.status == 0, "\(made.stderr)")
            // Folding is said on stderr, as `render` says it.
            #expect(
                made.stderr.contains("more are folded into '… N more' nodes (--max-nodes 6")
                    == extra.contains("--max-nodes"), "\(made.stderr)")
            var arguments = [
                "python3", repositoryRoot.appendingPathComponent("scripts/check-html-replay.py").path,
                binaryURL.path, input, page.path,
            ]
            if input == hostileLog.path { arguments += ["--hostile", hostile] }
            let check = try runTool(URL(fileURLWithPath: "/usr/bin/env"), arguments)
            #expect(check.status == 0, "\(input): \(check.stdout)\(check.stderr)")
            // The middle step shows whole, readable: each run of steps is laid out to fit the pane, and the view
            // frames the run's whole drawing (it does not move while the run lasts).
            if extra.isEmpty && input != hostileLog.path {
                #expect(check.stdout.contains("framed the run;"), "\(input): \(check.stdout)")
            }
        }
    }
}
