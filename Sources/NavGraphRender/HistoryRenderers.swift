import NavGraphAnalysis
import NavGraphCore

/// `navgraph history` as text, a step at a time as the steps are read: step, source line, time and what changed, in
/// columns; each warning indented under its step.
public struct HistoryTextRenderer: Renderer {
    public var style: TerminalStyle

    public init(style: TerminalStyle = TerminalStyle()) { self.style = style }

    @discardableResult
    public func render<Output: RenderOutput>(_ entry: HistoryEntry, to output: inout Output) -> RenderSummary {
        var line =
            Self.rightAligned(String(entry.step), in: 6) + "  line " + Self.leftAligned(String(entry.line), in: 6)
        if let time = entry.time { line += "  " + Timestamp.formatRFC3339(time) }
        line += "  " + Escaping.terminal(entry.description)
        for warning in entry.warnings {
            line +=
                "\n" + String(repeating: " ", count: 8)
                + style.paint("warning: " + Escaping.terminal(warning), .yellow)
        }
        output.write(line + "\n")
        return RenderSummary()
    }

    /// `text` right-aligned in `width` columns.
    private static func rightAligned(_ text: String, in width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `text` left-aligned in `width` columns.
    private static func leftAligned(_ text: String, in width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

/// `navgraph history --format json`: an array with one object per step,
/// `{"step", "line", "time" (RFC 3339 or null), "event", "what", "added", "removed", "warnings"}`, the last three
/// counts.
public struct HistoryJSONRenderer: Renderer {
    private var empty = true

    public init() {}

    public mutating func begin<Output: RenderOutput>(to output: inout Output) {
        empty = true
        output.write("[")
    }

    @discardableResult
    public mutating func render<Output: RenderOutput>(_ entry: HistoryEntry, to output: inout Output) -> RenderSummary {
        output.write((empty ? "\n" : ",\n") + "  {\"step\": \(entry.step), \"line\": \(entry.line), ")
        output.write("\"time\": \(entry.time.map { Escaping.jsonString(Timestamp.formatRFC3339($0)) } ?? "null"), ")
        output.write("\"event\": \"\(entry.event)\", \"what\": \(Escaping.jsonString(entry.description)), ")
        output.write("\"added\": \(entry.added), \"removed\": \(entry.removed), \"warnings\": \(entry.warnings.count)}")
        empty = false
        return RenderSummary()
    }

    public mutating func end<Output: RenderOutput>(to output: inout Output) {
        output.write(empty ? "]\n" : "\n]\n")
    }
}
