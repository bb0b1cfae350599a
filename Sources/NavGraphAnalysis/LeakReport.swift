import NavGraphCore

/// Which models leaked (docs/commands/leaks.md): a model leaked when there is evidence it left the hierarchy (an event
/// removed it, or it was in a dump and absent from a later dump of the same window) and it never finished. A model
/// alive and never placed is suspected: even when every window the log knows printed a dump after it started and none
/// listed it, it may live in a window the app never dumps. Only models whose lifecycle the input records (a
/// `Started`/`start`) get a verdict.
public struct LeakReport: Sendable {
    public enum Status: String, Sendable {
        /// Left the hierarchy; never finished.
        case leaked
        /// Alive at the end and never placed: the log cannot tell where it lives (`Reason`).
        case suspected
    }

    /// Why a model got its status: what the log showed of it.
    public enum Reason: Sendable, Equatable {
        /// An event removed it, or a later dump of its window no longer listed it.
        case left
        /// Every window the log knows printed a dump after it started, and none listed it: it may live in a window the
        /// app does not dump.
        case inNoDump
        /// It started after the last dump of these windows, and may live there.
        case mayLiveIn(windows: [String])
        /// The states were worked out from the log's lines (NavigatorUI), and none placed it.
        case neverPlacedByLog
    }

    public struct Leak: Sendable {
        public var model: ModelRef
        public var status: Status
        public var reason: Reason = .left
        public var startedLine: Int
        /// Where it was last seen attached (`nil` for a suspected model, or a root).
        public var parent: ModelRef?
        public var lastSeenStep: Int?
        public var lastSeenLine: Int?
        public var leftStep: Int?
        public var leftLine: Int?
        /// 0 for a top-level leak; a leaked model attached under another leaked one is one deeper, right after it.
        public var depth = 0
    }

    /// A pairing of lines to models that could not be told apart (SwiftUINavigation id prefixes).
    public struct Ambiguity: Sendable, Equatable {
        public var line: Int
        public var type: String
        public var id: String
        public var message: String

        public init(line: Int, type: String, id: String, message: String) {
            self.line = line
            self.type = type
            self.id = id
            self.message = message
        }
    }

    /// Leaked models in pre-order (a leaked model's leaked subtree right after it, one `depth` deeper), then the
    /// suspected ones. Flat, so a 100,000-deep leak is no deeper a value than a single one.
    public private(set) var leaks: [Leak] = []
    public private(set) var alive = 0
    public private(set) var unplaced = 0
    public private(set) var finished = 0
    public private(set) var ambiguities: [Ambiguity]
    /// Ambiguous pairings past the listed ones, only counted.
    public private(set) var ambiguitiesNotListed: Int
    /// Models alive and placed, and not yet placed; listed with `--all`.
    public private(set) var aliveModels: [ModelLifecycle] = []
    public private(set) var unplacedModels: [ModelLifecycle] = []
    /// The app printed dumps (the last state read was one). Otherwise the states were worked out from the log's lines.
    public private(set) var statesWerePrinted = false

    /// Models the log could not follow: alive, never placed by a log whose states are worked out from its lines
    /// (a NavigatorUI navigator that pushes but that no 'adding' line placed). Their verdict is unknown, so a clean
    /// report is not a clean app.
    public var notFollowedCount: Int { leaks.reduce(0) { $0 + ($1.reason == .neverPlacedByLog ? 1 : 0) } }

    public var leakedCount: Int { count(.leaked) }
    public var suspectedCount: Int { count(.suspected) }

    /// Leaked or suspected models whose type is allowed to outlive its screen (`allowed` in `.navgraph.yml`): never
    /// counted as leaks, listed with `--all`.
    public private(set) var allowedModels: [Leak] = []

