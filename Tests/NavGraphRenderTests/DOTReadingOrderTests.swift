import NavGraphCore
import Testing

@testable import NavGraphRender

/// What a diagram's reader relies on: things side by side in reading order in both directions, clusters named as
/// the app names them, nodes named short.
@Suite("DOT reading order and names")
struct DOTReadingOrderTests {
    /// A split view (sidebar, a content stack, detail) in window `main`, and a second window of three titled tabs:
    /// two stacks and a screen.
    static var hierarchy: Hierarchy {
        func model(_ key: String, _ type: String) -> ModelRef { ModelRef(key: key, id: key, type: type) }
        var hierarchy = Hierarchy()
        let events: [NavEvent.Action] = [
            .root(model("A1", "AppModel"), kind: .split, window: "main"),
            .column(model("S1", "SidebarModel"), kind: nil, parent: "A1", column: .sidebar),
            .column(model("C1", "ContentModel"), kind: .stack, parent: "A1", column: .content),
            .push(model("C2", "ListModel"), kind: nil, parent: "C1"),
            .column(model("D1", "DetailModel"), kind: nil, parent: "A1", column: .detail),
            .openWindow(model("W2", "TabsModel"), kind: .tabs, window: "second"),
            .tab(model("T1", "HomeStack"), kind: .stack, parent: "W2", title: "Home"),
            .tab(model("T2", "SearchStack"), kind: .stack, parent: "W2", title: "Search"),
            .tab(model("T3", "ProfileModel"), kind: nil, parent: "W2", title: nil),
        ]
        for (line, action) in events.enumerated() { hierarchy.apply(NavEvent(action, line: line + 1)) }
        return hierarchy
    }

    /// Where each text first occurs in the DOT.
    static func positions(_ dot: String, _ texts: [String]) throws -> [Int] {
        try texts.map { text in
            let range = try #require(dot.range(of: text), "\(text) not in the DOT")
            return dot.distance(from: dot.startIndex, to: range.lowerBound)
        }
    }

    /// Graphviz keeps what shares a rank in the order the DOT gives it (left to right; bottom up with LR), nodes
    /// and clusters alike: so the DOT gives sidebar, content's cluster, detail; tab 1, 2, 3; window main, second —
    /// and with LR all of it the other way round.
    @Test(arguments: [DOTRenderer.Direction.topToBottom, .leftToRight])
    func sideBySideInReadingOrder(direction: DOTRenderer.Direction) throws {
        let dot = try DOTRenderer(direction: direction, legend: false).render(Self.hierarchy)
        let groups = [
            ["label=\"SidebarModel", "label=\"ContentModel", "label=\"DetailModel"],
            ["label=\"Home\"", "label=\"Search\"", "label=\"ProfileModel"],
            ["label=\"window main\"", "label=\"window second\""],
        ]
        for texts in groups {
            let found = try Self.positions(dot, texts)
            let expected = direction == .topToBottom ? found.sorted() : found.sorted(by: >)
            #expect(found == expected, "\(direction): \(texts) come in the order \(found)")
        }
    }

    @Test func clustersAreNamedForTheirTabOrStyle() throws {
        var hierarchy = Self.hierarchy
        hierarchy.apply(
            NavEvent(
                .present(
                    ModelRef(key: "P1", id: "P1", type: "ComposeModel"), kind: .stack, parent: "T3", style: .sheet),
                line: 20))
        let dot = try DOTRenderer(legend: false).render(hierarchy)
        #expect(dot.contains("label=\"Home\""))
        #expect(dot.contains("label=\"Search\""))
        // A presented stack's cluster is titled with its style, and its edge left unlabelled (the word ran through
        // the title).
        #expect(dot.contains("label=\"sheet\"; labeljust=l"))
        #expect(!dot.contains("[label=\"sheet\""))
        // The split's content stack has no name but its kind.
        #expect(dot.components(separatedBy: "label=\"stack\"").count == 2)
    }

    @Test func uuidsAreShortAndTheSuffixIsLeftOutOnlyWhereAsked() throws {
        var hierarchy = Hierarchy()
        let uuid = "8C1F0E2A-0007-4001-8003-000000001EEF"
        hierarchy.apply(
            NavEvent(
                .root(ModelRef(key: uuid, id: uuid, type: "HomeNavigationModel"), kind: nil, window: "main"), line: 1))
        hierarchy.apply(
            NavEvent(
                .push(ModelRef(key: "x", id: "not-a-uuid", type: "NavigationModel"), kind: nil, parent: uuid), line: 2))
        var renderer = try DOTRenderer(legend: false)
        var dot = try renderer.render(hierarchy)
        #expect(dot.contains("label=\"HomeNavigationModel\\n8C1F…\", tooltip=\"HomeNavigationModel \(uuid)\""))
        #expect(dot.contains("label=\"NavigationModel\\nnot-a-uuid\""))
        renderer.labels.strippedSuffix = "NavigationModel"
        dot = try renderer.render(hierarchy)
        #expect(dot.contains("label=\"Home\\n8C1F…\""))
        // A type that is only the suffix keeps it.
        #expect(dot.contains("label=\"NavigationModel\\nnot-a-uuid\""))
        renderer.labels = .full
        #expect(try renderer.render(hierarchy).contains("label=\"HomeNavigationModel\\n\(uuid)\""))
    }

    /// Two UUIDs of one drawing that start alike get as many digits as tell them apart.
    @Test func shortIDsStayDistinct() throws {
        var hierarchy = Hierarchy()
        let ids = [
            "8C1F0E2A-0007-4001-8003-000000001EEF", "8C1F9E2A-0007-4001-8003-000000001EEF",
            "8C1F9E2B-0007-4001-8003-000000001EEF", "77AA0000-0007-4001-8003-000000001EEF",
        ]
        hierarchy.apply(
            NavEvent(.root(ModelRef(key: ids[0], id: ids[0], type: "Root"), kind: .stack, window: "main"), line: 1))
        for (index, id) in ids.dropFirst().enumerated() {
            hierarchy.apply(
                NavEvent(.push(ModelRef(key: id, id: id, type: "Screen"), kind: nil, parent: ids[0]), line: index + 2))
        }
        let dot = try DOTRenderer(legend: false).render(hierarchy)
        for short in ["8C1F0E2A…", "8C1F9E2A…", "8C1F9E2B…", "77AA…"] {
            #expect(dot.contains("\\n\(short)\""), "\(short)")
        }
    }

    @Test func uuidRecognition() {
        #expect(DiagramLabels.isUUID("8c1f0e2a-0007-4001-8003-000000001EEF"))
        #expect(!DiagramLabels.isUUID("8C1F0E2A-0007-4001-8003-000000001EEG"))
        #expect(!DiagramLabels.isUUID("8C1F0E2A00007-4001-8003-000000001EEF"))
        #expect(!DiagramLabels.isUUID("8C1F"))
    }
}
