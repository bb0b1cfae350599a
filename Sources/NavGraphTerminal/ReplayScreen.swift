import NavGraphAnalysis
import NavGraphCore
import NavGraphRender

/// What one screen of `navgraph replay` shows for a step: a header (step, line, time), what the step did, its
/// warnings, the tree with the models it added marked `+`, and the models it removed marked `-`.
/// Pure: the terminal handling lives in the command.
public struct ReplayScreen {
    public var title: String
    public var style: TerminalStyle

    public init(title: String, style: TerminalStyle) {
        self.title = title
        self.style = style
    }

    /// The header and body for a step (step 0 is the empty state).
    public func body(
        step: Int, total: Int, event: NavEvent?, description: String, state: Hierarchy, change: StepChange?,
        endOfInput: Bool, readerWarnings: [String] = []
    ) -> (header: [String], tree: [String]) {
        var header: [String] = []
        var info = "step \(step)/\(total)"
        if let event {
            info += "  line \(event.line)"
            if let time = event.time { info += "  " + Timestamp.formatRFC3339(time) }
        }
        header.append(style.paint("navgraph replay  " + Escaping.terminal(title), .bold) + "  " + info)
        header.append(
            step == 0 ? style.paint("(the empty state before the first step)", .dim) : Escaping.terminal(description))
        // The reader's about the step's lines first, as `history` lists them (`StepWarnings`).
        for warning in readerWarnings + (change?.warnings ?? []).map(\.message) {
            header.append(style.paint("warning: " + Escaping.terminal(warning), .yellow))
        }
        var tree =
            (try? TextTreeRenderer(style: style, endOfInput: endOfInput, added: Set(change?.added ?? [])).render(state))
            ?? ""
        if tree.hasSuffix("\n") { tree.removeLast() }
        var lines = tree.isEmpty ? [] : tree.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let removed = change?.removed ?? []
        if !removed.isEmpty {
            lines.append("")
            for model in removed {
                let name = model.type.isEmpty ? model.id : "\(model.type) \(model.id)"
                lines.append(style.paint("- " + Escaping.terminal(name), .red))
            }
        }
        return (header, lines)
    }

    /// The whole terminal frame for a step of `timeline`, as `navgraph replay` draws it: the state is rebuilt from the
    /// nearest checkpoint, so the cost of a move does not depend on how far it jumps. `scroll` is clamped to the tree.
    public func frame(
        step: Int, timeline: Timeline, description: String, rows: Int, columns: Int,
        scroll: inout Int, footer: String, readerWarnings: [String] = []
    ) -> String {
        let event = step > 0 ? timeline.event(at: step) : nil
        let (state, change) = step > 0 ? timeline.change(at: step) : (Hierarchy(), StepChange())
        let body = self.body(
            step: step, total: timeline.count, event: event, description: description, state: state,
            change: step > 0 ? change : nil, endOfInput: step == timeline.count, readerWarnings: readerWarnings)
        let room = max(1, rows - body.header.count - 2)
        scroll = min(scroll, max(0, body.tree.count - room))
        var tree = Array(body.tree.dropFirst(scroll).prefix(room))
        if body.tree.count - scroll > room, let last = tree.indices.last {
            tree[last] = style.paint("… \(body.tree.count - scroll - room + 1) more lines (↓ to scroll)", .dim)
        }
        return Self.frame(lines: body.header + [""] + tree, rows: rows, columns: columns, footer: footer, style: style)
    }

    /// The leaks screen: a title, then a line per leak (its leaked subtree indented under it) with where it left,
    /// `selected` marked; scrolled so the selected line fits in `rows`.
    public func leakList(_ leaks: [LeakReport.Leak], selected: Int, rows: Int) -> [String] {
        let title = [style.paint("Leaks at the end of the log (\(leaks.count))", .bold), ""]
        var lines: [String] = []
        for (index, leak) in leaks.enumerated() {
            let indent = String(repeating: "  ", count: leak.depth)
            let name = Escaping.terminal("\(leak.model.type) \(leak.model.id)")
            var line = (index == selected ? "▸ " : "  ") + indent + name + "  " + leak.status.rawValue
            if let step = leak.leftStep {
                line += ", left at step \(step)" + (leak.leftLine.map { " (line \($0))" } ?? "")
            }
            lines.append(index == selected ? style.paint(line, .bold) : line)
        }
        let room = max(1, rows - title.count)
        let first = min(max(0, selected - room + 1), max(0, lines.count - room))
        return title + lines.dropFirst(first).prefix(room)
    }

    /// A frame of `lines` (clipped to the terminal) with `footer` on the last row.
    public static func frame(lines: [String], rows: Int, columns: Int, footer: String, style: TerminalStyle) -> String {
        var frame = "\u{1B}[H\u{1B}[2J"
        frame += lines.prefix(max(rows - 1, 0)).map { clip($0, width: columns) }.joined(separator: "\r\n")
        frame += "\u{1B}[\(rows);1H" + style.paint(clip(footer, width: columns), .dim)
        return frame
    }

    /// `line` cut to `width` columns (`terminalColumns(of:)`), ending in `…` where it is cut; ANSI colour sequences
    /// do not count and are closed when cut.
    public static func clip(_ line: String, width: Int) -> String { terminalCut(line, columns: width) }
}
