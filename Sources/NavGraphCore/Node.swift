/// A model placed in the hierarchy.
public struct Node: Sendable, Equatable {
    public var model: ModelRef
    public var kind: NodeKind
    /// How the node hangs from its parent; `nil` for a window's root.
    public var edge: EdgeKind?
    /// The parent's key; `nil` for a window's root.
    public var parent: String?
    /// Children's keys in display order (a presented child first, then the container's own children).
    public var children: [String]
    /// The window this node belongs to.
    public var window: String

    public var key: String { model.key }
}

/// A window (scene): its own root and hierarchy.
public struct Window: Sendable, Equatable {
    public var name: String
    /// The root model's key; `nil` once the window closed.
    public var root: String?
    /// Step and line of the last snapshot (dump) of this window.
    public var lastSnapshotStep: Int?
    public var lastSnapshotLine: Int?
}

/// What is known of a model whose lifecycle the input records (it printed `Started`/`start`).
public struct ModelLifecycle: Sendable, Equatable {
    public struct Placement: Sendable, Equatable {
        public var parent: ModelRef?
        public var window: String
        public var step: Int
        public var line: Int
    }

    public var model: ModelRef
    public var startedStep: Int
    public var startedLine: Int
    /// Where the model was last seen attached; `nil` if no snapshot or event ever placed it.
    public var lastPlacement: Placement?
    /// When it left the hierarchy (with its subtree), if it did; a model that left and is still alive leaked.
    public var leftStep: Int?
    public var leftLine: Int?
}
