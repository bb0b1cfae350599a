import Foundation
import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphTestSupport
import Testing

@testable import NavGraphRender

/// The navigation map of examples, each read on its own and summed, as `navgraph diagram` does.
func exampleMap(_ names: [String] = exampleNames) throws -> NavigationMap {
    var map = NavigationMap()
    for name in names {
        let source = try LineSource(path: repositoryRoot.appendingPathComponent("examples/\(name)").path)
        var hierarchy = Hierarchy()
        var builder = NavigationMapBuilder()
        try NavigationInput(source: source).read(diagnostics: DiagnosticCollector()) { event in
            let change = hierarchy.apply(event)
            builder.record(event, change: change, in: hierarchy)
            return true
        }
        map.merge(builder.map)
    }
    return map
}

@Suite("Navigation map renderers")
struct NavigationMapRenderTests {
    @Test func goldenFilesForEveryExample() throws {
        let map = try exampleMap()
        expectGolden(try NavigationMapDOTRenderer().render(map), "examples.diagram.dot")
        expectGolden(try NavigationMapMermaidRenderer().render(map), "examples.diagram.mmd")
        expectGolden(try NavigationMapJSONRenderer().render(map), "examples.diagram.json")
    }

    /// Every type a relation names is a node (a window's name is not a type): a NavigatorUI destination that later
    /// becomes a navigator must not leave an edge to a type the map does not list.
    @Test(arguments: exampleNames)
    func everyRelationJoinsNodesOfTheMap(example: String) throws {
        let map = try exampleMap([example])
        for relation in map.relations.keys {
            if relation.kind != .windowRoot { #expect(map.types[relation.from] != nil, "\(example): \(relation)") }
            #expect(map.types[relation.to] != nil, "\(example): \(relation)")
        }
    }

    @Test func theSameBytesWhateverTheOrderOfTheLogs() throws {
        let forward = try exampleMap(exampleNames)
        let backward = try exampleMap(exampleNames.reversed())
        // Odd places first, then even ones: every log, in another order.
        let shuffled = try exampleMap(
            exampleNames.indices.sorted { ($0 % 2, $0) > ($1 % 2, $1) }.map { exampleNames[$0] })
        for renderer in [
            NavigationMapDOTRenderer() as any Renderer<NavigationMap>, NavigationMapMermaidRenderer(),
            NavigationMapJSONRenderer(),
        ] {
            let expected = try renderer.render(forward)
            #expect(try renderer.render(backward) == expected)
            #expect(try renderer.render(shuffled) == expected)
        }
    }

    @Test func countsLabelAndWeighEdges() throws {
        let dot = try NavigationMapDOTRenderer().render(try exampleMap())
        #expect(dot.contains(#"[label="first ×14", penwidth=3"#))
        // A type that was two tabs and presented: an edge for its tabs, one per presentation style.
        #expect(dot.contains(#"[label="tab ×10", penwidth=3"#))
        #expect(dot.contains(##"[label="presented ×4", color="#d55e00""##))
        #expect(dot.contains(##"[label="sheet ×2", color="#d55e00""##))
        // A presentation is drawn with its style's line, whatever its count.
        #expect(
            dot.contains(
                ##"[label="alert ×1", color="#d55e00", fontcolor="#b14e00", style=dotted, penwidth=2.4, arrowhead=dot]"##
            ))
        #expect(NavigationMapScene.weight(count: 1) == 1 && NavigationMapScene.weight(count: 2) == 2)
        #expect(NavigationMapScene.weight(count: 8) == 3 && NavigationMapScene.weight(count: 100_000) == 5)
    }

    @Test func containersAreClustersAroundWhatTheyHeld() throws {
        let statements = NavigationMapScene(map: try exampleMap(["sheet-over-tabs.txt"])).statements
        let opened = statements.compactMap { statement -> String? in
            if case .open(_, let label, _) = statement { return label }
            return nil
        }
        #expect(opened == ["tabs", "stack"])
        let closes = statements.filter { $0 == .close }.count
        #expect(closes == opened.count)
    }

    @Test func theJSONReadsBackAsTheSameRelations() throws {
        let map = try exampleMap()
        let json = try NavigationMapJSONRenderer().render(map)
        let read = try NavigationMapReader.read(Array(json.utf8), path: "baseline.json")
        #expect(read.relations == map.relations)
        #expect(read.types.mapValues(\.kind) == map.types.mapValues(\.kind))
        #expect(NavigationMapDrift(baseline: read, current: map).isEmpty)
    }

