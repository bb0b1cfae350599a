import NavGraphCore

/// Every output navgraph writes comes from a renderer: it turns what a view shows — its `Subject`: the state at a
/// moment (`Hierarchy`), a step of the history (`HistoryEntry`), a `HierarchyDiff`, a `LeakReport`, a
/// `NavigationMap` — into a format, and says what it left out or made up (`RenderSummary`) for the caller to tell
/// the user. Which renderer writes a view in a format is the view's table (`TreeOutput`, `DrawingOutput`, …), so a
/// command only names the view and the format.
///
/// Most views write one subject. A stream of them (the history, written step by step as the log is read, never
/// held whole) is framed by `begin` and `end`; a renderer that draws the history leading to its subject (the trace)
/// says so with `recordsSteps` and is fed every step through `record` while the input is read.
public protocol Renderer<Subject> {
    associatedtype Subject

    /// Writes `subject`.
    @discardableResult
    mutating func render<Output: RenderOutput>(_ subject: Subject, to output: inout Output) throws(RenderError)
        -> RenderSummary

    /// Before the first subject of a stream.
    mutating func begin<Output: RenderOutput>(to output: inout Output)
    /// After the last subject of a stream.
    mutating func end<Output: RenderOutput>(to output: inout Output)

    /// Whether `record` wants every step read before the subject (reading then keeps each step's change).
    var recordsSteps: Bool { get }
    /// One step of the input, `state` the state after it.
    mutating func record(_ event: NavEvent, change: StepChange, in state: Hierarchy)
}

extension Renderer {
    public mutating func begin<Output: RenderOutput>(to output: inout Output) {}
    public mutating func end<Output: RenderOutput>(to output: inout Output) {}
    public var recordsSteps: Bool { false }
    public mutating func record(_ event: NavEvent, change: StepChange, in state: Hierarchy) {}

    /// `subject` as text, for tests and small outputs (a binary format's bytes are not text).
    public func render(_ subject: Subject) throws(RenderError) -> String {
        var renderer = self
        var text = ""
        try renderer.render(subject, to: &text)
        return text
    }
}

/// Where a renderer writes: text as it is made, or the bytes of a drawing (PNG, PDF).
public protocol RenderOutput: TextOutputStream {
    mutating func write(bytes: [UInt8])
}

extension String: RenderOutput {
    /// Only text formats are rendered into a string; bytes are taken as UTF-8.
    public mutating func write(bytes: [UInt8]) { self += String(decoding: bytes, as: UTF8.self) }
}

/// An output collected as bytes, whatever the format: what a command writes into a file at once.
public struct ByteOutput: RenderOutput {
    public var bytes: [UInt8] = []

    public init() {}

    public mutating func write(_ string: String) { bytes += string.utf8 }
    public mutating func write(bytes: [UInt8]) { self.bytes += bytes }
}

/// What a renderer says about its output besides the output: data, for the caller to word (a command says it on
/// stderr; a program using the library may show it otherwise).
public struct RenderSummary: Sendable, Equatable {
    /// How many models a drawing drew; 0 for a view that draws none.
    public var drawn: Int
    /// What the output leaves out or makes up.
    public var notes: [RenderNote]

    public init(drawn: Int = 0, notes: [RenderNote] = []) {
        self.drawn = drawn
        self.notes = notes
    }
}

/// Something an output leaves out or makes up, worth telling whoever reads it.
public enum RenderNote: Sendable, Equatable {
    /// A drawing of the state has no hierarchy to draw, for this reason (`TextTreeRenderer.missingHierarchy`, the
    /// sentence `tree` prints); it drew only the models that left it, if any (`RenderSummary.drawn`).
    case hierarchyMissing(String)
    /// `collapsed` models were folded into "… N more" nodes: `byChildLimit` of them because one model had more
    /// children than a drawing shows (40), the rest because the drawing had its most models.
    case folded(collapsed: Int, byChildLimit: Int)
    /// `withoutTime` of the `steps` steps had no time in the log: the output placed each 1 ms after the step
    /// before.
    case timesMadeUp(withoutTime: Int, steps: Int)
    /// A Mermaid flowchart of `edges` edges and `characters` characters would pass Mermaid's limits
    /// (`MermaidRenderer.edgeLimit`, `.textLimit`): it was folded to `drawnWithin` models.
    case mermaidLimits(edges: Int, characters: Int, drawnWithin: Int)
}
