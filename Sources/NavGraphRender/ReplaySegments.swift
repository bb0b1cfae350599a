import NavGraphAnalysis

/// A run of steps the replay page draws with one layout, and the models that layout holds.
public struct ReplaySegment: Equatable, Sendable {
    /// The steps drawn with this layout (step 0, the empty state, shares the first one's).
    public var steps: ClosedRange<Int>
    /// What the run's steps show, ascending: a model placed (its index into `ReplayHistory.models`, `i`) or left
    /// alive (`ReplayHistory.models.count + i`: drawn apart, beside its last parent, as `render` draws a leak).
    public var models: [Int]
}

/// How the replay page's history is cut into layouts. One layout of every model the history ever placed keeps each
/// model in its place all session, but at any one step most of that drawing is empty room for models that come
/// before or after (the 46-step example's middle step was 1,507 pt wide, 7 of its 12 models in view at a readable
/// size). So a layout holds what a run of steps shows, and the run grows step by step while the layout still fits
/// (`fits`, the page's pane at readable text); a step that would not fit starts the next run. Within a run models
/// keep their places; a step that only removes or re-marks models never needs a new layout.
enum ReplaySegments {
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
    ///
    /// Each step costs what it changed, not what it shows (`ShownSteps`, `RunChains`): a set of the models each step
    /// shows, and a run's stack chains worked out anew at each step, were quadratic in a stack that only grows (a
    /// 20,000-entry stack: 3.1 GB) and in a sheet presented and dismissed 40,000 times (80,000 steps: 53 s).
    static func split<Drawing>(
        _ history: ReplayHistory, layout: ([Int]) throws(RenderError) -> Drawing, fits: (Drawing) -> Bool,
        budget: Int = layoutBudget
    ) throws(RenderError) -> [(segment: ReplaySegment, drawing: Drawing)] {
        try split(
            history, layoutKeeping: { (models, _) throws(RenderError) in try layout(models) }, fits: fits,
            budget: budget)
    }

    /// As `split`, with `layoutKeeping` also handed the layout of the run a set of models grows (`nil` for a
    /// run's first): a run laid out again as models join it can keep the places of those it held (`KeptPlaces`).
    static func split<Drawing>(
        _ history: ReplayHistory, layoutKeeping: ([Int], Drawing?) throws(RenderError) -> Drawing,
        fits: (Drawing) -> Bool, budget: Int = layoutBudget
    ) throws(RenderError) -> [(segment: ReplaySegment, drawing: Drawing)] {
        guard history.steps.count > 0 else {
            return [(ReplaySegment(steps: 0...0, models: []), try layoutKeeping([], nil))]
        }
        var shown = ShownSteps(history)
        var layouts = 0
        // The run's latest layout it took (not a trial it did not), kept while it grows past its layouts.
        var grownFrom: Drawing?
        func laidOut(_ models: Set<Int>) throws(RenderError) -> Drawing {
            layouts += 1
            return try layoutKeeping(models.sorted(), grownFrom)
        }
        var result: [(segment: ReplaySegment, drawing: Drawing)] = []
        // The run being built: its first step, models (every model a step of the run shows, so always holding what
        // the step before showed), its stacks' chains, and its layout while that is current.
        _ = shown.advance()
        var first = 1
        var models = shown.models
        var chains = RunChains(history)
        chains.reset(to: models, shown: shown.models)
        var drawing: Drawing? = try laidOut(models)
        grownFrom = drawing
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
            models = shown.models
            chains.reset(to: models, shown: shown.models)
            // A new run keeps what it can of the places the run before it drew.
            grownFrom = result.last?.drawing
            let started = try laidOut(models)
            drawing = started
            grownFrom = started
            runFits = fits(started)
            if !runFits { tooMany = min(tooMany, models.count) }
        }
        for step in stride(from: 2, through: history.steps.count, by: 1) {
            let outOfLayouts = layouts >= budget - 1
            let changed = shown.advance()
            // One model at a time, each counted against the others as they are at that moment: those still to
            // come as the step before showed them.
            var pending = Set(changed)
            for model in changed {
                pending.remove(model)
                chains.shownChanged(model) { shown.models.contains($0) != pending.contains($0) }
            }
            // The run holds what the step before showed: only a model this step shows anew can be missing.
            let newcomers = changed.filter { shown.models.contains($0) && !models.contains($0) }
            if newcomers.isEmpty {
                // Out of layouts (one kept for this run's own): the rest of the history joins this run.
                if outOfLayouts || chains.hold { continue }
                try close(through: step - 1)
                try start(at: step)
                continue
            }
            // The newcomers joined to the run's chains (undone by `start` if the run does not take them). One that
            // joins a chain between two entries re-chains a step of the run that showed the entry after it, without
            // the newcomer: that step would no longer be drawn whole.
            var rechained = false
            for model in newcomers where chains.insert(model, shown: shown.models) { rechained = true }
            let chainsHold = chains.hold && !rechained
            let grownCount = models.count + newcomers.count
            if outOfLayouts || (chainsHold && !runFits && shown.models.count >= tooMany) {
                models.formUnion(newcomers)
                drawing = nil
                continue
            }
            if chainsHold && runFits && grownCount < tooMany {
                let grown = models.union(newcomers)
                let trial = try laidOut(grown)
                if fits(trial) {
                    models = grown
                    drawing = trial
                    grownFrom = trial
                    continue
                }
                tooMany = min(tooMany, grownCount)
            }
            try close(through: step - 1)
            try start(at: step)
        }
        try close(through: history.steps.count)
        return result
    }
}

