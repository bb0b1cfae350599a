/// The state of one window at one moment: a tree stored flat, parents before children, siblings in order.
/// Flat so that no walk over it needs recursion, however deep the input nests.
public struct Snapshot: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var model: ModelRef
        public var kind: NodeKind
        /// How this entry hangs from its parent; `nil` for the root.
        public var edge: EdgeKind?
        /// Index of the parent in `entries`; `nil` for the root (always entry 0).
        public var parent: Int?
        /// A tab's title, when the snapshot knows it (a dump does not say it; a replay's union of what events said
        /// does).
        public var title: String?

        public init(model: ModelRef, kind: NodeKind, edge: EdgeKind?, parent: Int?, title: String? = nil) {
            self.model = model
            self.kind = kind
            self.edge = edge
            self.parent = parent
            self.title = title
        }
    }

    /// Where a snapshot comes from, for the words that describe it.
    public enum Origin: Sendable, Equatable {
        /// A dump the app printed (SwiftUINavigation, Swift `dump()`, a navgraph-events `snapshot`): history says
        /// `dump of window main`.
        case printed
        /// A state the reader worked out from what the log said of one change (a NavigatorUI navigator added,
        /// renamed or turned into a stack): nothing was dumped, so history says `state of window main`.
        case workedOut
        /// A state the reader worked out from a change the log describes in its own words (TCA's action): history
        /// gives those words.
        case described(String)
    }

    public var window: String
    public var entries: [Entry]
    public var origin: Origin

    public init(window: String, entries: [Entry], origin: Origin = .printed) {
        self.window = window
        self.entries = entries
        self.origin = origin
    }

    /// How history names the step: `dump of window main`, or `state of window main`.
    public var title: String {
        switch origin {
        case .printed: "dump of window " + window
        case .workedOut: "state of window " + window
        case .described(let words): words
        }
    }
}
