import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphRender

/// `render --focus` and `--depth`: the part of a large app a drawing holds, so that it reads at a document's width;
/// and how a drawing is measured there.
@Suite("What a drawing holds, and how it reads in a column")
struct DrawingScopeTests {
    /// A tabs root with two tabs, each a stack of `entries` screens; the second tab's top presents a sheet that
    /// leaks (dismissed, never finished).
    static func app(entries: Int = 3) -> Hierarchy {
        var state = Hierarchy()
        var line = 0
        func apply(_ action: NavEvent.Action) {
            line += 1
            state.apply(NavEvent(action, line: line))
        }
        apply(.start(ModelRef(id: "T", type: "Tabs"), kind: .tabs))
        apply(.root(ModelRef(id: "T", type: "Tabs"), kind: .tabs, window: "main"))
        for tab in ["A", "B"] {
            apply(.tab(ModelRef(id: tab, type: "Stack\(tab)"), kind: .stack, parent: "T", title: tab))
            for entry in 0..<entries {
                apply(.push(ModelRef(id: "\(tab)\(entry)", type: "Screen\(tab)"), kind: nil, parent: tab))
            }
        }
        apply(.start(ModelRef(id: "S", type: "Sheet"), kind: nil))
        apply(.present(ModelRef(id: "S", type: "Sheet"), kind: nil, parent: "B2", style: .sheet))
        apply(.dismiss("S"))
        return state
    }

    static func models(_ scene: DOTScene) -> [String] {
        scene.statements.compactMap { statement in
            if case .node(_, let model, _, _) = statement { model.id } else { nil }
        }
    }

