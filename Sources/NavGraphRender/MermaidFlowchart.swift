import NavGraphCore

/// A Mermaid flowchart as a flat list of statements in nesting order (subgraphs open and close around their
/// nodes), filled into `templates/mermaid/default.mmd.mustache`. Shared by the hierarchy (`MermaidRenderer`) and
/// the navigation map (`NavigationMapMermaidRenderer`). Ids come from the caller (generated, never input text).
struct MermaidFlowchart {
    private let direction: String
    private var statements: [[String: Any]] = []
    private var depth = 0
    private var edgeCount = 0

    init(direction: String) {
        self.direction = direction
    }

    private var indent: String { String(repeating: "  ", count: depth + 1) }

    mutating func openSubgraph(id: String, label: String) {
        statements.append(["subgraph": ["id": id, "label": label, "indent": indent]])
        depth += 1
    }

    mutating func closeSubgraph() {
        depth = max(0, depth - 1)
        statements.append(["end": ["indent": indent]])
    }

    mutating func node(
        id: String, label: String, kind: NodeKind, leaked: Bool = false, ghost: Bool = false,
        collapsed: Bool = false, window: Bool = false
    ) {
        let style =
            window
            ? "window"
            : leaked
                ? "leaked"
                : ghost
                    ? "ghost"
                    : collapsed
                        ? "collapsed"
                        : "kind_" + kind.rawValue
        statements.append(["node": ["id": id, "label": label, "class": style, "indent": indent, "isWindow": window]])
    }

    /// - Parameter width: a stroke width in pixels for edges drawn heavier (the map's frequent relations).
    mutating func edge(from: String, to: String, label: String, dotted: Bool, leak: Bool = false, width: Int? = nil) {
        var values: [String: Any] = [
            "from": from, "to": to, "label": label, "hasLabel": !label.isEmpty,
            "isDotted": dotted, "isLeak": leak,
            "index": String(edgeCount), "indent": indent,
        ]
        if let width { values["width"] = String(width) }
        statements.append(["edge": values])
        edgeCount += 1
    }

    func render<Output: TextOutputStream>(markdown: Bool, to output: inout Output) throws(RenderError) {
        let template = try BuiltInTemplate.parse(MermaidRenderer.templateName)
        let text = template.render(["direction": direction, "statements": statements])
        if markdown { output.write("```mermaid\n") }
        output.write(text)
        if markdown { output.write("```\n") }
    }
}
