import Testing

@testable import NavGraphRender

/// Counting crossings from edge splines (`EdgeCrossings`, the port of scripts/count-crossings), on shapes whose
/// count is known.
@Suite("Edge crossings")
struct EdgeCrossingsTests {
    typealias Point = EdgeCrossings.Point

    /// A straight edge as a one-piece B-spline from `a` to `b` (control points a third of the way each).
    static func line(_ a: (Double, Double), _ b: (Double, Double)) -> [Point] {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        return [
            Point(x: a.0, y: a.1), Point(x: a.0 + dx / 3, y: a.1 + dy / 3),
            Point(x: a.0 + 2 * dx / 3, y: a.1 + 2 * dy / 3), Point(x: b.0, y: b.1),
        ]
    }

    static func box(_ name: String, _ x: Double, _ y: Double) -> EdgeCrossings.Box {
        EdgeCrossings.Box(name: name, centre: Point(x: x, y: y), halfWidth: 0.2, halfHeight: 0.1)
    }

    @Test func anXCrossesOnceParallelLinesNever() {
        let cross = EdgeCrossings(nodes: [], edges: [Self.line((0, 0), (2, 2)), Self.line((0, 2), (2, 0))])
        #expect(cross.count == 1)
        let parallel = EdgeCrossings(nodes: [], edges: [Self.line((0, 0), (2, 0)), Self.line((0, 1), (2, 1))])
        #expect(parallel.count == 0)
        // Three edges through one point: each pair once.
        let star = EdgeCrossings(
            nodes: [],
            edges: [Self.line((0, 0), (2, 2)), Self.line((0, 2), (2, 0)), Self.line((1, 0), (1, 2))])
        #expect(star.count == 3)
    }

    /// Edges that meet at a node they share, or run into a node's outline, do not cross there.
    @Test func meetingInsideANodeIsNoCrossing() {
        let shared = EdgeCrossings(
            nodes: [Self.box("a", 1, 1)], edges: [Self.line((1, 1), (0, 3)), Self.line((1, 1), (2, 3))])
        #expect(shared.count == 0)
        let fanIn = EdgeCrossings(
            nodes: [Self.box("t", 1, 0)], edges: [Self.line((0, 2), (1.05, 0)), Self.line((2, 2), (0.95, 0))])
        #expect(fanIn.count == 0)
        // The same two edges without the node: they cross just above where it was.
        #expect(EdgeCrossings(nodes: [], edges: fanIn.edges).count == 1)
    }

    /// A curve that crosses a line twice counts twice; two edges that run along each other (one place over many
    /// samples) count once.
    @Test func separatePlacesCountTouchingOnesDoNot() {
        // A cubic from (0,0) to (3,0) bulging up then down: it crosses y = 0 once more in between (at x = 1.5).
        let wave = [Point(x: 0, y: -1), Point(x: 1, y: 3), Point(x: 2, y: -3), Point(x: 3, y: 1)]
        #expect(EdgeCrossings(nodes: [], edges: [wave, Self.line((-1, 0), (4, 0))]).count == 3)
        let along = EdgeCrossings(
            nodes: [], edges: [Self.line((0, 0), (1, 0.001)), Self.line((0, 0.0005), (1, 0.0005))])
        #expect(along.count == 1)
    }

    /// Graphviz's `plain` lines: names quoted or not, escaped quotes in labels, edges with their labels after their
    /// points; other lines passed over; a line that does not read is no layout.
    @Test func plainOutputIsRead() throws {
        let plain = """
            graph 1 4 3
            node n0 1 2.5 0.8 0.5 "Home" solid box black lightgrey
            node "a b" 3 2.5 0.8 0.5 "Say \\"hi\\"" solid box black lightgrey
            node n2 2 0.5 0.8 0.5 n2 solid box black lightgrey
            edge n0 n2 4 1 2.25 1.2 1.6 1.5 1.1 1.8 0.75 "push ×2" 1.5 1.6 solid black
            edge "a b" n2 4 3 2.25 2.8 1.6 2.5 1.1 2.2 0.75 solid black
            edge n0 "a b" 4 1.4 2.5 1.8 2.5 2.2 2.5 2.6 2.5 solid black
            stop
            """
        let layout = try #require(EdgeCrossings(plain: plain))
        #expect(layout.nodes.map(\.name) == ["n0", "a b", "n2"])
        #expect(layout.nodes[1].centre == Point(x: 3, y: 2.5) && layout.nodes[1].halfWidth == 0.4)
        #expect(layout.edges.count == 3 && layout.edges.allSatisfy { $0.count == 4 })
        #expect(layout.edges[0].last == Point(x: 1.8, y: 0.75))
        // The two edges into n2 do not meet; the third runs between n0 and "a b", above both.
        #expect(layout.count == 0)
        #expect(EdgeCrossings(plain: "node n0 1 x 0.8 0.5 n0 solid box black lightgrey\n") == nil)
        #expect(EdgeCrossings(plain: "edge a b 4 1 2\n") == nil)
        #expect(EdgeCrossings(plain: "graph 1 1 1\nstop\n")?.count == 0)
    }

    @Test func wordsKeepQuotedStringsWhole() {
        #expect(EdgeCrossings.words(#"node "a \"b\" c" 1 "" 2"#) == ["node", #"a "b" c"#, "1", "", "2"])
        #expect(EdgeCrossings.words("  spaced   out ") == ["spaced", "out"])
    }
}
