import Foundation

/// Where Graphviz put a laid-out drawing's nodes and clusters: its `json` output read, in points, y up. What
/// `KeptPlaces` needs to lay a grown drawing out again with the earlier models where they were.
struct DrawingPlaces {
    struct Box: Equatable {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double

        func intersects(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        func union(_ other: Box) -> Box {
            Box(
                minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
                maxY: max(maxY, other.maxY))
        }

        func expanded(by margin: Double) -> Box {
            Box(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
        }

        func moved(_ dx: Double, _ dy: Double) -> Box {
            Box(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
        }

        var centre: Point { Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }
    }

    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    struct Node {
        /// The node's DOT id.
        var name: String
        var box: Box
    }

    struct Cluster {
        /// The cluster's DOT id (`cluster_3`).
        var name: String
        var box: Box
        /// Where its label's centre is.
        var label: Point?
        /// Indexes into `nodes`: every node inside it, at any depth.
        var nodes: [Int]
        /// Indexes into `clusters`: the clusters directly inside it.
        var clusters: [Int]
    }

    var nodes: [Node] = []
    var clusters: [Cluster] = []
    /// Indexes into `clusters` of those inside no other.
    var outermost: [Int] = []
    /// Each edge's two ends, indexes into `nodes`.
    var edges: [(tail: Int, head: Int)] = []

    /// Graphviz's JSON (`-Tjson`) read; `nil` for anything else. Its `objects` are the subgraphs, then the nodes,
    /// each naming others by its place in that list (`_gvid`).
    init?(json: [UInt8]) {
        guard let root = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
            let objects = root["objects"] as? [[String: Any]]
        else { return nil }
        let subgraphCount = min(objects.count, root["_subgraph_cnt"] as? Int ?? 0)
        // Object index → node index, for the nodes.
        var nodeAt: [Int: Int] = [:]
        for index in subgraphCount..<objects.count {
            let object = objects[index]
            guard let name = object["name"] as? String, let centre = Self.point(object["pos"]),
                let width = Self.number(object["width"]), let height = Self.number(object["height"])
            else { return nil }
            // Graphviz gives a node's size in inches.
            let (halfWidth, halfHeight) = (width * 36, height * 36)
            nodeAt[index] = nodes.count
            nodes.append(
                Node(
                    name: name,
                    box: Box(
                        minX: centre.x - halfWidth, minY: centre.y - halfHeight, maxX: centre.x + halfWidth,
                        maxY: centre.y + halfHeight)))
        }
        // Only clusters are drawn (a `{ rank=same … }` subgraph has no box); a subgraph's `subgraphs` are its own.
        var clusterAt: [Int: Int] = [:]
        for index in 0..<subgraphCount {
            let object = objects[index]
            guard let name = object["name"] as? String, name.hasPrefix("cluster"), let box = Self.box(object["bb"])
            else { continue }
            clusterAt[index] = clusters.count
            let members = (object["nodes"] as? [Int] ?? []).compactMap { nodeAt[$0] }
            clusters.append(
                Cluster(name: name, box: box, label: Self.point(object["lp"]), nodes: members, clusters: []))
        }
        var inside = Set<Int>()
        for (index, cluster) in clusterAt {
            let children = (objects[index]["subgraphs"] as? [Int] ?? []).compactMap { clusterAt[$0] }
            clusters[cluster].clusters = children
            inside.formUnion(children)
        }
        outermost = clusters.indices.filter { !inside.contains($0) }
        for edge in root["edges"] as? [[String: Any]] ?? [] {
            guard let tail = (edge["tail"] as? Int).flatMap({ nodeAt[$0] }),
                let head = (edge["head"] as? Int).flatMap({ nodeAt[$0] })
            else { continue }
            edges.append((tail, head))
        }
    }

    private static func numbers(_ value: Any?) -> [Double] {
        guard let text = value as? String else { return [] }
        return text.split(separator: ",").compactMap { Double($0) }
    }

    private static func number(_ value: Any?) -> Double? {
        if let text = value as? String { return Double(text) }
        return (value as? NSNumber)?.doubleValue
    }

    private static func point(_ value: Any?) -> Point? {
        let values = numbers(value)
        return values.count == 2 ? Point(x: values[0], y: values[1]) : nil
    }

    private static func box(_ value: Any?) -> Box? {
        let values = numbers(value)
        return values.count == 4 ? Box(minX: values[0], minY: values[1], maxX: values[2], maxY: values[3]) : nil
    }
}
