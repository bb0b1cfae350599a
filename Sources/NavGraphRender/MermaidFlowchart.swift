import NavGraphCore

/// A Mermaid flowchart as a flat list of statements in nesting order (subgraphs open and close around their
/// nodes), filled into `templates/mermaid/default.mmd.mustache`. Shared by the hierarchy (`MermaidRenderer`) and
/// the navigation map (`NavigationMapMermaidRenderer`). Ids come from the caller (generated, never input text).
///
/// Two things make Mermaid (11, with its default dagre layout) draw what the SVG draws:
/// - every subgraph names its `direction`: a subgraph no edge crosses is laid out on its own, and without a
///   direction of its own Mermaid turns it the other way (a `TB` window drawn left to right);
/// - sibling subgraphs are written last first: Mermaid adds subgraphs to the layout in reverse order of
///   declaration, so written in order, tab 2 lands before tab 1 (left of it in `TB`, above it in `LR`);
/// - in a tabs or split container, a tab or column that is a plain node (with what it presents) is framed in a
///   subgraph of its own, drawn without an outline: Mermaid puts plain nodes among sibling subgraphs where it likes (a
///   split's sidebar landed right of its content column, a fourth tab between the first and second).
struct MermaidFlowchart {
    /// A subgraph's contents, or the top level's, in the order the caller gave them.
    private final class Frame {
        enum Item {
            case statement([String: Any])
            case subgraph(id: String, label: String, style: String?, Frame)
        }
        var items: [Item] = []
    }

    /// A subgraph's class by what it holds: the DOT theme's cluster colours (`templates/dot/light.dot.mustache`).
    enum GroupStyle: String {
        case window
        case stack = "stack_group"
        case tabs = "tabs_group"
        case split = "split_group"
        /// A feature's group in a map (its types, by module or first word).
        case feature = "feature_group"
        /// A map's group around a container type of another kind (a switch, a screen holding children).
        case container = "container_group"
        /// A tab or column that is a plain node, framed to keep its place among its siblings (no outline).
        case place = "place_group"

        init?(_ kind: DOTScene.ClusterKind) {
            switch kind {
            case .window: self = .window
            case .stack: self = .stack
            case .tabs: self = .tabs
            case .split: self = .split
            case .legend: return nil
            }
        }

        /// The map's groups are named for the container type they hold.
        init?(_ kind: NodeKind) {
            switch kind {
            case .stack: self = .stack
            case .tabs: self = .tabs
            case .split: self = .split
            default: return nil
            }
        }
    }

    /// The built-in templates' definition of `GroupStyle.place`: a frame without fill or outline.
    static let placeClassDefinition = "classDef place_group fill:none,stroke:none"

    private let direction: String
    private let root = Frame()
    private var open: [Frame] = []

    init(direction: String) {
        self.direction = direction
    }

    private var current: Frame { open.last ?? root }

    mutating func openSubgraph(id: String, label: String, style: GroupStyle? = nil) {
        let frame = Frame()
        current.items.append(.subgraph(id: id, label: label, style: style?.rawValue, frame))
        open.append(frame)
    }

    mutating func closeSubgraph() {
        _ = open.popLast()
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
        let shape = Self.shape(kind: kind, leaked: leaked, collapsed: collapsed, window: window)
        current.items.append(
            .statement([
                "node": [
                    "id": id, "label": label, "class": style, "isWindow": window, "open": shape.open,
                    "close": shape.close,
                ]
            ]))
    }

    /// A node's Mermaid shape, as the SVG draws its kind: a screen rounded, a stack the subroutine box (`[[…]]`, its
    /// double sides for the pages stacked), tabs a trapezoid (a tab's outline), a switch a hexagon, a split a
    /// parallelogram; a leaked model the flag (`>…]`), a folded `… N more` a plain box, a window a stadium.
    static func shape(kind: NodeKind, leaked: Bool, collapsed: Bool, window: Bool) -> (open: String, close: String) {
        if window { return ("([", "])") }
        if leaked { return (">", "]") }
        if collapsed { return ("[", "]") }
        switch kind {
        case .screen: return ("(", ")")
        case .stack: return ("[[", "]]")
        case .tabs: return ("[/", "\\]")
        case .switch: return ("{{", "}}")
        case .split: return ("[/", "/]")
        }
    }

