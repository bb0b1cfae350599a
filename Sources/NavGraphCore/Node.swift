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
    /// For a tabs container: the selected tab's key, once an event said.
    public var selectedTab: String?
    /// For a tab: its title, when the input gave one.
    public var title: String?
    /// The input said this node's kind (rather than navgraph inferring it from how it is used).
    public var kindIsExplicit: Bool
    /// Placed by a snapshot (a sample of the state, possibly stale by now) rather than by an exact event.
    public var fromSnapshot: Bool

    public var key: String { model.key }

    public init(
        model: ModelRef, kind: NodeKind, edge: EdgeKind?, parent: String?, children: [String] = [], window: String,
        selectedTab: String? = nil, title: String? = nil, kindIsExplicit: Bool = false, fromSnapshot: Bool = false
    ) {
        self.model = model
        self.kind = kind
        self.edge = edge
        self.parent = parent
        self.children = children
        self.window = window
        self.selectedTab = selectedTab
        self.title = title
        self.kindIsExplicit = kindIsExplicit
        self.fromSnapshot = fromSnapshot
    }
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
    /// The kind its `start` named, used when it is placed without one.
    public var kind: NodeKind?
    /// Where the model was last seen attached; `nil` if no snapshot or event ever placed it.
    public var lastPlacement: Placement?
    /// When it left the hierarchy (with its subtree), if it did; a model that left and is still alive leaked.
    public var leftStep: Int?
    public var leftLine: Int?
}

/// What one step did to the hierarchy.
public struct StepChange: Sendable, Equatable {
    /// Keys of models this step placed (new in the hierarchy).
    public var added: [String] = []
    /// Models this step took out of the hierarchy.
    public var removed: [ModelRef] = []
    /// The model a `finish` step finished, as it was known (its type included).
    public var finished: ModelRef?
    /// Placed models a snapshot names differently than before (type or shown id).
    public var renamed: [Renaming] = []
    /// Contradictions between the event and the state, each with how it was resolved.
    public var warnings: [Diagnostic] = []
    /// Whether the reducer lists what a step added, removed and finished. A caller that wants only the state and the
    /// warnings turns it off: listing them retains each model's strings, released at the next step. Off, `added`, `removed`, `finished` and `renamed` are
    /// not to be read (a snapshot may still fill some).
    public var listsModels = true

    public init() {}

    /// A placed model as it was named and as it is now.
    public struct Renaming: Sendable, Equatable {
        public var from: ModelRef
        public var to: ModelRef
    }
}
