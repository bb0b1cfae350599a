import Foundation
import Testing

@testable import NavGraphGraphviz
@testable import NavGraphRender

/// Graphviz lays a drawing out, then draws a grown one where `KeptPlaces` put it (`nop2`): the models that stayed
/// are where the first drawing had them, and Graphviz says where everything went (its JSON), on 2.43 and 14.x.
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

    private func places(_ json: [UInt8]?) throws -> DrawingPlaces {
        let bytes = try #require(json)
        return try #require(DrawingPlaces(json: bytes))
    }

    @Test func aGrownDrawingKeepsThePlacesOfWhatStayed() throws {
        let layout = GraphvizLayout()
        let first = try places(try layout.drawWithPlaces(dot: Self.before, placed: false).places)
        var earlier: [String: DrawingPlaces.Point] = [:]
        for node in first.nodes { earlier[node.name] = node.box.centre }
        let fresh = try places(try layout.drawWithPlaces(dot: Self.grown, placed: false).places)
        let statements = try #require(KeptPlaces.statements(fresh: fresh, model: { $0 }, earlier: earlier))
        let end = try #require(Self.grown.lastIndex(of: "}"))
        let (svg, json) = try layout.drawWithPlaces(dot: Self.grown[..<end] + statements + "}\n", placed: true)
        let placed = try places(json)
        // Graphviz moves the whole drawing so that its box starts at the origin (it grew down and to the left):
        // what stayed keeps its places relative to each other — all of it moved by one offset, which the page
        // takes back by where it puts the drawing.
        var offsets: [DrawingPlaces.Point] = []
        for node in placed.nodes {
            guard let was = earlier[node.name] else { continue }
            offsets.append(DrawingPlaces.Point(x: node.box.centre.x - was.x, y: node.box.centre.y - was.y))
        }
        #expect(offsets.count == 2)
        let offset = try #require(offsets.first)
        for other in offsets {
            #expect(abs(other.x - offset.x) < 0.5 && abs(other.y - offset.y) < 0.5, "\(offsets); by \(statements)")
        }
        #expect(placed.nodes.count == 4)
        let text = String(decoding: svg, as: UTF8.self)
        for label in ["Root", "Detail", "Settings", "Comments", "main"] { #expect(text.contains(">\(label)<")) }
        // The edges were routed: one path per edge.
        #expect(text.components(separatedBy: "class=\"edge\"").count - 1 == 3)
    }
}