/// What each step of a history shows — the models placed or left alive after it, and those it removed (drawn as
/// ghosts) — worked out one step after another from what each step changed. A model left alive is shown as another
/// one, `history.models.count + i` (`ReplaySegment.models`): `render` draws a leak outside the windows, beside its
/// last parent, so a layout holds it there, not where it was placed.
struct ShownSteps {
    private let history: ReplayHistory
    /// Per step: the models whose visibility it set, and what each shows as after it (`nil`: hidden).
    private var changesAtStep: [[(model: Int, shownAs: Int?)]]
    /// What each visible model shows as.
    private var visible: [Int: Int] = [:]
    /// What the current step shows.
    private(set) var models = Set<Int>()
    /// The current step (0: none yet, nothing shown).
    private(set) var step = 0

    init(_ history: ReplayHistory) {
        self.history = history
        let count = history.models.count
        changesAtStep = [[(model: Int, shownAs: Int?)]](repeating: [], count: history.steps.count + 1)
        for (index, model) in history.models.enumerated() {
            for change in model.changes where change.step <= history.steps.count {
                let shownAs: Int? =
                    switch change.visibility {
                    case .hidden: nil
                    case .placed: index
                    case .leftAlive: count + index
                    }
                changesAtStep[change.step].append((index, shownAs))
            }
        }
    }

    /// Moves to the next step; returns what is shown at one of the two steps and not the other.
    mutating func advance() -> [Int] {
        precondition(step < history.steps.count, "advanced past the last step")
        step += 1
        let count = history.models.count
        let removedBefore = step > 1 ? history.steps[step - 2].removed : []
        let removed = history.steps[step - 1].removed
        let removedNow = Set(removed)
        for change in changesAtStep[step] { visible[change.model] = change.shownAs }
        var changed: [Int] = []
        var seen = Set<Int>()
        for model in changesAtStep[step].lazy.map(\.model) + removed + removedBefore where seen.insert(model).inserted {
            // A model removed and gone shows where it was, as the ghost of what left.
            let now = visible[model] ?? (removedNow.contains(model) ? model : nil)
            for shownAs in [model, count + model] where (now == shownAs) != models.contains(shownAs) {
                if now == shownAs { models.insert(shownAs) } else { models.remove(shownAs) }
                changed.append(shownAs)
            }
        }
        return changed
    }
}

