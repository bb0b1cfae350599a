import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphRender

@Suite("Mermaid output")
struct MermaidTests {
    @Test(arguments: exampleNames)
    func flowchart(example: String) throws {
        let hierarchy = try exampleHierarchy(example)
        expectGolden(try MermaidRenderer().render(hierarchy), "\(example).mmd")
    }

    @Test func markdownWrapsTheFlowchartInAFencedBlock() throws {
        let hierarchy = try exampleHierarchy("sheet-over-tabs.txt")
        let plain = try MermaidRenderer(direction: .leftToRight).render(hierarchy)
        let markdown = try MermaidRenderer(direction: .leftToRight, markdown: true).render(hierarchy)
        #expect(markdown == "```mermaid\n" + plain + "```\n")
        #expect(plain.split(separator: "\n")[1] == "flowchart LR")
    }

    @Test func presentationsAreDottedAndLeaksRed() throws {
        let sheet = try MermaidRenderer().render(try exampleHierarchy("sheet-over-tabs.txt"))
        // A presented stack's subgraph is titled with the style (its edge is then unlabelled).
        #expect(sheet.contains(#"subgraph cluster_2 ["presented"]"#))
        #expect(sheet.contains(#"-.->|"alert"|"#))
        #expect(sheet.contains(#"subgraph cluster_1 ["tabs"]"#))
        let leaky = try MermaidRenderer().render(try exampleHierarchy("leaky-session.log"))
        #expect(leaky.contains(#">"SegmentedTabsNavigationModel 5EA"]:::leaked"#))
        #expect(leaky.contains("stroke:#cc79a7"))
    }