    @Test func hostileTypeNamesStayInsideTheirStrings() throws {
        var map = NavigationMap()
        for (index, name) in hostileNames.enumerated() {
            map.types[name] = NavigationMap.TypeEntry(kinds: [index % 2 == 0 ? .stack : .screen: 1])
            map.relations[NavigationRelation(.presented(style: "she\"et</script>"), from: hostileNames[0], to: name)] =
                index + 1
            map.containers[name] = index % 2 == 1 ? [hostileNames[0]: 1] : nil
        }
        map.relations[NavigationRelation(.windowRoot, from: "main\"]; evil", to: hostileNames[0])] = 1
        let json = try NavigationMapJSONRenderer().render(map)
        let read = try NavigationMapReader.read(Array(json.utf8), path: "baseline.json")
        #expect(read.relations == map.relations)
        #expect(!json.contains("</script>") && !json.contains("<img"))
        expectGolden(try NavigationMapDOTRenderer().render(map), "hostile.diagram.dot")
        expectGolden(try NavigationMapMermaidRenderer().render(map), "hostile.diagram.mmd")
    }

    @Test(arguments: [
        (
            "[]",
            "baseline.json:1:1: error: expected a navigation map: an object with \"nodes\" and \"edges\""
        ),
        (
            "{\"nodes\": [],\n \"edges\": [\n  {\"relation\": \"push\", \"from\": \"A\", \"to\": \"B\"}\n]}",
            "baseline.json:3:3: error: expected a \"count\" member (a whole number of 1 or more)"
        ),
        (
            "{\"nodes\": [],\n \"edges\": [{\"relation\": \"teleport\", \"from\": \"A\", \"to\": \"B\", \"count\": 1}]}",
            "baseline.json:2:12: error: unknown relation 'teleport'; expected windowRoot, stackRoot, push, presented, "
                + "tab, switch, column or child"
        ),
        (
            "{\"nodes\": [{\"type\": \"A\", \"kind\": \"screen\", \"count\": 0}], \"edges\": []}",
            "baseline.json:1:53: error: expected \"count\" to be a whole number of 1 or more"
        ),
        (
            "{\"nodes\": [],\n\n  \"edges\": [1,",
            "baseline.json:3:15: error: not valid JSON: unexpected end of line; expected a value"
        ),
        (
            "{\"edges\": []}",
            "baseline.json:1:1: error: expected a \"nodes\" member (an array)"
        ),
    ])
    func badBaselinesSayWhereAndWhat(text: String, message: String) {
        #expect(throws: NavigationMapReader.Failure.self) {
            try NavigationMapReader.read(Array(text.utf8), path: "baseline.json")
        }
        do {
            _ = try NavigationMapReader.read(Array(text.utf8), path: "baseline.json")
        } catch {
            #expect(error.description == message)
        }
    }
}

@Suite("Navigation map drawing: groups, an edge per kind of relation, legend, themes")
struct NavigationMapLookTests {
    @Test func featuresFromModulesOrTheFirstWordOfTheName() {
        #expect(NavigationMapGroups.feature(of: "Checkout.CartModel") == "Checkout")
        #expect(NavigationMapGroups.feature(of: "CheckoutCartNavigationModel") == "Checkout")
        #expect(NavigationMapGroups.feature(of: "SFSafariNavigationModel") == "SFSafari")
        #expect(NavigationMapGroups.feature(of: "Box<Checkout.Item>") == nil)
        #expect(NavigationMapGroups.feature(of: "Settings") == nil)
        #expect(NavigationMapGroups.feature(of: "_privateModel") == nil)
        let groups = NavigationMapGroups(types: [
            "CheckoutCartModel", "CheckoutPaymentModel", "Feed.ListModel", "Feed.DetailModel", "AppModel",
        ])
        // `App` has one type: no group of one.
        #expect(groups.names == ["Checkout", "Feed"])
        #expect(groups.group(of: "AppModel") == nil && groups.group(of: "Feed.ListModel") == "Feed")
        // Every type in one feature: a group around everything says nothing.
        #expect(NavigationMapGroups(types: ["CheckoutAModel", "CheckoutBModel"]).names.isEmpty)
    }

    /// A feature's group holds its types; a container of another feature does not take them out of it.
    @Test func groupsAreClustersAndContainersStayInsideThem() {
        var map = NavigationMap()
        for type in ["CheckoutCartModel", "CheckoutPayModel", "FeedListModel", "FeedDetailModel"] {
            map.types[type] = .init(kinds: [.screen: 1])
        }
        map.types["StackRoot"] = .init(kinds: [.stack: 2])
        map.relations[NavigationRelation(.stackRoot, from: "StackRoot", to: "CheckoutCartModel")] = 1
        map.relations[NavigationRelation(.pushedAfter, from: "CheckoutCartModel", to: "CheckoutPayModel")] = 1
        map.containers = ["CheckoutCartModel": ["StackRoot": 1], "CheckoutPayModel": ["StackRoot": 1]]
        let statements = NavigationMapScene(map: map).statements
        #expect(statements.first == .openGroup(id: "cluster_g0", label: "Checkout"))
        #expect(!statements.contains { if case .open = $0 { true } else { false } })
        let opens = statements.filter { if case .openGroup = $0 { true } else { false } }.count
        #expect(opens == 2 && statements.filter { $0 == .close }.count == 2)
        // Ungrouped: no feature clusters at all, the stack's cluster back.
        let plain = NavigationMapScene(map: map, grouped: false).statements
        #expect(!plain.contains { if case .openGroup = $0 { true } else { false } })
        #expect(plain.contains { if case .open(_, "stack", .stack) = $0 { true } else { false } })
    }

