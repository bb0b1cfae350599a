import NavGraphAnalysis
import NavGraphCore

/// A self-contained HTML page replaying a history in a browser. The history is laid out (by Graphviz, as SVG) in
/// runs of steps (`ReplaySegments`): each layout holds the models its steps show, and each step only shows, hides
/// and highlights them, so a model keeps its place while its run lasts. `Layout.union` lays out every model the
/// history placed once instead. The page's markup, style and script come from an HTML theme (`templates/html/`);
/// every string from the log travels as JSON data and is inserted as text, never as markup.
public struct HTMLReplayPage {
    /// The union is laid out up to this many models by default (breadth first, at most 40 children each); past it
    /// the drawing folds the rest into "… N more" nodes, as `render --max-nodes` does. Lower than `render`'s 2,000:
    /// the page's size and its opening time grow with the drawing (a 10,000-step session places some 2,700 models;
    /// drawn whole, its page is 6.9 MB against 4.1 MB and opens in 1.1 s against 0.7 s, docs/html-replay.md).
    public static let defaultMaxNodes = 1000
    /// Type names longer than this are drawn on two lines in the page (`DiagramLabels.wrapsTypesLongerThan`): the
    /// pane is narrower than a README column, and the 46-step example's middle step, three long names side by
    /// side, was 1,144 pt wide — 1,052 px at readable text in a 900 px pane.
    public static let typeWrapLength = 20
    /// The page template every built-in HTML theme inherits from (`{{<replay-page}} … {{/replay-page}}`).
    public static let pageTemplateName = "html/replay-page.html.mustache"

    /// How the history is laid out.
    public enum Layout: String, CaseIterable, Sendable {
        /// Laid out again where a step would not show whole at a readable size (`ReplaySegments`).
        case fit
        /// One layout of every model the history placed: each keeps its place all session; the page frames each
        /// step, around its last change when it is too big to read whole.
        case union
    }

    public private(set) var history: ReplayHistory
    public let title: String
    /// Why leaks cannot be told from the input (`LeakReport.cannotBeTold`), said where the page lists leaks: an
    /// empty list would claim there are none.
    public var leaksCannotBeTold: String?
    /// Drawings made before (`navgraph serve` makes its page again at each change): a run of steps whose models are
    /// as they were is not drawn again. `nil`: every drawing is made.
    public var memo: DrawingMemo?
    /// Whether the input has ended: a model left alive is then drawn as leaked, and before it as left, not
    /// finished (`navgraph serve` while its input goes on), as `render` and `tree` say it.
    public var endOfInput: Bool {
        get { dotRenderer.endOfInput }
        set { dotRenderer.endOfInput = newValue }
    }
    private var dotRenderer: DOTRenderer
    private let theme: HTMLTheme

    /// - Parameters:
    ///   - dotRenderer: draws the union (its theme gives the drawing's colours).
    ///   - themeText: an HTML theme (Mustache); `themeName` names it in errors.
    ///   - maxNodes: the most models the union's drawing holds; `nil` for all.
    public init(
        history: ReplayHistory, title: String, dotRenderer: DOTRenderer, themeText: String, themeName: String,
        maxNodes: Int? = defaultMaxNodes
    ) throws(RenderError) {
        self.history = history
        self.title = title
        self.dotRenderer = dotRenderer
        self.dotRenderer.maxNodes = maxNodes
        theme = try HTMLTheme(text: themeText, name: themeName)
    }

    /// The same page — its theme, its drawing's renderer, its memo — for another history.
    public func replacingHistory(_ history: ReplayHistory) -> HTMLReplayPage {
        var page = self
        page.history = history
        return page
    }

    /// The union of everything the history placed, as DOT: what `Layout.union` lays out once for the whole page.
    public func unionDOT() throws(RenderError) -> String {
        var dot = ""
        _ = try dotRenderer.render(Self.union(of: history), to: &dot)
        return dot
    }

    /// The page, its drawings laid out by `engine`, and how much the drawings folded (past `maxNodes`, or past 40
    /// children of one model: the summary of the drawing that folded the most).
    public func render(
        layout: Layout = .fit, engine: some DOTLayoutEngine, pane: ReplayPane = .laptop
    ) throws(RenderError) -> (page: String, summary: RenderSummary) {
        let (data, summary) = try renderData(layout: layout, engine: engine, pane: pane)
        return (try page(data: data), summary)
    }

