/// One step of a navigation history, in navgraph's single vocabulary. Every reader produces these;
/// everything after the readers is format-blind.
public struct NavEvent: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// The model exists (created and started).
        case start(ModelRef, kind: NodeKind?)
        /// The model was deallocated.
        case finish(ModelRef)
        /// The whole state of one window, e.g. a `printDebugGraph()` dump. Other windows keep theirs.
        case snapshot(Snapshot)
        /// An annotation for the timeline.
        case mark(String)
    }

    public var action: Action
    /// 1-based line of the input where the step starts.
    public var line: Int
    /// Seconds since 1970, when the input says.
    public var time: Double?

    public init(_ action: Action, line: Int, time: Double? = nil) {
        self.action = action
        self.line = line
        self.time = time
    }
}

/// A model as an event names it. `key` identifies it uniquely within one input; `id` is what to show
/// (for SwiftUINavigation the printed prefix such as `E34`, or `E34#2` where two live models share it).
public struct ModelRef: Sendable, Hashable {
    public var key: String
    public var id: String
    public var type: String

    public init(key: String, id: String, type: String) {
        self.key = key
        self.id = id
        self.type = type
    }
}
