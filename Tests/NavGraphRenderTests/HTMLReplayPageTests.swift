import Foundation
import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphTemplates
import NavGraphTestSupport
import Testing

@testable import NavGraphRender

@Suite("The HTML replay page")
struct HTMLReplayPageTests {
    static func timeline(_ example: String) throws -> Timeline {
        let source = try LineSource(path: repositoryRoot.appendingPathComponent("examples/\(example)").path)
        var timeline = Timeline()
        try NavigationInput(source: source).read(diagnostics: DiagnosticCollector()) { event in
            timeline.append(event)
            return true
        }
        return timeline
    }

    static func page(_ timeline: Timeline, theme: String = "html/light.html.mustache") throws -> HTMLReplayPage {
        let history = ReplayHistory(timeline: timeline, descriptions: (1...max(timeline.count, 1)).map { "step \($0)" })
        return try HTMLReplayPage(
            history: history, title: "t", dotRenderer: DOTRenderer(legend: false),
            themeText: try #require(Templates.named(theme)), themeName: theme)
    }

    /// The one layout of the whole history: every model ever placed, each where it was first placed.
    @Test func unionOfTheHistory() throws {
        let timeline = try Self.timeline("leaky-session.log")
        let page = try Self.page(timeline)
        let dot = try page.unionDOT()
        expectGolden(dot, "leaky-session.log.union.dot")
        for model in page.history.models { #expect(dot.contains(model.ref.type), "\(model.ref.type)") }
        #expect(page.history.models.count == 21)
    }

    /// A tab's title, when the input gave one, titles its cluster in the page's drawing as `render` titles it
    /// (`Inbox`, not `tab 3`): the union keeps what the events said.
    @Test func tabTitlesAreDrawnAsRenderDrawsThem() throws {
        func ref(_ id: String, _ type: String) -> ModelRef { ModelRef(id: id, type: type) }
        var timeline = Timeline()
        let events: [NavEvent] = [
            NavEvent(.root(ref("T", "TabsModel"), kind: .tabs, window: "main"), line: 1),
            NavEvent(.tab(ref("H", "HomeModel"), kind: .stack, parent: "T", title: "Home"), line: 2),
            NavEvent(.tab(ref("S", "SearchModel"), kind: .stack, parent: "T", title: "Search"), line: 3),
            NavEvent(.tab(ref("I", "InboxModel"), kind: .stack, parent: "T", title: "Inbox"), line: 4),
            NavEvent(.push(ref("M", "MessageModel"), kind: nil, parent: "I"), line: 5),
        ]
        var hierarchy = Hierarchy()
        for event in events {
            timeline.append(event)
            hierarchy.apply(event)
        }
        let union = try Self.page(timeline).unionDOT()
        let rendered = try DOTRenderer(legend: false).render(hierarchy)
        for title in ["Home", "Search", "Inbox"] {
            #expect(rendered.contains("label=\"\(title)\";"), "render: \(title)")
            #expect(union.contains("label=\"\(title)\";"), "the page: \(title)")
        }
        #expect(!union.contains(#"label="tab 3";"#))
    }

    /// A leak is drawn as `render --at` draws it at the same step: outside every window's and container's box
    /// (not in the empty boxes of containers that finished), hung from the model it left from, or from that one's
    /// ghost once it is gone — at the last step of leaky-session.log, every leak, each where `render` hangs it.
    @Test func leaksAreDrawnAsRenderDrawsThem() throws {
        let timeline = try Self.timeline("leaky-session.log")
        let page = try Self.page(timeline)
        let history = page.history
        var shown = ShownSteps(history)
        for _ in 1...history.steps.count { _ = shown.advance() }
        let (hierarchy, departed) = page.layoutInput(shown.models.sorted())
        let scene = DOTScene(hierarchy: hierarchy, legend: false, departed: departed)
        var rendered = Hierarchy()
        for step in 1...timeline.count { rendered.apply(timeline.event(at: step)) }
        let render = DOTScene(hierarchy: rendered, legend: false)
        // Each scene's leaks: the leaked model's type and id, the type and id it hangs from and whether that one is
        // a ghost; and the leaked models drawn inside a cluster.
        func leaks(_ scene: DOTScene) -> (hung: Set<String>, inside: [String]) {
            var nodes: [String: (name: String, state: DOTScene.NodeState)] = [:]
            var depth = 0
            var inside: [String] = []
            var hung = Set<String>()
            for statement in scene.statements {
                switch statement {
                case .open: depth += 1
                case .close: depth -= 1
                case .node(let id, let model, _, let state):
                    nodes[id] = (model.type + " " + model.id, state)
                    if state == .leaked && depth > 0 { inside.append(model.type + " " + model.id) }
                case .leakEdge(let from, let to, _):
                    let parent = nodes[from]
                    hung.insert(
                        (nodes[to]?.name ?? "?") + " from " + (parent?.name ?? "?")
                            + (parent?.state == .ghost ? " (ghost)" : ""))
                default: break
                }
            }
            return (hung, inside)
        }
        let pageLeaks = leaks(scene)
        #expect(pageLeaks.inside.isEmpty, "drawn inside a window: \(pageLeaks.inside)")
        #expect(pageLeaks.hung == leaks(render).hung)
        #expect(pageLeaks.hung.count == history.leaked.count)
        #expect(!pageLeaks.hung.isEmpty)
    }

    /// An event row keeps the model's id in view: a long type is shortened in its middle, to its first words and its
    /// last, never an id (a UUID, a hex id) nor a short name; the row's tooltip and the search keep the whole text
    /// (the page then cuts the words before a changed model's id first: check-html-replay.py measures it).
    @Test func eventRowsShortenTypesNotIds() throws {
        #expect(
            HTMLReplayPage.rowText("push MessageThreadDetailNavigationModel M1 onto stack I1")
                == "push MessageThread…Model M1 onto stack I1")
        // 20 characters or fewer: whole.
        let short = "add tab AlertNavigationModel I1 'Inbox' to T1"
        #expect(HTMLReplayPage.rowText(short) == short)
        let uuid = "finish MainTabsNavigationModel F1A00002-000E-4002-8006-000000003DDE"
        #expect(HTMLReplayPage.rowText(uuid) == "finish MainTabs…Model F1A00002-000E-4002-8006-000000003DDE")
        #expect(
            HTMLReplayPage.rowText("add tab DefaultStackRootNavigationModel 32D00003-0015-4003-8009-000000005CCD")
                == "add tab DefaultStack…Model 32D00003-0015-4003-8009-000000005CCD")
        let plain = "present AlertModel D12 as alert on 9C2; F0F000050023400580FF000000009AAB left"
        #expect(HTMLReplayPage.rowText(plain) == plain)
        #expect(
            HTMLReplayPage.rowText("pop 1: ConfirmationDialogNavigationModel C3F, …")
                == "pop 1: Confirmation…Model C3F, …")
        // A first word longer than the room is cut inside it, keeping the last word.
        #expect(
            HTMLReplayPage.rowText("start SupercalifragilisticexpialidociousModel A1")
                == "start Supercalifragi…Model A1")
    }

    /// A `finish` of a model that had left alive adds and removes nothing, so the page did not know which id its row
    /// names and cut the row at its end — the id's end: the step names the model it finished (`finished`), which the
    /// page keeps in view as it keeps an added or removed one.
    @Test func aFinishNamesTheModelItFinished() throws {
        let timeline = try Self.timeline("leaky-session.jsonl")
        let history = try Self.page(timeline).history
        let finishes = history.steps.filter { $0.event == "finish" }
        #expect(!finishes.isEmpty)
        for step in finishes {
            let model = try #require(step.finished, "line \(step.line)")
            #expect(history.models[model].finished?.line == step.line)
        }
        // Among them, one whose model had left already: the case whose row lost its id.
        #expect(finishes.contains { $0.added.isEmpty && $0.removed.isEmpty })
        #expect(history.steps.allSatisfy { $0.event == "finish" || $0.finished == nil })
    }

    /// Every string from the log reaches the page as JSON data with `<`, `>`, `&`, U+2028 and U+2029 escaped: none
    /// can end the script element or become markup, and the data still reads back as the exact names.
    @Test func namesAreDataNeverMarkup() throws {
        var timeline = Timeline()
        let names = hostileNames + ["Line\u{2028}Para\u{2029}Sep"]
        var entries = [
            Snapshot.Entry(model: ModelRef(key: "root", id: "R", type: names[0]), kind: .tabs, edge: nil, parent: nil)
        ]
        for (index, name) in names.enumerated().dropFirst() {
            entries.append(
                Snapshot.Entry(
                    model: ModelRef(key: "k\(index)", id: "i\(index)", type: name), kind: .screen,
                    edge: .tab, parent: 0))
        }
        timeline.append(NavEvent(.snapshot([Snapshot(window: "main</script>", entries: entries)]), line: 1))
        timeline.append(NavEvent(.mark("<img src=x onerror=alert(1)>"), line: 2))
        let html = try Self.page(timeline).render(
            engine: FixedSVG("<?xml version=\"1.0\"?>\n<svg><g id=\"a\"></g></svg>")
        ).page
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"navgraph-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!json.contains(forbidden), "\(forbidden)") }
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let types = (data["models"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }
        #expect(Set(types) == Set(names))
        let drawings = try #require(data["drawings"] as? [[String: Any]])
        #expect(drawings.first?["head"] as? String == "<svg><g id=\"a\"></g></svg>")
        #expect(!html.contains("<img"))
        #expect(html.components(separatedBy: "</script>").count == 3)  // the data's and the page script's only
    }

    @Test func themesShareOnePage() throws {
        let timeline = try Self.timeline("sheet-over-tabs.txt")
        let light = try Self.page(timeline).render(engine: FixedSVG("<svg/>")).page
        let dark = try Self.page(timeline, theme: "html/dark.html.mustache").render(engine: FixedSVG("<svg/>")).page
        #expect(light.contains("--bg: #ffffff"))
        #expect(dark.contains("--bg: #1e2127"))
        #expect(!light.contains("{{") && !dark.contains("{{"))
        #expect(light.replacingOccurrences(of: "\n", with: "").count > 10_000)
        // No reference to anything outside the file.
        for external in ["http://", "https://", "<link", "src=", "@import", "url("] {
            #expect(!light.contains(external), "\(external)")
        }
    }

    @Test func brokenHTMLThemeIsPlaced() throws {
        let timeline = try Self.timeline("launch-dump.txt")
        let history = ReplayHistory(timeline: timeline, descriptions: [])
        #expect(
            throws: RenderError.invalidTemplate(
                name: "mine.html.mustache", line: 2, column: 16, problem: .sectionCloseNameIncorrect)
        ) {
            try HTMLReplayPage(
                history: history, title: "t", dotRenderer: DOTRenderer(),
                themeText: "{{<replay-page}}\n{{$palette}}{{/style}}",
                themeName: "mine.html.mustache")
        }
    }

    @Test func darkDOTTheme() throws {
        let hierarchy = try exampleHierarchy("sheet-over-tabs.txt")
        let text = try #require(Templates.named("dot/dark.dot.mustache"))
        let dark = try DOTRenderer(themeText: text, themeName: "dot/dark.dot.mustache")
        expectGolden(try dark.render(hierarchy), "sheet-over-tabs.txt.dark.dot")
        var byEngine = dark
        byEngine.rendersByShape = false
        #expect(try byEngine.render(hierarchy) == (try dark.render(hierarchy)))
    }
}

/// A layout engine that draws every DOT as the same SVG.
struct FixedSVG: DOTLayoutEngine {
    let svg: String
    init(_ svg: String) { self.svg = svg }
    func draw(dot: String, as format: OutputFormat) throws(RenderError) -> [UInt8] { Array(svg.utf8) }
}
