import Mustache
import NavGraphCore

/// The map as DOT for Graphviz, through a theme in `templates/diagram/` (`light`, `dark`): features as groups, a
/// node per type, a node per window, an edge per pair of types and kind of relation labelled once with its
/// relations' counts and drawn heavier the more often they were seen, and a legend of the relations drawn.
public struct NavigationMapDOTRenderer: Renderer {
    /// The built-in themes' names.
    public static let themes = ["light", "dark"]
    public static func templateName(theme: String) -> String { "diagram/\(theme).dot.mustache" }

    /// Direction, theme, legend, grouping and the collapsed types named in the legend.
    public var look: MapOutput.Look

    public init(_ look: MapOutput.Look = MapOutput.Look()) {
        self.look = look
    }

    @discardableResult
    public func render<Output: RenderOutput>(_ map: NavigationMap, to output: inout Output) throws(RenderError)
        -> RenderSummary
    {
        let scene = NavigationMapScene(map: map, grouped: look.grouped, order: look.typeOrder)
        let labels = look.labels.distinguishing(scene.windowNames)
        var statements: [[String: Any]] = []
        var drawn: [NavigationRelation] = []
        for statement in scene.statements {
            switch statement {
            case .openGroup(let id, let label):
                statements.append(["group": ["id": id, "label": label]])
            case .open(let id, let label, let kind):
                statements.append(["cluster": ["id": id, "label": label, Self.flag(kind): true]])
            case .close:
                statements.append(["end": true])
            case .window(let id, let name):
                statements.append(["window": ["id": id, "label": "window \(labels.id(name))"]])
            case .node(let id, let type, let kind, let seen):
                var node: [String: Any] = [
                    "id": id, "type": labels.type(type), "kind": kind.rawValue, "seen": String(seen),
                    Self.flag(kind): true,
                ]
                // The whole name where the drawing shortens it: in an SVG, what a reader hovering the node sees.
                if labels.type(type) != type { node["tooltip"] = Escaping.tooltip(type) }
                statements.append(["node": node])
            case .edge(let from, let to, let relations):
                let count = relations.reduce(0) { $0 + $1.count }
                drawn += relations.map(\.relation)
                var edge: [String: Any] = [
                    "from": from, "to": to, "label": NavigationMapScene.label(relations),
                    "count": String(count), "penwidth": String(NavigationMapScene.weight(count: count)),
                    Self.flag(relations[0].relation.kind): true,
                ]
                if case .presented(let style) = relations[0].relation.kind { edge[Self.styleFlag(style)] = true }
                statements.append(["edge": edge])
            }
        }
        var context: [String: Any] = ["rankdir": look.direction.rawValue, "statements": statements]
        if look.legend, let rows = NavigationMapLegend(drawn: drawn, collapsed: look.collapsed) {
            context["legend"] = rows.context
        }
        let template: MustacheTemplate
        if let file = look.themeFile {
            DOTContentType.register()
            // Escaping for DOT whatever the theme says, as for `render`'s themes.
            template = try UserTemplateText.parsed(file.text, name: file.name, contentType: "DOT")
        } else {
            template = try BuiltInTemplate.parse(Self.templateName(theme: look.theme))
        }
        output.write(template.render(context))
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

    /// Each presentation style's own line and arrowhead, as `render` draws it (`templates/dot/`): told apart
    /// without reading the label.
    static func styleFlag(_ style: String) -> String {
        switch style {
        case PresentationStyle.sheet.name: "isSheet"
        case PresentationStyle.fullScreenCover.name: "isFullScreenCover"
        case PresentationStyle.popover.name: "isPopover"
        case PresentationStyle.alert.name: "isAlert"
        case PresentationStyle.confirmationDialog.name: "isConfirmationDialog"
        default: "isCustomPresentation"
        }
    }

    static func flag(_ kind: NavigationRelation.Kind) -> String {
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

/// The legend under a map: a row per kind of relation drawn, in a fixed order, each styled as its edges are (a row
/// per presentation style, with its own sample, as in `render`'s legend), and a line naming the collapsed types.
/// Only what the drawing has; `nil` when it has nothing to explain.
struct NavigationMapLegend {
    struct Row {
        var flag: String
        var text: String
        /// A presentation style's flag (`isSheet`), for its own sample.
        var styleFlag: String?
    }

    var rows: [Row] = []
    var collapsed: String?

    init?(drawn: [NavigationRelation], collapsed: [String]) {
        var presentedStyles = Set<String>()
        var kinds = Set<String>()
        for relation in drawn {
            kinds.insert(NavigationMapDOTRenderer.flag(relation.kind))
            if case .presented(let style) = relation.kind { presentedStyles.insert(style) }
        }
        // The styles SwiftUI names first, in `render`'s order, then any other, sorted.
        let known: [PresentationStyle] = [.sheet, .fullScreenCover, .popover, .alert, .confirmationDialog]
        let styles =
            known.map(\.name).filter(presentedStyles.contains)
            + presentedStyles.subtracting(known.map(\.name)).sorted()
        let presented = styles.map {
            Row(
                flag: "isPresented", text: Escaping.graphvizHTML(DOTScene.plainWord($0)),
                styleFlag: NavigationMapDOTRenderer.styleFlag($0))
        }
        let order: [(flag: String, text: String)] = [
            ("isWindowRoot", "root of a window"), ("isStackRoot", "first in a stack"), ("isPush", "pushed after"),
            ("isPresented", ""), ("isTab", "tab N of"), ("isSwitched", "switched to"), ("isColumn", "split column"),
            ("isChild", "child"),
        ]
        for (flag, text) in order where kinds.contains(flag) {
            if flag == "isPresented" {
                rows += presented
            } else {
                rows.append(Row(flag: flag, text: Escaping.graphvizHTML(text)))
            }
        }
        if !collapsed.isEmpty {
            // Long lists are cut: the legend stays small; stderr names them all.
            let shown = collapsed.prefix(3).map { DOTScene.clipped($0) }.joined(separator: ", ")
            self.collapsed = Escaping.graphvizHTML(
                "collapsed: " + shown + (collapsed.count > 3 ? ", +\(collapsed.count - 3) more" : ""))
        }
        if rows.isEmpty && self.collapsed == nil { return nil }
    }

    var context: [String: Any] {
        var values: [String: Any] = [
            "rows": rows.map { row in
                var values: [String: Any] = [row.flag: true, "text": row.text]
                if let style = row.styleFlag { values[style] = true }
                return values
            }
        ]
        if let collapsed { values["collapsed"] = collapsed }
        return values
    }
}

/// The map as a Mermaid flowchart (`templates/mermaid/default.mmd.mustache`): features and containers as subgraphs,
/// an edge per pair of types and kind of relation with one label, each kind's line as in the SVG, frequent relations
/// drawn heavier.
public struct NavigationMapMermaidRenderer: Renderer {
    public var direction: DOTRenderer.Direction
    /// Wrap the flowchart in a Markdown ```` ```mermaid ```` fenced block.
    public var markdown: Bool
    /// Group types by feature (`NavigationMapGroups`).
    public var grouped: Bool
    /// How nodes name their types (as in the DOT drawing).
    public var labels: DiagramLabels
    /// The user's template (`diagram --theme PATH`); `nil` writes through the built-in one.
    public var template: MermaidTemplate?

    public init(
        direction: DOTRenderer.Direction = .topToBottom, markdown: Bool = false, grouped: Bool = true,
        labels: DiagramLabels = DiagramLabels()
    ) {
        self.direction = direction
        self.markdown = markdown
        self.grouped = grouped
        self.labels = labels
    }

    @discardableResult
    public func render<Output: RenderOutput>(_ map: NavigationMap, to output: inout Output) throws(RenderError)
        -> RenderSummary
    {
        let scene = NavigationMapScene(map: map, grouped: grouped)
        let labels = labels.distinguishing(scene.windowNames)
        var flowchart = MermaidFlowchart(direction: direction.rawValue)
        for statement in scene.statements {
            switch statement {
            case .openGroup(let id, let label):
                flowchart.openSubgraph(id: id, label: label, style: .feature)
            case .open(let id, let label, let kind):
                // Every subgraph styled: one without a class is drawn in Mermaid's default yellow.
                flowchart.openSubgraph(id: id, label: label, style: MermaidFlowchart.GroupStyle(kind) ?? .container)
            case .close:
                flowchart.closeSubgraph()
            case .window(let id, let name):
                flowchart.node(id: id, label: "window \(labels.id(name))", kind: .screen, window: true)
            case .node(let id, let type, let kind, _):
                flowchart.node(id: id, label: labels.type(type), kind: kind)
            case .edge(let from, let to, let relations):
                let weight = NavigationMapScene.weight(count: relations.reduce(0) { $0 + $1.count })
                var flags = [NavigationMapDOTRenderer.flag(relations[0].relation.kind)]
                if case .presented(let style) = relations[0].relation.kind {
                    flags.append(NavigationMapDOTRenderer.styleFlag(style))
                }
                flowchart.edge(
                    from: from, to: to, label: NavigationMapScene.label(relations), flags: flags,
                    width: weight > 1 ? weight : nil)
            }
        }
        try flowchart.render(markdown: markdown, template: template, to: &output)
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