/// The stack entries of a run's layout, chained in push order: a stack's entries are drawn one below the other,
/// each with an arrow from the entry pushed before it in the layout (`DOTScene`, which places models in the order
/// they were first placed). A step can be drawn with a layout only if, in each chain, the entries it shows come
/// first: an entry whose predecessor in the layout is not shown (one pushed and popped earlier in the run) would be
/// drawn with no arrow to its stack, far below it. Kept up to date as the run and the step change, with the number of
/// shown entries whose predecessor is not shown.
struct RunChains {
    /// Per model: the stack it was first pushed onto (as the union places it), or -1.
    private let stackOf: [Int]
    /// Per stack: the run's entries on it, ascending (the chain's order).
    private var entries: [Int: [Int]] = [:]
    /// Shown entries whose predecessor in their chain is not shown.
    private(set) var broken = 0

    /// Whether every entry the current step shows hangs from an entry it shows too.
    var hold: Bool { broken == 0 }

    init(_ history: ReplayHistory) {
        var stacks = history.models.indices.map { index in
            let model = history.models[index]
            guard case .push = model.edge, let parent = model.parent, let stack = history.index(of: parent) else {
                return -1
            }
            return stack
        }
        // A model left alive (`ShownSteps`) is drawn outside its stack: never chained.
        stacks += [Int](repeating: -1, count: history.models.count)
        stackOf = stacks
    }

    /// Chains the stack entries among `models`, with `shown` the current step's.
    mutating func reset(to models: Set<Int>, shown: Set<Int>) {
        entries = [:]
        for model in models where stackOf[model] >= 0 { entries[stackOf[model], default: []].append(model) }
        for stack in entries.keys { entries[stack]?.sort() }
        broken = 0
        for model in shown where isBroken(model, shown: shown) { broken += 1 }
    }

    /// Adds `model` to the run's chains; returns whether it went in before an entry already there (re-chaining it).
    mutating func insert(_ model: Int, shown: Set<Int>) -> Bool {
        let stack = stackOf[model]
        guard stack >= 0 else { return false }
        let chain = entries[stack, default: []]
        let position = Self.position(of: model, in: chain)
        let next = position < chain.count ? chain[position] : nil
        let before = next.map { isBroken($0, shown: shown) ? 1 : 0 } ?? 0
        entries[stack, default: []].insert(model, at: position)
        let after = (isBroken(model, shown: shown) ? 1 : 0) + (next.map { isBroken($0, shown: shown) ? 1 : 0 } ?? 0)
        broken += after - before
        return next != nil
    }

    /// `model` was shown at the step before and not now, or the other way round; `isShown` tells what is shown
    /// now, that model included.
    mutating func shownChanged(_ model: Int, isShown: (Int) -> Bool) {
        let stack = stackOf[model]
        guard stack >= 0, let chain = entries[stack] else { return }
        let position = Self.position(of: model, in: chain)
        guard position < chain.count, chain[position] == model else { return }
        let next = position + 1 < chain.count ? chain[position + 1] : nil
        let previous = predecessor(at: position, in: chain)
        // Only the model and the entry after it can change: count both as they were and as they are.
        func count(shownNow: Bool) -> Int {
            let own = shownNow && previous.map { !isShown($0) } == true
            let following = next.map { isShown($0) && !shownNow } == true
            return (own ? 1 : 0) + (following ? 1 : 0)
        }
        let now = isShown(model)
        broken += count(shownNow: now) - count(shownNow: !now)
    }

    /// The entry before `model` in its chain, if it is chained.
    func previous(_ model: Int) -> Int? {
        let stack = stackOf[model]
        guard stack >= 0, let chain = entries[stack] else { return nil }
        let position = Self.position(of: model, in: chain)
        guard position < chain.count, chain[position] == model else { return nil }
        return predecessor(at: position, in: chain)
    }

    private func predecessor(at position: Int, in chain: [Int]) -> Int? {
        position > 0 ? chain[position - 1] : nil
    }

    private func isBroken(_ model: Int, shown: Set<Int>) -> Bool {
        shown.contains(model) && previous(model).map { !shown.contains($0) } == true
    }

    /// Where `model` is, or would go, in an ascending chain.
    private static func position(of model: Int, in chain: [Int]) -> Int {
        var low = 0
        var high = chain.count
        while low < high {
            let middle = (low + high) / 2
            if chain[middle] < model { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
