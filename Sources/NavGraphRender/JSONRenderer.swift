import NavGraphCore

/// The hierarchy as JSON:
/// `{"roots": [NODE, ...], "unplaced": [{"id", "type"}, ...], "suspected": [...], "leaked": [...]}` with
/// `"leaked"` named `"left"` before the end of the input (left, not finished yet, as `tree` says), each with its
/// `"reason"` (`left`); a suspected model in no dump though every window printed one has `"reason": "inNoDump"`;
/// NODE = `{"id", "type", "kind", "edge" | "window", "children": [NODE, ...]}`. `edge` holds the presentation
/// style for a presented child; a split column adds `"column"`. Written iteratively, so any depth is fine.
public struct JSONRenderer: Renderer {
    /// Which state a live view's document shows: `tree --follow --format json` writes one document per state, one
    /// per line (JSON Lines), each saying its step and source line.
    public struct Moment: Sendable, Equatable {
        public var step: Int
        public var line: Int
        /// A dump still being printed, shown as if it had ended; the next document replaces it.
        public var provisional: Bool
        /// The input ended: this is the final state.
        public var endOfInput: Bool
        /// Following a file, the first state after it was read again from its start says why (`truncated`,
        /// `replaced`): what earlier documents showed is gone, and steps count from 1 again.
        public var restart: String?

        public init(
            step: Int, line: Int, provisional: Bool = false, endOfInput: Bool = false, restart: String? = nil
        ) {
            self.step = step
            self.line = line
            self.provisional = provisional
            self.endOfInput = endOfInput
            self.restart = restart
        }
    }

    /// Set: the document is one line, led by the moment's fields.
    public var moment: Moment?
    /// Whether the state is the end of the input (without a moment): models that left and never finished are then
    /// leaked, before it only not finished yet.
    public var endOfInput: Bool

    public init(moment: Moment? = nil, endOfInput: Bool = true) {
        self.moment = moment
        self.endOfInput = endOfInput
    }

    @discardableResult
    public func render<Output: RenderOutput>(_ hierarchy: Hierarchy, to output: inout Output) throws(RenderError)
        -> RenderSummary
    {
        let layout = Layout(oneLine: moment != nil)
        output.write("{" + layout.newline)
        if let moment {
            output.write(
                "\"step\": \(moment.step), \"line\": \(moment.line), \"provisional\": \(moment.provisional), "
                    + "\"endOfInput\": \(moment.endOfInput), "
                    + (moment.restart.map { "\"restart\": \(Escaping.jsonString($0)), " } ?? ""))
        }
        output.write(layout.indent(-1) + "\"roots\": [")
        let roots = hierarchy.openWindows.compactMap { window in window.root.flatMap { hierarchy.nodes[$0] } }
        for (index, root) in roots.enumerated() {
            output.write(index == 0 ? layout.newline : layout.comma)
            Self.writeTree(root, hierarchy: hierarchy, layout: layout, to: &output)
        }
        output.write(roots.isEmpty ? "]" + layout.comma : layout.newline + layout.indent(-1) + "]" + layout.comma)
        writeModels("unplaced", hierarchy.unplacedModels, layout: layout, to: &output)
        output.write(layout.comma)
        // In no dump though every window printed one: suspected, since it may live in a window the app never dumps.
        let unlisted = hierarchy.unlistedModels
        writeModels(
            "suspected", hierarchy.suspectedModels + unlisted, inNoDump: Set(unlisted.map(\.model.key)),
            layout: layout, to: &output)
        output.write(layout.comma)
        let ended = moment?.endOfInput ?? endOfInput
        writeModels(ended ? "leaked" : "left", hierarchy.departedModels, layout: layout, to: &output)
        output.write(layout.newline + "}\n")
        return RenderSummary()
    }

    /// Pretty-printed (two spaces a level) or all on one line.
    struct Layout {
        var oneLine = false

