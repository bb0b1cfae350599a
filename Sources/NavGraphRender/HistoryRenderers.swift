import NavGraphAnalysis
import NavGraphCore

/// Writes `navgraph history` one step at a time, as the steps are read: a long log's history is never held whole.
public protocol HistoryRenderer {
    /// Before the first step.
    mutating func begin<Output: TextOutputStream>(to output: inout Output)
    mutating func render<Output: TextOutputStream>(_ entry: HistoryEntry, to output: inout Output)
    /// After the last step.
    mutating func end<Output: TextOutputStream>(to output: inout Output)
}

/// `navgraph history` as text: step, source line, time and what changed, in columns; each warning indented under
/// its step.
public struct HistoryTextRenderer: HistoryRenderer {
    public var style: TerminalStyle

    public init(style: TerminalStyle = TerminalStyle()) { self.style = style }

    public func begin<Output: TextOutputStream>(to output: inout Output) {}

    public func render<Output: TextOutputStream>(_ entry: HistoryEntry, to output: inout Output) {
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
    }

    public func end<Output: TextOutputStream>(to output: inout Output) {}

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
public struct HistoryJSONRenderer: HistoryRenderer {
    private var empty = true

    public init() {}

    public mutating func begin<Output: TextOutputStream>(to output: inout Output) {
        empty = true
        output.write("[")
    }

    public mutating func render<Output: TextOutputStream>(_ entry: HistoryEntry, to output: inout Output) {
        output.write((empty ? "\n" : ",\n") + "  {\"step\": \(entry.step), \"line\": \(entry.line), ")
        output.write("\"time\": \(entry.time.map { Escaping.jsonString(Timestamp.formatRFC3339($0)) } ?? "null"), ")
        output.write("\"event\": \"\(entry.event)\", \"what\": \(Escaping.jsonString(entry.description)), ")
        output.write("\"added\": \(entry.added), \"removed\": \(entry.removed), \"warnings\": \(entry.warnings.count)}")
        empty = false
    }

    public mutating func end<Output: TextOutputStream>(to output: inout Output) {
        output.write(empty ? "]\n" : "\n]\n")
    }
}