    @Test func aFocusIsAModelsIdItsStartOrItsType() {
        let app = Self.app()
        #expect(DrawingScope.match("B1", in: app) == .model(key: "B1"))
        #expect(DrawingScope.match("StackB", in: app) == .model(key: "B"))
        #expect(DrawingScope.match("ScreenA", in: app) == .model(key: "A0"), "a type's first model")
        #expect(DrawingScope.match("A", in: app) == .model(key: "A"), "an exact id before a start of several")
        #expect(DrawingScope.match("B", in: app) == .model(key: "B"))
        var alike = Hierarchy()
        alike.apply(NavEvent(.root(ModelRef(id: "R1", type: "Root"), kind: .stack, window: "main"), line: 1))
        alike.apply(NavEvent(.push(ModelRef(id: "R2", type: "Screen"), kind: nil, parent: "R1"), line: 2))
        #expect(DrawingScope.match("R", in: alike) == .ambiguous(ids: ["R1", "R2"]))
        #expect(
            DrawingScope.match("Nope", in: app)
                == .none(types: ["ScreenA", "ScreenB", "StackA", "StackB", "Tabs"], windows: ["main"]))
    }

    /// "One window", as the readability note suggests: a window's name is its root, so the whole window.
    @Test func aFocusIsAWindowsName() {
        var app = Self.app()
        app.apply(NavEvent(.openWindow(ModelRef(id: "P", type: "Prefs"), kind: nil, window: "settings"), line: 99))
        #expect(DrawingScope.match("main", in: app) == .model(key: "T"))
        #expect(DrawingScope.match("settings", in: app) == .model(key: "P"))
        let settings = DOTScene(hierarchy: app, legend: false, scope: DrawingScope(focus: "P"))
        #expect(Self.models(settings) == ["P"])
    }

    /// Windows one under another: an invisible edge from each window's lowest model to the next window's first,
    /// after both (so no node is named before its cluster declares it); none left to right, where windows already
    /// stack.
    @Test func stackedWindowsHangUnderTheOneBefore() {
        var app = Self.app()
        app.apply(NavEvent(.openWindow(ModelRef(id: "P", type: "Prefs"), kind: nil, window: "settings"), line: 99))
        func anchors(_ scene: DOTScene) -> [String] {
            scene.statements.compactMap { statement in
                if case .legendAnchor(let from, let to) = statement { "\(from)->\(to)" } else { nil }
            }
        }
        func id(_ scene: DOTScene, _ model: String) -> String {
            scene.statements.lazy.compactMap { statement -> String? in
                if case .node(let id, let node, _, _) = statement, node.id == model { id } else { nil }
            }.first ?? "?"
        }
        let stacked = DOTScene(hierarchy: app, legend: false, windowsStacked: true)
        // The lowest model of main: a stack's last entry (A2, the first of the deepest), over Prefs.
        #expect(anchors(stacked) == ["\(id(stacked, "A2"))->\(id(stacked, "P"))"])
        if case .legendAnchor = stacked.statements.last {} else { Issue.record("the anchor comes after both windows") }
        #expect(anchors(DOTScene(hierarchy: app, legend: false)).isEmpty)
        #expect(anchors(DOTScene(hierarchy: app, legend: false, leftToRight: true, windowsStacked: true)).isEmpty)
    }

    /// The subtree under the focus, with the leak that hung in it; nothing of the other tab.
    @Test func aFocusDrawsItsSubtreeAndItsLeaks() {
        let app = Self.app()
        let whole = DOTScene(hierarchy: app, legend: false)
        #expect(Set(Self.models(whole)) == ["T", "A", "A0", "A1", "A2", "B", "B0", "B1", "B2", "S"])
        let tabB = DOTScene(hierarchy: app, legend: false, scope: DrawingScope(focus: "B"))
        #expect(Set(Self.models(tabB)) == ["B", "B0", "B1", "B2", "S"])
        let tabA = DOTScene(hierarchy: app, legend: false, scope: DrawingScope(focus: "A"))
        #expect(Set(Self.models(tabA)) == ["A", "A0", "A1", "A2"], "the leak hung in the other tab")
    }

    /// Below `maxDepth` models are folded into one "… N more" node per parent.
    @Test func aDepthFoldsWhatLiesDeeper() {
        let app = Self.app()
        let shallow = DOTScene(hierarchy: app, legend: false, scope: DrawingScope(maxDepth: 1))
        #expect(Set(Self.models(shallow)).isSuperset(of: ["T", "A", "B"]))
        #expect(!Self.models(shallow).contains("A0"))
        #expect(shallow.collapsedCount == 6)
        let types = shallow.statements.compactMap { statement -> String? in
            if case .node(_, let model, _, _) = statement { model.type } else { nil }
        }
        #expect(types.filter { $0 == "… 3 more" }.count == 2, "\(types)")
        let focused = DOTScene(hierarchy: app, legend: false, scope: DrawingScope(focus: "B", maxDepth: 0))
        // The leak is drawn whatever the depth, hung from its last parent (folded, so drawn as a ghost).
        #expect(Self.models(focused).filter { !$0.isEmpty }.sorted() == ["B", "B2", "S"])
    }

    /// A drawing wider than the column is scaled down with its text: its node text in pixels there.
    @Test func nodeTextAtAColumnsWidth() {
        func svg(width: Int, fonts: [[Double]]) -> String {
            "<svg width=\"\(width)pt\" height=\"100pt\" viewBox=\"0.00 0.00 \(width).00 100.00\">\n"
                + "<g id=\"graph0\" class=\"graph\">\n"
                + fonts.enumerated().map { index, sizes in
                    "<g id=\"node\(index)\" class=\"node\">\n<title>n\(index)</title>\n"
                        + sizes.map { "<text font-size=\"\($0)\">A</text>\n" }.joined() + "</g>\n"
                }.joined() + "</g>\n</svg>"
        }
        // Three models (10 pt type, 8 pt id) and a legend of 8 pt rows: the models' 10 pt decides.
        let narrow = DrawingReadability(svg: svg(width: 600, fonts: [[10, 8], [10, 8], [10], [8, 8, 8, 8]]))
        #expect(narrow?.nodeText == 10)
        #expect(narrow.map { abs($0.textPixels() - 13.33) < 0.01 } == true, "shown at its own size")
        #expect(narrow?.readsInAColumn == true)
        let wide = DrawingReadability(svg: svg(width: 1650, fonts: [[10], [10], [10]]))
        #expect(wide.map { abs($0.textPixels() - 10 * 880 / 1650) < 0.01 } == true)
        #expect(wide?.readsInAColumn == false)
        #expect(DrawingReadability(svg: "<svg viewBox=\"0 0 10 10\"></svg>") == nil, "no node: nothing to read")
    }
}
