import NavGraphAnalysis
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphRender

/// How the replay page cuts a history into layouts: every step drawn by a layout that holds what it shows, runs as
/// long as their layout fits, and a bounded number of layouts however long the history.
@Suite("Replay page layouts")
struct ReplaySegmentsTests {
    static func history(_ example: String) throws -> ReplayHistory {
        let timeline = try HTMLReplayPageTests.timeline(example)
        return ReplayHistory(timeline: timeline, descriptions: [])
    }

    /// A stack's root, then `count` pushes never popped: step N shows N models.
    static func growingHistory(count: Int) -> ReplayHistory {
        var timeline = Timeline()
        timeline.append(NavEvent(.root(ModelRef(id: "r", type: "Root"), kind: .stack, window: "main"), line: 1))
        for index in 0..<count {
            timeline.append(
                NavEvent(.push(ModelRef(id: "p\(index)", type: "Screen"), kind: nil, parent: "r"), line: index + 2))
        }
        return ReplayHistory(timeline: timeline, descriptions: [])
    }

    /// What each step shows, worked out the plain way: every model placed after it (its index), or left alive
    /// (`models.count` + its index: drawn apart, as render draws a leak), and those it removed that are gone.
    static func plainShown(_ history: ReplayHistory) -> [Set<Int>] {
        let count = history.models.count
        return [[]]
            + (0..<history.steps.count).map { index in
                Set(
                    history.models.indices.compactMap { model -> Int? in
                        switch history.models[model].visibility(after: index + 1) {
                        case .placed: model
                        case .leftAlive: count + model
                        case .hidden: history.steps[index].removed.contains(model) ? model : nil
                        }
                    })
            }
    }

    /// Whether every stack entry `shown` holds hangs from the entry pushed before it among `models` (the plain way:
    /// each stack's entries among `models` in the order they were first placed).
    static func chainsHold(_ history: ReplayHistory, models: Set<Int>, shown: Set<Int>) -> Bool {
        var previous: [Int: Int] = [:]
        var last: [Int: Int] = [:]
        // A model left alive (past `models.count`) is drawn apart, in no chain.
        for model in models.sorted() where model < history.models.count {
            guard case .push = history.models[model].edge, let parent = history.models[model].parent,
                let stack = history.index(of: parent)
            else { continue }
            if let before = last[stack] { previous[model] = before }
            last[stack] = model
        }
        return shown.allSatisfy { previous[$0].map(shown.contains) ?? true }
    }

    /// `history` split with a layout that is its number of models; `fits` is given that number and how many layouts
    /// were made so far. Returns the runs and the layouts made.
    static func split(
        _ history: ReplayHistory, budget: Int = ReplaySegments.layoutBudget, fits: (Int, Int) -> Bool
    ) throws -> (runs: [(segment: ReplaySegment, drawing: Int)], layouts: Int) {
        var layouts = 0
        let runs = try ReplaySegments.split(
            history,
            layout: { (models: [Int]) throws(RenderError) -> Int in
                layouts += 1
                return models.count
            }, fits: { fits($0, layouts) }, budget: budget)
        return (runs, layouts)
    }

