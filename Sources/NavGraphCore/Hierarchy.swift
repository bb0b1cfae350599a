/// The navigation state after some number of steps, and the reducer that advances it.
///
/// One reducer for every input format: readers turn their format into `NavEvent`s, and this type is the only place
/// that knows what an event does to the state. An event that contradicts the state (a push onto a tab container,
/// a pop past the root, an unknown id) is resolved so the state stays consistent, and reported as a warning in
/// the step's `StepChange`. Memory is bounded by the live hierarchy plus the models still alive.
public struct Hierarchy: Sendable, Equatable {
    public internal(set) var nodes: [String: Node] = [:]
    /// Windows in order of first appearance.
    public internal(set) var windows: [Window] = []
    /// Models whose `Started`/`start` was read and that have not finished, by key.
    public internal(set) var lifecycles: [String: ModelLifecycle] = [:]
    /// Number of steps applied; step 0 is the empty state.
    public internal(set) var step = 0
    /// Line of the last step applied.
    public internal(set) var line = 0
    /// Time of the last step that had one.
    public internal(set) var time: Double?
    /// Step of the most recent snapshot of any window.
    public internal(set) var lastSnapshotStep: Int?
    public internal(set) var finishedCount = 0
    /// Models that finished with no start, where the format says that is normal (a never-shown tab).
    public internal(set) var finishedWithoutStartCount = 0
    /// Keys of the most recently finished models (at most `recentFinishLimit`), with the line they finished on:
    /// enough to name an id reused after its finish without keeping every id ever seen.
    var recentlyFinished: [String: Int] = [:]
    var recentlyFinishedOrder: [String] = []
    static let recentFinishLimit = 4096

    /// Whether the input recorded any lifecycle (`Started`/`Finished`, `start`/`finish`); without it leaks cannot be told.
    public internal(set) var hasLifecycleEvents = false

    public init() {}

    // MARK: Reading

    /// The nodes of `window` in pre-order with their depth (root depth 0). Iterative: safe at any depth.
    public func preorder(window name: String) -> [(node: Node, depth: Int)] {
        guard let root = windows.first(where: { $0.name == name })?.root else { return [] }
        return preorder(from: root)
    }

    /// The subtree at `key` in pre-order with depths relative to it.
    public func preorder(from key: String) -> [(node: Node, depth: Int)] {
        var result: [(node: Node, depth: Int)] = []
        var pending: [(String, Int)] = [(key, 0)]
        while let (current, depth) = pending.popLast() {
            guard let node = nodes[current] else { continue }
            result.append((node, depth))
            for child in node.children.reversed() { pending.append((child, depth + 1)) }
        }
        return result
    }

    /// Windows that currently have a root.
    public var openWindows: [Window] { windows.filter { $0.root != nil } }

    /// The model for a key, placed or only alive.
    public func model(_ key: String) -> ModelRef? { nodes[key]?.model ?? lifecycles[key]?.model }

    /// Alive models never placed, started after the last snapshot (or with none at all): not yet seen, no
    /// evidence either way.
    public var unplacedModels: [ModelLifecycle] {
        lifecycles.values
            .filter { $0.lastPlacement == nil && $0.startedStep > (lastSnapshotStep ?? 0) }
            .sorted { $0.startedStep < $1.startedStep }
    }

    /// Alive models never placed, although they started before the last snapshot: they may live in another
    /// window (a suspicion, not a proof).
    public var suspectedModels: [ModelLifecycle] {
        lifecycles.values
            .filter { $0.lastPlacement == nil && $0.startedStep < (lastSnapshotStep ?? 0) }
            .sorted { $0.startedStep < $1.startedStep }
    }

    /// Alive models that left the hierarchy: leaked, once the input is over.
    public var departedModels: [ModelLifecycle] {
        lifecycles.values
            .filter { $0.leftStep != nil }
            .sorted { ($0.leftStep ?? 0, $0.startedStep) < ($1.leftStep ?? 0, $1.startedStep) }
    }

    /// The same state with keys renamed (`mapping[old] = new`); keys not in `mapping` stay. Used to compare two inputs.
    public func rekeyed(_ mapping: [String: String]) -> Hierarchy {
        func map(_ key: String) -> String { mapping[key] ?? key }
        var copy = self
        copy.nodes = [:]
        for (key, node) in nodes {
            var moved = node
            moved.model.key = map(key)
            moved.parent = node.parent.map(map)
            moved.children = node.children.map(map)
            moved.selectedTab = node.selectedTab.map(map)
            copy.nodes[map(key)] = moved
        }
        copy.windows = windows.map { var window = $0; window.root = $0.root.map(map); return window }
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
}
