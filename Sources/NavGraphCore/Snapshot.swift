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

        public init(model: ModelRef, kind: NodeKind, edge: EdgeKind?, parent: Int?) {
            self.model = model
            self.kind = kind
            self.edge = edge
            self.parent = parent
        }
    }

    public var window: String
    public var entries: [Entry]

    public init(window: String, entries: [Entry]) {
        self.window = window
        self.entries = entries
    }
}