    /// What a step shows, stepped through one step at a time, is what it shows worked out the plain way; each
    /// step names the models that came into view or left it.
    @Test func shownStepsAreWhatEachStepShows() throws {
        for example in ["leaky-session.log", "session.log", "navigator-session.log", "leaky-session.jsonl"] {
            let history = try Self.history(example)
            let expected = Self.plainShown(history)
            var shown = ShownSteps(history)
            #expect(shown.models.isEmpty)
            for step in 1...history.steps.count {
                let changed = shown.advance()
                #expect(shown.models == expected[step], "\(example), step \(step)")
                #expect(
                    Set(changed) == expected[step].symmetricDifference(expected[step - 1]), "\(example), step \(step)")
            }
        }
    }

    /// Runs cover the steps in order; each holds everything its steps show; a run that fits ends only where the next
    /// step would not fit with it; none is laid out more than needed.
    @Test func runsHoldTheirStepsAndGrowWhileTheyFit() throws {
        for (example, most) in [("leaky-session.log", 8), ("leaky-session.log", 12), ("session.log", 6)] {
            let history = try Self.history(example)
            let shown = Self.plainShown(history)
            var layouts = 0
            let runs = try ReplaySegments.split(
                history,
                layout: { (models: [Int]) throws(RenderError) -> [Int] in
                    layouts += 1
                    return models
                }, fits: { $0.count <= most })
            #expect(runs.first?.segment.steps.lowerBound == 0)
            #expect(runs.last?.segment.steps.upperBound == history.steps.count)
            for (run, next) in zip(runs, runs.dropFirst()) {
                #expect(next.segment.steps.lowerBound == run.segment.steps.upperBound + 1)
                // It fitted, and the next step would have made it too big or broken a stack's chain.
                if run.segment.models.count <= most {
                    let grown = Set(run.segment.models).union(shown[next.segment.steps.lowerBound])
                    let chained = (run.segment.steps.lowerBound...next.segment.steps.lowerBound).allSatisfy {
                        Self.chainsHold(history, models: grown, shown: shown[$0])
                    }
                    #expect(grown.count > most || !chained, "\(example): run \(run.segment.steps) ended early")
                }
            }
            for run in runs {
                #expect(run.drawing == run.segment.models, "the layout kept is the run's")
                for step in run.segment.steps {
                    #expect(shown[step].isSubset(of: Set(run.segment.models)), "\(example), step \(step)")
                }
            }
            #expect(layouts <= history.steps.count + 1)
        }
    }

    /// Random sessions on two stacks (pushes, pops of one or more, sheets holding a stack, dismissals, pushes onto a
    /// stack popped earlier, models that start before they are placed): every step is drawn by a run that holds
    /// what it shows with its stacks chained, and a run that fits ends only where the next step would not fit with
    /// it or would break a chain — what the incremental bookkeeping decides is what the plain definitions decide.
    /// Each layout is handed the one it grows from, for `KeptPlaces`: within a run, the run's latest layout; at a
    /// new run, the layout of the run before it — a model on both sides of a new run keeps its place too.
    @Test func eachLayoutIsGrownFromTheOneBeforeIt() throws {
        let history = try Self.history("leaky-session.log")
        var layouts: [[Int]] = []
        var grownFrom: [[Int]?] = []
        let runs = try ReplaySegments.split(
            history,
            layoutKeeping: { (models: [Int], earlier: [Int]?) throws(RenderError) -> [Int] in
                layouts.append(models)
                grownFrom.append(earlier)
                return models
            }, fits: { $0.count <= 8 })
        #expect(runs.count > 1)
        #expect(grownFrom.first == .some(nil))
        // Every later layout grows from a layout made before it, and every run but the first from another run's.
        for index in layouts.indices.dropFirst() {
            let earlier = try #require(grownFrom[index], "layout \(index) grows from none")
            #expect(layouts[..<index].contains(earlier))
        }
        for (previous, run) in zip(runs, runs.dropFirst()) where run.drawing != previous.drawing {
            let index = try #require(layouts.firstIndex(of: run.drawing))
            #expect(grownFrom[index] != nil)
        }
    }

    @Test(arguments: 0..<12)
    func randomSessionsSplitAsThePlainDefinitionsSay(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        var timeline = Timeline()
        timeline.append(NavEvent(.root(ModelRef(id: "r", type: "Root"), kind: .stack, window: "main"), line: 1))
        var depth = ["r": 0, "s": 0]
        var sheetOpen = false
        for index in 0..<160 {
            let line = index + 2
            switch random.next() % 7 {
            case 0, 1, 2:
                let parent = sheetOpen && random.next() % 2 == 0 ? "s" : "r"
                timeline.append(
                    NavEvent(.push(ModelRef(id: "m\(index)", type: "Screen"), kind: nil, parent: parent), line: line))
                depth[parent, default: 0] += 1
            case 3:
                let parent = sheetOpen && random.next() % 2 == 0 ? "s" : "r"
                let count = min(depth[parent, default: 0], Int(random.next() % 3) + 1)
                if count > 0 {
                    timeline.append(NavEvent(.pop(parent: parent, count: count), line: line))
                    depth[parent, default: 0] -= count
                }
            case 4 where !sheetOpen:
                timeline.append(
                    NavEvent(
                        .present(ModelRef(id: "s", type: "Sheet"), kind: .stack, parent: "r", style: .sheet),
                        line: line))
                sheetOpen = true
                depth["s"] = 0
            case 5 where sheetOpen:
                timeline.append(NavEvent(.dismiss("s"), line: line))
                sheetOpen = false
            default:
                timeline.append(NavEvent(.start(ModelRef(id: "m\(index)", type: "Screen"), kind: nil), line: line))
            }
        }
        let history = ReplayHistory(timeline: timeline, descriptions: [])
        let shown = Self.plainShown(history)
        let most = Int(random.next() % 12) + 3
        let runs = try ReplaySegments.split(
            history, layout: { (models: [Int]) throws(RenderError) -> [Int] in models }, fits: { $0.count <= most })
        #expect(runs.first?.segment.steps.lowerBound == 0)
        #expect(runs.last?.segment.steps.upperBound == history.steps.count)
        for run in runs {
            #expect(run.drawing == run.segment.models)
            for step in run.segment.steps {
                #expect(shown[step].isSubset(of: Set(run.segment.models)), "step \(step)")
                #expect(Self.chainsHold(history, models: Set(run.segment.models), shown: shown[step]), "step \(step)")
            }
        }
        for (run, next) in zip(runs, runs.dropFirst()) where run.segment.models.count <= most {
            let grown = Set(run.segment.models).union(shown[next.segment.steps.lowerBound])
            let chained = (run.segment.steps.lowerBound...next.segment.steps.lowerBound).allSatisfy {
                Self.chainsHold(history, models: grown, shown: shown[$0])
            }
            #expect(grown.count > most || !chained, "run \(run.segment.steps) ended early")
        }
    }

    /// Past the budget, the rest of the history is one run: a long history is never laid out thousands of times.
    @Test func layoutsAreBounded() throws {
        let history = Self.growingHistory(count: 400)
        let (runs, layouts) = try Self.split(history, budget: 20) { _, layouts in layouts % 2 == 0 }
        #expect(layouts <= 20)
        #expect(runs.last?.segment.steps.upperBound == 401)
        #expect(runs.last?.segment.models.count == 401, "the last run holds all the rest")
    }

    /// A run too big from its first step takes the steps after it without a layout each.
    @Test func aRunTooBigToFitIsNotTriedAgainAtEveryStep() throws {
        let history = Self.growingHistory(count: 200)
        let (runs, layouts) = try Self.split(history) { models, _ in models <= 10 }
        // Steps 1–10 (1 to 10 models) fit in one run; the rest, each too big, one run laid out at its start and end.
        #expect(runs.map(\.segment.steps) == [0...10, 11...201])
        #expect(layouts < 20)
    }

    /// The pane holds a drawing whose smallest node text is readable with the whole drawing in view.
    @Test func paneMeasuresTheDrawingAtReadableText() {
        func svg(width: Int, height: Int, font: Double) -> String {
            "<svg width=\"\(width)pt\" height=\"\(height)pt\" viewBox=\"0.00 0.00 \(width).00 \(height).00\">\n"
                + "<g id=\"graph0\" class=\"graph\">\n<g id=\"node1\" class=\"node\">\n<title>n1</title>\n"
                + "<text font-size=\"\(font)\">A</text>\n</g>\n</g>\n</svg>"
        }
        let pane = ReplayPane(width: 900, height: 700, readableText: 9)
        #expect(pane.holds(svg: svg(width: 900, height: 700, font: 9)))
        #expect(!pane.holds(svg: svg(width: 901, height: 700, font: 9)))
        #expect(pane.holds(svg: svg(width: 1800, height: 1400, font: 18)), "bigger text, scaled down")
        #expect(!pane.holds(svg: svg(width: 1000, height: 100, font: 9)))
        #expect(pane.holds(svg: "<svg viewBox=\"0 0 5000 5000\"></svg>"), "no node: nothing to read")
    }
}

