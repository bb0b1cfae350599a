import Foundation
import NavGraphTestSupport
import Testing

/// Every Mermaid flowchart navgraph writes for the examples, and for hostile names, goes through Mermaid's own
/// parser and renderer: a diagram Mermaid rejects is a failed test. Skipped, saying why, without Chromium.
@Suite(
    "Mermaid output, checked by Mermaid", .serialized,
    .enabled(if: MermaidParser.isAvailable, Comment(rawValue: MermaidParser.unavailableReason ?? "")))
struct MermaidValidationTests {
    static let exampleFiles = [
        "session.log", "launch-dump.txt", "sheet-over-tabs.txt", "console-prefixed.log",
        "legacy-1x.log", "leaky-session.log", "leaky-session.jsonl", "navigation-path.log",
        "navigator-session.log", "two-windows.jsonl",
    ]

    @Test func everyExampleAndTheNavigationMapParse() throws {
        var diagrams: [(name: String, text: String)] = []
        for name in Self.exampleFiles {
            let run = try navgraph(["render", "--format", "mermaid", example(name)])
            #expect(run.status == 0, "\(run.stderr)")
            diagrams.append(("render \(name)", run.stdout))
        }
        let map = try navgraph(["diagram", "--format", "mermaid"] + Self.exampleFiles.map(example))
        #expect(map.status == 0, "\(map.stderr)")
        diagrams.append(("diagram of all examples", map.stdout))
        let lr = try navgraph(["diagram", "--format", "mermaid", "--direction", "LR", example("leaky-session.jsonl")])
        diagrams.append(("diagram LR", lr.stdout))
        for command in ["render", "diagram"] {
            let dark = try navgraph([command, "--format", "mermaid", "--theme", "dark", example("leaky-session.log")])
            diagrams.append(("\(command) dark", dark.stdout))
        }

        let verdicts = try MermaidParser.check(diagrams)
        #expect(verdicts.count == diagrams.count)
        for verdict in verdicts {
            #expect(verdict.error == nil, "\(verdict.name): \(verdict.error ?? "")")
        }
        // What Mermaid drew holds the names, decoded from navgraph's entity codes.
        let sheet = try #require(verdicts.first { $0.name == "render sheet-over-tabs.txt" })
        #expect(sheet.text.contains("ConfirmationDialogNavigationModel C3F"))
        let drawnMap = try #require(verdicts.first { $0.name == "diagram of all examples" })
        #expect(drawnMap.text.contains("ThreadNavigationModel<Message, Draft>"))
        // A count label: "×" travels as an entity code (#215;) and is drawn as the character.
        #expect(drawnMap.text.contains("push ×"))
    }

    /// Mermaid draws in the SVG's direction and reading order: a window no edge leaves is still top to bottom in
    /// `TB` (Mermaid turns a subgraph without a direction of its own), and tab 1 comes before tab 2.
    @Test(.tags(.draws)) func directionAndReadingOrderMatchTheSVG() throws {
        let tb = try navgraph(["render", "--format", "mermaid", example("sheet-over-tabs.txt")])
        let lr = try navgraph(["render", "--format", "mermaid", "--direction", "LR", example("sheet-over-tabs.txt")])
        let verdicts = try MermaidParser.check([("TB", tb.stdout), ("LR", lr.stdout)])
        let app = "AppNavigationModel 667"
        let tabs = "MainTabsNavigationModel F1A"
        let tab1 = "DefaultStackRootNavigationModel 32D"
        let tab2 = "DefaultStackRootNavigationModel 19A"
        let top = try #require(verdicts.first { $0.name == "TB" }?.nodeCentres)
        let left = try #require(verdicts.first { $0.name == "LR" }?.nodeCentres)
        for (name, centres) in [("TB", top), ("LR", left)] {
            #expect(centres[app] != nil && centres[tab1] != nil && centres[tab2] != nil, "\(name): \(centres.keys)")
        }
        // TB: the root above the tabs, tab 1 left of tab 2.
        #expect((top[app]?.y ?? 0) < (top[tabs]?.y ?? 0))
        #expect((top[tab1]?.x ?? 0) < (top[tab2]?.x ?? 0))
        // LR: the root left of the tabs, tab 1 above tab 2.
        #expect((left[app]?.x ?? 0) < (left[tabs]?.x ?? 0))
        #expect((left[tab1]?.y ?? 0) < (left[tab2]?.y ?? 0))
    }

