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
    private let engine: any DOTLayoutEngine & Sendable
    /// The page with its theme and drawing's renderer made once (`nil` until first needed): each build gives it
    /// the history as it is now. Its memo keeps the runs' drawings, so only a run whose models changed is drawn
    /// again (DOT, Graphviz, the SVG's groups).
    private var template: HTMLReplayPage?

    /// The steps described so far (the event list's text) from the step after `describedFirst`, and the state
    /// after the last: each build describes only the steps that are new (`restarts` says when the timeline started
    /// over), and forgets those the timeline forgot.
    private var descriptions: [String] = []
    private var describedFirst = 0
    private var described = Hierarchy()
    private var describedRestarts = 0
    /// The page and its data made last, for its version.
    private var made: (version: Int, page: HTMLReplayPage, data: String)?

    public init(title: String, theme: Theme, engine: some DOTLayoutEngine & Sendable) {
        self.title = title
        self.theme = theme
        self.engine = engine
    }

    /// The page's `state` event for `snapshot`: `{"instance", "version", "restarts", "ended", "provisional",
    /// "page": DATA}` (`instance`: `LiveHub.instance`),
    /// DATA what `HTMLReplayPage.renderData` writes; `provisional` counts the last steps that are a dump still being
    /// printed, shown as if it had ended.
    public func message(for snapshot: LiveHub.Snapshot, instance: String) throws(RenderError) -> String {
        "{\"instance\":\"\(instance)\",\"version\":\(snapshot.version),\"restarts\":\(snapshot.restarts),\"ended\":\(snapshot.ended),"
            + "\"provisional\":\(snapshot.provisional.count),\"page\":" + (try built(snapshot).data) + "}"
    }

    /// The whole page, opening on `snapshot`'s state.
    public func page(for snapshot: LiveHub.Snapshot) throws(RenderError) -> String {
        let (page, data) = try built(snapshot)
        return try page.page(data: data, live: true)
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

    /// The page and its data for `snapshot`, made once per version whoever asks.
    private func built(_ snapshot: LiveHub.Snapshot) throws(RenderError) -> (page: HTMLReplayPage, data: String) {
        if let made, made.version == snapshot.version { return (made.page, made.data) }
        let page = try replayPage(for: snapshot)
        let data = try page.renderData(layout: .fit, engine: engine).data
        made = (snapshot.version, page, data)
        return (page, data)
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
        var page = try pageTemplate().replacingHistory(history)
        // A model that left is leaked only once the input has ended; until then it may still finish.
        page.endOfInput = snapshot.ended
        page.leaksCannotBeTold = snapshot.lifecycleAdvice.flatMap {
            LeakReport.cannotBeTold(from: snapshot.timeline.latest, lifecycleAdvice: $0)
        }
        return page
    }

    private func pageTemplate() throws(RenderError) -> HTMLReplayPage {
        if let template { return template }
        // As `replay --html` draws it: the page explains itself, type names wrap.
        var renderer = try DOTRenderer(themeText: theme.dot, themeName: theme.dotName, legend: false)
        renderer.labels.wrapsTypesLongerThan = HTMLReplayPage.typeWrapLength
        var page = try HTMLReplayPage(
            history: ReplayHistory(timeline: Timeline(), descriptions: []), title: title, dotRenderer: renderer,
            themeText: theme.html, themeName: theme.htmlName)
        page.memo = HTMLReplayPage.DrawingMemo()
        template = page
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