@Suite("Long type names wrapped")
struct TypeWrapTests {
    @Test func wrapsAtTheCamelCaseBreakNearestTheMiddle() {
        let labels = DiagramLabels(wrapsTypesLongerThan: 20)
        #expect(labels.type("ArchitectureExampleNavigationModel") == "ArchitectureExample\u{2028}NavigationModel")
        #expect(labels.type("MainTabsNavigationModel") == "MainTabs\u{2028}NavigationModel")
        #expect(labels.type("Short") == "Short")
        #expect(labels.type("alllowercaseandverylongname") == "alllowercaseandverylongname", "no place to break")
        #expect(labels.type("HTTPURLSessionConfiguration") == "HTTPURLSession\u{2028}Configuration")
        #expect(DiagramLabels().type("ArchitectureExampleNavigationModel") == "ArchitectureExampleNavigationModel")
        let stripped = DiagramLabels(strippedSuffix: "NavigationModel", wrapsTypesLongerThan: 20)
        #expect(stripped.type("ArchitectureExampleNavigationModel") == "ArchitectureExample")
    }

    /// `--strip-suffix` shortens every name in a type that ends with the suffix: a generic type and its arguments,
    /// a qualified name, a case's payload; a name that is the suffix alone, or only contains it, stays.
    @Test func aStrippedSuffixLeavesEveryNameThatEndsWithIt() {
        let labels = DiagramLabels(strippedSuffix: "NavigationModel")
        #expect(labels.type("HomeNavigationModel") == "Home")
        #expect(labels.type("ThreadNavigationModel<ListNavigationModel, Int>") == "Thread<List, Int>")
        #expect(labels.type("App.SettingsNavigationModel") == "App.Settings")
        #expect(labels.type("detail(DetailNavigationModel)") == "detail(Detail)")
        #expect(labels.type("NavigationModel") == "NavigationModel")
        #expect(labels.type("Wrapper<NavigationModel>") == "Wrapper<NavigationModel>")
        #expect(labels.type("NavigationModelStore") == "NavigationModelStore")
        #expect(labels.type("Café_NavigationModel") == "Café_")
    }