    /// The relations between two types are an edge per look (a kind of relation, a presentation's style), each
    /// labelled compactly: its relations with their counts, the most frequent first, and a type that was several
    /// tabs `tab ×80`, never a list of every tab's index.
    @Test func anEdgePerKindOfRelationWithCompactLabels() throws {
        var map = NavigationMap()
        map.types = [
            "AModel": .init(kinds: [.screen: 1]), "BModel": .init(kinds: [.screen: 1]),
            "TabsModel": .init(kinds: [.tabs: 1]),
        ]
        map.relations = [
            NavigationRelation(.presented(style: "sheet"), from: "AModel", to: "BModel"): 14,
            NavigationRelation(.presented(style: "fullScreenCover"), from: "AModel", to: "BModel"): 50,
            NavigationRelation(.child, from: "AModel", to: "BModel"): 1,
            NavigationRelation(.pushedAfter, from: "BModel", to: "AModel"): 2,
            NavigationRelation(.tab(order: 1), from: "TabsModel", to: "BModel"): 29,
            NavigationRelation(.tab(order: 2), from: "TabsModel", to: "BModel"): 40,
            NavigationRelation(.tab(order: 3), from: "TabsModel", to: "BModel"): 7,
            NavigationRelation(.tab(order: 4), from: "TabsModel", to: "BModel"): 4,
            NavigationRelation(.presented(style: "sheet"), from: "TabsModel", to: "BModel"): 3,
        ]
        let dot = try NavigationMapDOTRenderer().render(map)
        let edges = dot.split(separator: "\n").filter { $0.contains(" -> ") }
        let labels = edges.compactMap { $0.firstMatch(of: /label="([^"]*)"/).map { String($0.1) } }
        #expect(labels == ["push ×2", "fullScreenCover ×50", "sheet ×14", "×1", "tab ×80", "sheet ×3"], "\(labels)")
        // Each with its own look: a presentation its style's line, the tabs theirs, weighed by their own count.
        #expect(edges.contains { $0.contains(#"label="fullScreenCover ×50""#) && $0.contains("style=bold") })
        #expect(edges.contains { $0.contains(#"label="sheet ×3""#) && $0.contains("style=dashed, penwidth=1.4") })
        #expect(edges.contains { $0.contains(#"label="tab ×80", penwidth=4"#) })
        let oneTab = NavigationMapScene.Relation(relation: .init(.tab(order: 2), from: "T", to: "B"), count: 5)
        #expect(NavigationMapScene.label([oneTab]) == "tab 2 ×5")
        let mermaid = try NavigationMapMermaidRenderer().render(map)
        let drawn = mermaid.split(separator: "\n").filter { $0.contains("-->") || $0.contains("-.->") }
        #expect(drawn.count == 6)
        #expect(drawn.contains { $0.contains(#"|"tab #215;80"|"#) })
    }

    /// No label on the examples' maps runs past 60 characters, collapsed or not, nor lists tab indices.
    @Test func theExamplesLabelsAreShort() throws {
        let whole = try exampleMap()
        let (collapsed, _) = NavigationMapCollapse(listed: [], automatic: true, kept: []).apply(to: whole)
        for map in [whole, collapsed] {
            let dot = try NavigationMapDOTRenderer().render(map)
            for edge in dot.split(separator: "\n") where edge.contains(" -> ") {
                let label = try #require(edge.firstMatch(of: /label="([^"]*)"/)?.1)
                #expect(label.count <= 60, "\(label)")
                #expect(label.matches(of: /tab \d/).count <= 1 && !label.contains("tab ×1 "), "\(label)")
            }
        }
    }