    /// Each subgraph names the flowchart's direction (Mermaid turns one no edge crosses the other way) and has a
    /// class of the DOT theme's cluster colours (never Mermaid's default yellow); the window's is `window`.
    @Test(arguments: [DOTRenderer.Direction.topToBottom, .leftToRight])
    func subgraphsKeepTheDirectionAndAreStyled(direction: DOTRenderer.Direction) throws {
        let text = try MermaidRenderer(direction: direction).render(try exampleHierarchy("sheet-over-tabs.txt"))
        let lines = text.split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }
        var subgraphs: [String] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("subgraph ") {
            subgraphs.append(String(line.split(separator: " ")[1]))
            #expect(lines[index + 1] == "direction \(direction.rawValue)", "\(line)")
        }
        #expect(subgraphs.count == 5)
        var styled: [String: String] = [:]
        for line in lines where line.hasPrefix("class ") {
            let parts = line.split(separator: " ")
            for id in parts[1].split(separator: ",") { styled[String(id)] = String(parts[2]) }
        }
        #expect(Set(styled.keys) == Set(subgraphs))
        #expect(styled["cluster_0"] == "window")
        #expect(styled["cluster_1"] == "tabs_group")
        let defined = Set(lines.filter { $0.hasPrefix("classDef ") }.map { String($0.split(separator: " ")[1]) })
        #expect(Set(styled.values).isSubset(of: defined))
    }

    /// Tab 1 is written after tab 2: Mermaid lays sibling subgraphs out in reverse order of declaration.
    @Test func siblingSubgraphsAreWrittenLastFirst() throws {
        let text = try MermaidRenderer().render(try exampleHierarchy("sheet-over-tabs.txt"))
        let tab1 = try #require(text.range(of: "DefaultStackRootNavigationModel 32D"))
        let tab2 = try #require(text.range(of: "DefaultStackRootNavigationModel 19A"))
        #expect(tab2.lowerBound < tab1.lowerBound)
    }

    /// Every class sets a fill and a text colour with 4.5:1 contrast or more (WCAG AA), so labels read in Mermaid's
    /// dark theme as in its light one; no link style sets a text colour (it would sit on the theme's label
    /// background, which no one colour reads on in both themes).
    @Test(arguments: ["light", "dark"])
    func classesKeepTextContrastInEitherTheme(theme: String) throws {
        var renderer = MermaidRenderer()
        renderer.template = try MermaidTemplate.builtIn(theme: theme)
        let text = try renderer.render(try exampleHierarchy("leaky-session.log"))
        var classes = 0
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingPrefix(while: { $0 == " " })
            if trimmed.hasPrefix("linkStyle ") { #expect(!trimmed.contains("color:"), "\(line)") }
            guard trimmed.hasPrefix("classDef ") else { continue }
            classes += 1
            var style: [String: String] = [:]
            for pair in trimmed.split(separator: " ")[2].split(separator: ",") {
                let parts = pair.split(separator: ":", maxSplits: 1)
                if parts.count == 2 { style[String(parts[0])] = String(parts[1]) }
            }
            // The frame that keeps a tab or column in its place is drawn without a box and holds no text of its own.
            if style["fill"] == "none" {
                #expect(trimmed.hasPrefix("classDef place_group ") && style["stroke"] == "none", "\(line)")
                continue
            }
            let fill = try #require(style["fill"].flatMap(Self.luminance), "\(line)")
            let colour = try #require(style["color"].flatMap(Self.luminance), "\(line)")
            let contrast = (max(fill, colour) + 0.05) / (min(fill, colour) + 0.05)
            #expect(contrast >= 4.5, "\(line): \(contrast)")
        }
        #expect(classes == 15)
        // Edge labels: the init directive's theme variables, which override the site's theme (Mermaid's dark theme
        // drew them #ccc on #585858, 4.43:1).
        let initLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("%%{init: ") })
        let variables = try #require(
            try JSONSerialization.jsonObject(with: Data(initLine.dropFirst(8).dropLast(3).utf8)) as? [String: Any])
        let theme = try #require(variables["themeVariables"] as? [String: String])
        let background = try #require(theme["edgeLabelBackground"].flatMap(Self.luminance))
        // Mermaid's dark theme colours edge labels with `textColor`, its light one with `nodeTextColor`.
        for key in ["textColor", "nodeTextColor"] {
            let label = try #require(theme[key].flatMap(Self.luminance), "\(key)")
            let contrast = (max(background, label) + 0.05) / (min(background, label) + 0.05)
            #expect(contrast >= 4.5, "edge labels, \(key): \(contrast)")
        }
    }

    /// Each edge's `linkStyle` gives it its line as in the SVG: a colour per kind, and per presentation style its
    /// own (width, dashes) — six different lines — in both built-in templates; a leak dashed in the leak colour.
    @Test(arguments: ["light", "dark"])
    func everyPresentationStyleHasItsOwnLine(theme: String) throws {
        var renderer = NavigationMapMermaidRenderer()
        renderer.template = try MermaidTemplate.builtIn(theme: theme)
        let text = try renderer.render(ThemePaletteTests.everyRelationMap)
        let lines = text.split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }
        var styles: [String: String] = [:]
        for (index, line) in lines.enumerated() where line.contains("-->") || line.contains("-.->") {
            let label = line.firstMatch(of: /\|"([^ "]*)/).map { String($0.1) } ?? ""
            let style = try #require(lines[index + 1].firstMatch(of: /^linkStyle \d+ (.*)$/)?.1, "\(line)")
            styles[label] = String(style)
        }
        let presentations = ThemePaletteTests.presentationStyles.dropLast().map(\.name)
        let drawn = presentations.compactMap { name in
            styles[name].map { style in style.split(separator: ",").dropFirst().joined(separator: ",") }
        }
        #expect(drawn.count == 6 && Set(drawn).count == 6, "\(theme): \(drawn)")
        let colours = Set(styles.values.map { $0.prefix { $0 != "," } })
        // push (and first), tab, switch, column, presented, child, root: seven colours.
        #expect(colours.count == 7, "\(theme): \(colours.sorted())")
        let leaky = try {
            var renderer = MermaidRenderer()
            renderer.template = try MermaidTemplate.builtIn(theme: theme)
            return try renderer.render(try exampleHierarchy("leaky-session.log"))
        }()
        let leak = theme == "dark" ? "#da9ebf" : "#cc79a7"
        #expect(leaky.contains("stroke:\(leak),stroke-dasharray:5 5"))
    }

    /// Nodes have the shape of their kind, as in the SVG: a stack the subroutine box, tabs a trapezoid, a switch a
    /// hexagon, a split a parallelogram, a screen rounded; a leaked model the flag.
    @Test func nodesHaveTheirKindsShape() throws {
        let map = try NavigationMapMermaidRenderer().render(ThemePaletteTests.everyRelationMap)
        for shape in [
            #"[["stack"]]:::kind_stack"#, #"[/"tabs"\]:::kind_tabs"#, #"{{"switch"}}:::kind_switch"#,
            #"[/"split"/]:::kind_split"#, #"("screen"):::kind_screen"#, #"(["window main"]):::window"#,
        ] {
            #expect(map.contains(shape), "\(shape)")
        }
        let leaky = try MermaidRenderer().render(try exampleHierarchy("leaky-session.log"))
        #expect(leaky.contains(#">"SegmentedTabsNavigationModel 5EA"]:::leaked"#))
    }

    /// A leak whose parent is drawn in a subgraph hangs from a ghost of that parent beside it: Mermaid draws an
    /// edge that leaves a subgraph from the subgraph's border (the window's), not from the node.
    @Test func aLeakHangsFromItsParentsGhostNotFromAWindowsBorder() throws {
        let text = try MermaidRenderer().render(try exampleHierarchy("navigator-session.log"))
        #expect(text.contains(#"  n1_ghost("home 2F3"):::ghost"#), "\(text)")
        #expect(text.contains(#"  n1_ghost -.->|"leaked"| n7"#))
        #expect(!text.contains(#"n1 -.->"#))
    }

    /// Nodes are named as in the DOT drawing: a UUID shortened (`6670…`, written as Mermaid's entity), the type's
    /// suffix left out when asked.
    @Test func namesAreShortenedAsInTheDOTDrawing() throws {
        let uuids = try MermaidRenderer().render(try exampleHierarchy("leaky-session.jsonl"))
        #expect(uuids.contains(#""AppNavigationModel 6670#8230;""#))
        #expect(!uuids.contains("66700001-0007-4001-8003-000000001EEF"))
        var renderer = MermaidRenderer()
        renderer.labels.strippedSuffix = "NavigationModel"
        let stripped = try renderer.render(try exampleHierarchy("sheet-over-tabs.txt"))
        #expect(stripped.contains(#"("Alert D12")"#) && !stripped.contains("AlertNavigationModel"))
        #expect(
            try MermaidRenderer().render(try exampleHierarchy("sheet-over-tabs.txt")).contains(
                "AlertNavigationModel D12"))
    }

    /// WCAG relative luminance of `#rrggbb`.
    private static func luminance(_ hex: String) -> Double? {
        guard hex.hasPrefix("#"), hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        let channels = [value >> 16, (value >> 8) & 0xff, value & 0xff].map { channel -> Double in
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    @Test func labelsAreEscapedForMermaid() {
        #expect(
            Escaping.mermaidLabel(#"A"B[c]{d}#e;f<g>h`i|j"#)
                == "A#34;B#91;c#93;#123;d#125;#35;e#59;f#60;g#62;h#96;i#124;j")
        #expect(Escaping.mermaidLabel("Café ✓ 日本") == "Caf#233; #10003; #26085;#26412;")
        #expect(Escaping.mermaidLabel("New\nLine\u{1B}[2J\u{202E}x") == "NewLine#91;2Jx")
        #expect(Escaping.mermaidLabel("Plain Name_1 (x) a-b.c") == "Plain Name_1 (x) a-b.c")
    }

    @Test func hostileNamesNeverLeaveTheirLabel() throws {
        let text = try MermaidRenderer().render(hostileHierarchy())
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingPrefix(while: { $0 == " " })
            // Every line is a statement navgraph wrote: a label can open and close only its own quotes.
            #expect(trimmed.filter { $0 == "\"" }.count % 2 == 0, "\(line)")
            #expect(
                !trimmed.contains("<") && !trimmed.contains(">") || trimmed.contains("-->") || trimmed.contains("-.->"),
                "\(line)")
            #expect(!trimmed.contains("\u{1B}") && !trimmed.contains("\u{202E}"))
        }
        expectGolden(text, "hostile.mmd")
    }
}

