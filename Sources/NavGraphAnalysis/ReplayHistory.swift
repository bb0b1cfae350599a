import NavGraphCore

/// A whole history arranged for a replay that is drawn once and then only shown, hidden and highlighted: every
/// model the history ever placed (the union), when each one is visible, what each step added and removed, and
/// each model's lifetime. Built in one pass over the timeline from what each step changed, so its cost follows
/// the number of changes, not steps × state.
public struct ReplayHistory: Sendable {
    /// How a model shows at some step.
    public enum Visibility: Int, Sendable {
        /// Not in the hierarchy (not yet placed, finished, or left without a recorded lifecycle).
        case hidden = 0
        /// Placed in the hierarchy.
        case placed = 1
        /// Left the hierarchy, still alive: leaked once the input ends.
        case leftAlive = 2
    }

    /// A moment of a model's life: the step and its source line.
    public struct Moment: Sendable, Equatable {
        public var step: Int
        public var line: Int
    }

    /// One model of the union.
    public struct Model: Sendable {
        public var ref: ModelRef
        /// Where it was first placed: the union is laid out with each model there.
        public var kind: NodeKind
        public var edge: EdgeKind?
        public var parent: String?
        public var window: String
        /// Visibility changes in step order: from `changes[i].step` on, the model shows as `changes[i].visibility`.
        public var changes: [(step: Int, visibility: Visibility)] = []
        public var started: Moment?
        /// Each time it was placed: the first `attachedLimit - 1` times and the latest (`left` likewise).
        public var attached: [Moment] = []
        public var left: [Moment] = []
        public var finished: Moment?
        /// Placed more than `attachedLimit` times or left more often: the moments the lists above leave out, between
        /// their next-to-last and last.
        public var moreMoments = 0
        /// A tab's title, when the input gave one (the union's drawing titles the tab's cluster with it, as `render`
        /// does).
        public var title: String?
        /// The key of the model it last hung from when it last left the hierarchy alive: where `render` draws it
        /// while it is left (a leak hangs from its last parent, drawn as a ghost once that one is gone too).
        public var leftFrom: String?

