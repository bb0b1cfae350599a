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
        #expect(plain.hasPrefix("flowchart LR\n"))
    }

    @Test func presentationsAreDottedAndLeaksRed() throws {
        let sheet = try MermaidRenderer().render(try exampleHierarchy("sheet-over-tabs.txt"))
        #expect(sheet.contains(#"-.->|"presented"|"#))
        #expect(sheet.contains(#"-.->|"alert"|"#))
        #expect(sheet.contains(#"subgraph cluster_1 ["tabs"]"#))
        let leaky = try MermaidRenderer().render(try exampleHierarchy("leaky-session.log"))
        #expect(leaky.contains(#"["SegmentedTabsNavigationModel 5EA"]:::leaked"#))
        #expect(leaky.contains("stroke:#c62828"))
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
