import NavGraphAnalysis
import NavGraphCore
import NavGraphGraphviz
import NavGraphRender

/// `replay --html FILE`: the history as one self-contained page. The page's data is built by the library
/// (`ReplayHistory`, `HTMLReplayPage`); this only joins it to Graphviz and the output file.
struct ReplayHTMLExport {
    let target: OutputFile
    let title: String
    let theme: ThemeArgument
    let layout: HTMLReplayPage.Layout
    /// 0: each drawing is drawn whole.
    let maxNodes: Int

    /// `lifecycleAdvice`: what the input's format advises logging, where leaks cannot be told from it.
    func write(
        timeline: Timeline, descriptions: [String], readerWarnings: [Int: [String]], lifecycleAdvice: String
    ) throws {
        let templates = try theme.htmlTemplate()
        let history = ReplayHistory(timeline: timeline, descriptions: descriptions, readerWarnings: readerWarnings)
        // The page explains itself (the lifetime panel names each kind); the drawing keeps its room for the models.
        var renderer = try DOTRenderer(themeText: templates.dot?.text, themeName: templates.dot?.name, legend: false)
        renderer.labels.wrapsTypesLongerThan = HTMLReplayPage.typeWrapLength
        var page = try HTMLReplayPage(
            history: history, title: title, dotRenderer: renderer, themeText: templates.html.text,
            themeName: templates.html.name, maxNodes: maxNodes > 0 ? maxNodes : nil)
        page.leaksCannotBeTold = LeakReport.cannotBeTold(from: timeline.latest, lifecycleAdvice: lifecycleAdvice)
        let (html, summary) = try page.render(layout: layout, engine: GraphvizLayout())
        // What the drawing folded; the page itself shows what the history holds.
        for note in summary.notes {
            if case .folded = note {
                StandardError.write(words(for: note, drawn: summary.drawn, maxNodes: maxNodes))
            }
        }
        try target.write(Array(html.utf8))
    }
}
