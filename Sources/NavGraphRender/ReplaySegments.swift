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
        // The run being built: its first step, models, and its layout while that is current.
        var first = 1
        var models = shown[1]
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
            let started = try laidOut(models)
            drawing = started
            runFits = fits(started)
            if !runFits { tooMany = min(tooMany, models.count) }
        }
        for step in stride(from: 2, through: history.steps.count, by: 1) where !shown[step].isSubset(of: models) {
            let grown = models.union(shown[step])
            // Out of layouts (one kept for this run's own): the rest of the history joins this run.
            if layouts >= budget - 1 || (!runFits && shown[step].count >= tooMany) {
                models = grown
                drawing = nil
                continue
            }
            if runFits && grown.count < tooMany {
                let trial = try laidOut(grown)
                if fits(trial) {
                    models = grown
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
