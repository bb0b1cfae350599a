import Foundation
import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTestSupport
import Testing

@testable import NavGraphGraphviz

/// Crossings counted in Swift, against `scripts/count-crossings` and against Graphviz's layout read in-process.
@Suite("Edge crossings of a layout", .tags(.memory, .draws))
struct EdgeCrossingsLayoutTests {
    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The map of a simulated Examples-app session (`scripts/bench-data session --format navgraph-events --events
    /// 20000 --seed 1`, `navgraph diagram` before it chose among layouts) as Graphviz 2.43's `dot -Tplain` laid it
    /// out: `scripts/count-crossings` counts 49 crossings in this very text, and so must the port.
    @Test func theScriptsFigureForTheSameLayout() throws {
        let layout = try #require(EdgeCrossings(plain: try Self.fixture("examples-app-map.plain")))
        #expect(layout.nodes.count == 15 && layout.edges.count == 56)
        #expect(layout.nodes.first?.name == "w0")
        #expect(layout.count == 49)
    }

    /// The layout read from Graphviz's graph (`LaidOutEdges`) holds what `plain` writes: every node by its name,
    /// every edge's control points, in inches. Laid out in-process, so by whichever Graphviz navgraph links: the
    /// count is compared with the same layout's `plain` figure only through its shape (a real map crosses).
    @Test func aLayoutReadInProcess() throws {
        let dot = try Self.fixture("examples-app-map.dot")
        let layout = try #require(try GraphvizLayout().crossings(dot: dot))
        #expect(Set(layout.nodes.map(\.name)) == Set((0..<14).map { "n\($0)" } + ["w0"]))
        #expect(layout.edges.count == 56)
        // Each edge a B-spline of cubic pieces, in inches as the nodes are (a map is some inches across, 72 times
        // that in points; a control point may lie a little outside the drawing: Graphviz 2.43 put one at x = -1.8).
        let right = layout.nodes.map { $0.centre.x + $0.halfWidth }.max() ?? 0
        let top = layout.nodes.map { $0.centre.y + $0.halfHeight }.max() ?? 0
        #expect(right > 1 && right < 100 && top > 1 && top < 100, "\(right) × \(top)")
        for points in layout.edges {
            #expect(points.count >= 4 && (points.count - 1) % 3 == 0, "\(points.count) points")
            #expect(points.allSatisfy { abs($0.x) < 2 * right && abs($0.y) < 2 * top })
        }
        #expect(layout.count > 0)
        // Names come back as written, never wrapped (`plain` wrapped them in <…> at random: see the shim).
        #expect(layout.nodes.allSatisfy { !$0.name.hasPrefix("<") })
    }

    /// The map of the README's examples, each log read on its own and summed, as `navgraph diagram` does.
    static func readmeMap() throws -> NavigationMap {
        var map = NavigationMap()
        for name in ["session.log", "sheet-over-tabs.txt", "leaky-session.log", "leaky-session.jsonl"] {
            let source = try LineSource(path: repositoryRoot.appendingPathComponent("examples/\(name)").path)
            var hierarchy = Hierarchy()
            var builder = NavigationMapBuilder()
            try NavigationInput(source: source).read(diagnostics: DiagnosticCollector()) { event in
                builder.record(event, change: hierarchy.apply(event), in: hierarchy)
                return true
            }
            map.merge(builder.map)
        }
        return map
    }

    /// The ways a map is tried: the one asked for is the baseline, and none crosses more than it; each figure is
    /// that of the DOT the look writes.
    @Test func theMapKeptNeverCrossesMoreThanTheOneAsked() throws {
        var map = try Self.readmeMap()
        #expect(!map.relations.isEmpty)
        let look = MapOutput.Look()
        let kept = try #require(MapCrossings.fewest(map, look: look, engine: GraphvizLayout()))
        #expect(kept.crossings <= kept.asked)
        var asked = ""
        try NavigationMapDOTRenderer(look).render(map, to: &asked)
        #expect(try GraphvizLayout().crossings(dot: asked)?.count == kept.asked)
        var chosen = ""
        try NavigationMapDOTRenderer(kept.look).render(map, to: &chosen)
        #expect(try GraphvizLayout().crossings(dot: chosen)?.count == kept.crossings)
        // Past the limit, the map is drawn as asked.
        for index in 0...MapCrossings.maximumRelations {
            map.relations[NavigationRelation(.pushedAfter, from: "Filler\(index)", to: "Filler\(index + 1)")] = 1
        }
        #expect(MapCrossings.fewest(map, look: look, engine: GraphvizLayout()) == nil)
    }
}
