import NavGraphCore

/// The hierarchy as a Mermaid flowchart, for a README or a pull request (GitHub renders it): windows, stacks, tabs
/// and split views as subgraphs, nodes shaped by kind, each edge in its kind's colour and each presentation style with
/// its own line (`linkStyle`), leaked models as flags in the leak colour, hung from a grey ghost of their parent when
/// it left and finished or is drawn in a subgraph (Mermaid would start the edge at the subgraph's border).
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
    /// The part of the hierarchy drawn: every window, or one model's subtree, and how deep.
    public var scope = DrawingScope()
    /// How nodes name their models, as in the DOT drawing (UUIDs shortened, a type suffix left out). Mermaid has no
    /// tooltip that GitHub shows (`click` is turned off there), so the whole names are only in the input.
    public var labels = DiagramLabels()
    /// The user's template (`--theme PATH`); `nil` writes through the built-in one.
    public var template: MermaidTemplate?

    public init(direction: DOTRenderer.Direction = .topToBottom, markdown: Bool = false) {
        self.direction = direction
        self.markdown = markdown
    }

    /// What Mermaid draws at most, with its default settings — which GitHub, GitLab and most sites use and a reader
    /// cannot change: 500 edges (`maxEdges`, "Edge limit exceeded") and 50,000 characters (`maxTextSize`,
    /// "Maximum text size in diagram exceeded", counted in UTF-16 units, as JavaScript counts). A flowchart past
    /// either is folded like `--max-nodes` folds.
    public static let edgeLimit = 500
    public static let textLimit = 50_000

    /// Renders, and says how much was drawn and folded, as the DOT renderer does (the same scene), and whether
    /// Mermaid's limits folded it further.
    @discardableResult
    public func render<Output: RenderOutput>(
        _ hierarchy: Hierarchy, to output: inout Output
    ) throws(RenderError) -> RenderSummary {
        var budget = maxNodes
        var (text, scene, edges) = try flowchart(of: hierarchy, maxNodes: budget)
        let whole = (edges: edges, characters: text.utf16.count)
        // Each try takes away the overshoot in proportion, and a little more: a fold adds a "… N more" node and its
        // edge. The drawing only shrinks, so this ends; eight tries reach any size seen in practice.
        var tries = 0
        while edges > Self.edgeLimit || text.utf16.count > Self.textLimit, scene.drawnCount > 1, tries < 8 {
            tries += 1
            let byEdges = Double(Self.edgeLimit) / Double(max(edges, 1))
            let byText = Double(Self.textLimit) / Double(max(text.utf16.count, 1))
            let next = max(1, Int(Double(scene.drawnCount) * min(byEdges, byText) * 0.95) - 2)
            budget = min(next, scene.drawnCount - 1)
            (text, scene, edges) = try flowchart(of: hierarchy, maxNodes: budget)
        }
        output.write(text)
        var summary = scene.summary(of: hierarchy, endOfInput: endOfInput)
        if tries > 0 {
            // One note for the fold, naming the limit that made it (not --max-nodes).
            summary.notes.removeAll { if case .folded = $0 { true } else { false } }
            summary.notes.append(
                .mermaidLimits(edges: whole.edges, characters: whole.characters, drawnWithin: scene.drawnCount))
        }
        return summary
    }

    /// A leaked model's node, kept to be written with the subtree it belongs to.
    private struct LeakedNode {
        var id: String
        var model: ModelRef
        var kind: NodeKind
        var state: DOTScene.NodeState
    }

    /// The leaked subtrees of more than one model drawn outside the windows: their top's id → the models under it
    /// (in drawing order), and the ids of all those under a top.
    private static func leakGroups(
        _ statements: [DOTScene.Statement]
    ) -> (groups: [String: [LeakedNode]], members: Set<String>) {
        var leaked: [String: LeakedNode] = [:]
        var order: [String] = []
        var depth = 0
        var parent: [String: String] = [:]
        for statement in statements {
            switch statement {
            case .open: depth += 1
            case .close: depth -= 1
            case .node(let id, let model, let kind, let state) where depth == 0 && state == .leaked:
                leaked[id] = LeakedNode(id: id, model: model, kind: kind, state: state)
                order.append(id)
            // A leaked model under a leaked parent hangs from it by a leak edge without a label.
            case .leakEdge(let from, let to, _) where leaked[from] != nil && leaked[to] != nil:
                parent[to] = from
            default: break
            }
        }
        var groups: [String: [LeakedNode]] = [:]
        var members = Set<String>()
        for id in order {
            var top = id
            var steps = 0
            while let up = parent[top], steps <= order.count {
                top = up
                steps += 1
            }
            guard top != id, let node = leaked[id] else { continue }
            groups[top, default: []].append(node)
            members.insert(id)
        }
        return (groups, members)
    }

    /// The flowchart drawing at most `maxNodes` models, its scene and how many edges it has.
    private func flowchart(of hierarchy: Hierarchy, maxNodes: Int?) throws(RenderError) -> (String, DOTScene, Int) {
        let scene = DOTScene(
            hierarchy: hierarchy, legend: false,
            leakLabel: endOfInput ? "leaked" : "left, not finished", maxNodes: maxNodes,
            // The 40 children drawn of one model is --max-nodes' limit: a fold for Mermaid's limits keeps it off.
            maxChildren: self.maxNodes == nil ? Int.max : 40, scope: scope)
        var labels = labels.distinguishing(
            scene.statements.lazy.compactMap { statement in
                if case .node(_, let model, _, _) = statement { model.id } else { nil }
            })
        // A Mermaid label is one line unless it says otherwise.
        labels.wrapsTypesLongerThan = nil
        var flowchart = MermaidFlowchart(direction: direction.rawValue)
        var edges = 0
        var depth = 0
        // Each node's label, and whether it is in a subgraph: Mermaid draws an edge that leaves a subgraph from the
        // subgraph's border, so a leak hangs from a ghost of its parent beside it instead (once per parent).
        var nodeLabels: [String: (label: String, nested: Bool)] = [:]
        var ghosts = Set<String>()
        func node(_ id: String, _ model: ModelRef, _ kind: NodeKind, _ state: DOTScene.NodeState, nested: Bool) {
            let collapsed = model.key.hasPrefix("collapsed:")
            let label =
                model.id.isEmpty ? labels.type(model.type) : labels.type(model.type) + " " + labels.id(model.id)
            nodeLabels[id] = (label, nested)
            flowchart.node(
                id: id, label: label, kind: kind, leaked: state == .leaked, ghost: state == .ghost,
                collapsed: collapsed)
        }
        let (leakGroups, grouped) = Self.leakGroups(scene.statements)
        for statement in scene.statements {
            switch statement {
            case .open(let id, let kind, let label):
                flowchart.openSubgraph(id: id, label: label, style: MermaidFlowchart.GroupStyle(kind))
                depth += 1
            case .close:
                flowchart.closeSubgraph()
                depth -= 1
            case .node(let id, let model, let kind, let state):
                if let members = leakGroups[id] {
                    // A leaked subtree framed whole (no outline): Mermaid then keeps it apart from the leaks beside
                    // it, whose edges ran under a neighbour (5EA → A11 under B80 read as B80 → A11).
                    flowchart.openSubgraph(id: id + "_leaked", label: " ", style: .place)
                    node(id, model, kind, state, nested: true)
                    for member in members { node(member.id, member.model, member.kind, member.state, nested: true) }
                    flowchart.closeSubgraph()
                } else if !grouped.contains(id) {
                    node(id, model, kind, state, nested: depth > 0)
                }
            case .edge(let from, let to, let kind, let label):
                var flags = [ThemeStatement.flag(for: kind).name]
                if case .presented(let style) = kind { flags.append(ThemeStatement.flag(for: style).name) }
                flowchart.edge(from: from, to: to, label: label, flags: flags)
                edges += 1
            case .leakEdge(let from, let to, let label):
                var parent = from
                // Within a leaked subtree's frame the edge stays between its nodes.
                let framed = grouped.contains(to) && (leakGroups[from] != nil || grouped.contains(from))
                if let drawn = nodeLabels[from], drawn.nested, !framed {
                    parent = from + "_ghost"
                    if ghosts.insert(parent).inserted {
                        flowchart.node(id: parent, label: drawn.label, kind: .screen, ghost: true)
                    }
                }
                flowchart.edge(from: parent, to: to, label: label, flags: ["isLeak"])
                edges += 1
            case .legend, .legendRow, .legendEnd, .legendAnchor:
                // The legend, which Mermaid is drawn without.
                break
            }
        }
        var text = ""
        try flowchart.render(markdown: markdown, template: template, to: &text)
        return (text, scene, edges)
    }
}
