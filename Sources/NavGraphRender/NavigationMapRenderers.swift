import NavGraphCore

/// The map as DOT for Graphviz, through `templates/diagram/default.dot.mustache`: a node per type, a node per
/// window, an edge per relation labelled with its count and drawn heavier the more often it was seen.
public struct NavigationMapDOTRenderer: Renderer {
    public static let templateName = "diagram/default.dot.mustache"
    public var direction: DOTRenderer.Direction

    public init(direction: DOTRenderer.Direction = .topToBottom) { self.direction = direction }

    @discardableResult
    public func render<Output: RenderOutput>(_ map: NavigationMap, to output: inout Output) throws(RenderError)
        -> RenderSummary
    {
        let scene = NavigationMapScene(map: map)
        var statements: [[String: Any]] = []
        for statement in scene.statements {
            switch statement {
            case .open(let id, let label, let kind):
                statements.append(["cluster": ["id": id, "label": label, Self.flag(kind): true]])
            case .close:
                statements.append(["end": true])
            case .window(let id, let name):
                statements.append(["window": ["id": id, "label": "window \(name)"]])
            case .node(let id, let type, let kind, let seen):
                statements.append([
                    "node": [
                        "id": id, "type": type, "kind": kind.rawValue, "seen": String(seen),
                        Self.flag(kind): true,
                    ]
                ])
            case .edge(let from, let to, let relation, let count):
                let weight = NavigationMapScene.weight(count: count)
                statements.append([
                    "edge": [
                        "from": from, "to": to, "label": NavigationMapScene.label(relation, count: count),
                        "count": String(count), "penwidth": String(weight), Self.flag(relation.kind): true,
                    ]
                ])
            }
        }
        let template = try BuiltInTemplate.parse(Self.templateName)
        output.write(template.render(["rankdir": direction.rawValue, "statements": statements]))
        return RenderSummary()
    }

    private static func flag(_ kind: NodeKind) -> String {
        switch kind {
        case .screen: "isScreen"
        case .stack: "isStack"
        case .tabs: "isTabs"
        case .switch: "isSwitch"
        case .split: "isSplit"
        }
    }

    private static func flag(_ kind: NavigationRelation.Kind) -> String {
        switch kind {
        case .windowRoot: "isWindowRoot"
        case .stackRoot: "isStackRoot"
        case .pushedAfter: "isPush"
        case .presented: "isPresented"
        case .tab: "isTab"
        case .switched: "isSwitched"
        case .column: "isColumn"
        case .child: "isChild"
        }
    }
}

/// The map as a Mermaid flowchart (`templates/mermaid/default.mmd.mustache`): containers as subgraphs,
/// presentations dotted, frequent relations drawn heavier.
public struct NavigationMapMermaidRenderer: Renderer {
    public var direction: DOTRenderer.Direction
    /// Wrap the flowchart in a Markdown ```` ```mermaid ```` fenced block.
    public var markdown: Bool

    public init(direction: DOTRenderer.Direction = .topToBottom, markdown: Bool = false) {
        self.direction = direction
        self.markdown = markdown
    }

    @discardableResult
    public func render<Output: RenderOutput>(_ map: NavigationMap, to output: inout Output) throws(RenderError)
        -> RenderSummary
    {
        let scene = NavigationMapScene(map: map)
        var flowchart = MermaidFlowchart(direction: direction.rawValue)
        for statement in scene.statements {
            switch statement {
            case .open(let id, let label, let kind):
                flowchart.openSubgraph(id: id, label: label, style: MermaidFlowchart.GroupStyle(kind))
            case .close:
                flowchart.closeSubgraph()
            case .window(let id, let name):
                flowchart.node(id: id, label: "window \(name)", kind: .screen, window: true)
            case .node(let id, let type, let kind, _):
                flowchart.node(id: id, label: type, kind: kind)
            case .edge(let from, let to, let relation, let count):
                let weight = NavigationMapScene.weight(count: count)
                var dotted = false
                if case .presented = relation.kind { dotted = true }
                flowchart.edge(
                    from: from, to: to, label: NavigationMapScene.label(relation, count: count),
                    dotted: dotted, width: weight > 1 ? weight : nil)
            }
        }
        try flowchart.render(markdown: markdown, to: &output)
        return RenderSummary()
    }
}

/// The map as JSON, the form `diagram --check` compares with:
/// `{"nodes": [{"type", "kind", "count"}], "edges": [{"relation", "from", "to", "style"|"order"|"column"?, "count"}]}`,
/// sorted, one node or edge per line so a baseline's diff reads well.
public struct NavigationMapJSONRenderer: Renderer {
    public init() {}

    @discardableResult
    public func render<Output: RenderOutput>(_ map: NavigationMap, to output: inout Output) throws(RenderError)
        -> RenderSummary
    {
        output.write("{\n  \"nodes\": [")
        for (index, type) in map.types.keys.sorted().enumerated() {
            let entry = map.types[type]!
            output.write(index == 0 ? "\n" : ",\n")
            output.write(
                "    {\"type\": \(Escaping.jsonString(type)), \"kind\": \"\(entry.kind.rawValue)\", "
                    + "\"count\": \(entry.seen)}")
        }
        output.write(map.types.isEmpty ? "],\n" : "\n  ],\n")
        output.write("  \"edges\": [")
        let relations = map.sortedRelations
        for (index, (relation, count)) in relations.enumerated() {
            output.write(index == 0 ? "\n" : ",\n")
            output.write(
                "    {\"relation\": \"\(relation.kindName)\", "
                    + "\"from\": \(Escaping.jsonString(relation.from)), \"to\": \(Escaping.jsonString(relation.to))")
            switch relation.kind {
            case .presented(let style): output.write(", \"style\": \(Escaping.jsonString(style))")
            case .tab(let order): output.write(", \"order\": \(order)")
            case .column(let column): output.write(", \"column\": \"\(column.rawValue)\"")
            default: break
            }
            output.write(", \"count\": \(count)}")
        }
        output.write(relations.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return RenderSummary()
    }
}