    /// Why leaks cannot be told from `hierarchy` (the input records no model's start or finish), or `nil` when they
    /// can: what `leaks` fails with and the replay's leaks screen says. `lifecycleAdvice`: what to log instead, as
    /// the input's format advises.
    public static func cannotBeTold(from hierarchy: Hierarchy, lifecycleAdvice: String) -> String? {
        guard !hierarchy.hasLifecycleEvents else { return nil }
        return "the input records no lifecycle (no model's start and finish), so leaks cannot be told from it; "
            + lifecycleAdvice
    }

    /// - Parameter isAllowed: whether a model's type is allowed to outlive its screen (shared singletons, caches).
    public init(
        hierarchy: Hierarchy, ambiguities: [Ambiguity] = [], ambiguitiesNotListed: Int = 0,
        isAllowed: (ModelRef) -> Bool = { _ in false }
    ) {
        self.ambiguities = ambiguities
        self.ambiguitiesNotListed = ambiguitiesNotListed
        finished = hierarchy.finishedCount + hierarchy.finishedWithoutStartCount
        unplacedModels = hierarchy.unplacedModels
        statesWerePrinted = hierarchy.lastSnapshotWasPrinted
        unplaced = unplacedModels.count
        aliveModels = hierarchy.lifecycles.values
            .filter { $0.lastPlacement != nil && $0.leftStep == nil }
            .sorted { $0.startedStep < $1.startedStep }
        alive = aliveModels.count

        let departed = hierarchy.departedModels
        let departedKeys = Set(departed.map(\.model.key))
        let all = departed.map { lifecycle in
            Leak(
                model: lifecycle.model, status: .leaked, startedLine: lifecycle.startedLine,
                parent: lifecycle.lastPlacement?.parent, lastSeenStep: lifecycle.lastPlacement?.step,
                lastSeenLine: lifecycle.lastPlacement?.line, leftStep: lifecycle.leftStep, leftLine: lifecycle.leftLine)
        }
        // Each leak under its leaked parent: a pre-order walk with an explicit stack.
        var childrenOf: [String: [Int]] = [:]
        var roots: [Int] = []
        for (position, leak) in all.enumerated() {
            if let parent = leak.parent?.key, departedKeys.contains(parent), parent != leak.model.key {
                childrenOf[parent, default: []].append(position)
            } else {
                roots.append(position)
            }
        }
        var pending: [(position: Int, depth: Int)] = roots.reversed().map { ($0, 0) }
        var visited = Set<Int>()
        while let (position, depth) = pending.popLast() {
            guard visited.insert(position).inserted else { continue }
            var leak = all[position]
            leak.depth = depth
            leaks.append(leak)
            for child in (childrenOf[leak.model.key] ?? []).reversed() { pending.append((child, depth + 1)) }
        }
        leaks += hierarchy.unlistedModels.map { lifecycle in
            Leak(model: lifecycle.model, status: .suspected, reason: .inNoDump, startedLine: lifecycle.startedLine)
        }
        leaks += hierarchy.suspectedModels.map { lifecycle in
            Leak(
                model: lifecycle.model, status: .suspected,
                reason: hierarchy.lastSnapshotWasPrinted
                    ? .mayLiveIn(windows: hierarchy.windowsWithoutDump(since: lifecycle.startedStep))
                    : .neverPlacedByLog,
                startedLine: lifecycle.startedLine)
        }
        // An allowed type is exempt, and only it: a leaked model of another type under it keeps its verdict (it moves
        // up to the allowed model's depth, so the list stays a well-formed tree).
        var kept: [Leak] = []
        var allowedDepths: [Int] = []
        for var leak in leaks {
            while let depth = allowedDepths.last, leak.depth <= depth { allowedDepths.removeLast() }
            let depthAllowed = allowedDepths.count
            if isAllowed(leak.model) {
                allowedModels.append(leak)
                allowedDepths.append(leak.depth)
            } else {
                leak.depth -= depthAllowed
                kept.append(leak)
            }
        }
        if !allowedModels.isEmpty { leaks = kept }
    }

    private func count(_ status: Status) -> Int {
        leaks.reduce(0) { $0 + ($1.status == status ? 1 : 0) }
    }
}