    /// Only the kinds drawn, and the collapsed types; no legend when asked.
    @Test func theLegendNamesWhatIsDrawn() throws {
        let map = try exampleMap(["sheet-over-tabs.txt"])
        let dot = try NavigationMapDOTRenderer(.init(collapsed: ["Box<Item>"])).render(map)
        let legend = try #require(dot.split(separator: "\n").first { $0.contains("label=<<table") })
        #expect(legend.contains("tab N of"))
        // Each presentation style drawn has a row of its own, with its own sample, in render's order.
        let rows = legend.components(separatedBy: "<tr>").dropFirst()
        let styles = ["alert": "┉┉●", "confirmationDialog": "╍╍▷", "presented": "──➤"]
        for (style, sample) in styles {
            #expect(rows.contains { $0.contains(">\(style)</font>") && $0.contains(sample) }, "\(style)")
        }
        let order = ["alert", "confirmationDialog", "presented"].compactMap { legend.range(of: ">\($0)</font>") }
        #expect(
            order.count == 3 && order[0].lowerBound < order[1].lowerBound && order[1].lowerBound < order[2].lowerBound)
        #expect(!legend.contains("presented ("))
        #expect(!legend.contains("split column") && !legend.contains("switched to"))
        #expect(legend.contains("collapsed: Box&lt;Item&gt;"))
        #expect(try !NavigationMapDOTRenderer(.init(legend: false)).render(map).contains("<table"))
    }

    /// Each presentation style's edges have their own line and arrowhead, as `render` draws them.
    @Test func presentationStylesAreDrawnApart() throws {
        let dot = try NavigationMapDOTRenderer().render(try exampleMap())
        let edges = dot.split(separator: "\n").filter { $0.contains(" -> ") }
        func edge(_ label: String) -> Substring? { edges.first { $0.contains("[label=\"\(label)") } }
        #expect(edge("sheet ×2")?.contains("style=dashed, penwidth=1.4, arrowhead=normal") == true)
        #expect(edge("confirmationDialog ×4")?.contains("style=dashed, penwidth=2.4, arrowhead=empty") == true)
        #expect(edge("alert ×2")?.contains("style=dotted, penwidth=2.4, arrowhead=dot") == true)
        #expect(edge("presented ×1")?.contains("style=solid, penwidth=1.4, arrowhead=vee") == true)
    }

    /// `--strip-suffix` reaches the map's drawings: DOT's label (the whole name kept as its tooltip) and Mermaid's;
    /// without it, no tooltip is written (the DOT is as it was).
    @Test func aStrippedSuffixReachesEveryDrawing() throws {
        let map = try exampleMap(["sheet-over-tabs.txt"])
        var look = MapOutput.Look()
        look.labels.strippedSuffix = "NavigationModel"
        let dot = try NavigationMapDOTRenderer(look).render(map)
        #expect(dot.contains(#"[label="Alert", tooltip="AlertNavigationModel"]"#))
        #expect(!dot.contains(#"label="AlertNavigationModel""#))
        #expect(try !NavigationMapDOTRenderer().render(map).contains("tooltip="))
        let mermaid = try NavigationMapMermaidRenderer(labels: look.labels).render(map)
        #expect(mermaid.contains(#"("Alert"):::kind_screen"#) && !mermaid.contains("AlertNavigationModel"))
        // The JSON map is data: whole names whatever the look.
        let json = try #require(MapOutput.renderer(for: .json, look: look, layout: nil)).render(map)
        #expect(json.contains(#""type": "AlertNavigationModel""#))
    }

    /// A user's diagram theme is drawn with; one that does not parse is named at its line and column.
    @Test func aThemeFileIsDrawnWithOrNamedWhereItBreaks() throws {
        let map = try exampleMap(["sheet-over-tabs.txt"])
        var look = MapOutput.Look()
        look.themeFile = (
            "digraph mine {\n{{#statements}}{{#node}}  {{id}} [label=\"{{type}}\"];\n{{/node}}{{/statements}}}\n",
            "mine.dot.mustache"
        )
        let dot = try NavigationMapDOTRenderer(look).render(map)
        #expect(dot.hasPrefix("digraph mine {\n") && dot.contains(#"[label="AlertNavigationModel"];"#))
        look.themeFile = ("digraph mine {\n{{#statements}}\n{{/nodes}}\n}\n", "mine.dot.mustache")
        let error = #expect(throws: RenderError.self) { try NavigationMapDOTRenderer(look).render(map) }
        guard case .invalidTemplate(let name, let line, _, _) = error else {
            Issue.record("not a template error: \(String(describing: error))")
            return
        }
        #expect(name == "mine.dot.mustache" && line == 3)
    }

    @Test func darkThemeIsItsOwnTemplate() throws {
        let map = try exampleMap(["sheet-over-tabs.txt"])
        let light = try NavigationMapDOTRenderer().render(map)
        let dark = try NavigationMapDOTRenderer(.init(theme: "dark")).render(map)
        #expect(light.contains(#"bgcolor="white""#) && dark.contains(##"bgcolor="#16181d""##))
        // The same drawing in other colours: the same nodes and edges.
        func shape(_ dot: String) -> [String] {
            dot.split(separator: "\n").filter { $0.contains(" -> ") }.map { String($0.prefix { $0 != "[" }) }
        }
        #expect(shape(light) == shape(dark))
    }
}
