import Foundation
import Testing

@testable import NavGraphRender

/// A drawing laid out again as models join it keeps the places of the models it held (`KeptPlaces`): what stays
/// does not move, what joins lands beside it without covering it, and clusters side by side do not overlap.
@Suite("Places kept across layouts")
struct KeptPlacesTests {
    /// A layout as the engine reads it from Graphviz (`DrawingPlaces`): each node a centre, 72 × 36 pt; each
    /// cluster a box ("minX,minY,maxX,maxY"), its nodes (indexes), outermost.
    static func layout(
        nodes: [(name: String, x: Double, y: Double)], clusters: [(name: String, box: String, nodes: [Int])],
        edges: [(Int, Int)]
    ) throws -> DrawingPlaces {
        var places = DrawingPlaces()
        places.nodes = nodes.map { node in
            DrawingPlaces.Node(
                name: node.name,
                box: DrawingPlaces.Box(minX: node.x - 36, minY: node.y - 18, maxX: node.x + 36, maxY: node.y + 18))
        }
        for cluster in clusters {
            let box = cluster.box.split(separator: ",").compactMap { Double($0) }
            try #require(box.count == 4)
            places.outermost.append(places.clusters.count)
            places.clusters.append(
                DrawingPlaces.Cluster(
                    name: cluster.name, box: DrawingPlaces.Box(minX: box[0], minY: box[1], maxX: box[2], maxY: box[3]),
                    label: nil, nodes: cluster.nodes, clusters: []))
        }
        places.edges = edges.map { (tail: $0.0, head: $0.1) }
        return places
    }

    /// The node centres and cluster boxes the statements pin.
    static func pinned(_ statements: String) -> (nodes: [String: DrawingPlaces.Point], clusters: [String: [Double]]) {
        var nodes: [String: DrawingPlaces.Point] = [:]
        var clusters: [String: [Double]] = [:]
        for line in statements.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            let parts = text.split(separator: "\"", omittingEmptySubsequences: false).map(String.init)
            if text.contains("[pos="), parts.count >= 5 {
                let xy = parts[3].dropLast().split(separator: ",").compactMap { Double($0) }
                guard xy.count == 2 else { continue }
                nodes[parts[1]] = DrawingPlaces.Point(x: xy[0], y: xy[1])
            } else if text.hasPrefix("subgraph"), parts.count >= 4 {
                clusters[parts[1]] = parts[3].split(separator: ",").compactMap { Double($0) }
            }
        }
        return (nodes, clusters)
    }

    static func overlap(_ one: [Double], _ other: [Double]) -> Bool {
        one[0] < other[2] && other[0] < one[2] && one[1] < other[3] && other[1] < one[3]
    }

    @Test func modelsThatStayKeepTheirPlacesAndANewcomerFollowsItsNeighbour() throws {
        // Before: a pushed onto r, drawn under it. dot now lays the grown stack out shifted 40 pt to the right
        // (a sibling appeared to its left in the fresh layout) with b under a.
        let fresh = try Self.layout(
            nodes: [("n0", 140, 200), ("n1", 140, 120), ("n2", 140, 40)], clusters: [], edges: [(0, 1), (1, 2)])
        let earlier = ["r": DrawingPlaces.Point(x: 100, y: 200), "a": DrawingPlaces.Point(x: 100, y: 120)]
        let keys = ["n0": "r", "n1": "a", "n2": "b"]
        let statements = try #require(KeptPlaces.statements(fresh: fresh, model: { keys[$0] }, earlier: earlier))
        let placed = Self.pinned(statements).nodes
        #expect(placed["n0"] == DrawingPlaces.Point(x: 100, y: 200))
        #expect(placed["n1"] == DrawingPlaces.Point(x: 100, y: 120))
        // b keeps where dot put it relative to a: under it.
        #expect(placed["n2"] == DrawingPlaces.Point(x: 100, y: 40))
        #expect(statements.contains("graph [bb="))
    }

    @Test func aNewcomerThatLandsOnAModelThatStayedMovesAside() throws {
        // dot put the new tab x where the old tab y was; y stays where it was drawn.
        let fresh = try Self.layout(
            nodes: [("n0", 100, 200), ("n1", 100, 100), ("n2", 200, 100)], clusters: [], edges: [(0, 1), (0, 2)])
        let earlier = ["r": DrawingPlaces.Point(x: 100, y: 200), "y": DrawingPlaces.Point(x: 200, y: 100)]
        let keys = ["n0": "r", "n1": "x", "n2": "y"]
        let statements = try #require(KeptPlaces.statements(fresh: fresh, model: { keys[$0] }, earlier: earlier))
        let placed = Self.pinned(statements).nodes
        #expect(placed["n0"] == DrawingPlaces.Point(x: 100, y: 200))
        #expect(placed["n2"] == DrawingPlaces.Point(x: 200, y: 100))
        let newcomer = try #require(placed["n1"])
        // 72 pt wide nodes: the newcomer clears y with room between them.
        #expect(abs(newcomer.x - 200) >= 72 + KeptPlaces.nodeGap)
        #expect(newcomer.y == 100)
    }

    @Test func clustersSideBySideDoNotOverlapWhenOneGrows() throws {
        // Two tabs' stacks side by side; the first grows sideways (a newcomer beside its model) over the second.
        let fresh = try Self.layout(
            nodes: [("n0", 60, 100), ("n1", 160, 100), ("n2", 300, 100)],
            clusters: [("cluster_1", "16,74,204,126", [0, 1]), ("cluster_2", "256,74,344,126", [2])],
            edges: [(0, 1)])
        let earlier = ["a": DrawingPlaces.Point(x: 60, y: 100), "c": DrawingPlaces.Point(x: 160, y: 100)]
        let keys = ["n0": "a", "n1": "b", "n2": "c"]
        let statements = try #require(KeptPlaces.statements(fresh: fresh, model: { keys[$0] }, earlier: earlier))
        let (nodes, clusters) = Self.pinned(statements)
        #expect(nodes["n0"] == DrawingPlaces.Point(x: 60, y: 100))
        let first = try #require(clusters["cluster_1"])
        let second = try #require(clusters["cluster_2"])
        #expect(!Self.overlap(first, second))
        // Each cluster holds its own nodes only.
        for (name, centre) in nodes {
            let inFirst = centre.x > first[0] && centre.x < first[2]
            let inSecond = centre.x > second[0] && centre.x < second[2]
            #expect(inFirst == (name != "n2") && inSecond == (name == "n2"), "\(name) at \(centre)")
        }
    }

    @Test func nothingToKeepGivesNoPlaces() throws {
        let fresh = try Self.layout(nodes: [("n0", 100, 100)], clusters: [], edges: [])
        #expect(KeptPlaces.statements(fresh: fresh, model: { _ in "z" }, earlier: [:]) == nil)
    }
}
