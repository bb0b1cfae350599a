/// Every format navgraph writes. Each view — the tree, leaks, a diff, the history, the drawing, the map — writes
/// some of them; the renderer for a view and format comes from the view's table (`TreeOutput.renderer(for:…)`), so a
/// command only says which view it shows.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, dot, svg, png, pdf
    /// A Mermaid flowchart (`.mmd`), or one in a Markdown fenced block (`.md`).
    case mermaid, markdown
    /// Chrome Trace Event JSON: the history, each model's lifetime a span.
    case trace

    /// Not text: only into a file or a pipe.
    public var isBinary: Bool { self == .png || self == .pdf }

    /// Drawn by Graphviz from the DOT text.
    public var isLaidOut: Bool { self == .svg || self == .png || self == .pdf }

    /// The format a file name's extension names (`nav.SVG` is SVG); `nil` without an extension or for one
    /// navgraph does not write.
    public init?(extensionOf path: String) {
        guard let named = Self.fileExtension(of: path)?.lowercased() else { return nil }
        switch named {
        case "mmd": self = .mermaid
        case "md": self = .markdown
        // Graphviz's own name for DOT files.
        case "gv": self = .dot
        default: self.init(rawValue: named)
        }
    }

    /// What follows the last `.` of the file name (not of a folder, not a hidden file's leading dot).
    public static func fileExtension(of path: String) -> Substring? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...]
    }
}
