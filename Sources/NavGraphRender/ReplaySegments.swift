import NavGraphAnalysis

/// A run of steps the replay page draws with one layout, and the models that layout holds.
public struct ReplaySegment: Equatable, Sendable {
    /// The steps drawn with this layout (step 0, the empty state, shares the first one's).
    public var steps: ClosedRange<Int>
    /// Indexes into `ReplayHistory.models`, ascending: every model some step of the run shows.
    public var models: [Int]
}

/// How the replay page's history is cut into layouts. One layout of every model the history ever placed keeps each
/// model in its place all session, but at any one step most of that drawing is empty room for models that come
/// before or after (the 46-step example's middle step was 1,507 pt wide, 7 of its 12 models in view at a readable
/// size). So a layout holds what a run of steps shows, and the run grows step by step while the layout still fits
/// (`fits`, the page's pane at readable text); a step that would not fit starts the next run. Within a run models
/// keep their places; a step that only removes or re-marks models never needs a new layout.
enum ReplaySegments {
    /// The models a step shows: those placed or left alive after it, and those it removed (drawn as ghosts).
    static func shownModels(in history: ReplayHistory) -> [Set<Int>] {
        var changesAtStep = [[(model: Int, visible: Bool)]](repeating: [], count: history.steps.count + 1)
        for (index, model) in history.models.enumerated() {
            for change in model.changes where change.step <= history.steps.count {
                changesAtStep[change.step].append((index, change.visibility != .hidden))
            }
        }
        var visible = Set<Int>()
        var shown: [Set<Int>] = [[]]
        shown.reserveCapacity(history.steps.count + 1)
        for step in stride(from: 1, through: history.steps.count, by: 1) {
            for change in changesAtStep[step] {
                if change.visible { visible.insert(change.model) } else { visible.remove(change.model) }
            }
            shown.append(visible.union(history.steps[step - 1].removed))
        }
        return shown
    }

    /// The most layouts `split` makes (trials included): Graphviz takes tens of milliseconds for a step's drawing,
    /// and a long, leaky session (every leak is drawn at every later step) would otherwise be laid out thousands of
    /// times into a page of hundreds of megabytes (a 10,000-step session: 2,645 layouts, 3 min 49 s, 216 MB). Past
    /// it the rest of the history is one run, framed by the page around each step's change.
    static let layoutBudget = 120

    /// The runs of `history`, each with its layout. `layout` lays out a set of models; `fits` says whether a layout
    /// is small enough to read whole. A run is laid out again only when a step shows a model it does not hold yet:
    /// it grows while its layout fits. A run too big to fit from its first step (a large dump, many leaks) takes
    /// the steps that follow without trying each (none would fit) until one shows fewer models than the smallest
    /// set found too big.
    static func split<Drawing>(
        _ history: ReplayHistory, layout: ([Int]) throws(RenderError) -> Drawing, fits: (Drawing) -> Bool,
        budget: Int = layoutBudget
    ) throws(RenderError) -> [(segment: ReplaySegment, drawing: Drawing)] {
        let shown = shownModels(in: history)
        guard history.steps.count > 0 else {
            return [(ReplaySegment(steps: 0...0, models: []), try layout([]))]
        }
        var layouts = 0
        func laidOut(_ models: Set<Int>) throws(RenderError) -> Drawing {
            layouts += 1
            return try layout(models.sorted())
        }
        var result: [(segment: ReplaySegment, drawing: Drawing)] = []
        // The run being built: its first step, models, its stacks' chains, and its layout while that is current.
        var first = 1
        var models = shown[1]
        var chains = StackChains(history)
        chains.chain(models)
        var drawing: Drawing? = try laidOut(models)
        var runFits = drawing.map(fits) ?? true
        // The fewest models of a set whose layout did not fit: a set as big is taken not to fit, untried.
        var tooMany = runFits ? Int.max : models.count
        func close(through last: Int) throws(RenderError) {
            let drawn: Drawing
            if let drawing { drawn = drawing } else { drawn = try laidOut(models) }
            result.append((ReplaySegment(steps: (first == 1 ? 0 : first)...last, models: models.sorted()), drawn))
        }
        func start(at step: Int) throws(RenderError) {
            first = step
            models = shown[step]
            chains.chain(models)
            let started = try laidOut(models)
            drawing = started
            runFits = fits(started)
            if !runFits { tooMany = min(tooMany, models.count) }
        }
        for step in stride(from: 2, through: history.steps.count, by: 1) {
            let outOfLayouts = layouts >= budget - 1
            if shown[step].isSubset(of: models) {
                // Out of layouts (one kept for this run's own): the rest of the history joins this run.
                if outOfLayouts || chains.hold(for: shown[step]) { continue }
                try close(through: step - 1)
                try start(at: step)
                continue
            }
            let grown = models.union(shown[step])
            var grownChains = chains
            grownChains.chain(grown)
            // A model that joins a chain between two entries re-chains the steps already in the run.
            let rechained = models.contains { grownChains.previous[$0] != chains.previous[$0] }
            let chainsHold =
                grownChains.hold(for: shown[step])
                && (!rechained || (first..<step).allSatisfy { grownChains.hold(for: shown[$0]) })
            if outOfLayouts || (chainsHold && !runFits && shown[step].count >= tooMany) {
                models = grown
                chains = grownChains
                drawing = nil
                continue
            }
            if chainsHold && runFits && grown.count < tooMany {
                let trial = try laidOut(grown)
                if fits(trial) {
                    models = grown
                    chains = grownChains
                    drawing = trial
                    continue
                }
                tooMany = min(tooMany, grown.count)
            }
            try close(through: step - 1)
            try start(at: step)
        }
        try close(through: history.steps.count)
        return result
    }
}

/// The stack entries of a run's layout, chained in push order: a stack's entries are drawn one below the other,
/// each with an arrow from the entry pushed before it in the layout (`DOTScene`). A step can be drawn with a layout
/// only if, in each chain, the entries it shows come first: an entry whose predecessor in the layout is not shown
/// (one pushed and popped earlier in the run) would be drawn with no arrow to its stack, far below it.
struct StackChains {
    /// Per model: the stack it was first pushed onto (as the union places it), or -1.
    private let stackOf: [Int]
    /// Each entry of the layout: the entry before it in its stack's chain (the first entry has none).
    private(set) var previous: [Int: Int] = [:]

    init(_ history: ReplayHistory) {
        stackOf = history.models.indices.map { index in
            let model = history.models[index]
            guard case .push = model.edge, let parent = model.parent, let stack = history.index(of: parent) else {
                return -1
            }
            return stack
        }
    }

    /// Chains the stack entries among `models`, in the order the union draws them (first placement).
    mutating func chain(_ models: Set<Int>) {
        previous = [:]
        var last: [Int: Int] = [:]
        for model in models.sorted() where stackOf[model] >= 0 {
            if let before = last[stackOf[model]] { previous[model] = before }
            last[stackOf[model]] = model
        }
    }

    /// Whether every entry `shown` draws hangs from an entry it draws too.
    func hold(for shown: Set<Int>) -> Bool {
        shown.allSatisfy { model in previous[model].map(shown.contains) ?? true }
    }
}
