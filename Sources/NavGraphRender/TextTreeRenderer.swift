import NavGraphCore

/// The hierarchy as a text tree for the terminal: one line per model, `Type id` with its kind marker
/// (`[stack]`, `[tabs]`, `[switch]`, `[split]`) and how it hangs from its parent (`⇡sheet`, `tab 2`, `detail`).
/// Then the models navgraph could not place.
public struct TextTreeRenderer: Renderer {
    public var style: TerminalStyle
    /// The state is the end of the input: a model that left and never finished has leaked. Before the end it
    /// may still finish.
    public var endOfInput: Bool
    /// Keys of models a step just added: their lines start with a green `+` (for replay); `nil` for no marks.
    public var added: Set<String>?

    public init(style: TerminalStyle = TerminalStyle(), endOfInput: Bool = true, added: Set<String>? = nil) {
        self.style = style
        self.endOfInput = endOfInput
        self.added = added
    }

    /// Why there is no tree to show, when there is none: every view that draws the hierarchy says the same.
    /// What `tree` says of an input that placed nothing, at its end.
    public static let noHierarchy = "No hierarchy in the input: nothing placed a model in a window."

    public static func missingHierarchy(in hierarchy: Hierarchy, endOfInput: Bool = true) -> String? {
        if hierarchy.windows.isEmpty {
            return endOfInput
                ? noHierarchy
                : "No hierarchy yet: nothing has placed a model in a window so far."
        }
        return hierarchy.openWindows.isEmpty ? "No open window: every window's root has finished." : nil
    }

    @discardableResult
    public func render<Output: RenderOutput>(_ hierarchy: Hierarchy, to output: inout Output) throws(RenderError)
        -> RenderSummary
    {
        let windows = hierarchy.openWindows
        var first = true
        for window in windows {
            if !first { output.write("\n") }
            first = false
            output.write(style.paint("window \(Escaping.terminal(window.name))", .bold) + "\n")
            writeTree(of: window, in: hierarchy, to: &output)
        }

        if let missing = Self.missingHierarchy(in: hierarchy, endOfInput: endOfInput) {
            output.write(style.paint(missing, .yellow) + "\n")
            if hierarchy.windows.isEmpty {
                // Said for every format: the renderer does not know which one was read.
                output.write(
                    "What places models: a SwiftUINavigation printDebugGraph() dump, a NavigatorUI 'configured' line, "
                        + "a navgraph-events root, openWindow or snapshot event, any NavigationPath state or dump().\n")
            }
        }

        let unplaced = hierarchy.unplacedModels
        if !unplaced.isEmpty {
            // "After the last dump" only where the app printed one: a NavigatorUI log's states are worked out from
            // its lines, and navgraph-events places models by events.
            let title =
                hierarchy.lastSnapshotWasPrinted
                ? "Not yet placed: started after the last dump (\(unplaced.count))"
                : "Alive, not yet placed (\(unplaced.count))"
            writeList(title: title, unplaced, to: &output)
        }
        let suspected = hierarchy.suspectedModels
        if !suspected.isEmpty {
            writeList(
                title: hierarchy.lastSnapshotWasPrinted
                    ? "In no dump: a window printed no dump since it started, may live there (\(suspected.count))"
                    : "Alive, never placed in a window by the log (\(suspected.count))",
                suspected, to: &output)
        }
        let unlisted = hierarchy.unlistedModels
        if !unlisted.isEmpty {
            let title =
                endOfInput
                ? "Suspected: in no dump since it started, though every window printed one, never finished; it may "
                    + "live in a window the app does not dump"
                : "In no dump since it started, though every window printed one, not finished yet"
            output.write("\n" + style.paint(title + " (\(unlisted.count)):", .bold) + "\n")
            for model in unlisted {
                output.write(
                    "  "
                        + style.paint(
                            Escaping.terminal(model.model.type) + " " + Escaping.terminal(model.model.id),
                            .yellow)
                        + style.paint("  started line \(model.startedLine)", .dim) + "\n")
            }
        }
        let departed = hierarchy.departedModels
        if !departed.isEmpty {
            let title =
                endOfInput
                ? "Leaked: left the hierarchy, never finished (\(departed.count))"
                : "Left the hierarchy, not finished yet (\(departed.count))"
            let tone: TerminalStyle.Tone = endOfInput ? .red : .yellow
            output.write("\n" + style.paint(title + ":", .bold) + "\n")
            for model in departed {
                var line =
                    "  "
                    + style.paint(Escaping.terminal(model.model.type) + " " + Escaping.terminal(model.model.id), tone)
                // Where it was and the line that took it out. The line it was last placed at is not said: a
                // reader that restates the whole window (NavigatorUI's, when a navigator's name comes after its
                // 'adding') places every model again, so that line was often another model's.
                let parent = model.lastPlacement?.parent.map {
                    "under \(Escaping.terminal($0.type)) \(Escaping.terminal($0.id))"
                }
                switch (parent, model.leftLine) {
                case (let parent?, let left?): line += style.paint("  \(parent) until line \(left)", .dim)
                case (let parent?, nil): line += style.paint("  last under \(parent)", .dim)
                case (nil, let left?): line += style.paint("  left at line \(left)", .dim)
                case (nil, nil): break
                }
                output.write(line + "\n")
            }
        }
        return RenderSummary()
    }