        var newline: String { oneLine ? "" : "\n" }
        /// Between fields and elements: on one line spaced as the fields inside an object are (`"roots": [], "unplaced"`).
        var comma: String { oneLine ? ", " : ",\n" }

        /// Indentation for a node at `depth` (-1: a top-level key). It stops growing past 64 levels: a 10,000-deep
        /// tree must not become gigabytes of spaces.
        func indent(_ depth: Int) -> String {
            oneLine ? "" : String(repeating: "  ", count: 2 + min(depth, 64))
        }
    }

    /// Writes `root` and its subtree as a NODE object, indented for `baseDepth`; no trailing newline.
    /// `rootFields`: more `, "key": value` pairs for the root's object, after its own fields.
    static func writeTree<Output: TextOutputStream>(
        _ root: Node, hierarchy: Hierarchy, baseDepth: Int = 0, layout: Layout = Layout(), rootFields: String = "",
        to output: inout Output
    ) {
        var pending: [WalkStep] = [.open(root, depth: baseDepth, first: true)]
        while let step = pending.popLast() {
            switch step {
            case .open(let node, let depth, let first):
                if !first { output.write(layout.comma) }
                output.write(
                    layout.indent(depth) + "{\"id\": " + Escaping.jsonString(node.model.id)
                        + ", \"type\": " + Escaping.jsonString(node.model.qualifiedType)
                        + ", \"kind\": \"" + node.kind.rawValue + "\"")
                if node.kind == .tabs, let selected = node.selectedTab, let tab = hierarchy.nodes[selected] {
                    output.write(", \"selected\": " + Escaping.jsonString(tab.model.id))
                }
                if let title = node.title { output.write(", \"title\": " + Escaping.jsonString(title)) }
                if let edge = node.edge {
                    output.write(", \"edge\": " + Escaping.jsonString(edge.name))
                    if case .column(let column) = edge { output.write(", \"column\": \"\(column.rawValue)\"") }
                } else {
                    output.write(", \"window\": " + Escaping.jsonString(node.window))
                }
                if node.key == root.key { output.write(rootFields) }
                output.write(", \"children\": [")
                let children = node.children.compactMap { hierarchy.nodes[$0] }
                pending.append(.close(depth: depth, empty: children.isEmpty))
                for (index, child) in children.enumerated().reversed() {
                    pending.append(.open(child, depth: depth + 1, first: index == 0))
                }
                if !children.isEmpty { output.write(layout.newline) }
            case .close(let depth, let empty):
                output.write(empty ? "]}" : layout.newline + layout.indent(depth) + "]}")
            }
        }
    }

    private enum WalkStep {
        case open(Node, depth: Int, first: Bool)
        case close(depth: Int, empty: Bool)
    }

    private func writeModels<Output: TextOutputStream>(
        _ name: String, _ models: [ModelLifecycle], inNoDump: Set<String> = [], layout: Layout,
        to output: inout Output
    ) {
        output.write(layout.indent(-1) + "\"\(name)\": [")
        for (index, model) in models.enumerated() {
            output.write(index == 0 ? layout.newline : layout.comma)
            var text =
                layout.indent(0) + "{\"id\": " + Escaping.jsonString(model.model.id)
                + ", \"type\": " + Escaping.jsonString(model.model.qualifiedType)
            if let left = model.leftLine {
                // A model that left: where it was last attached and when it left (named as in `leaks`' JSON).
                text += ", \"reason\": \"left\""
                text += ", \"parent\": " + (model.lastPlacement?.parent.map { Escaping.jsonString($0.id) } ?? "null")
                text += ", \"lastSeenLine\": " + (model.lastPlacement.map { String($0.line) } ?? "null")
                text += ", \"leftAtLine\": \(left)"
            } else if inNoDump.contains(model.model.key) {
                text += ", \"reason\": \"inNoDump\", \"startedLine\": \(model.startedLine)"
            }
            output.write(text + "}")
        }
        output.write(models.isEmpty ? "]" : layout.newline + layout.indent(-1) + "]")
    }
}
