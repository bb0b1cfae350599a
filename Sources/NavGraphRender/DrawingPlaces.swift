/// Where Graphviz put a laid-out drawing's nodes and clusters, in points, y up (read from its graph by the layout
/// engine, `DOTLayoutEngine.drawKeepingPlaces`). What `KeptPlaces` needs to lay a grown drawing out again with the
/// earlier models where they were.
public struct DrawingPlaces: Sendable {
    public struct Box: Equatable, Sendable {
        public var minX: Double
        public var minY: Double
        public var maxX: Double
        public var maxY: Double

        public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }

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

    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public struct Node: Sendable {
        /// The node's DOT id.
        public var name: String
        public var box: Box

        public init(name: String, box: Box) {
            self.name = name
            self.box = box
        }
    }

    public struct Cluster: Sendable {
        /// The cluster's DOT id (`cluster_3`).
        public var name: String
        public var box: Box
        /// Where its label's centre is.
        public var label: Point?
        /// Indexes into `nodes`: every node inside it, at any depth.
        public var nodes: [Int]
        /// Indexes into `clusters`: the clusters directly inside it.
        public var clusters: [Int]

        public init(name: String, box: Box, label: Point?, nodes: [Int], clusters: [Int]) {
            self.name = name
            self.box = box
            self.label = label
            self.nodes = nodes
            self.clusters = clusters
        }
    }

    public var nodes: [Node] = []
    public var clusters: [Cluster] = []
    /// Indexes into `clusters` of those inside no other.
    public var outermost: [Int] = []
    /// Each edge's two ends, indexes into `nodes`.
    public var edges: [(tail: Int, head: Int)] = []
    /// The whole drawing's box (Graphviz's `bb`): the drawing's SVG puts its top-left corner at its own origin.
    public var bounds: Box?

    public init() {}
}
