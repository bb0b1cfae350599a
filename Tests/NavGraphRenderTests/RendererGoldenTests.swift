import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
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
    /// Each view's list of formats is exactly the formats its table has a renderer for: a format a command offers
    /// is drawn, and one it does not is refused before anything is read.
    @Test func listsMatchRenderers() throws {
        let style = TerminalStyle()
        var drawing = DrawingOutput.Options()
        drawing.layout = FakeLayout()
        for format in OutputFormat.allCases {
            #expect(
                TreeOutput.formats.contains(format)
                    == (TreeOutput.renderer(for: format, style: style, endOfInput: true) != nil))
            #expect(
                LeakOutput.formats.contains(format)
                    == (LeakOutput.renderer(for: format, style: style, listAll: false) != nil))
            #expect(DiffOutput.formats.contains(format) == (DiffOutput.renderer(for: format, style: style) != nil))
            #expect(
                HistoryOutput.formats.contains(format) == (HistoryOutput.renderer(for: format, style: style) != nil))
            #expect(DrawingOutput.formats.contains(format) == (try DrawingOutput.renderer(for: format, drawing) != nil))
            #expect(
                MapOutput.formats.contains(format)
                    == (MapOutput.renderer(for: format, layout: FakeLayout()) != nil))
        }
        #expect(DrawingOutput.formats.filter(\.isLaidOut) == [.svg, .png, .pdf])
        // Without a layout engine the laid-out formats have no renderer: this module draws no SVG itself.
        #expect(try DrawingOutput.renderer(for: .svg, DrawingOutput.Options()) == nil)
        #expect(MapOutput.renderer(for: .png, layout: nil) == nil)
    }

    /// A laid-out format renders the view's DOT and hands it to the engine, whose bytes are the output; what the
    /// DOT renderer says comes back, and is known before the engine runs.
    @Test func laidOutFormatsDrawTheDOT() throws {
        let hierarchy = try exampleHierarchy("session.log")
        var options = DrawingOutput.Options()
        options.layout = FakeLayout()
        var before: RenderSummary?
        options.willLayOut = { before = $0 }
        var renderer = try #require(try DrawingOutput.renderer(for: .png, options))
        var output = ByteOutput()
        let summary = try renderer.render(hierarchy, to: &output)
        let dot = try DOTRenderer().render(hierarchy)
        #expect(output.bytes == Array(("png of " + dot).utf8))
        #expect(before == summary)
        #expect(summary.drawn > 0)
    }

    /// What a drawing leaves out comes back as data: why there is no hierarchy, the folded models.
    @Test func drawingsSayWhatTheyLeaveOut() throws {
        var dot = try DOTRenderer()
        var text = ""
        #expect(try dot.render(Hierarchy(), to: &text).notes == [.hierarchyMissing(TextTreeRenderer.noHierarchy)])
        dot.maxNodes = 3
        let summary = try dot.render(try exampleHierarchy("session.log"), to: &text)
        #expect(summary.drawn == 3)
        guard case .folded(let collapsed, _) = summary.notes.first else {
            Issue.record("no folding note: \(summary.notes)")
            return
        }
        #expect(collapsed > 0)
    }

    /// The trace is fed the steps while the log is read, and says when it made their times up.
    @Test func theTraceRecordsTheSteps() throws {
        var options = DrawingOutput.Options()
        options.inputName = "session.log"
        var renderer = try #require(try DrawingOutput.renderer(for: .trace, options))
        #expect(renderer.recordsSteps)
        let source = try LineSource(path: example("launch-dump.txt"))
        let last = try NavigationInput(source: source).readHierarchy(at: nil, diagnostics: DiagnosticCollector()) {
            event, change, after in
            renderer.record(event, change: change, in: after)
        }.hierarchy
        var text = ""
        let summary = try renderer.render(last, to: &text)
        #expect(text.contains("\"traceEvents\""))
        #expect(summary.notes == [.timesMadeUp(withoutTime: last.step, steps: last.step)])
        #expect(try DrawingOutput.renderer(for: .dot, options)?.recordsSteps == false)
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

/// Draws nothing: says what it was given, so a test sees the DOT reach it.
private struct FakeLayout: DOTLayoutEngine {
    func draw(dot: String, as format: OutputFormat) throws(RenderError) -> [UInt8] {
        Array((format.rawValue + " of " + dot).utf8)
    }
}
