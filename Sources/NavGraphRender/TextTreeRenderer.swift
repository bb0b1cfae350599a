import NavGraphCore

/// The hierarchy as a text tree for the terminal: one line per model, `Type id` with its kind marker
/// (`[stack]`, `[tabs]`, `[switch]`, `[split]`) and how it hangs from its parent (`⇡sheet`, `tab 2`, `detail`).
/// Then the models navgraph could not place.
public struct TextTreeRenderer: Renderer {
    public var style: TerminalStyle

    public init(style: TerminalStyle = TerminalStyle()) { self.style = style }

    public func render<Output: TextOutputStream>(_ hierarchy: Hierarchy, to output: inout Output) throws(RenderError) {
        let windows = hierarchy.openWindows
        var first = true
        for window in windows {
            if !first { output.write("\n") }
            first = false
            output.write(style.paint("window \(Escaping.terminal(window.name))", .bold) + "\n")
            writeTree(of: window, in: hierarchy, to: &output)
        }

        if hierarchy.lastSnapshotStep == nil {
            output.write(style.paint("No printDebugGraph() dump in the input, so the hierarchy is not known.", .yellow) + "\n")
            output.write("Call printDebugGraph() on any navigation model to print it; navgraph then places the models.\n")
        } else if windows.isEmpty {
            output.write(style.paint("No open window: every window's root has finished.", .yellow) + "\n")
        }

        let unplaced = hierarchy.unplacedModels
        if !unplaced.isEmpty {
            let title = hierarchy.lastSnapshotStep == nil
                ? "Alive, not yet placed (\(unplaced.count))"
                : "Not yet placed: started after the last dump (\(unplaced.count))"
            writeList(title: title, unplaced, to: &output)
        }
        let suspected = hierarchy.suspectedModels
        if !suspected.isEmpty {
            writeList(title: "In no dump: started before the last dump, may live in another window (\(suspected.count))",
                      suspected, to: &output)
        }
    }

    private func writeTree<Output: TextOutputStream>(of window: Window, in hierarchy: Hierarchy, to output: inout Output) {
        guard let root = window.root else { return }
        // Iterative walk: (key, prefix for its children, connector for itself, is root).
        var pending: [(key: String, prefix: String, connector: String, tab: Int)] = [(root, "", "", 0)]
        while let (key, prefix, connector, tab) = pending.popLast() {
            guard let node = hierarchy.nodes[key] else { continue }
            output.write(prefix + connector + line(for: node, tab: tab) + "\n")
            let childPrefix = connector.isEmpty ? prefix : prefix + (connector == style.lastBranch ? style.blank : style.pipe)
            var tabs = node.children.reduce(0) { $0 + (hierarchy.nodes[$1]?.edge == .tab ? 1 : 0) }
            for (index, child) in node.children.enumerated().reversed() {
                let isTab = hierarchy.nodes[child]?.edge == .tab
                pending.append((child, childPrefix, index == node.children.count - 1 ? style.lastBranch : style.branch, isTab ? tabs : 0))
                if isTab { tabs -= 1 }
            }
        }
    }

    /// `tab` is the node's 1-based position among its parent's tabs.
    private func line(for node: Node, tab: Int) -> String {
        var text = Escaping.terminal(node.model.type) + " " + style.paint(Escaping.terminal(node.model.id), .dim)
        if node.kind != .screen {
            text += " " + style.paint("[\(node.kind.rawValue)]", .cyan)
        }
        switch node.edge {
        case .presented(let presentation):
            text += " " + style.paint(style.presentedArrow + Escaping.terminal(presentation.name), .magenta)
        case .tab:
            text += " " + style.paint("tab \(tab)", .blue)
        case .column(let column):
            text += " " + style.paint(column.rawValue, .blue)
        case .push, .switch, .child, nil:
            break
        }
        return text
    }

    private func writeList<Output: TextOutputStream>(title: String, _ models: [ModelLifecycle], to output: inout Output) {
        output.write("\n" + style.paint(title + ":", .bold) + "\n")
        for model in models {
            output.write("  " + Escaping.terminal(model.model.type) + " " + style.paint(Escaping.terminal(model.model.id), .dim)
                + style.paint("  started line \(model.startedLine)", .dim) + "\n")
        }
    }
}
