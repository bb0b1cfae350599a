/// The navigation state after some number of steps, and the reducer that advances it.
///
/// One reducer for every input format: readers turn their format into `NavEvent`s, and this type is the only place
/// that knows what an event does to the state. An event that contradicts the state (a push onto a tab container,
/// a pop past the root, an unknown id) is resolved so the state stays consistent, and reported as a warning in
/// the step's `StepChange`. Memory is bounded by the live hierarchy plus the models still alive.
///
/// Stored as a table of `ModelSlot`s linked by slot number, with one key → slot index; `nodes` and `lifecycles`
/// present it keyed by model key.
public struct Hierarchy: Sendable {
    var slots = SlotTable<ModelSlot>()
    var keyIndex = SlotIndex()
    /// Per slot: the generation of the snapshot that listed it last (see `replace(with:)`).
    var snapshotMarks: [UInt32] = []
    var snapshotGeneration: UInt32 = 0
    /// Per slot: the `setPath` that named it last (see `setPath`).
    var pathMarks: [Int] = []
    var pathGeneration = 0
    var placedCount = 0
    var aliveCount = 0

    /// Windows in order of first appearance.
    public internal(set) var windows: [Window] = []
    /// Number of steps applied; step 0 is the empty state.
    public internal(set) var step = 0
    /// Line of the last step applied.
    public internal(set) var line = 0
    /// Time of the last step that had one.
    public internal(set) var time: Double?
    /// Step of the most recent snapshot of any window.
    public internal(set) var lastSnapshotStep: Int?
    /// The most recent snapshot was printed by the app (a dump), not worked out by the reader from other lines.
    public internal(set) var lastSnapshotWasPrinted = false
    public internal(set) var finishedCount = 0
    /// Models that finished with no start, where the format says that is normal (a never-shown tab).
    public internal(set) var finishedWithoutStartCount = 0
    /// The most recently finished models, to name an id reused after its finish.
    var recentFinishes = RecentFinishes()

    /// Whether the input recorded any lifecycle (`Started`/`Finished`, `start`/`finish`); without it leaks cannot be told.
    public internal(set) var hasLifecycleEvents = false

    public init() {}

    // MARK: Reading

    /// The nodes placed in the hierarchy, by key.
    public var nodes: NodeTable { NodeTable(hierarchy: self) }

    /// Models whose `Started`/`start` was read and that have not finished, by key.
    public var lifecycles: LifecycleTable { LifecycleTable(hierarchy: self) }

    /// The key of the parent of the node placed under `key`: what `node(key)?.parent` says, without making the
    /// node (whose children list costs as much as it has children).
    public func parentKey(of key: String) -> String? {
        guard let slot = slot(of: key), slots[slot].isPlaced, let parent = slots[slot].parent else { return nil }
        return slots[parent].model.key
    }

    /// The kind of the node placed under `key`: what `node(key)?.kind` says, without making the node (a step's
    /// description asks it of the stack it pushed onto, at every push).
    public func kind(of key: String) -> NodeKind? {
        placedSlot(key).map { slots[$0].kind }
    }

    /// The node placed under `key`, if any.
    public func node(_ key: String) -> Node? {
        placedSlot(key).map(node(at:))
    }

    /// The slot of the model with this key, placed, alive or finished recently.
    func slot(of key: String) -> Int? {
        keyIndex.slot(for: key, hash: SlotIndex.hash(key)) { slots[$0].model.key }
    }

    /// The slot of a model placed in the hierarchy.
    func placedSlot(_ key: String) -> Int? {
        guard let slot = slot(of: key), slots[slot].isPlaced else { return nil }
        return slot
    }

    func lifecycle(at slot: Int) -> ModelLifecycle? {
        let stored = slots[slot]
        guard stored.isAlive else { return nil }
        return ModelLifecycle(
            model: stored.startedModel, startedStep: stored.startedStep, startedLine: stored.startedLine,
            kind: stored.startedKind,
            lastPlacement: stored.placedStep.map {
                .init(
                    parent: stored.placedParent, window: windows[stored.placedWindow].name, step: $0,
                    line: stored.placedLine)
            },
            leftStep: stored.leftStep, leftLine: stored.leftLine)
    }

    /// Keys of the models remembered as finished, with the line each finished on.
    var recentlyFinished: [String: Int] { recentFinishes.lines }