/// GitHub's Mermaid refuses a flowchart past 500 edges or 50,000 characters ("Edge limit exceeded") and shows no
/// diagram: navgraph folds it under both, and says so.
@Suite("Mermaid's limits")
struct MermaidLimitTests {
    /// A window of `tabs` stacks of `screens` screens each, with names `nameLength` long.
    private func hierarchy(tabs: Int, screens: Int, nameLength: Int) -> Hierarchy {
        var entries = [
            Snapshot.Entry(model: ModelRef(key: "root", id: "R", type: "AppModel"), kind: .tabs, edge: nil, parent: nil)
        ]
        for tab in 0..<tabs {
            let stack = entries.count
            entries.append(
                Snapshot.Entry(
                    model: ModelRef(key: "t\(tab)", id: "T\(tab)", type: "TabModel"), kind: .stack, edge: .tab,
                    parent: 0))
            for screen in 0..<screens {
                let type = String(repeating: "N", count: nameLength) + "Model"
                entries.append(
                    Snapshot.Entry(
                        model: ModelRef(key: "s\(tab)-\(screen)", id: "S\(tab)-\(screen)", type: type), kind: .screen,
                        edge: .push, parent: stack))
            }
        }
        var hierarchy = Hierarchy()
        hierarchy.apply(NavEvent(.snapshot([Snapshot(window: "main", entries: entries)]), line: 1))
        return hierarchy
    }

