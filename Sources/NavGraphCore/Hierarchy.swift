/// The navigation state after some number of steps, and the reducer that advances it.
///
/// One reducer for every input format: readers turn their format into `NavEvent`s, and this type is the
/// only place that knows what an event does to the state. Memory is bounded by the live hierarchy plus the
/// models still alive (finished ones are only counted).
public struct Hierarchy: Sendable {
    public private(set) var nodes: [String: Node] = [:]
    /// Windows in order of first appearance.
    public private(set) var windows: [Window] = []
    /// Models whose `Started`/`start` was read and that have not finished, by key.
    public private(set) var lifecycles: [String: ModelLifecycle] = [:]
    /// Number of steps applied; step 0 is the empty state.
    public private(set) var step = 0
    /// Step of the most recent snapshot of any window.
    public private(set) var lastSnapshotStep: Int?
    public private(set) var finishedCount = 0
    /// Models that printed `Finished` with no `Started` (SwiftUINavigation: created but never shown).
    public private(set) var finishedWithoutStartCount = 0
    /// Whether the input recorded any lifecycle (`Started`/`Finished`) at all; without it leaks cannot be told.
    public private(set) var hasLifecycleEvents = false

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

    /// Alive models never placed by any snapshot, started after the last snapshot (or with none at all):
    /// not yet seen, no evidence either way.
    public var unplacedModels: [ModelLifecycle] {
        lifecycles.values
            .filter { $0.lastPlacement == nil && $0.startedStep > (lastSnapshotStep ?? 0) }
            .sorted { $0.startedStep < $1.startedStep }
    }

    /// Alive models never placed, although they started before the last snapshot: they may live in
    /// another window (a suspicion, not a proof).
    public var suspectedModels: [ModelLifecycle] {
        lifecycles.values
            .filter { $0.lastPlacement == nil && $0.startedStep < (lastSnapshotStep ?? 0) }
            .sorted { $0.startedStep < $1.startedStep }
    }

    /// Alive models that left the hierarchy: leaked.
    public var departedModels: [ModelLifecycle] {
        lifecycles.values
            .filter { $0.leftStep != nil }
            .sorted { ($0.leftStep ?? 0, $0.startedStep) < ($1.leftStep ?? 0, $1.startedStep) }
    }

    // MARK: The reducer

    public mutating func apply(_ event: NavEvent) {
        step += 1
        switch event.action {
        case .start(let model, _):
            start(model, line: event.line)
        case .finish(let model):
            finish(model, line: event.line)
        case .snapshot(let snapshot):
            replace(with: snapshot, line: event.line)
        case .mark:
            break
        }
    }

    private mutating func start(_ model: ModelRef, line: Int) {
        hasLifecycleEvents = true
        var lifecycle = ModelLifecycle(model: model, startedStep: step, startedLine: line)
        // A dump often lists a model before its `Started` arrives: it is placed already.
        if let node = nodes[model.key], let window = windows.first(where: { $0.name == node.window }) {
            lifecycle.lastPlacement = .init(
                parent: node.parent.flatMap { nodes[$0]?.model }, window: node.window,
                step: window.lastSnapshotStep ?? step, line: window.lastSnapshotLine ?? line)
        }
        lifecycles[model.key] = lifecycle
    }

    private mutating func finish(_ model: ModelRef, line: Int) {
        hasLifecycleEvents = true
        if nodes[model.key] != nil {
            // Deallocated while placed: its subtree goes with it; descendants that stay alive have left.
            for removed in detachSubtree(at: model.key) where removed != model.key {
                markLeft(removed, line: line)
            }
        }
        if lifecycles.removeValue(forKey: model.key) != nil {
            finishedCount += 1
        } else {
            finishedWithoutStartCount += 1
        }
    }

    private mutating func replace(with snapshot: Snapshot, line: Int) {
        guard let rootEntry = snapshot.entries.first else { return }
        let incoming = Set(snapshot.entries.map(\.model.key))

        // Everything the window showed, plus anything the snapshot moves in from another window, leaves first.
        var removed: [String] = []
        if let index = windows.firstIndex(where: { $0.name == snapshot.window }), let root = windows[index].root {
            removed += detachSubtree(at: root)
        }
        for key in incoming where nodes[key] != nil {
            removed += detachSubtree(at: key)
        }
        for key in removed where !incoming.contains(key) {
            markLeft(key, line: line)
        }

        var windowIndex = windows.firstIndex(where: { $0.name == snapshot.window })
        if windowIndex == nil {
            windows.append(Window(name: snapshot.window))
            windowIndex = windows.count - 1
        }
        windows[windowIndex!].root = rootEntry.model.key
        windows[windowIndex!].lastSnapshotStep = step
        windows[windowIndex!].lastSnapshotLine = line
        lastSnapshotStep = step

        for entry in snapshot.entries {
            let parentKey = entry.parent.map { snapshot.entries[$0].model.key }
            nodes[entry.model.key] = Node(
                model: entry.model, kind: entry.kind, edge: entry.parent == nil ? nil : entry.edge,
                parent: parentKey, children: [], window: snapshot.window)
            if let parentKey { nodes[parentKey]?.children.append(entry.model.key) }
            if lifecycles[entry.model.key] != nil {
                lifecycles[entry.model.key]!.lastPlacement = .init(
                    parent: entry.parent.map { snapshot.entries[$0].model }, window: snapshot.window, step: step, line: line)
                lifecycles[entry.model.key]!.leftStep = nil
                lifecycles[entry.model.key]!.leftLine = nil
            }
        }
    }

    /// Removes the subtree at `key` from the hierarchy and returns the removed keys. Iterative.
    private mutating func detachSubtree(at key: String) -> [String] {
        guard let top = nodes[key] else { return [] }
        if let parent = top.parent {
            nodes[parent]?.children.removeAll { $0 == key }
        } else if let index = windows.firstIndex(where: { $0.root == key }) {
            windows[index].root = nil
        }
        var removed: [String] = []
        var pending = [key]
        while let current = pending.popLast() {
            guard let node = nodes.removeValue(forKey: current) else { continue }
            removed.append(current)
            pending.append(contentsOf: node.children)
        }
        return removed
    }

    private mutating func markLeft(_ key: String, line: Int) {
        guard lifecycles[key] != nil, lifecycles[key]!.leftStep == nil else { return }
        lifecycles[key]!.leftStep = step
        lifecycles[key]!.leftLine = line
    }
}