    /// The break reaches Graphviz as its line break; any other control character stays out.
    @Test func lineSeparatorIsDOTsLineBreak() {
        #expect(Escaping.dotString("A\u{2028}B") == "A\\nB")
        #expect(Escaping.dotString("A\nB") == "AB")
    }
}

@Suite("Replay page layouts keep stacks chained")
struct StackChainTests {
    /// A stack with its root entry, A pushed and popped, then B pushed: B hangs from A in a layout holding both, so
    /// the step that shows B without A needs a layout of its own.
    @Test func anEntryPushedAfterAPopStartsARunWhereItsPredecessorIsGone() throws {
        var timeline = Timeline()
        timeline.append(NavEvent(.root(ModelRef(id: "r", type: "Root"), kind: .stack, window: "main"), line: 1))
        timeline.append(NavEvent(.push(ModelRef(id: "home", type: "Home"), kind: nil, parent: "r"), line: 2))
        timeline.append(NavEvent(.push(ModelRef(id: "a", type: "A"), kind: nil, parent: "r"), line: 3))
        timeline.append(NavEvent(.pop(parent: "r", count: 1), line: 4))
        timeline.append(NavEvent(.push(ModelRef(id: "b", type: "B"), kind: nil, parent: "r"), line: 5))
        let history = ReplayHistory(timeline: timeline, descriptions: [])
        let shown = ReplaySegmentsTests.plainShown(history)
        let runs = try ReplaySegments.split(
            history, layout: { (models: [Int]) throws(RenderError) -> [Int] in models }, fits: { _ in true })
        for run in runs {
            for step in run.segment.steps {
                #expect(
                    ReplaySegmentsTests.chainsHold(history, models: Set(run.segment.models), shown: shown[step]),
                    "step \(step)")
            }
        }
        #expect(runs.count == 2, "\(runs.map(\.segment))")
        // Step 4 removes A (drawn as it leaves); step 5 shows B on the root entry, without A.
        #expect(runs.last?.segment.steps == 5...5)
    }
}
