import CGraphviz
import NavGraphRender

/// Where a laid-out graph's nodes and clusters are, read from Graphviz's own records of its layout: the places
/// `KeptPlaces` works from, at every layout of a live page, without Graphviz writing them as JSON and navgraph
/// parsing that back (which took a fifth of the time a replay page's drawings took, debug build). The same nodes,
/// clusters and edges, in the same order, as Graphviz's `json` output.
enum LaidOutPlaces {
    /// The places of `graph`, laid out (before `gvFreeLayout`); `nil` where Graphviz holds no layout for a node.
    static func read(_ graph: UnsafeMutablePointer<Agraph_t>) -> DrawingPlaces? {
        var places = DrawingPlaces()
        var indexOf: [UnsafeMutablePointer<Agnode_t>: Int] = [:]
        var node = agfstnode(graph)
        while let current = node {
            var (x, y, width, height) = (0.0, 0.0, 0.0, 0.0)
            guard navgraph_node_box(current, &x, &y, &width, &height) == 0, let name = agnameof(current) else {
                return nil
            }
            indexOf[current] = places.nodes.count
            places.nodes.append(
                DrawingPlaces.Node(
                    name: String(cString: name),
                    box: DrawingPlaces.Box(
                        minX: x - width / 2, minY: y - height / 2, maxX: x + width / 2, maxY: y + height / 2)))
            node = agnxtnode(graph, current)
        }
        places.bounds = box(graph)
        // Outermost first, each cluster's own inside it (iteratively: clusters nest as deep as the hierarchy).
        var pending: [(cluster: UnsafeMutablePointer<Agraph_t>, parent: Int?)] = clusters(in: graph).reversed().map {
            ($0, nil)
        }
        while let (cluster, parent) = pending.popLast() {
            guard let name = agnameof(cluster), let box = box(cluster) else { continue }
            var members: [Int] = []
            var member = agfstnode(cluster)
            while let current = member {
                if let index = indexOf[current] { members.append(index) }
                member = agnxtnode(cluster, current)
            }
            var (labelX, labelY) = (0.0, 0.0)
            let label =
                navgraph_cluster_label(cluster, &labelX, &labelY) == 0
                ? DrawingPlaces.Point(x: labelX, y: labelY) : nil
            let index = places.clusters.count
            places.clusters.append(
                DrawingPlaces.Cluster(
                    name: String(cString: name), box: box, label: label, nodes: members, clusters: []))
            if let parent { places.clusters[parent].clusters.append(index) } else { places.outermost.append(index) }
            pending += clusters(in: cluster).reversed().map { ($0, index) }
        }
        var tail = agfstnode(graph)
        while let from = tail {
            var edge = agfstout(graph, from)
            while let current = edge {
                if let head = navgraph_edge_head(current), let to = indexOf[head],
                    let start = navgraph_edge_tail(current).flatMap({ indexOf[$0] })
                {
                    places.edges.append((start, to))
                }
                edge = agnxtout(graph, current)
            }
            tail = agnxtnode(graph, from)
        }
        return places
    }

    /// The clusters the layout found directly inside `graph`.
    private static func clusters(in graph: UnsafeMutablePointer<Agraph_t>) -> [UnsafeMutablePointer<Agraph_t>] {
        (0..<navgraph_cluster_count(graph)).compactMap { navgraph_cluster(graph, $0) }
    }

    private static func box(_ graph: UnsafeMutablePointer<Agraph_t>) -> DrawingPlaces.Box? {
        var (minX, minY, maxX, maxY) = (0.0, 0.0, 0.0, 0.0)
        guard navgraph_graph_box(graph, &minX, &minY, &maxX, &maxY) == 0 else { return nil }
        return DrawingPlaces.Box(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
}
