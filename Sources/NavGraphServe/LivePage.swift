import Foundation
import NavGraphAnalysis
import NavGraphCore
import NavGraphRender

/// What `navgraph serve` answers with, made from a `LiveHub.Snapshot`: the replay page (`HTMLReplayPage`, live), the
/// data its script reads at each change, and the state at a step as `tree --format json` writes it.
///
/// One builder for all clients: the data of a version is made once, whoever asks for it, and only while someone
/// asks (with no page open nothing is laid out). Graphviz is called by one build at a time.
public actor LivePage {
    /// What a theme (`--theme`) gives the page: its HTML theme, and the DOT theme of its drawings.
    public struct Theme: Sendable {
        public var html: String
        public var htmlName: String
        public var dot: String?
        public var dotName: String?

        public init(html: String, htmlName: String, dot: String?, dotName: String?) {
            self.html = html
            self.htmlName = htmlName
            self.dot = dot
            self.dotName = dotName
        }
    }

    public let title: String
    public let theme: Theme
    private let engine: LayoutCache

    /// The steps described so far (the event list's text) from the step after `describedFirst`, and the state
    /// after the last: each build describes only the steps that are new (`restarts` says when the timeline started
    /// over), and forgets those the timeline forgot.
    private var descriptions: [String] = []
    private var describedFirst = 0
    private var described = Hierarchy()
    private var describedRestarts = 0
    /// The last data made, for its version.
    private var made: (version: Int, message: String)?

    public init(title: String, theme: Theme, engine: some DOTLayoutEngine & Sendable) {
        self.title = title
        self.theme = theme
        self.engine = LayoutCache(engine)
    }

    /// The page's `state` event for `snapshot`: `{"version", "restarts", "ended", "provisional", "page": DATA}`,
    /// DATA what `HTMLReplayPage.renderData` writes; `provisional` counts the last steps that are a dump still being
    /// printed, shown as if it had ended.
    public func message(for snapshot: LiveHub.Snapshot) throws(RenderError) -> String {
        if let made, made.version == snapshot.version { return made.message }
        let data = try pageData(for: snapshot)
        let message =
            "{\"version\":\(snapshot.version),\"restarts\":\(snapshot.restarts),\"ended\":\(snapshot.ended),"
            + "\"provisional\":\(snapshot.provisional.count),\"page\":" + data + "}"
        made = (snapshot.version, message)
        return message
    }

    /// The whole page, opening on `snapshot`'s state.
    public func page(for snapshot: LiveHub.Snapshot) throws(RenderError) -> String {
        try replayPage(for: snapshot).page(data: try pageData(for: snapshot), live: true)
    }

    /// The state after `step` (the last when `nil`) as `tree --format json` writes it: at the end of the input the
    /// models that left and never finished are leaked, before it only left. `nil` when there is no such step, or
    /// no longer (the hub keeps the latest steps).
    public nonisolated static func state(_ snapshot: LiveHub.Snapshot, step: Int? = nil) -> String? {
        let timeline = snapshot.timeline
        let step = step ?? timeline.count
        guard (timeline.firstStep...timeline.count).contains(step) else { return nil }
        var json = ""
        // JSON has no template that could fail.
        _ = try? JSONRenderer(endOfInput: snapshot.ended && step == timeline.count)
            .render(timeline.state(after: step), to: &json)
        return json
    }

    private func pageData(for snapshot: LiveHub.Snapshot) throws(RenderError) -> String {
        try replayPage(for: snapshot).renderData(layout: .fit, engine: engine).data
    }

    private func replayPage(for snapshot: LiveHub.Snapshot) throws(RenderError) -> HTMLReplayPage {
        describe(snapshot)
        var timeline = snapshot.timeline
        var descriptions = Array(self.descriptions.prefix(timeline.count - timeline.firstStep))
        // A dump still being printed: drawn as steps of its own after the last, as if it had ended.
        var state = described
        for event in snapshot.provisional {
            let change = state.apply(event)
            timeline.append(event)
            descriptions.append(StepDescription.describe(event, change: change, after: state))
        }
        let history = ReplayHistory(
            timeline: timeline, descriptions: descriptions, readerWarnings: snapshot.readerWarnings)
        // As `replay --html` draws it: the page explains itself, type names wrap.
        var renderer = try DOTRenderer(themeText: theme.dot, themeName: theme.dotName, legend: false)
        renderer.labels.wrapsTypesLongerThan = HTMLReplayPage.typeWrapLength
        var page = try HTMLReplayPage(
            history: history, title: title, dotRenderer: renderer, themeText: theme.html, themeName: theme.htmlName)
        page.leaksCannotBeTold = LeakReport.cannotBeTold(
            from: snapshot.timeline.latest, lifecycleAdvice: snapshot.lifecycleAdvice)
        return page
    }

    /// Describes the steps of `snapshot` not described yet.
    private func describe(_ snapshot: LiveHub.Snapshot) {
        let timeline = snapshot.timeline
        let next = describedFirst + descriptions.count
        if snapshot.restarts != describedRestarts || next > timeline.count || next < timeline.firstStep {
            // Started over, or the steps described last are forgotten: from the timeline's first state.
            descriptions = []
            describedFirst = timeline.firstStep
            described = timeline.state(after: timeline.firstStep)
            describedRestarts = snapshot.restarts
        } else if describedFirst < timeline.firstStep {
            descriptions.removeFirst(timeline.firstStep - describedFirst)
            describedFirst = timeline.firstStep
        }
        while describedFirst + descriptions.count < timeline.count {
            let event = timeline.event(at: describedFirst + descriptions.count + 1)
            let change = described.apply(event)
            descriptions.append(StepDescription.describe(event, change: change, after: described))
        }
    }
}

/// Graphviz's drawings of the DOT it was given before: a live page is made again at each change, and every run of
/// steps but the newest draws what it drew last time. Only one build uses it at a time (`LivePage` is an actor).
final class LayoutCache: DOTLayoutEngine, @unchecked Sendable {
    /// About a run's drawing each: the most a page lays out (`ReplaySegments.layoutBudget`), twice over.
    static let capacity = 256
    private let engine: any DOTLayoutEngine
    private var drawn: [String: [UInt8]] = [:]
    private var order: [String] = []

    init(_ engine: some DOTLayoutEngine) {
        self.engine = engine
    }

    func draw(dot: String, as format: OutputFormat) throws(RenderError) -> [UInt8] {
        let key = format.rawValue + "\n" + dot
        if let bytes = drawn[key] { return bytes }
        let bytes = try engine.draw(dot: dot, as: format)
        if order.count >= Self.capacity { drawn[order.removeFirst()] = nil }
        drawn[key] = bytes
        order.append(key)
        return bytes
    }
}
