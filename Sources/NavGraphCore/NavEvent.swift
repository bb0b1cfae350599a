/// One step of a navigation history, in navgraph's single vocabulary (the events of navgraph-events v1). Every
/// reader produces these; everything after the readers is format-blind.
public struct NavEvent: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// The model exists (created and started).
        case start(ModelRef, kind: NodeKind?)
        /// The model was deallocated. `neverStarted` is the reader's word that a finish without a start is normal
        /// in its format (SwiftUINavigation: a tab that was never shown); otherwise an unknown id is a contradiction.
        case finish(ModelRef, neverStarted: Bool)
        /// The model is the root of `window`.
        case root(ModelRef, kind: NodeKind?, window: String)
        /// Appended to stack `parent` (a stack's entries include its root entry, the first one).
        case push(ModelRef, kind: NodeKind?, parent: String)
        /// The last `count` entries of stack `parent` leave, never its root entry.
        case pop(parent: String, count: Int)
        /// Stack `parent` now holds exactly these entries, root entry included.
        case setPath(parent: String, entries: [PathEntry])
        /// Presented on `parent` with a style.
        case present(ModelRef, kind: NodeKind?, parent: String, style: PresentationStyle)
        /// The presented model leaves, with everything it presents.
        case dismiss(String)
        /// A tab added to container `parent`.
        case tab(ModelRef, kind: NodeKind?, parent: String, title: String?)
        /// The selected tab of `parent`.
        case select(parent: String, tab: String)
        /// Switch container `parent` now shows the model; the previous child leaves.
        case `switch`(ModelRef, kind: NodeKind?, parent: String)
        /// Split view `parent` shows the model in `column`.
        case column(ModelRef, kind: NodeKind?, parent: String, column: SplitColumn)
        /// A window opens with the model as its root.
        case openWindow(ModelRef, kind: NodeKind?, window: String)
        /// The window closes; its hierarchy leaves.
        case closeWindow(String)
        /// The state of the windows named by the snapshots (e.g. a `printDebugGraph()` dump). Others keep theirs.
        case snapshot([Snapshot])
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
    /// The type as shown (`Route` for a NavigationPath entry of type `MyApp.Route`).
    public var type: String
    /// The module the input qualified `type` with, where it did and a display leaves it out (`MyApp`); JSON output
    /// writes the qualified name (`qualifiedType`).
    public var module: String?

    public init(key: String, id: String, type: String, module: String? = nil) {
        self.key = key
        self.id = id
        self.type = type
        self.module = module
    }

    /// The type with its module, as the input named it (`MyApp.Route`).
    public var qualifiedType: String { module.map { $0 + "." + type } ?? type }

    /// A model whose id is its key (navgraph-events v1 ids are full and unique).
    public init(id: String, type: String) {
        self.init(key: id, id: id, type: type)
    }
}

/// One entry of a `setPath`: an existing model by its key, or a model the event creates (navgraph-events v1 lets an
/// element of `ids` be an object `{"id","type","kind"?}`, so one event can state a whole new path).
public struct PathEntry: Sendable, Hashable, ExpressibleByStringLiteral {
    public var key: String
    /// The model to create when no model has this key yet; `nil` for an entry that must already exist.
    public var created: ModelRef?
    public var kind: NodeKind?

    /// An entry that must already exist.
    public init(_ key: String) {
        self.key = key
    }

    /// An entry that is created (like a `push`) when it does not exist yet.
    public init(creating model: ModelRef, kind: NodeKind? = nil) {
        self.key = model.key
        self.created = model
        self.kind = kind
    }

    public init(stringLiteral key: String) {
        self.init(key)
    }
}

extension NavEvent.Action {
    /// The event's name in navgraph-events v1 (`snapshot` for a dump).
    public var name: String {
        switch self {
        case .start: "start"
        case .finish: "finish"
        case .root: "root"
        case .push: "push"
        case .pop: "pop"
        case .setPath: "setPath"
        case .present: "present"
        case .dismiss: "dismiss"
        case .tab: "tab"
        case .select: "select"
        case .switch: "switch"
        case .column: "column"
        case .openWindow: "openWindow"
        case .closeWindow: "closeWindow"
        case .snapshot: "snapshot"
        case .mark: "mark"
        }
    }
}
