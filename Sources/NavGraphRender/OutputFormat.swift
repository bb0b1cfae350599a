import NavGraphAnalysis
import NavGraphCore

/// Every format navgraph writes. Each view — the tree, leaks, a diff, the history, the diagram — writes some of
/// them; the renderer for a view and format comes from here, so a command only says which view it shows.
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

/// Writes a leak report (`navgraph leaks`).
public protocol LeakReportRenderer {
    func render<Output: TextOutputStream>(_ report: LeakReport, to output: inout Output)
}

/// Writes a diff between two moments (`navgraph diff`).
public protocol DiffRenderer {
    func render<Output: TextOutputStream>(_ diff: HierarchyDiff, to output: inout Output)
}

extension OutputFormat {
    /// The formats of the state at one moment as text (`navgraph tree`); the diagram is `diagramFormats`.
    public static let treeFormats: [OutputFormat] = [.text, .json]
    public static let leakFormats: [OutputFormat] = [.text, .json]
    public static let diffFormats: [OutputFormat] = [.text, .json]
    public static let historyFormats: [OutputFormat] = [.text, .json]
    /// DOT from a theme (`DOTRenderer`), what Graphviz draws from it, Mermaid, and the trace of the history.
    public static let diagramFormats: [OutputFormat] = [.dot, .svg, .png, .pdf, .mermaid, .markdown, .trace]

    /// The tree's renderer, `nil` for a format not in `treeFormats`. `endOfInput`: whether the state is the end of
    /// the input (its alive-but-unplaced models are only then worth a warning).
    public func treeRenderer(style: TerminalStyle, endOfInput: Bool) -> (any Renderer)? {
        switch self {
        case .text: TextTreeRenderer(style: style, endOfInput: endOfInput)
        case .json: JSONRenderer(endOfInput: endOfInput)
        default: nil
        }
    }

    /// The leak report's renderer, `nil` for a format not in `leakFormats`. `listAll`: also alive and not yet
    /// placed models (text).
    public func leakRenderer(style: TerminalStyle, listAll: Bool) -> (any LeakReportRenderer)? {
        switch self {
        case .text: LeakTextRenderer(style: style, listAll: listAll)
        case .json: LeakJSONRenderer()
        default: nil
        }
    }

    /// The diff's renderer, `nil` for a format not in `diffFormats`.
    public func diffRenderer(style: TerminalStyle) -> (any DiffRenderer)? {
        switch self {
        case .text: DiffTextRenderer(style: style)
        case .json: DiffJSONRenderer()
        default: nil
        }
    }

    /// The history's renderer, `nil` for a format not in `historyFormats`.
    public func historyRenderer(style: TerminalStyle) -> (any HistoryRenderer)? {
        switch self {
        case .text: HistoryTextRenderer(style: style)
        case .json: HistoryJSONRenderer()
        default: nil
        }
    }
}
