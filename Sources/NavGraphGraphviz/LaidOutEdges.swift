import CGraphviz
import NavGraphRender

/// A laid-out graph's nodes and edge splines, read from Graphviz's own records of its layout (as `LaidOutPlaces`
/// reads its places), in inches as Graphviz's `plain` output gives them: what `EdgeCrossings` counts.
enum LaidOutEdges {
    static let pointsPerInch = 72.0

    /// The nodes and edges of `graph`, laid out (before `gvFreeLayout`); `nil` where Graphviz holds no layout for a
    /// node.
    static func read(_ graph: UnsafeMutablePointer<Agraph_t>) -> EdgeCrossings? {
        var nodes: [EdgeCrossings.Box] = []
        var edges: [[EdgeCrossings.Point]] = []
        var node = agfstnode(graph)
        while let current = node {
            var (x, y, width, height) = (0.0, 0.0, 0.0, 0.0)
            guard navgraph_node_box(current, &x, &y, &width, &height) == 0, let name = agnameof(current) else {
                return nil
            }
            nodes.append(
                EdgeCrossings.Box(
                    name: String(cString: name), centre: inches(x, y), halfWidth: width / 2 / pointsPerInch,
                    halfHeight: height / 2 / pointsPerInch))
            var edge = agfstout(graph, current)
            while let laidOut = edge {
                let count = navgraph_edge_point_count(laidOut)
                var points: [EdgeCrossings.Point] = []
                points.reserveCapacity(Int(max(count, 0)))
                for index in 0..<max(count, 0) {
                    var (pointX, pointY) = (0.0, 0.0)
                    guard navgraph_edge_point(laidOut, index, &pointX, &pointY) == 0 else { break }
                    points.append(inches(pointX, pointY))
                }
                edges.append(points)
                edge = agnxtout(graph, laidOut)
            }
            node = agnxtnode(graph, current)
        }
        return EdgeCrossings(nodes: nodes, edges: edges)
    }

    private static func inches(_ x: Double, _ y: Double) -> EdgeCrossings.Point {
        EdgeCrossings.Point(x: x / pointsPerInch, y: y / pointsPerInch)
    }
}
