import NavGraphCore

/// The hierarchy as a Mermaid flowchart, for a README or a pull request (GitHub renders it): windows, stacks, tabs
/// and split views as subgraphs, presentations as dotted labelled edges, leaked models styled red (a parent that left
/// and finished, drawn only to hang a leak from, as a grey ghost).
///
/// Drawn from the same scene as the DOT diagram (`DOTScene`, without its legend), through the template
/// `templates/mermaid/default.mmd.mustache`; node and subgraph ids are generated, every label escaped for Mermaid.
public struct MermaidRenderer: Renderer {
    public static let templateName = "mermaid/default.mmd.mustache"

    public var direction: DOTRenderer.Direction
    /// Wrap the flowchart in a Markdown ```` ```mermaid ```` fenced block, ready to paste.
    public var markdown: Bool
    /// At the end of the input a model that left and never finished has leaked; before it, it may still finish.
    public var endOfInput = true
    /// At most this many models are drawn, as for DOT; `nil` draws everything.
    public var maxNodes: Int? = 2000

    public init(direction: DOTRenderer.Direction = .topToBottom, markdown: Bool = false) {
        self.direction = direction
        self.markdown = markdown
    }

    /// Renders, and says how much was drawn and folded, as the DOT renderer does (the same scene).
    @discardableResult
    public func render<Output: RenderOutput>(
        _ hierarchy: Hierarchy, to output: inout Output
    ) throws(RenderError) -> RenderSummary {
        let scene = DOTScene(
            hierarchy: hierarchy, legend: false,
            leakLabel: endOfInput ? "leaked" : "left, not finished", maxNodes: maxNodes,
            maxChildren: maxNodes == nil ? Int.max : 40)
        var flowchart = MermaidFlowchart(direction: direction.rawValue)
        for statement in scene.statements {
            switch statement {
            case .open(let id, _, let label):
                flowchart.openSubgraph(id: id, label: label)
            case .close:
                flowchart.closeSubgraph()
            case .node(let id, let model, let kind, _, let state):
                let collapsed = model.key.hasPrefix("collapsed:")
                flowchart.node(
                    id: id, label: model.id.isEmpty ? model.type : model.type + " " + model.id,
                    kind: kind, leaked: state == .leaked, ghost: state == .ghost, collapsed: collapsed)
            case .edge(let from, let to, let kind, let label):
                flowchart.edge(from: from, to: to, label: label, dotted: kind.isPresentation)
            case .leakEdge(let from, let to, let label):
                flowchart.edge(from: from, to: to, label: label, dotted: true, leak: true)
            case .point, .sameRank, .order:
                // Layout hints for Graphviz only.
                break
            }
        }
        try flowchart.render(markdown: markdown, to: &output)
        return scene.summary(of: hierarchy, endOfInput: endOfInput)
    }
}
