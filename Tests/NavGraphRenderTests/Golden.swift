import Foundation
import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTestSupport

/// The hierarchy at the end of an example in `examples/`.
func exampleHierarchy(_ name: String) throws -> Hierarchy {
    let source = try LineSource(path: example(name))
    var hierarchy = Hierarchy()
    try NavigationInput(source: source).read(diagnostics: DiagnosticCollector()) { event in
        hierarchy.apply(event)
        return true
    }
    return hierarchy
}

/// The history of an example in `examples/`, as `renderer` writes it.
func exampleHistory(_ name: String, _ renderer: some Renderer<HistoryEntry>) throws -> String {
    var renderer = renderer
    let source = try LineSource(path: example(name))
    var text = ""
    renderer.begin(to: &text)
    _ = try NavigationInput(source: source).readHierarchy(at: nil, diagnostics: DiagnosticCollector()) {
        event, change, after in
        try renderer.render(HistoryEntry(event, change: change, after: after), to: &text)
    }
    renderer.end(to: &text)
    return text
}

let exampleNames = [
    "session.log", "launch-dump.txt", "sheet-over-tabs.txt", "console-prefixed.log", "legacy-1x.log",
    "leaky-session.log",
    "leaky-session.jsonl", "navigation-path.log", "navigator-session.log",
    "per-tab-routers.log",
]

/// A hierarchy whose names hold everything hostile a console could print.
func hostileHierarchy() -> Hierarchy {
    let names = hostileNames
    var entries = [
        Snapshot.Entry(
            model: ModelRef(key: "root", id: "R\u{1B}[2J", type: names[0]), kind: .tabs, edge: nil, parent: nil)
    ]
    for (index, name) in names.enumerated().dropFirst() {
        entries.append(
            Snapshot.Entry(
                model: ModelRef(key: "k\(index)", id: "i\(index)\"\\", type: name),
                kind: index % 2 == 0 ? .stack : .screen,
                edge: index == 1 ? .presented(PresentationStyle("she\"et</script>")) : .tab, parent: 0))
    }
    var hierarchy = Hierarchy()
    hierarchy.apply(NavEvent(.snapshot([Snapshot(window: "main\"]; evil [label=\"x", entries: entries)]), line: 1))
    return hierarchy
}

let hostileNames = [
    "Quote\"Back\\slash",
    "Braces{}<>&Amp",
    "CDATA]]>End",
    "</script><script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "New\nLine\rReturn\tTab",
    "Clear\u{1B}[2JScreen\u{07}Bell",
    "Bidi\u{202E}txet\u{2066}iso\u{2069}",
    "Graphviz\\N\\l\\GEscapes",
    String(repeating: "VeryLongTypeName", count: 64),
]
