import Foundation
import Testing

@testable import NavGraphGraphviz
@testable import NavGraphRender

/// Graphviz lays a drawing out, then draws a grown one where `KeptPlaces` put it (`nop2`): the models that stayed
/// are where the first drawing had them, and Graphviz says where everything went (read from its graph), on 2.43
/// and 14.x.
@Suite("Layouts that keep places", .tags(.memory, .draws))
struct PlacedLayoutTests {
    private static let before = """
        digraph G {
          subgraph cluster_w { label="main"; n0 [label="Root"]; n1 [label="Detail"]; }
          n0 -> n1;
        }
        """
    private static let grown = """
        digraph G {
          subgraph cluster_w { label="main"; n9 [label="Settings"]; n0 [label="Root"]; n1 [label="Detail"]; \
        n2 [label="Comments"]; }
          n0 -> n9; n0 -> n1; n1 -> n2;
        }
        """

    @Test func aGrownDrawingKeepsThePlacesOfWhatStayed() throws {
        let layout = GraphvizLayout()
        let first = try #require(try layout.drawKeepingPlaces(dot: Self.before) { _ in nil }.places)
        var earlier: [String: DrawingPlaces.Point] = [:]
        for node in first.nodes { earlier[node.name] = node.box.centre }
        var statements: String?
        let end = try #require(Self.grown.lastIndex(of: "}"))
        let (svg, kept) = try layout.drawKeepingPlaces(dot: Self.grown) { fresh in
            statements = KeptPlaces.statements(fresh: fresh, model: { $0 }, earlier: earlier)
            return statements.map { Self.grown[..<end] + $0 + "}\n" }
        }
        let placed = try #require(kept)
        #expect(statements != nil)
        // Graphviz moves the whole drawing so that its box starts at the origin (it grew down and to the left):
        // what stayed keeps its places relative to each other — all of it moved by one offset, which the page
        // takes back by where it puts the drawing (`DrawingShift`).
        var offsets: [DrawingPlaces.Point] = []
        for node in placed.nodes {
            guard let was = earlier[node.name] else { continue }
            offsets.append(DrawingPlaces.Point(x: node.box.centre.x - was.x, y: node.box.centre.y - was.y))
        }
        #expect(offsets.count == 2)
        let offset = try #require(offsets.first)
        for other in offsets {
            #expect(
                abs(other.x - offset.x) < 0.5 && abs(other.y - offset.y) < 0.5, "\(offsets); by \(statements ?? "")")
        }
        #expect(placed.nodes.count == 4)
        let text = String(decoding: svg, as: UTF8.self)
        for label in ["Root", "Detail", "Settings", "Comments", "main"] { #expect(text.contains(">\(label)<")) }
        // The edges were routed: one path per edge.
        #expect(text.components(separatedBy: "class=\"edge\"").count - 1 == 3)
    }

    /// The places read from Graphviz's graph are where its SVG draws the nodes (an ellipse's centre is the node's,
    /// y written negative under the graph's `translate(4 top+4)`; its size to Graphviz's rounding), the cluster
    /// holds its nodes, and the edges join the nodes they name — on every Graphviz version navgraph builds against.
    @Test func thePlacesReadAreWhereTheSVGDrawsTheNodes() throws {
        let (svg, read) = try GraphvizLayout().drawKeepingPlaces(dot: Self.grown) { _ in nil }
        let places = try #require(read)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(places.nodes.map(\.name).sorted() == ["n0", "n1", "n2", "n9"])
        for node in places.nodes {
            let group = try #require(text.components(separatedBy: "<title>\(node.name)</title>").dropFirst().first)
            let ellipse = try #require(group.components(separatedBy: "<ellipse").dropFirst().first)
            func attribute(_ name: String) throws -> Double {
                let value = try #require(ellipse.components(separatedBy: " \(name)=\"").dropFirst().first)
                return try #require(Double(value.prefix { $0 != "\"" }))
            }
            #expect(abs(try attribute("cx") - node.box.centre.x) < 0.01, "\(node.name)")
            #expect(abs(try attribute("cy") + node.box.centre.y) < 0.01, "\(node.name)")
            #expect(abs(try attribute("rx") * 2 - (node.box.maxX - node.box.minX)) < 0.5, "\(node.name)")
        }
        let bounds = try #require(places.bounds)
        let translate = try #require(text.components(separatedBy: "translate(4 ").dropFirst().first)
        let down = try #require(Double(translate.prefix { $0 != ")" }))
        #expect(abs(down - (bounds.maxY + 4)) < 0.01, "\(bounds)")
        #expect(places.clusters.count == 1 && places.outermost == [0])
        #expect(places.clusters.first?.name == "cluster_w" && places.clusters.first?.nodes.count == 4)
        #expect(places.clusters.first?.label != nil)
        let names = places.nodes.map(\.name)
        #expect(places.edges.map { names[$0.tail] + "->" + names[$0.head] }.sorted() == ["n0->n1", "n0->n9", "n1->n2"])
    }
}
