import NavGraphAnalysis
import NavGraphCore

// The format → renderer table of each text view: a new format for a view is a case in `OutputFormat`, its renderer's
// file, and a line here. Each view's `formats` lists what its table answers (a test checks they agree).

/// The state at one moment as text (`navgraph tree`).
public enum TreeOutput {
    public static let formats: [OutputFormat] = [.text, .json]

    /// `endOfInput`: whether the state is the end of the input (its alive-but-unplaced models are only then worth a
    /// warning).
    public static func renderer(for format: OutputFormat, style: TerminalStyle, endOfInput: Bool)
        -> (any Renderer<Hierarchy>)?
    {
        switch format {
        case .text: TextTreeRenderer(style: style, endOfInput: endOfInput)
        case .json: JSONRenderer(endOfInput: endOfInput)
        default: nil
        }
    }
}

/// The leak report (`navgraph leaks`).
public enum LeakOutput {
    public static let formats: [OutputFormat] = [.text, .json]

    /// `listAll`: also alive and not yet placed models (text). `allowedBy`: the configuration file that allowed
    /// models, as the text names it.
    public static func renderer(
        for format: OutputFormat, style: TerminalStyle, listAll: Bool, allowedBy: String = ".navgraph.yml"
    ) -> (any Renderer<LeakReport>)? {
        switch format {
        case .text: LeakTextRenderer(style: style, listAll: listAll, allowedBy: allowedBy)
        case .json: LeakJSONRenderer()
        default: nil
        }
    }
}

/// A diff between two moments (`navgraph diff`).
public enum DiffOutput {
    public static let formats: [OutputFormat] = [.text, .json]

    public static func renderer(for format: OutputFormat, style: TerminalStyle) -> (any Renderer<HierarchyDiff>)? {
        switch format {
        case .text: DiffTextRenderer(style: style)
        case .json: DiffJSONRenderer()
        default: nil
        }
    }
}

/// The history, one step at a time as the steps are read (`navgraph history`): a long log's history is never held
/// whole.
public enum HistoryOutput {
    public static let formats: [OutputFormat] = [.text, .json]

    public static func renderer(for format: OutputFormat, style: TerminalStyle) -> (any Renderer<HistoryEntry>)? {
        switch format {
        case .text: HistoryTextRenderer(style: style)
        case .json: HistoryJSONRenderer()
        default: nil
        }
    }
}