    private func edges(_ text: String) -> Int {
        text.split(separator: "\n").filter { $0.contains("-->") || $0.contains("-.->") }.count
    }

    @Test(arguments: [(600, 1, 8), (20, 40, 8), (12, 40, 120)])
    func aFlowchartPastTheLimitsIsFoldedUnderThemAndSaysSo(tabs: Int, screens: Int, nameLength: Int) throws {
        var renderer = MermaidRenderer()
        renderer.maxNodes = nil
        var text = ""
        let summary = try renderer.render(hierarchy(tabs: tabs, screens: screens, nameLength: nameLength), to: &text)
        #expect(edges(text) <= MermaidRenderer.edgeLimit)
        #expect(text.utf16.count <= MermaidRenderer.textLimit)
        let (whole, characters, drawn) = try #require(
            summary.notes.lazy.compactMap { note -> (Int, Int, Int)? in
                if case .mermaidLimits(let edges, let characters, let drawn) = note {
                    (edges, characters, drawn)
                } else {
                    nil
                }
            }.first, "\(summary.notes)")
        #expect(whole == tabs * (screens + 1))
        #expect(whole > MermaidRenderer.edgeLimit || characters > MermaidRenderer.textLimit)
        #expect(drawn == summary.drawn)
        // Folded no more than it must: the drawing still uses most of what Mermaid allows.
        #expect(
            edges(text) >= MermaidRenderer.edgeLimit * 7 / 10 || text.utf16.count >= MermaidRenderer.textLimit * 7 / 10,
            "\(edges(text)) edges, \(text.utf16.count) characters")
        #expect(text.contains(" more"), "the folded models are said in the drawing")
    }

    @Test func aFlowchartWithinTheLimitsIsWhole() throws {
        var renderer = MermaidRenderer()
        renderer.maxNodes = nil
        var text = ""
        let summary = try renderer.render(hierarchy(tabs: 10, screens: 40, nameLength: 8), to: &text)
        #expect(edges(text) == 410)
        #expect(summary.notes.isEmpty)
        #expect(summary.drawn == 411)
    }
}