    /// Side by side in the SVG's order where a tab or column is a plain node among subgraphs: a split's sidebar, content
    /// and detail, and four tabs of which the last is one screen (Mermaid drew the content column left of the sidebar,
    /// and tab 4 between tabs 1 and 2, until such a node was framed: `MermaidFlowchart`).
    @Test(.tags(.draws)) func columnsAndTabsKeepTheirOrder() throws {
        let run = try navgraph(["render", "--format", "mermaid", example("two-windows.jsonl")])
        let verdicts = try MermaidParser.check([("two windows", run.stdout)])
        let centres = try #require(verdicts.first?.nodeCentres)
        func x(_ name: String) throws -> Double { try #require(centres[name]?.x, "\(name) in \(centres.keys)") }
        let columns = try ["MailboxesModel 5B10…", "MessagesStackModel C700…", "ReaderStackModel D090…"].map(x)
        #expect(columns == columns.sorted(), "sidebar, content, detail: \(columns)")
        let tabs = try [
            "GeneralStackModel 48B0…", "AccountsStackModel 3E90…", "RulesStackModel B0A0…",
            "PrivacySettingsModel 9B50…",
        ].map(x)
        #expect(tabs == tabs.sorted(), "tabs 1 to 4: \(tabs)")
    }

    /// A leaked subtree stays apart from the leak beside it: in leaky-session the edge 5EA → A11 ran under B80 (B80
    /// drawn between them), so it read as B80 → A11.
    @Test(.tags(.draws)) func aLeakedSubtreeKeepsItsEdgesToItself() throws {
        let run = try navgraph(["render", "--format", "mermaid", example("leaky-session.log")])
        let verdicts = try MermaidParser.check([("leaky", run.stdout)])
        let centres = try #require(verdicts.first?.nodeCentres)
        let parent = try #require(centres["SegmentedTabsNavigationModel 5EA"])
        let child = try #require(centres["ArchitectureExampleNavigationModel A11"])
        let neighbour = try #require(centres["ActionableListNavigationModel B80"])
        let span = min(parent.x, child.x)...max(parent.x, child.x)
        #expect(!span.contains(neighbour.x), "B80 at \(neighbour.x) lies under the edge 5EA → A11 (\(span))")
    }

    /// A user's template made from the built-in one before `place_group` existed (or that dropped its classDef)
    /// still writes `class … place_group` for a framed tab or column: Mermaid must still read it (issue 40), and the
    /// frame must stay unseen, as the built-in template draws it, not Mermaid's default yellow box.
    @Test func aUserTemplateWithoutThePlaceClassStillParses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let builtIn = try navgraph(["templates", "mermaid/default.mmd.mustache"]).stdout
        let older = builtIn.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("classDef place_group") }.joined(separator: "\n")
        #expect(older != builtIn && !older.contains("classDef place_group"))
        let mine = folder.appendingPathComponent("older.mmd.mustache")
        try older.write(to: mine, atomically: true, encoding: .utf8)
        var diagrams: [(name: String, text: String)] = []
        for (command, log) in [
            ("render", "two-windows.jsonl"), ("render", "leaky-session.log"), ("diagram", "two-windows.jsonl"),
        ] {
            let run = try navgraph([command, "--format", "mermaid", "--theme", mine.path, example(log)])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains(" place_group\n"), "\(log): no framed place to check")
            // Every class the flowchart gives a subgraph or node is defined.
            #expect(run.stdout.contains("classDef place_group fill:none,stroke:none"), "\(log)")
            diagrams.append(("\(command) \(log)", run.stdout))
        }
        let markdown = try navgraph(
            ["render", "--format", "markdown", "--theme", mine.path, example("two-windows.jsonl")])
        #expect(markdown.stdout.hasSuffix("classDef place_group fill:none,stroke:none\n```\n"), "\(markdown.stdout)")
        for verdict in try MermaidParser.check(diagrams) {
            #expect(verdict.error == nil, "\(verdict.name): \(verdict.error ?? "")")
        }
    }

    @Test func hostileNamesParseAndShowAsText() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = [
            "Quote\"Back\\slash", "</script><script>alert(1)</script>", "<img src=x onerror=alert(1)>",
            "Hash#35;Semi;colon", "Brackets[x]{y}(z)|w", "Back`tick`s **bold**", "Café ✓ 日本語 👩‍💻",
            "Esc\u{1B}[2JBidi\u{202E}X", "end", "A-->B", "graph TD",
        ]
        var log = "{\"event\":\"root\",\"id\":\"r\",\"type\":\"Root\",\"kind\":\"tabs\"}\n"
        for (index, name) in names.enumerated() {
            let object = ["event": "tab", "id": "t\(index)", "type": name, "parent": "r"]
            log +=
                String(
                    decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
                + "\n"
            let sheet = ["event": "present", "id": "s\(index)", "type": name, "parent": "t\(index)", "style": name]
            log +=
                String(
                    decoding: try JSONSerialization.data(withJSONObject: sheet, options: [.sortedKeys]), as: UTF8.self)
                + "\n"
        }
        let path = folder.appendingPathComponent("hostile.jsonl").path
        try Data(log.utf8).write(to: URL(fileURLWithPath: path))
        let render = try navgraph(["render", "--format", "mermaid", path])
        let diagram = try navgraph(["diagram", "--format", "mermaid", path])
        #expect(render.status == 0 && diagram.status == 0)
        let verdicts = try MermaidParser.check([("render", render.stdout), ("diagram", diagram.stdout)])
        for verdict in verdicts {
            #expect(verdict.error == nil, "\(verdict.name): \(verdict.error ?? "")")
            #expect(verdict.activeElements == 0, "\(verdict.name) has elements that run or load something")
            for name in names {
                // Shown as text, controls and bidi marks removed.
                let shown = name.replacingOccurrences(of: "\u{1B}", with: "").replacingOccurrences(
                    of: "\u{202E}", with: "")
                #expect(verdict.text.contains(shown), "\(verdict.name): \(shown) not shown as text")
            }
        }
    }
}