    /// Indentation restarts every this many levels after a `⋮ depth N` line, so a 10,000-deep tree prints
    /// 10,000 short lines rather than megabytes of indentation.
    public static let foldDepth = 48

    private func writeTree<Output: TextOutputStream>(
        of window: Window, in hierarchy: Hierarchy, to output: inout Output
    ) {
        guard let root = window.root else { return }
        // Iterative walk: key, prefix for its line, connector, tab number, whether that tab is selected, depth. The
        // selection is taken from the parent while it is at hand: looking the parent up again from each tab made a
        // node of it, its whole list of children, per tab (40,000 tabs: quadratic).
        var pending: [(key: String, prefix: String, connector: String, tab: Int, selected: Bool, depth: Int)] = [
            (root, "", "", 0, false, 0)
        ]
        while let (key, prefix, connector, tab, selected, depth) = pending.popLast() {
            guard let node = hierarchy.nodes[key] else { continue }
            var mark = ""
            if let added { mark = added.contains(key) ? style.paint("+ ", .green) : "  " }
            if depth > 0 && depth % Self.foldDepth == 0 && prefix.isEmpty {
                output.write(mark + style.paint((style.ascii ? ": " : "⋮ ") + "depth \(depth)", .dim) + "\n")
            }
            output.write(mark + prefix + connector + line(for: node, tab: tab, selected: selected) + "\n")
            var childPrefix =
                connector.isEmpty ? prefix : prefix + (connector == style.lastBranch ? style.blank : style.pipe)
            if (depth + 1) % Self.foldDepth == 0 { childPrefix = "" }
            var tabs = node.children.reduce(0) { $0 + (hierarchy.nodes[$1]?.edge == .tab ? 1 : 0) }
            for (index, child) in node.children.enumerated().reversed() {
                let isTab = hierarchy.nodes[child]?.edge == .tab
                pending.append(
                    (
                        child, childPrefix, index == node.children.count - 1 ? style.lastBranch : style.branch,
                        isTab ? tabs : 0, isTab && node.selectedTab == child, depth + 1
                    ))
                if isTab { tabs -= 1 }
            }
        }
    }

    /// `tab` is the node's 1-based position among its parent's tabs; `selected`, whether it is the selected one.
    private func line(for node: Node, tab: Int, selected: Bool) -> String {
        var text = Escaping.terminal(node.model.type) + " " + style.paint(Escaping.terminal(node.model.id), .dim)
        if node.kind != .screen {
            text += " " + style.paint("[\(node.kind.rawValue)]", .cyan)
        }
        switch node.edge {
        case .presented(let presentation):
            text += " " + style.paint(style.presentedArrow + Escaping.terminal(presentation.name), .magenta)
        case .tab:
            text += " " + style.paint("tab \(tab)" + (selected ? " (selected)" : ""), .blue)
        case .column(let column):
            text += " " + style.paint(column.rawValue, .blue)
        case .push, .switch, .child, nil:
            break
        }
        return text
    }

    private func writeList<Output: TextOutputStream>(title: String, _ models: [ModelLifecycle], to output: inout Output)
    {
        output.write("\n" + style.paint(title + ":", .bold) + "\n")
        for model in models {
            output.write(
                "  " + Escaping.terminal(model.model.type) + " " + style.paint(Escaping.terminal(model.model.id), .dim)
                    + style.paint("  started line \(model.startedLine)", .dim) + "\n")
        }
    }
}
