import NavGraphAnalysis
import NavGraphCore

/// `navgraph diff` as text: `+` added (with its subtree size), `-` removed, `~` moved or renamed, `*` selection
/// changed.
public struct DiffTextRenderer: Renderer {
    public var style: TerminalStyle

    public init(style: TerminalStyle = TerminalStyle()) { self.style = style }

    @discardableResult
    public func render<Output: RenderOutput>(_ diff: HierarchyDiff, to output: inout Output) -> RenderSummary {
        func name(_ model: ModelRef?) -> String {
            guard let model else { return "(none)" }
            return Escaping.terminal(model.type) + " " + Escaping.terminal(model.id)
        }
        func place(_ node: Node, in hierarchy: Hierarchy) -> String {
            guard let parent = node.parent.flatMap({ hierarchy.nodes[$0] }) else {
                return "as the root of window \(Escaping.terminal(node.window))"
            }
            return "under \(name(parent.model)) (\(node.edge?.name ?? "child"))"
        }
        func more(_ node: Node, in hierarchy: Hierarchy) -> String {
            let count = hierarchy.preorder(from: node.key).count - 1
            return count == 0 ? "" : ", with \(count) more"
        }
        for node in diff.removed {
            output.write(
                style.paint("- " + name(node.model), .red) + " " + place(node, in: diff.old) + more(node, in: diff.old)
                    + "\n")
        }
        for node in diff.added {
            output.write(
                style.paint("+ " + name(node.model), .green) + " " + place(node, in: diff.new)
                    + more(node, in: diff.new) + "\n")
        }
        for move in diff.moved {
            let from = "\(move.from.parent.map { name($0) } ?? "window \(move.from.window)") #\(move.from.index + 1)"
            let to = "\(move.to.parent.map { name($0) } ?? "window \(move.to.window)") #\(move.to.index + 1)"
            output.write(style.paint("~ " + name(move.model), .yellow) + " moved from \(from) to \(to)\n")
        }
        for rename in diff.renamed {
            output.write(style.paint("~ " + name(rename.from), .yellow) + " is now \(name(rename.to))\n")
        }
        for change in diff.selection {
            output.write(
                style.paint("* " + name(change.container), .blue)
                    + " selected tab: \(name(change.from)) → \(name(change.to))\n")
        }
        if diff.isEmpty { output.write("no differences\n") }
        return RenderSummary()
    }
}

/// `navgraph diff --format json`:
/// `{"added": [NODE], "removed": [NODE], "moved": [{"id", "type", "from", "to"}], "renamed": [{"from": {"id",
/// "type"}, "to": {"id", "type"}}], "selection": [{"id", "type", "from", "to"}]}`
/// with NODE as in `tree --format json`, an added or removed one also saying where it hangs (`"parent"`, `"window"`,
/// `"index"`), and each move's position `{"parent", "window", "index"}`. Indexes count siblings from 1, as the text
/// output's `#1` does.
public struct DiffJSONRenderer: Renderer {
    public init() {}

    @discardableResult
    public func render<Output: RenderOutput>(_ diff: HierarchyDiff, to output: inout Output) -> RenderSummary {
        output.write("{\n")
        writeNodes("added", diff.added, in: diff.new, to: &output)
        output.write(",\n")
        writeNodes("removed", diff.removed, in: diff.old, to: &output)
        output.write(",\n  \"moved\": [")
        for (index, move) in diff.moved.enumerated() {
            output.write(
                (index == 0 ? "\n" : ",\n")
                    + "    {\"id\": \(Escaping.jsonString(move.model.id)), \"type\": \(Escaping.jsonString(move.model.qualifiedType)), "
                    + "\"from\": \(position(move.from)), \"to\": \(position(move.to))}")
        }
        output.write(diff.moved.isEmpty ? "],\n" : "\n  ],\n")
        output.write("  \"renamed\": [")
        for (index, rename) in diff.renamed.enumerated() {
            output.write(
                (index == 0 ? "\n" : ",\n") + "    {\"from\": \(model(rename.from)), \"to\": \(model(rename.to))}")
        }
        output.write(diff.renamed.isEmpty ? "],\n" : "\n  ],\n")
        output.write("  \"selection\": [")
        for (index, change) in diff.selection.enumerated() {
            output.write(
                (index == 0 ? "\n" : ",\n")
                    + "    {\"id\": \(Escaping.jsonString(change.container.id)), \"type\": \(Escaping.jsonString(change.container.qualifiedType)), "
                    + "\"from\": \(change.from.map { Escaping.jsonString($0.id) } ?? "null"), \"to\": \(change.to.map { Escaping.jsonString($0.id) } ?? "null")}"
            )
        }
        output.write(diff.selection.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return RenderSummary()
    }

    private func model(_ model: ModelRef) -> String {
        "{\"id\": \(Escaping.jsonString(model.id)), \"type\": \(Escaping.jsonString(model.qualifiedType))}"
    }

    private func position(_ position: HierarchyDiff.Position) -> String {
        "{" + fields(position) + "}"
    }

    private func fields(_ position: HierarchyDiff.Position) -> String {
        "\"parent\": \(position.parent.map { Escaping.jsonString($0.id) } ?? "null"), \"window\": "
            + "\(Escaping.jsonString(position.window)), \"index\": \(position.index + 1)"
    }

    private func writeNodes<Output: TextOutputStream>(
        _ name: String, _ nodes: [Node], in hierarchy: Hierarchy, to output: inout Output
    ) {
        output.write("  \"\(name)\": [")
        for (index, node) in nodes.enumerated() {
            output.write(index == 0 ? "\n" : ",\n")
            // A root's NODE already names its window.
            var placement = fields(HierarchyDiff.position(of: node, in: hierarchy))
            if node.parent == nil {
                placement = placement.replacingOccurrences(
                    of: ", \"window\": \(Escaping.jsonString(node.window))", with: "")
            }
            JSONRenderer.writeTree(node, hierarchy: hierarchy, rootFields: ", " + placement, to: &output)
        }
        output.write(nodes.isEmpty ? "]" : "\n  ]")
    }
}
