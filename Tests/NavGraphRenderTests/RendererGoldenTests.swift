import NavGraphAnalysis
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphRender

@Suite("Renderer output for the examples")
struct RendererGoldenTests {
    @Test(arguments: exampleNames)
    func textTree(example: String) throws {
        let hierarchy = try exampleHierarchy(example)
        expectGolden(try TextTreeRenderer().render(hierarchy), "\(example).tree.txt")
    }

    @Test func asciiAndColor() throws {
        let hierarchy = try exampleHierarchy("session.log")
        expectGolden(
            try TextTreeRenderer(style: TerminalStyle(ascii: true)).render(hierarchy), "session.log.tree-ascii.txt")
        let colored = try TextTreeRenderer(style: TerminalStyle(color: true)).render(hierarchy)
        expectGolden(colored, "session.log.tree-color.txt")
        #expect(colored.contains("\u{1B}[36m[switch]\u{1B}[0m"))
    }

    @Test(arguments: exampleNames)
    func json(example: String) throws {
        let hierarchy = try exampleHierarchy(example)
        expectGolden(try JSONRenderer().render(hierarchy), "\(example).json")
    }

    @Test(arguments: exampleNames)
    func dot(example: String) throws {
        let hierarchy = try exampleHierarchy(example)
        expectGolden(try DOTRenderer().render(hierarchy), "\(example).dot")
    }

    @Test func dotWithoutLegendLeftToRight() throws {
        let hierarchy = try exampleHierarchy("launch-dump.txt")
        let dot = try DOTRenderer(direction: .leftToRight, legend: false).render(hierarchy)
        #expect(dot.contains("rankdir=LR"))
        #expect(!dot.contains("legend"))
    }

    @Test func emptyHierarchySaysWhy() throws {
        var hierarchy = Hierarchy()
        hierarchy.apply(
            NavEvent(.start(ModelRef(key: "a", id: "E34", type: "HomeNavigationModel"), kind: nil), line: 3))
        let text = try TextTreeRenderer().render(hierarchy)
        #expect(text.contains("No hierarchy in the input: nothing placed a model in a window"))
        #expect(text.contains("HomeNavigationModel E34  started line 3"))
        let json = try JSONRenderer().render(hierarchy)
        #expect(
            json == """
                {
                  "roots": [],
                  "unplaced": [
                    {"id": "E34", "type": "HomeNavigationModel"}
                  ],
                  "suspected": [],
                  "leaked": []
                }

                """)
    }
}

@Suite("History renderers")
struct HistoryRendererTests {
    @Test(arguments: ["leaky-session.jsonl", "session.log"])
    func textAndJSON(example: String) throws {
        expectGolden(try exampleHistory(example, HistoryTextRenderer()), "\(example).history.txt")
        expectGolden(try exampleHistory(example, HistoryJSONRenderer()), "\(example).history.json")
    }

    @Test func warningsUnderTheirStep() {
        var entry = HistoryEntry(NavEvent(.mark("launch"), line: 7, time: 0), change: StepChange(), after: Hierarchy())
        entry.step = 3
        entry.warnings = ["dismiss of 't': no such model\u{1B}[2J"]
        var text = ""
        HistoryTextRenderer(style: TerminalStyle(color: true)).render(entry, to: &text)
        #expect(
            text == """
                     3  line 7       1970-01-01T00:00:00.000Z  mark: launch
                        \u{1B}[33mwarning: dismiss of 't': no such model\\u{1B}[2J\u{1B}[0m

                """)
    }

    @Test func noStepsIsAnEmptyArray() {
        var renderer = HistoryJSONRenderer()
        var json = ""
        renderer.begin(to: &json)
        renderer.end(to: &json)
        #expect(json == "[]\n")
    }
}

@Suite("Output formats")
struct OutputFormatTests {
    /// Each view's list of formats is exactly the formats it has a renderer for.
    @Test func listsMatchRenderers() {
        let style = TerminalStyle()
        for format in OutputFormat.allCases {
            #expect(
                OutputFormat.treeFormats.contains(format)
                    == (format.treeRenderer(style: style, endOfInput: true) != nil))
            #expect(
                OutputFormat.leakFormats.contains(format) == (format.leakRenderer(style: style, listAll: false) != nil))
            #expect(OutputFormat.diffFormats.contains(format) == (format.diffRenderer(style: style) != nil))
            #expect(OutputFormat.historyFormats.contains(format) == (format.historyRenderer(style: style) != nil))
        }
        #expect(OutputFormat.diagramFormats.filter(\.isLaidOut) == [.svg, .png, .pdf])
    }

    @Test func formatFromAFileName() {
        #expect(OutputFormat(extensionOf: "out/nav.SVG") == .svg)
        #expect(OutputFormat(extensionOf: "nav.pdf") == .pdf)
        #expect(OutputFormat(extensionOf: "nav") == nil)
        #expect(OutputFormat(extensionOf: "dir.d/nav") == nil)
        #expect(OutputFormat(extensionOf: ".svg") == nil)
        #expect(OutputFormat(extensionOf: "nav.txt") == nil)
        #expect(OutputFormat.fileExtension(of: "nav.txt") == "txt")
    }
}