    /// - Parameters:
    ///   - flags: what the edge is, as the DOT themes name it: its kind (`isPush`, `isTab`, `isPresented`, …, or
    ///     `isLeak`) and, for a presentation, its style (`isSheet`, …, `isCustomPresentation`); the template gives
    ///     each its line (`linkStyle`: colour, width, dashes).
    ///   - width: a stroke width in pixels for edges drawn heavier (the map's frequent relations).
    mutating func edge(from: String, to: String, label: String, flags: [String], width: Int? = nil) {
        let leak = flags.contains("isLeak")
        var values: [String: Any] = [
            "from": from, "to": to, "label": label, "hasLabel": !label.isEmpty,
            "isDotted": leak || flags.contains("isPresented"), "isLeak": leak,
        ]
        for flag in flags { values[flag] = true }
        if let width { values["width"] = String(width) }
        current.items.append(.statement(["edge": values]))
    }

    /// The statements in the order they are written, each indented by its depth; edges numbered in that order
    /// (Mermaid's `linkStyle` counts them so).
    private func flattened() -> (statements: [[String: Any]], classes: [String: [String]]) {
        var statements: [[String: Any]] = []
        var classes: [String: [String]] = [:]
        var edgeIndex = 0
        func write(_ frame: Frame, depth: Int, id: String = "", style: String? = nil) {
            let indent = String(repeating: "  ", count: depth + 1)
            var subgraphsWritten = false
            let placed = [GroupStyle.tabs.rawValue, GroupStyle.split.rawValue].contains(style)
            let items = placed ? Self.placed(frame.items, in: id) : frame.items
            for item in items {
                switch item {
                case .statement(var statement):
                    for key in Array(statement.keys) {
                        guard var values = statement[key] as? [String: Any] else { continue }
                        values["indent"] = indent
                        if key == "edge" {
                            values["index"] = String(edgeIndex)
                            edgeIndex += 1
                        }
                        statement[key] = values
                    }
                    statements.append(statement)
                case .subgraph:
                    // All of this frame's subgraphs, last first, where the first one stood.
                    guard !subgraphsWritten else { continue }
                    subgraphsWritten = true
                    for case .subgraph(let id, let label, let style, let inner) in items.reversed() {
                        statements.append([
                            "subgraph": ["id": id, "label": label, "indent": indent, "direction": direction]
                        ])
                        if let style { classes[style, default: []].append(id) }
                        write(inner, depth: depth + 1, id: id, style: style)
                        statements.append(["end": ["indent": indent]])
                    }
                }
            }
        }
        write(root, depth: 0)
        return (statements, classes)
    }

    /// A tabs or split container's items with each run of plain nodes after the container's own node framed in a
    /// subgraph of its own (`GroupStyle.place`), so that every tab or column is a subgraph and keeps its place.
    private static func placed(_ items: [Frame.Item], in id: String) -> [Frame.Item] {
        guard items.contains(where: { if case .subgraph = $0 { true } else { false } }) else { return items }
        var result: [Frame.Item] = []
        var containerSeen = false
        var run = Frame()
        func endRun() {
            guard !run.items.isEmpty else { return }
            result.append(
                .subgraph(id: "\(id)_place\(result.count)", label: " ", style: GroupStyle.place.rawValue, run))
            run = Frame()
        }
        for item in items {
            if case .statement(let statement) = item, statement["node"] != nil {
                if containerSeen { run.items.append(item) } else { result.append(item) }
                containerSeen = true
            } else {
                endRun()
                result.append(item)
            }
        }
        endRun()
        return result
    }

    /// Writes the flowchart through `template`, the built-in one when `nil`.
    func render<Output: TextOutputStream>(
        markdown: Bool, template given: MermaidTemplate? = nil, to output: inout Output
    ) throws(RenderError) {
        // Not `given ?? …`: the autoclosure's throws is untyped.
        let template: MermaidTemplate
        if let given { template = given } else { template = try MermaidTemplate.builtIn() }
        let (statements, classes) = flattened()
        let classStatements: [[String: Any]] = classes.keys.sorted().map { style in
            ["class": style, "ids": classes[style, default: []].joined(separator: ",")]
        }
        var text = template.template.render([
            "direction": direction, "statements": statements, "subgraphClasses": classStatements,
        ])
        // A place's frame is navgraph's, not a look: a user's template made before it existed (or without its
        // classDef) would draw it as Mermaid's default yellow box around a tab or column, so it is defined here.
        // (Only where the text gives something the class: ids never hold its name.)
        let place = GroupStyle.place.rawValue
        if classes[place] != nil, text.contains(" \(place)"), !text.contains("classDef \(place) ") {
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            text += "  " + Self.placeClassDefinition + "\n"
        }
        if markdown { output.write("```mermaid\n") }
        output.write(text)
        if markdown { output.write("```\n") }
    }
}