        /// Its visibility after `step`.
        public func visibility(after step: Int) -> Visibility {
            var low = 0
            var high = changes.count
            while low < high {
                let middle = (low + high) / 2
                if changes[middle].step <= step { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? .hidden : changes[low - 1].visibility
        }
    }

    /// One step of the history.
    public struct Step: Sendable {
        public var line: Int
        public var time: Double?
        /// The event's name in navgraph-events v1 (`snapshot` for a dump).
        public var event: String
        public var description: String
        /// Indexes into `models`.
        public var added: [Int]
        public var removed: [Int]
        /// The model a `finish` finished, when it was one of the union (one that had left already is neither added
        /// nor removed, and the replay's row still keeps its id in view).
        public var finished: Int?
        public var warnings: [String]
    }

    /// Lifetimes keep this many attach and leave moments per model; a model shown by each of thousands of dumps
    /// is placed once, but one pushed and popped all session long would otherwise grow without bound.
    public static let attachedLimit = 50

    public private(set) var models: [Model] = []
    public private(set) var steps: [Step] = []
    /// Models that leaked: left the hierarchy and alive at the end, in the order they left.
    public private(set) var leaked: [Int] = []
    private var indexByKey: [String: Int] = [:]

    public func index(of key: String) -> Int? { indexByKey[key] }

    /// The steps of the input before this history's first (a live reader's timeline forgets its oldest): step `n`
    /// here is the input's step `firstStep + n`.
    public let firstStep: Int

    /// - Parameters:
    ///   - descriptions: what each step did (`StepDescription`), one per step of `timeline`.
    ///   - readerWarnings: what the reader warned of on each step's lines (`StepWarnings.reader`), by step; put in
    ///     front of the reducer's.
    ///
    /// A timeline that forgot its first steps (`Timeline.forget`) gives a history of the steps it kept, counted from
    /// 1 after `firstStep`: the models its first state places are placed at step 0, those that had left it alive
    /// are left at step 0; `descriptions` are those of the kept steps, `readerWarnings` by the timeline's steps.
    public init(timeline: Timeline, descriptions: [String], readerWarnings: [Int: [String]] = [:]) {
        firstStep = timeline.firstStep
        var state = timeline.state(after: firstStep)
        if firstStep > 0 { startFrom(state) }
        steps.reserveCapacity(timeline.count - firstStep)
        for step in stride(from: 1, through: timeline.count - firstStep, by: 1) {
            let event = timeline.event(at: firstStep + step)
            let change = state.apply(event)
            var added: [Int] = []
            var removed: [Int] = []
            for key in change.added {
                guard let node = state.nodes[key] else { continue }
                let index = model(for: node)
                models[index].ref = node.model
                models[index].kind = node.kind
                if let title = node.title { models[index].title = title }
                // A model that becomes a container in place (a TCA feature once its path shows a push, a screen a
                // dump shows holding a stack) is drawn as one: the union keeps the container kind, else its pushed
                // children would hang from a plain screen with no cluster.
                if let parentKey = node.parent, let parentIndex = indexByKey[parentKey],
                    models[parentIndex].kind == .screen, let parentKind = state.kind(of: parentKey),
                    parentKind != .screen
                {
                    models[parentIndex].kind = parentKind
                }
                set(index, .placed, at: step)
                note(\.attached, Moment(step: step, line: event.line), in: index)
                added.append(index)
            }
            // Drawn with the name it had last, as the tree shows it (a dump may name a placed model anew).
            for renaming in change.renamed {
                if let index = indexByKey[renaming.to.key] { models[index].ref = renaming.to }
            }
            for ref in change.removed {
                guard let index = indexByKey[ref.key] else { continue }
                let lifecycle = state.lifecycles[ref.key]
                let alive = lifecycle?.leftStep != nil
                set(index, alive ? .leftAlive : .hidden, at: step)
                if alive { models[index].leftFrom = lifecycle?.lastPlacement?.parent?.key }
                note(\.left, Moment(step: step, line: event.line), in: index)
                removed.append(index)
            }
            var finishedModel: Int?
            switch event.action {
            case .start(let ref, _):
                if let index = indexByKey[ref.key] {
                    models[index].started = Moment(step: step, line: event.line)
                } else {
                    pendingStarts[ref.key] = Moment(step: step, line: event.line)
                }
            case .finish:
                if let finished = change.finished, let index = indexByKey[finished.key] {
                    models[index].finished = Moment(step: step, line: event.line)
                    set(index, .hidden, at: step)
                    finishedModel = index
                }
            default:
                break
            }
            steps.append(
                Step(
                    line: event.line, time: event.time, event: event.action.name,
                    description: step <= descriptions.count ? descriptions[step - 1] : event.action.name,
                    added: added, removed: removed, finished: finishedModel,
                    warnings: (readerWarnings[firstStep + step] ?? []) + change.warnings.map(\.message)))
        }
        pendingStarts = [:]
        leaked = models.indices.filter { models[$0].visibility(after: steps.count) == .leftAlive }
            .sorted { (models[$0].left.last?.step ?? 0) < (models[$1].left.last?.step ?? 0) }
    }

    /// The first state of a timeline that forgot its first steps: what it places is placed at step 0 (parents
    /// first, each window's tree breadth first), what left it alive is left at step 0.
    private mutating func startFrom(_ state: Hierarchy) {
        var queue = state.openWindows.compactMap(\.root)
        var head = 0
        while head < queue.count {
            guard let node = state.nodes[queue[head]] else {
                head += 1
                continue
            }
            head += 1
            set(model(for: node), .placed, at: 0)
            queue += node.children
        }
        for departed in state.departedModels where indexByKey[departed.model.key] == nil {
            models.append(
                Model(
                    ref: departed.model, kind: departed.kind ?? .screen, edge: nil,
                    parent: departed.lastPlacement?.parent?.key, window: departed.lastPlacement?.window ?? "main",
                    leftFrom: departed.lastPlacement?.parent?.key))
            indexByKey[departed.model.key] = models.count - 1
            set(models.count - 1, .leftAlive, at: 0)
            note(\.left, Moment(step: 0, line: departed.leftLine ?? 0), in: models.count - 1)
        }
    }

    /// Starts of models not placed yet, keyed by model key, until they are (most models start before a dump shows
    /// them).
    private var pendingStarts: [String: Moment] = [:]

    private mutating func model(for node: Node) -> Int {
        if let index = indexByKey[node.key] { return index }
        models.append(
            Model(ref: node.model, kind: node.kind, edge: node.edge, parent: node.parent, window: node.window))
        indexByKey[node.key] = models.count - 1
        if let started = pendingStarts.removeValue(forKey: node.key) { models[models.count - 1].started = started }
        return models.count - 1
    }

    private mutating func set(_ index: Int, _ visibility: Visibility, at step: Int) {
        if let last = models[index].changes.last, last.step == step {
            models[index].changes[models[index].changes.count - 1].visibility = visibility
        } else if models[index].changes.last?.visibility != visibility {
            models[index].changes.append((step, visibility))
        }
    }

    private mutating func note(_ moments: WritableKeyPath<Model, [Moment]>, _ moment: Moment, in index: Int) {
        if models[index][keyPath: moments].count < Self.attachedLimit {
            models[index][keyPath: moments].append(moment)
        } else {
            // The last one kept is always the latest: the page's leak list says when a model left for good, and
            // showed the 50th time it left (step 103 of 80,003).
            models[index][keyPath: moments][Self.attachedLimit - 1] = moment
            models[index].moreMoments += 1
        }
    }
}
