import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender

/// What one fuzz input goes through: a reader, the reducer (its consistency checked after every step), the
/// analyses and every text renderer. Any crash, hang or broken invariant is a finding.
public enum FuzzHarness {
    public static func run(_ bytes: UnsafeRawBufferPointer, format: InputFormat) {
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
        _ = try? input.read(diagnostics: diagnostics) { event in
            let change = timeline.append(event)
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
        // Terminal output never carries a raw control character from the input.
        var tree = ""
        _ = try? TextTreeRenderer().render(hierarchy, to: &tree)
        if tree.unicodeScalars.contains(where: { $0 != "\n" && ($0.value < 0x20 || $0.value == 0x7F) }) {
            fatalError("a control character reached the text tree")
        }
    }
}