    func node(at slot: Int) -> Node {
        let stored = slots[slot]
        return Node(
            model: stored.model, kind: stored.kind, edge: stored.edge,
            parent: stored.parent.map { slots[$0].model.key },
            children: stored.children.map { slots[$0].model.key }, window: windows[stored.window].name,
            selectedTab: stored.selectedTab.map { slots[$0].model.key }, title: stored.title,
            kindIsExplicit: stored.kindIsExplicit, fromSnapshot: stored.fromSnapshot)
    }

    /// The nodes of `window` in pre-order with their depth (root depth 0). Iterative: safe at any depth.
    public func preorder(window name: String) -> [(node: Node, depth: Int)] {
        guard let root = windows.first(where: { $0.name == name })?.root else { return [] }
        return preorder(from: root)
    }

    /// The subtree at `key` in pre-order with depths relative to it.
    public func preorder(from key: String) -> [(node: Node, depth: Int)] {
        guard let start = placedSlot(key) else { return [] }
        var result: [(node: Node, depth: Int)] = []
        var pending = [(start, 0)]
        while let (current, depth) = pending.popLast() {
            result.append((node(at: current), depth))
            for child in slots[current].children.reversed() { pending.append((child, depth + 1)) }
        }
        return result
    }

    /// Windows that currently have a root.
    public var openWindows: [Window] { windows.filter { $0.root != nil } }

    /// The model for a key, placed or only alive.
    public func model(_ key: String) -> ModelRef? {
        slot(of: key).flatMap(existingModel(at:))
    }

    /// Alive models never placed, started after the last snapshot (or with none at all): not yet seen, no
    /// evidence either way.
    public var unplacedModels: [ModelLifecycle] {
        lifecycles.values
            .filter { $0.lastPlacement == nil && $0.startedStep > (lastSnapshotStep ?? 0) }
            .sorted { $0.startedStep < $1.startedStep }
    }

    /// Alive models never placed that started before the last printed dump of every open window: each window showed
    /// its whole state after they started, and none listed them. They were shown and left between two dumps (or
    /// were never attached) — or they live in a window that prints no dumps, which the log cannot show: suspected,
    /// not leaked (`allowed`, or a dump from that window too, settles it).
    public var unlistedModels: [ModelLifecycle] {
        guard let oldest = oldestLastPrintedDump else { return [] }
        return lifecycles.values
            .filter { $0.lastPlacement == nil && $0.startedStep < oldest }
            .sorted { $0.startedStep < $1.startedStep }
    }

    /// Alive models never placed, although they started before the last snapshot, that no verdict fits: a window
    /// has printed no dump since they started, and they may live there (a suspicion, not a proof); or the states
    /// were worked out from the log's lines (NavigatorUI), which never placed them.
    public var suspectedModels: [ModelLifecycle] {
        let oldest = oldestLastPrintedDump ?? 0
        return lifecycles.values
            .filter {
                $0.lastPlacement == nil && $0.startedStep < (lastSnapshotStep ?? 0) && $0.startedStep >= oldest
            }
            .sorted { $0.startedStep < $1.startedStep }
    }

    /// The open windows a model started after the last printed dump of, in window order: where a suspected model
    /// may live.
    public func windowsWithoutDump(since step: Int) -> [String] {
        windows.filter { $0.root != nil && ($0.lastSnapshotStep ?? 0) <= step }.map(\.name)
    }

    /// The step of the oldest last dump among the open windows, when the app prints its states (the last snapshot
    /// was printed): every window has shown its whole state since then.
    var oldestLastPrintedDump: Int? {
        guard lastSnapshotWasPrinted else { return nil }
        return windows.lazy.filter { $0.root != nil }.compactMap(\.lastSnapshotStep).min()
    }

    /// Alive models that left the hierarchy: leaked, once the input is over.
    public var departedModels: [ModelLifecycle] {
        lifecycles.values
            .filter { $0.leftStep != nil }
            .sorted { ($0.leftStep ?? 0, $0.startedStep) < ($1.leftStep ?? 0, $1.startedStep) }
    }

