import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTemplates

/// What one fuzz input goes through: a reader, the reducer (its consistency checked after every step), the
/// analyses and every view (text, JSON, DOT, Mermaid, trace, leaks, history, the HTML page with a stand-in layout).
/// Any crash, hang or broken invariant is a finding.
public enum FuzzHarness {
    /// - Parameter format: the format to read the input as; `nil` detects it, as every console is read (the
    ///   `console` target: an app's output with anything else it prints around the navigation).
    public static func run(_ bytes: UnsafeRawBufferPointer, format: InputFormat?) {
        let source = LineSource(bytes: Array(bytes), name: "fuzz", maxLineLength: 1 << 16, chunkSize: 257)
        // Lenient when the input's last byte is odd, so both modes are explored.
        let lenient = (bytes.last ?? 0) & 1 == 1
        var input = NavigationInput(source: source, format: format, lenient: lenient)
        // Every dumped property as a node when the first byte is odd (dump() input; other readers ignore it).
        input.showsAllDumpedProperties = (bytes.first ?? 0) & 1 == 1
        var timeline = Timeline(interval: 7)
        let diagnostics = DiagnosticCollector()
        var mapBuilder = NavigationMapBuilder()
        var trace = TraceEventRenderer(inputName: "fuzz")
        var history = HistoryViews()
        _ = try? input.read(diagnostics: diagnostics) { event in
            let change = timeline.append(event)
            history.record(event, change: change, after: timeline.latest)
            mapBuilder.record(event, change: change, in: timeline.latest)
            trace.record(event, change: change, in: timeline.latest)
            for warning in change.warnings where warning.severity != .warning {
                fatalError("the reducer reported a \(warning.severity) instead of a warning: \(warning.message)")
            }
            let problems = timeline.latest.consistencyProblems()
            if !problems.isEmpty { fatalError("inconsistent state after line \(event.line): \(problems)") }
            return timeline.count < 5_000
        }
        let hierarchy = timeline.latest
        // Seeking must agree with the straight replay.
        if timeline.count > 0, timeline.state(after: timeline.count) != hierarchy {
            fatalError("the state after the last step differs when sought")
        }
        if timeline.count > 3 {
            let middle = timeline.count / 2
            var straight = Hierarchy()
            for step in 1...middle { straight.apply(timeline.event(at: step)) }
            if straight != timeline.state(after: middle) {
                fatalError("seeking step \(middle) differs from replaying it")
            }
        }
        let report = LeakReport(hierarchy: hierarchy)
        var text = ""
        LeakTextRenderer().render(report, to: &text)
        LeakJSONRenderer().render(report, to: &text)
        _ = try? TextTreeRenderer(style: TerminalStyle(ascii: false, color: true)).render(hierarchy, to: &text)
        _ = try? JSONRenderer().render(hierarchy, to: &text)
        if let dot = try? DOTRenderer(legend: false) { _ = try? dot.render(hierarchy, to: &text) }
        let diff = HierarchyDiff(from: timeline.state(after: timeline.count / 2), to: hierarchy)
        DiffTextRenderer().render(diff, to: &text)
        DiffJSONRenderer().render(diff, to: &text)
        _ = try? MermaidRenderer().render(hierarchy, to: &text)
        trace.render(hierarchy, endOfInput: true, to: &text)
        // The navigation map in every form; its JSON reads back as the same relations.
        let map = mapBuilder.map
        _ = try? NavigationMapDOTRenderer().render(map, to: &text)
        _ = try? NavigationMapMermaidRenderer().render(map, to: &text)
        if let json = try? NavigationMapJSONRenderer().render(map) {
            let read = try? NavigationMapReader.read(Array(json.utf8), path: "fuzz")
            if read?.relations != map.relations {
                fatalError("the navigation map's JSON does not read back as the same map")
            }
        }
        history.render(timeline, to: &text)
        // Terminal output never carries a raw control character from the input.
        var tree = ""
        _ = try? TextTreeRenderer().render(hierarchy, to: &tree)
        if tree.unicodeScalars.contains(where: { $0 != "\n" && ($0.value < 0x20 || $0.value == 0x7F) }) {
            fatalError("a control character reached the text tree")
        }
    }
}

/// `history` in text and JSON, a step at a time as the command writes it, and the HTML replay page of the whole
/// history, drawn by a layout engine that answers every DOT with one small SVG (Graphviz is not what is fuzzed here).
private struct HistoryViews {
    var text = HistoryTextRenderer(style: TerminalStyle(ascii: false, color: true))
    var json = HistoryJSONRenderer()
    var descriptions: [String] = []
    var output = ""

    init() { json.begin(to: &output) }

    mutating func record(_ event: NavEvent, change: StepChange, after: Hierarchy) {
        let entry = HistoryEntry(event, change: change, after: after)
        descriptions.append(entry.description)
        text.render(entry, to: &output)
        json.render(entry, to: &output)
        // The views are checked, not kept: a long history would hold every step's text.
        if output.utf8.count > 1 << 16 { output = "" }
    }

    mutating func render(_ timeline: Timeline, to text: inout String) {
        json.end(to: &output)
        let history = ReplayHistory(timeline: timeline, descriptions: descriptions)
        guard let dot = try? DOTRenderer(legend: false),
            let theme = Templates.named("html/light.html.mustache"),
            let page = try? HTMLReplayPage(
                history: history, title: "fuzz", dotRenderer: dot, themeText: theme,
                themeName: "html/light.html.mustache")
        else { return }
        // One layout a run, chosen by the history's length: the page is the costliest view to build.
        let layout: HTMLReplayPage.Layout = timeline.count % 2 == 0 ? .fit : .union
        guard let (html, _) = try? page.render(layout: layout, engine: StandInLayout()) else { return }
        // Every string from the log travels as JSON data in the page: none may end a script element early.
        if Self.scriptEnds(in: html) != Self.pageScriptEnds {
            fatalError("a string from the input ended a script element of the replay page")
        }
        text += String(html.utf8.count)
    }

    private static func scriptEnds(in html: String) -> Int {
        html.components(separatedBy: "</script").count - 1
    }

    /// The script elements the page has of its own: those of the page of an empty history.
    private static let pageScriptEnds: Int = {
        guard let dot = try? DOTRenderer(legend: false), let theme = Templates.named("html/light.html.mustache"),
            let page = try? HTMLReplayPage(
                history: ReplayHistory(timeline: Timeline(), descriptions: []), title: "fuzz", dotRenderer: dot,
                themeText: theme, themeName: "html/light.html.mustache"),
            let (html, _) = try? page.render(layout: .union, engine: StandInLayout())
        else { return 0 }
        return scriptEnds(in: html)
    }()
}

/// Answers every DOT with the same small SVG, so that the page is built as with Graphviz, without laying out.
private struct StandInLayout: DOTLayoutEngine {
    func draw(dot: String, as format: OutputFormat) throws(RenderError) -> [UInt8] {
        Array(
            #"<svg width="100pt" height="80pt" viewBox="0.00 0.00 100.00 80.00"><g id="graph0" class="graph"></g></svg>"#
                .utf8)
    }
}