    /// The page's data alone (the JSON its script reads), and how much the drawings folded: what `navgraph serve`
    /// sends the live page at each change.
    public func renderData(
        layout: Layout = .fit, engine: some DOTLayoutEngine, pane: ReplayPane = .laptop
    ) throws(RenderError) -> (data: String, summary: RenderSummary) {
        let drawings = try laidOut(layout, engine: engine, pane: pane)
        var data = ""
        writeData(drawings, to: &data)
        let mostFolded = drawings.max { $0.drawing.scene.collapsedCount < $1.drawing.scene.collapsedCount }
        return (data, mostFolded?.drawing.summary ?? RenderSummary(drawn: 0))
    }

    /// The page around `data` (from `renderData`). `live`: the page of `navgraph serve`, which follows the log as
    /// its server sends each new state (an event stream from the page's own origin, which its CSP then allows).
    public func page(data: String, live: Bool = false) throws(RenderError) -> String {
        let context: [String: Any] = [
            "title": title, "data": data, "steps": history.steps.count, "models": history.models.count, "live": live,
        ]
        return try theme.render(context)
    }

    // MARK: The union

    /// One hierarchy holding every model at the place it was first put: a snapshot per root (a window whose root
    /// changed over time gets one per root). Models whose first parent never led to a root (they moved before
    /// their parent was placed) start roots of their own. `only`: the models to hold (a run's); a model whose
    /// parent is left out starts a root.
    static func union(of history: ReplayHistory, only: [Int]? = nil) -> Hierarchy {
        let models = history.models
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        // Models left out count as reached: no root starts from them.
        var reached = [Bool](repeating: only != nil, count: models.count)
        for index in only ?? [] { reached[index] = false }
        for (index, model) in models.enumerated() where !reached[index] {
            if let parent = model.parent, let parentIndex = history.index(of: parent), parentIndex != index,
                !reached[parentIndex]
            {
                children[parentIndex, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        var snapshots: [Snapshot] = []
        var windowRoots: [String: Int] = [:]
        var nextUnreached = 0
        var pendingRoots = roots[...]
        while true {
            let root: Int
            if let next = pendingRoots.popFirst() {
                root = next
            } else {
                while nextUnreached < models.count && reached[nextUnreached] { nextUnreached += 1 }
                guard nextUnreached < models.count else { break }
                root = nextUnreached
            }
            guard !reached[root] else { continue }
            var entries: [Snapshot.Entry] = []
            var queue = [(root, nil as Int?)]
            var head = 0
            reached[root] = true
            while head < queue.count {
                let (index, parent) = queue[head]
                head += 1
                let model = models[index]
                entries.append(
                    Snapshot.Entry(
                        model: model.ref, kind: model.kind, edge: parent == nil ? nil : model.edge ?? .child,
                        parent: parent, title: model.title))
                for child in children[index] ?? [] where !reached[child] {
                    reached[child] = true
                    queue.append((child, entries.count - 1))
                }
            }
            let window = models[root].window
            let count = windowRoots[window, default: 0] + 1
            windowRoots[window] = count
            snapshots.append(Snapshot(window: count == 1 ? window : "\(window) (root \(count))", entries: entries))
        }
        var hierarchy = Hierarchy()
        if !snapshots.isEmpty { hierarchy.apply(NavEvent(.snapshot(snapshots), line: 0)) }
        return hierarchy
    }

    // MARK: The page's data

    /// The key `DOTScene` gives a "… N more" node: this, then the key of the model whose children it stands for.
    private static let foldedPrefix = "collapsed:"

    /// One layout of the page: the models it holds (a run's, or the union), their scene and Graphviz's SVG.
    struct Drawing {
        var scene: DOTScene
        var summary: RenderSummary
        var svg: String
        /// Whether it shows whole in the pane at readable text (`ReplayPane.holds`): measured once, when laid out,
        /// for the runs' growth and for the page's framing alike.
        var fits: Bool
        /// The SVG cut into its groups.
        var groups: SVGGroups
        /// Where each model is drawn (by key), for a layout of the run grown from this one to keep (`KeptPlaces`):
        /// Graphviz's points, y up.
        var places: [String: DrawingPlaces.Point] = [:]
        /// The top of the drawing's box in those points: the SVG counts y down from it.
        var top = 0.0
        /// How far the SVG is moved in its own units (`DrawingShift`): what stayed is where the drawing before
        /// showed it.
        var shift = DrawingPlaces.Point(x: 0, y: 0)
        /// Which stored drawing this is (`DrawingMemo`): a drawing grown from it depends on it.
        var serial = 0
    }

    /// Drawings by what they draw, for pages made again and again; the oldest go past `capacity`. One page is made
    /// with it at a time.
    public final class DrawingMemo: @unchecked Sendable {
        /// About a page's layouts (`ReplaySegments.layoutBudget`), twice over.
        static let capacity = 256
        private var drawings: [String: Drawing] = [:]
        private var order: [String] = []

        public init() {}

        func drawing(_ key: String) -> Drawing? { drawings[key] }

        private var stored = 0

        /// Keeps `drawing`, numbered (`Drawing.serial`); the drawing as kept.
        func store(_ drawing: Drawing, _ key: String) -> Drawing {
            if order.count >= Self.capacity { drawings[order.removeFirst()] = nil }
            stored += 1
            var kept = drawing
            kept.serial = stored
            drawings[key] = kept
            order.append(key)
            return kept
        }
    }

    /// A drawing of `models`, grown from `earlier` (its places kept where they can be).
    private func drawing(
        of models: [Int]?, grownFrom earlier: Drawing? = nil, engine: some DOTLayoutEngine, pane: ReplayPane
    ) throws(RenderError) -> Drawing {
        guard let memo else { return try newDrawing(of: models, grownFrom: earlier, engine: engine, pane: pane) }
        // What it is grown from is part of what it is: the memo's number of that drawing.
        let key = drawingKey(models) + (earlier.map { "\u{2}\($0.serial)" } ?? "")
        if let drawing = memo.drawing(key) { return drawing }
        return memo.store(try newDrawing(of: models, grownFrom: earlier, engine: engine, pane: pane), key)
    }

    /// What a drawing of `models` (`ReplaySegment.models`) depends on: each model as the union places it, and each
    /// one left alive with the model it left from and whether it is labelled leaked (`endOfInput`).
    private func drawingKey(_ models: [Int]?) -> String {
        var key = ""
        let count = history.models.count
        for shown in models ?? Array(history.models.indices) + leftAliveEver.map({ count + $0 }) {
            if shown >= count {
                key += "left\u{1}\(shown - count)\u{1}" + (history.models[shown - count].leftFrom ?? "")
                key += endOfInput ? "\u{1}leaked\n" : "\n"
                continue
            }
            let model = history.models[shown]
            key += model.ref.key + "\u{1}" + model.ref.id + "\u{1}" + model.ref.type
            key += "\u{1}" + (model.ref.module ?? "")
            key += "\u{1}" + model.kind.rawValue + "\u{1}" + (model.edge.map { "\($0)" } ?? "") + "\u{1}"
            key += (model.parent ?? "") + "\u{1}" + model.window + "\n"
        }
        return key
    }

    private func newDrawing(
        of models: [Int]?, grownFrom earlier: Drawing?, engine: some DOTLayoutEngine, pane: ReplayPane
    ) throws(RenderError) -> Drawing {
        let (hierarchy, departed) = layoutInput(models)
        var dot = ""
        let summary = try dotRenderer.render(hierarchy, departed: departed, to: &dot)
        let scene = dotRenderer.scene(for: hierarchy, departed: departed)
        var modelOf: [String: String] = [:]
        for case .node(let id, let model, _, _) in scene.statements { modelOf[id] = model.key }
        let leftToRight = dotRenderer.direction == .leftToRight
        var keeps = false
        let (svg, laidOut) = try engine.drawKeepingPlaces(dot: dot) { fresh in
            // No places to keep, or none that fit together: the drawing is as `dot` laid it out.
            guard let earlier, !earlier.places.isEmpty, let end = dot.lastIndex(of: "}"),
                let kept = KeptPlaces.statements(
                    fresh: fresh, model: { modelOf[$0] }, earlier: earlier.places, leftToRight: leftToRight)
            else { return nil }
            keeps = true
            return dot[..<end] + kept + "}\n"
        }
        func drawing(_ svg: [UInt8], _ laidOut: DrawingPlaces?) -> Drawing {
            var places: [String: DrawingPlaces.Point] = [:]
            for node in laidOut?.nodes ?? [] {
                if let key = modelOf[node.name] { places[key] = node.box.centre }
            }
            let top = laidOut?.bounds?.maxY ?? 0
            let (text, shift) = DrawingShift.shifted(
                String(decoding: svg, as: UTF8.self),
                by: DrawingShift.shift(
                    places: places, top: top, toMatch: earlier.map { ($0.places, $0.top, $0.shift) }))
            let groups = SVGGroups(svg: Self.svgElement(text))
            var drawing = Drawing(
                scene: scene, summary: summary, svg: text, fits: pane.holds(svg: text, groups: groups),
                groups: groups)
            drawing.places = places
            drawing.top = top
            drawing.shift = shift
            return drawing
        }
        let made = drawing(svg, laidOut)
        guard keeps && !made.fits else { return made }
        // The places kept spread the drawing past what reads whole, where `dot`'s own may not: a run is cut where
        // its layout stops fitting, and one too big from its start is framed around each step's change instead.
        let own = try engine.drawKeepingPlaces(dot: dot) { _ in nil }
        let ownDrawing = drawing(own.svg, own.places)
        return ownDrawing.fits ? ownDrawing : made
    }

    /// What a layout of `models` (`ReplaySegment.models`; `nil`: everything) draws: the union of the models it
    /// places, and the ones it shows left alive, drawn as `render` draws leaks.
    func layoutInput(_ models: [Int]?) -> (hierarchy: Hierarchy, departed: [DOTScene.Departure]) {
        let count = history.models.count
        let placed = models.map { $0.filter { $0 < count } }
        let left = models.map { $0.filter { $0 >= count }.map { $0 - count } } ?? leftAliveEver
        return (Self.union(of: history, only: placed), departures(left, placed: placed.map(Set.init)))
    }

    /// The models left alive at some step: each is drawn apart while it is (`ReplaySegment.models`).
    private var leftAliveEver: [Int] {
        history.models.indices.filter { index in history.models[index].changes.contains { $0.visibility == .leftAlive }
        }
    }

    /// Key prefixes of a model drawn as left alive, and of the ghost of the model one left from (`render`'s ghost:
    /// the model a leak hangs from, once that one is gone).
    static let leftPrefix = "left:"
    static let ghostPrefix = "ghost:"

    /// The models `left` (indexes) as `render` draws leaks: outside the windows, each hung from the model it left
    /// from — that model where the layout places it, or left alive too, or its ghost once gone. A layout serves a
    /// run of steps, and the model left from may be each of these at some step of it: the leak hangs from each one
    /// the run can show (the page shows the arrow from the one the step shows). `placed`: the models the layout
    /// places (`nil`: all).
    private func departures(_ left: [Int], placed: Set<Int>?) -> [DOTScene.Departure] {
        let leftSet = Set(left)
        var result: [DOTScene.Departure] = []
        for index in left {
            let model = history.models[index]
            var ref = model.ref
            ref.key = Self.leftPrefix + ref.key
            guard let parentKey = model.leftFrom, let parent = history.index(of: parentKey) else {
                result.append(DOTScene.Departure(model: ref, parent: nil))
                continue
            }
            let parentModel = history.models[parent]
            var parents: [ModelRef] = []
            if placed.map({ $0.contains(parent) }) ?? true { parents.append(parentModel.ref) }
            if leftSet.contains(parent) {
                var leftParent = parentModel.ref
                leftParent.key = Self.leftPrefix + leftParent.key
                parents.append(leftParent)
            }
            if parents.isEmpty || parentModel.changes.contains(where: { $0.visibility == .hidden }) {
                var ghost = parentModel.ref
                ghost.key = Self.ghostPrefix + ghost.key
                parents.append(ghost)
            }
            for parentRef in parents { result.append(DOTScene.Departure(model: ref, parent: parentRef)) }
        }
        return result
    }

    /// The page's layouts, each with the steps it draws.
    func laidOut(
        _ layout: Layout, engine: some DOTLayoutEngine, pane: ReplayPane
    ) throws(RenderError) -> [(segment: ReplaySegment, drawing: Drawing)] {
        switch layout {
        case .union:
            let count = history.models.count
            let all = ReplaySegment(
                steps: 0...history.steps.count, models: Array(history.models.indices) + leftAliveEver.map { count + $0 }
            )
            return [(all, try drawing(of: nil, engine: engine, pane: pane))]
        case .fit:
            return try ReplaySegments.split(
                history,
                layoutKeeping: { (models, earlier) throws(RenderError) in
                    try drawing(of: models, grownFrom: earlier, engine: engine, pane: pane)
                },
                fits: \.fits)
        }
    }

    /// The JSON the page's script reads: models (with their visibility changes and lifetimes), the steps (each
    /// naming its drawing), the leaked models and the drawings, each cut into its groups (naming the model, the two
    /// models or the cluster it shows, or the model whose left-out children a "… N more" node stands for, which the
    /// page builds only when a step shows them) with its clusters and the models inside each. Every string goes
    /// through `Escaping.jsonString`, which also escapes `<`, `>`, `&`, U+2028 and U+2029, so the JSON is inert
    /// inside a `<script>` element.
    private func writeData(
        _ drawings: [(segment: ReplaySegment, drawing: Drawing)], to output: inout String
    ) {
        output += "{\"title\":" + Escaping.jsonString(title)
        // A live page's history may start after the input's first steps: its step n is the input's first + n.
        if history.firstStep > 0 { output += ",\"first\":\(history.firstStep)" }
        output += ",\n\"models\":["
        for (index, model) in history.models.enumerated() {
            if index > 0 { output += ",\n" }
            output +=
                "{\"id\":" + Escaping.jsonString(model.ref.id) + ",\"type\":" + Escaping.jsonString(model.ref.type)
            output += ",\"kind\":\"" + model.kind.rawValue + "\""
            output +=
                ",\"v\":[" + model.changes.map { "\($0.step),\($0.visibility.rawValue)" }.joined(separator: ",") + "]"
            if let parent = model.parent, let parentIndex = history.index(of: parent) {
                output += ",\"parent\":\(parentIndex)"
            }
            if let started = model.started { output += ",\"started\":" + Self.json(started) }
            output += ",\"attached\":" + Self.json(model.attached) + ",\"left\":" + Self.json(model.left)
            if let finished = model.finished { output += ",\"finished\":" + Self.json(finished) }
            if model.moreMoments > 0 { output += ",\"more\":\(model.moreMoments)" }
            output += "}"
        }
        output += "],\n\"leaked\":[" + history.leaked.map(String.init).joined(separator: ",") + "]"
        if let leaksCannotBeTold { output += ",\n\"leaksUnknown\":" + Escaping.jsonString(leaksCannotBeTold) }
        var drawingOfStep = [Int](repeating: 0, count: history.steps.count + 1)
        for (index, laidOut) in drawings.enumerated() {
            for step in laidOut.segment.steps where step < drawingOfStep.count { drawingOfStep[step] = index }
        }
        writeSteps(drawingOfStep: drawingOfStep, to: &output)
        output += ",\n\"drawings\":["
        for (index, laidOut) in drawings.enumerated() {
            if index > 0 { output += ",\n" }
            writeDrawing(laidOut.drawing, to: &output)
        }
        output += "]}"
    }

    /// A step's words as its row in the event list shows them, where a row has room for about 34 characters: each
    /// long type name is shortened in its middle to its first camel-case words and its last
    /// (`MainTabsNavigationModel` → `MainTabs…Model`), never an id (a word with a `-`, a UUID, or without small
    /// letters, a hex id). The page keeps the id of a model the step changed in view whatever stands before it (it
    /// cuts the words before the id first); the row's tooltip and the search keep the whole text.
    static func rowText(_ text: String) -> String {
        guard text.utf8.count > rowTypeLength + 4 else { return text }
        var changed = false
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map { word -> Substring in
            // The word and what ends it: `ThreadModel,` or `SegmentedTabsNavigationModel:`.
            let core = word.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard core.count == word.count || core.count >= word.count - 2, let short = shortenedType(core) else {
                return word
            }
            changed = true
            return short + word[core.endIndex...]
        }
        return changed ? words.joined(separator: " ") : text
    }

    /// A type longer than this is shortened in an event row.
    static let rowTypeLength = 20
    /// `word` shortened when it is a camel-case type name longer than `rowTypeLength` (a capital first, small letters
    /// and another capital in it; no `-`, so never a UUID, nor a hex id): its first words and its last.
    private static func shortenedType(_ word: Substring) -> Substring? {
        guard word.count > rowTypeLength, !word.contains("-"), let first = word.first, first.isUppercase,
            word.dropFirst().contains(where: \.isUppercase), word.contains(where: \.isLowercase)
        else { return nil }
        // Where each camel-case word starts (a capital after a small letter).
        var starts = [word.startIndex]
        var index = word.index(after: word.startIndex)
        while index < word.endIndex {
            if word[index].isUppercase, word[word.index(before: index)].isLowercase { starts.append(index) }
            index = word.index(after: index)
        }
        let last = starts.count > 1 ? word[starts[starts.count - 1]...] : ""
        let tail = last.count <= 6 ? last : ""
        var kept = word.startIndex
        for start in starts.dropFirst()
        where word.distance(from: word.startIndex, to: start) + 1 + tail.count
            <= rowTypeLength
        {
            kept = start
        }
        if kept == word.startIndex {
            kept = word.index(word.startIndex, offsetBy: rowTypeLength - 1 - tail.count)
        }
        return word[..<kept] + "…" + tail
    }

    /// Each step: its line, time, event, text, the models it added, removed and finished, its warnings, its drawing.
    private func writeSteps(drawingOfStep: [Int], to output: inout String) {
        output += ",\n\"steps\":["
        for (index, step) in history.steps.enumerated() {
            if index > 0 { output += ",\n" }
            output += "{\"line\":\(step.line),\"d\":\(drawingOfStep[index + 1])"
            if let time = step.time { output += ",\"time\":\(time)" }
            output += ",\"event\":\"" + step.event + "\",\"text\":" + Escaping.jsonString(step.description)
            let row = Self.rowText(step.description)
            if row != step.description { output += ",\"row\":" + Escaping.jsonString(row) }
            if !step.added.isEmpty {
                output += ",\"added\":[" + step.added.map(String.init).joined(separator: ",") + "]"
            }
            if !step.removed.isEmpty {
                output += ",\"removed\":[" + step.removed.map(String.init).joined(separator: ",") + "]"
            }
            if let finished = step.finished { output += ",\"finished\":\(finished)" }
            if !step.warnings.isEmpty {
                output += ",\"warnings\":[" + step.warnings.map(Escaping.jsonString).joined(separator: ",") + "]"
            }
            output += "}"
        }
        output += "]"
    }

    /// A drawing: its SVG cut into groups, each tied to the model, edge or cluster it shows; its clusters' models;
    /// how many models it drew and folded; whether it shows whole at a readable size (`fits`: the page then frames
    /// the whole drawing at every step of its run, so nothing moves while the run lasts).
    private func writeDrawing(_ drawing: Drawing, to output: inout String) {
        let placed = placed(in: drawing.scene)
        let svg = drawing.groups
        output += "{\"head\":" + Escaping.jsonString(svg.head)
        output += ",\"tail\":" + Escaping.jsonString(svg.tail)
        output += ",\"clusters\":["
        output += placed.clusters.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: ",")
        output += "],\"drawn\":\(drawing.scene.drawnCount),\"folded\":\(drawing.scene.collapsedCount)"
        if drawing.fits { output += ",\"fits\":true" }
        output += ",\"groups\":["
        for (index, group) in svg.groups.enumerated() {
            if index > 0 { output += ",\n" }
            output += "{\"g\":" + Escaping.jsonString(group.xml)
            switch group.kind {
            case .node:
                if let model = placed.modelByDotID[group.title] {
                    output += ",\"node\":\(model)"
                } else if let model = placed.leftByDotID[group.title] {
                    output += ",\"left\":\(model)"
                } else if let model = placed.ghostByDotID[group.title] {
                    output += ",\"ghost\":\(model)"
                } else if let parent = placed.foldedUnder[group.title] {
                    output += ",\"folded\":\(parent)"
                }
            case .edge:
                let ends = group.title.components(separatedBy: "->")
                guard ends.count == 2 else { break }
                if let from = placed.modelByDotID[ends[0]],
                    let to = placed.modelByDotID[ends[1]] ?? placed.foldedUnder[ends[1]]
                {
                    output += ",\"edge\":[\(from),\(to)]"
                } else if let to = placed.leftByDotID[ends[1]] {
                    // A leak's arrow, from the model it left from as the step shows that one: placed (1), left
                    // alive too (2) or gone, its ghost (0).
                    if let from = placed.modelByDotID[ends[0]] {
                        output += ",\"leak\":[\(from),\(to),1]"
                    } else if let from = placed.leftByDotID[ends[0]] {
                        output += ",\"leak\":[\(from),\(to),2]"
                    } else if let from = placed.ghostByDotID[ends[0]] {
                        output += ",\"leak\":[\(from),\(to),0]"
                    }
                }
            case .cluster:
                if let cluster = placed.clusterByDotID[group.title] { output += ",\"cluster\":\(cluster)" }
            case .other:
                break
            }
            output += "}"
        }
        output += "]}"
    }

    /// Which model, cluster or folded model's children each DOT id of the union drawing stands for.
    private struct Placed {
        var modelByDotID: [String: Int] = [:]
        /// A model drawn as left alive, apart (`ReplaySegment.models`), and the ghost of one a leak left from.
        var leftByDotID: [String: Int] = [:]
        var ghostByDotID: [String: Int] = [:]
        var clusterByDotID: [String: Int] = [:]
        /// A "… N more" node's id: the model whose left-out children it stands for.
        var foldedUnder: [String: Int] = [:]
        /// Each cluster's models (a model is in every cluster around it).
        var clusters: [[Int]] = []
    }

    private func placed(in scene: DOTScene) -> Placed {
        var placed = Placed()
        var open: [Int] = []
        for statement in scene.statements {
            switch statement {
            case .open(let id, let kind, _):
                if kind == .legend {
                    open.append(-1)
                    continue
                }
                placed.clusterByDotID[id] = placed.clusters.count
                placed.clusters.append([])
                open.append(placed.clusters.count - 1)
            case .close:
                _ = open.popLast()
            case .node(let id, let model, _, _):
                if model.key.hasPrefix(Self.leftPrefix),
                    let index = history.index(of: String(model.key.dropFirst(Self.leftPrefix.count)))
                {
                    placed.leftByDotID[id] = index
                    continue
                }
                if model.key.hasPrefix(Self.ghostPrefix),
                    let index = history.index(of: String(model.key.dropFirst(Self.ghostPrefix.count)))
                {
                    placed.ghostByDotID[id] = index
                    continue
                }
                guard let index = history.index(of: model.key) else {
                    // A "… N more" node standing for a model's children left out: shown with that model.
                    if model.key.hasPrefix(Self.foldedPrefix),
                        let parent = history.index(of: String(model.key.dropFirst(Self.foldedPrefix.count)))
                    {
                        placed.foldedUnder[id] = parent
                    }
                    continue
                }
                placed.modelByDotID[id] = index
                for cluster in open where cluster >= 0 { placed.clusters[cluster].append(index) }
            default:
                break
            }
        }
        return placed
    }

    private static func json(_ moment: ReplayHistory.Moment) -> String { "[\(moment.step),\(moment.line)]" }
    private static func json(_ moments: [ReplayHistory.Moment]) -> String {
        "[" + moments.map(json).joined(separator: ",") + "]"
    }

    /// The `<svg>` element alone: Graphviz's XML declaration, doctype and comments (one per node, edge and
    /// cluster, repeating its generated name) are left out; the page finds each node by its `<title>`.
    static func svgElement(_ svg: String) -> String {
        // Bytes, scanned once: searching the text again from each comment is quadratic on a large drawing.
        let bytes = Array(svg.utf8)
        func starts(_ pattern: [UInt8], at index: Int) -> Bool {
            index + pattern.count <= bytes.count && bytes[index..<index + pattern.count].elementsEqual(pattern)
        }
        let svgTag = Array("<svg".utf8)
        let open = Array("<!--".utf8)
        let close = Array("-->".utf8)
        guard var index = bytes.indices.first(where: { starts(svgTag, at: $0) }) else { return svg }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count - index)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), starts(open, at: index) {
                var end = index + open.count
                while end < bytes.count && !starts(close, at: end) { end += 1 }
                index = min(bytes.count, end + close.count)
                if index < bytes.count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