    /// The same state with keys renamed (`mapping[old] = new`); keys not in `mapping` stay. Used to compare two inputs.
    /// Where two keys are renamed to the same one, the key names the first in slot order.
    public func rekeyed(_ mapping: [String: String]) -> Hierarchy {
        func map(_ key: String) -> String { mapping[key] ?? key }
        var copy = self
        copy.keyIndex = SlotIndex()
        for index in slots.indices where !slots[index].isUnused {
            let key = map(slots[index].model.key)
            let hash = SlotIndex.hash(key)
            copy.slots[index].model.key = key
            copy.slots[index].keyHash = hash
            if copy.keyIndex.slot(for: key, hash: hash, keyOf: { copy.slots[$0].model.key }) == nil {
                copy.keyIndex.insert(hash: hash, slot: index)
            }
        }
        copy.windows = windows.map {
            var window = $0
            window.root = $0.root.map(map)
            return window
        }
        return copy
    }

    // MARK: The reducer

    @discardableResult
    public mutating func apply(_ event: NavEvent) -> StepChange {
        step += 1
        line = event.line
        if let eventTime = event.time { time = eventTime }
        var change = StepChange()
        reduce(event.action, line: event.line, into: &change)
        return change
    }

    /// `apply(_:)` into `change`, emptied first with its lists' storage kept: applying step after step this way
    /// makes no new lists per step.
    public mutating func apply(_ event: NavEvent, into change: inout StepChange) {
        step += 1
        line = event.line
        if let eventTime = event.time { time = eventTime }
        Self.empty(&change.added)
        Self.empty(&change.removed)
        change.finished = nil
        Self.empty(&change.renamed)
        Self.empty(&change.warnings)
        reduce(event.action, line: event.line, into: &change)
    }

    /// Empties `list`, keeping its storage. Element by element from the end: a step's lists hold none or one, and
    /// `removeAll(keepingCapacity:)` is a generic `replaceSubrange`, even for an empty list.
    private static func empty<Element>(_ list: inout [Element]) {
        while !list.isEmpty { list.removeLast() }
    }
}

extension Hierarchy: Equatable {
    /// The same state: the same nodes, models alive, windows and counts, however the slots are numbered.
    public static func == (left: Hierarchy, right: Hierarchy) -> Bool {
        left.step == right.step && left.line == right.line && left.time == right.time
            && left.windows == right.windows && left.lastSnapshotStep == right.lastSnapshotStep
            && left.finishedCount == right.finishedCount
            && left.finishedWithoutStartCount == right.finishedWithoutStartCount
            && left.hasLifecycleEvents == right.hasLifecycleEvents && left.recentlyFinished == right.recentlyFinished
            && left.nodes.byKey == right.nodes.byKey && left.lifecycles.byKey == right.lifecycles.byKey
    }
}

/// The placed nodes of a `Hierarchy`, looked up by model key (a read-only view; each `Node` is built on access).
public struct NodeTable: Sendable {
    let hierarchy: Hierarchy

    public subscript(key: String) -> Node? { hierarchy.node(key) }
    public var count: Int { hierarchy.placedCount }
    public var isEmpty: Bool { count == 0 }
    /// Every placed node, in no particular order.
    public var values: [Node] {
        hierarchy.slots.indices.filter { hierarchy.slots[$0].isPlaced }.map { hierarchy.node(at: $0) }
    }
    public var keys: [String] {
        hierarchy.slots.indices.filter { hierarchy.slots[$0].isPlaced }.map { hierarchy.slots[$0].model.key }
    }
    /// All of them as a dictionary.
    public var byKey: [String: Node] { Dictionary(values.map { ($0.key, $0) }, uniquingKeysWith: { $1 }) }
}

/// The models alive in a `Hierarchy`, looked up by model key (a read-only view).
public struct LifecycleTable: Sendable {
    let hierarchy: Hierarchy

    public subscript(key: String) -> ModelLifecycle? { hierarchy.slot(of: key).flatMap(hierarchy.lifecycle(at:)) }
    public var count: Int { hierarchy.aliveCount }
    public var isEmpty: Bool { count == 0 }
    /// Every alive model, in no particular order.
    public var values: [ModelLifecycle] { hierarchy.slots.indices.compactMap(hierarchy.lifecycle(at:)) }
    /// All of them as a dictionary.
    public var byKey: [String: ModelLifecycle] {
        Dictionary(values.map { ($0.model.key, $0) }, uniquingKeysWith: { $1 })
    }
}
