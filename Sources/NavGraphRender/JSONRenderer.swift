import NavGraphCore

/// The hierarchy as JSON:
/// `{"roots": [NODE, ...], "unplaced": [{"id", "type"}, ...], "suspected": [...], "leaked": [...]}` with
/// NODE = `{"id", "type", "kind", "edge" | "window", "children": [NODE, ...]}`. `edge` holds the presentation
/// style for a presented child; a split column adds `"column"`. Written iteratively, so any depth is fine.
public struct JSONRenderer: Renderer {
    public init() {}

    public func render<Output: TextOutputStream>(_ hierarchy: Hierarchy, to output: inout Output) throws(RenderError) {
        output.write("{\n  \"roots\": [")
        let roots = hierarchy.openWindows.compactMap { window in window.root.flatMap { hierarchy.nodes[$0] } }
        for (index, root) in roots.enumerated() {
            output.write(index == 0 ? "\n" : ",\n")
            Self.writeTree(root, hierarchy: hierarchy, to: &output)
        }
        output.write(roots.isEmpty ? "],\n" : "\n  ],\n")
        writeModels("unplaced", hierarchy.unplacedModels, to: &output)
        output.write(",\n")
        writeModels("suspected", hierarchy.suspectedModels, to: &output)
        output.write(",\n")
        writeModels("leaked", hierarchy.departedModels, to: &output)
        output.write("\n}\n")
    }

    /// Writes `root` and its subtree as a NODE object, indented for `baseDepth`; no trailing newline.
    static func writeTree<Output: TextOutputStream>(_ root: Node, hierarchy: Hierarchy, baseDepth: Int = 0, to output: inout Output) {
        var pending: [WalkStep] = [.open(root, depth: baseDepth, first: true)]
        while let step = pending.popLast() {
            switch step {
            case .open(let node, let depth, let first):
                let indent = Self.indent(depth)
                if !first { output.write(",\n") }
                output.write(indent + "{\"id\": " + Escaping.jsonString(node.model.id)
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
                output.write(", \"children\": [")
                let children = node.children.compactMap { hierarchy.nodes[$0] }
                pending.append(.close(depth: depth, empty: children.isEmpty))
                for (index, child) in children.enumerated().reversed() {
                    pending.append(.open(child, depth: depth + 1, first: index == 0))
                }
                if !children.isEmpty { output.write("\n") }
            case .close(let depth, let empty):
                output.write(empty ? "]}" : "\n" + Self.indent(depth) + "]}")
            }
        }
    }

    private enum WalkStep { case open(Node, depth: Int, first: Bool), close(depth: Int, empty: Bool) }

    /// Indentation stops growing past 64 levels: a 10,000-deep tree must not become gigabytes of spaces.
    private static func indent(_ depth: Int) -> String {
        String(repeating: "  ", count: 2 + min(depth, 64))
    }

    private func writeModels<Output: TextOutputStream>(_ name: String, _ models: [ModelLifecycle], to output: inout Output) {
        output.write("  \"\(name)\": [")
        for (index, model) in models.enumerated() {
            output.write(index == 0 ? "\n" : ",\n")
            var text = "    {\"id\": " + Escaping.jsonString(model.model.id) + ", \"type\": " + Escaping.jsonString(model.model.qualifiedType)
            if let left = model.leftLine {
                // A model that left: where it was last attached and when it left.
                text += ", \"parent\": " + (model.lastPlacement?.parent.map { Escaping.jsonString($0.id) } ?? "null")
                text += ", \"lastSeenLine\": " + (model.lastPlacement.map { String($0.line) } ?? "null")
                text += ", \"leftLine\": \(left)"
            }
            output.write(text + "}")
        }
        output.write(models.isEmpty ? "]" : "\n  ]")
    }
}
