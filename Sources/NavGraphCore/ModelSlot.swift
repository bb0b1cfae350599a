/// One model the state knows: placed in the hierarchy, alive (its start was read and its finish not yet), or
/// finished recently (remembered to name an id reused after its finish), or any of these at once.
///
/// The hierarchy's links are slot numbers, not keys. An event names its models by key once, on the way in; after
/// that, following a parent, walking children or comparing a stack's entries is an array access rather than a hash
/// and comparison of a 36-byte id per link. A slot is reused once nothing needs it, so the table stays the size of
/// the live state, however long the input. Fields are flat (no nested optional structs) so the reducer changes
/// them in place without copying a model's strings.
struct ModelSlot: Sendable {
    /// The model as the event or snapshot that placed it named it (as its `start` named it while not placed).
    var model: ModelRef
    /// `SlotIndex.hash(model.key)`.
    var keyHash: UInt64
    /// Changes whenever the slot holds a different model value, so a placement can tell its parent is still the same.
    var version: UInt32 = 0

    // The node, when placed.
    var isPlaced = false
    var kind = NodeKind.screen
    var edge: EdgeKind?
    /// The parent's slot; `nil` for a window's root (and while not placed).
    var parent: Int?
    /// Children's slots in display order.
    var children: [Int] = []
    /// Index into `Hierarchy.windows`.
    var window = 0
    /// For a tabs container: the selected tab's slot.
    var selectedTab: Int?
    var title: String?
    var kindIsExplicit = false
    var fromSnapshot = false

    var isAlive = false
    /// A field below was set since the slot was made or reset: `startLifecycle` ran. Until then they all hold their
    /// first values, and `reset` and `Hierarchy.releaseIfUnused` leave them alone. The fields above are read for
    /// every model placed or removed, those below only for a model that starts (a pushed entry never does): kept
    /// apart, a slot (400 bytes) reused for each push and freed at each pop was read and written whole, cold cache
    /// lines and all.
    var hasLifecycle = false

    // The lifecycle, when alive (see `ModelLifecycle`).
    /// The model as its start named it, or as a snapshot renamed it since (see `Hierarchy.replace`).
    var startedModel: ModelRef
    var startedStep = 0
    var startedLine = 0
    var startedKind: NodeKind?
    /// Where it was last seen attached: step `nil` if never.
    var placedStep: Int?
    var placedLine = 0
    var placedParent: ModelRef?
    /// Slot and version of `placedParent` when recorded, and the window's index.
    var placedParentSlot = -1
    var placedParentVersion: UInt32 = 0
    var placedWindow = 0
    var leftStep: Int?
    var leftLine: Int?

    init(model: ModelRef, keyHash: UInt64, version: UInt32) {
        self.model = model
        self.keyHash = keyHash
        self.version = version
        startedModel = Self.notStarted
    }

    /// `startedModel` until a start: it is read only while alive, and `startLifecycle` sets it. Not the model: its
    /// strings were retained for every slot (a pushed entry's, which never starts) and released with it, on strings
    /// the reading thread retains at the same time.
    private static var notStarted: ModelRef { ModelRef(key: "", id: "", type: "") }

    /// Holds `model` afresh, every field as `init(model:keyHash:version:)` sets it, in place: a reused slot (a pushed
    /// entry, mostly) made whole and assigned over the old one, then destroyed, costs far more.
    mutating func reset(model: ModelRef, keyHash: UInt64, version: UInt32) {
        self.model = model
        self.keyHash = keyHash
        self.version = version
        isPlaced = false
        kind = .screen
        edge = nil
        parent = nil
        children.removeAll()
        window = 0
        selectedTab = nil
        title = nil
        kindIsExplicit = false
        fromSnapshot = false
        isAlive = false
        guard hasLifecycle else { return }
        hasLifecycle = false
        startedModel = Self.notStarted
        startedStep = 0
        startedLine = 0
        startedKind = nil
        placedStep = nil
        placedLine = 0
        placedParent = nil
        placedParentSlot = -1
        placedParentVersion = 0
        placedWindow = 0
        leftStep = nil
        leftLine = nil
    }

    /// Alive from now: started as `model`, not yet seen attached, not left.
    mutating func startLifecycle(as model: ModelRef, kind: NodeKind?, step: Int, line: Int) {
        isAlive = true
        hasLifecycle = true
        startedModel = model
        startedStep = step
        startedLine = line
        startedKind = kind
        placedStep = nil
        placedParent = nil
        leftStep = nil
        leftLine = nil
    }

    /// Nothing needs the slot any more.
    var isUnused: Bool { !isPlaced && !isAlive }
}
