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
