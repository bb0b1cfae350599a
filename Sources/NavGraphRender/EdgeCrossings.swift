/// How many times the edges of a drawing cross, as Graphviz laid it out: `scripts/count-crossings` in Swift, so that
/// `diagram` can lay out a map a few ways and keep the one that crosses least (`MapCrossings.fewest`).
///
/// Read from the laid-out graph (`LaidOutEdges`), or from Graphviz's `plain` output, which says the same: every node's
/// box and every edge's B-spline control points, in inches. Each spline is sampled into short segments and every pair
/// of edges is checked segment by segment. A meeting inside a node's box (edges sharing a node, or running into a
/// node's outline) is not a crossing; two edges that touch over several samples count once per separate place. The
/// same figure as the script's, for the same layout.
public struct EdgeCrossings: Sendable, Equatable {
    /// A place in the layout: the drawing's own point type.
    public typealias Point = DrawingPlaces.Point

    /// A node's box: its name in the DOT, its centre and half its width and height.
    public struct Box: Sendable, Equatable {
        public var name: String
        public var centre: Point
        public var halfWidth: Double
        public var halfHeight: Double

        public init(name: String = "", centre: Point, halfWidth: Double, halfHeight: Double) {
            self.name = name
            self.centre = centre
            self.halfWidth = halfWidth
            self.halfHeight = halfHeight
        }
    }

    public var nodes: [Box]
    /// Each edge's control points: a B-spline of cubic Bézier pieces (3n+1 points).
    public var edges: [[Point]]

    /// Points per Bézier piece: an edge of a map is a few pieces, so segments of a few points.
    static let samples = 16
    /// Two crossings of one pair of edges nearer than this (inches, along x plus y) are one place.
    static let samePlace = 0.1
    /// How far outside a node's box a meeting still counts as inside it (inches).
    static let nodeMargin = 0.05

    public init(nodes: [Box], edges: [[Point]]) {
        self.nodes = nodes
        self.edges = edges
    }

    /// The nodes and edges of Graphviz's `plain` output; `nil` where a `node` or `edge` line does not read (a
    /// layout's own output always does).
    public init?(plain: String) {
        var nodes: [Box] = []
        var edges: [[Point]] = []
        for line in plain.split(whereSeparator: \.isNewline) {
            let words = Self.words(line)
            guard let first = words.first else { continue }
            if first == "node" {
                guard words.count >= 6, let x = Double(words[2]), let y = Double(words[3]),
                    let width = Double(words[4]), let height = Double(words[5])
                else { return nil }
                nodes.append(
                    Box(name: words[1], centre: Point(x: x, y: y), halfWidth: width / 2, halfHeight: height / 2))
            } else if first == "edge" {
                guard words.count >= 4, let count = Int(words[3]), count >= 0, words.count >= 4 + 2 * count else {
                    return nil
                }
                var points: [Point] = []
                points.reserveCapacity(count)
                for index in 0..<count {
                    guard let x = Double(words[4 + 2 * index]), let y = Double(words[5 + 2 * index]) else { return nil }
                    points.append(Point(x: x, y: y))
                }
                edges.append(points)
            }
        }
        self.init(nodes: nodes, edges: edges)
    }

    /// A `plain` line's words: quoted strings (names, labels) kept whole, their backslash escapes read.
    static func words(_ line: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        var started = false
        for character in line {
            if quoted {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
                started = true
            } else if character == " " {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    /// How many times one edge crosses another, outside the nodes.
    public var count: Int {
        let lines = edges.map(Self.polyline)
        // Each segment's box, computed once: most pairs of segments are told apart by their boxes alone.
        let segments = lines.map { line in zip(line, line.dropFirst()).map { Bounds($0, $1) } }
        let bounds = segments.map(Bounds.around)
        var total = 0
        for first in lines.indices {
            for second in lines.indices where second > first {
                // Edges whose boxes do not meet cannot cross: most pairs of a map, skipped whole.
                guard let a = bounds[first], let b = bounds[second], a.overlaps(b) else { continue }
                total += places(lines[first], segments[first], lines[second], segments[second])
            }
        }
        return total
    }

    /// The separate places where two polylines cross outside the nodes.
    private func places(_ first: [Point], _ firstBoxes: [Bounds], _ second: [Point], _ secondBoxes: [Bounds]) -> Int {
        var found: [Point] = []
        // Index loops: an unoptimised (debug) build spent most of a map's layouts in `enumerated()`'s iterator.
        var i = 0
        while i < firstBoxes.count {
            let box = firstBoxes[i]
            var j = -1
            while j + 1 < secondBoxes.count {
                j += 1
                guard box.overlaps(secondBoxes[j]),
                    let point = Self.intersection(first[i], first[i + 1], second[j], second[j + 1]),
                    !insideANode(point)
                else { continue }
                if found.allSatisfy({ abs(point.x - $0.x) + abs(point.y - $0.y) > Self.samePlace }) {
                    found.append(point)
                }
            }
            i += 1
        }
        return found.count
    }

    private func insideANode(_ point: Point) -> Bool {
        nodes.contains {
            abs(point.x - $0.centre.x) <= $0.halfWidth + Self.nodeMargin
                && abs(point.y - $0.centre.y) <= $0.halfHeight + Self.nodeMargin
        }
    }

    /// A B-spline of 3n+1 control points (cubic Bézier pieces) as a polyline of `samples` segments a piece.
    static func polyline(_ points: [Point]) -> [Point] {
        guard let first = points.first else { return [] }
        var result = [first]
        var start = 0
        while start + 3 < points.count {
            let (p0, p1, p2, p3) = (points[start], points[start + 1], points[start + 2], points[start + 3])
            for step in 1...samples {
                let t = Double(step) / Double(samples)
                let u = 1 - t
                let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                result.append(
                    Point(
                        x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                        y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y))
            }
            start += 3
        }
        return result
    }

    /// Where segment ab crosses segment cd, or `nil` (parallel segments never cross here).
    static func intersection(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Point? {
        let (rx, ry) = (b.x - a.x, b.y - a.y)
        let (sx, sy) = (d.x - c.x, d.y - c.y)
        let denominator = rx * sy - ry * sx
        guard abs(denominator) >= 1e-12 else { return nil }
        let t = ((c.x - a.x) * sy - (c.y - a.y) * sx) / denominator
        let u = ((c.x - a.x) * ry - (c.y - a.y) * rx) / denominator
        guard (0...1).contains(t), (0...1).contains(u) else { return nil }
        return Point(x: a.x + t * rx, y: a.y + t * ry)
    }

    /// An axis-aligned box around points, to skip pairs that cannot meet.
    struct Bounds {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double

        init(_ a: Point, _ b: Point) {
            (minX, maxX) = (min(a.x, b.x), max(a.x, b.x))
            (minY, maxY) = (min(a.y, b.y), max(a.y, b.y))
        }

        func overlaps(_ other: Bounds) -> Bool {
            minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
        }

        /// The box around boxes; `nil` around none.
        static func around(_ boxes: [Bounds]) -> Bounds? {
            guard var result = boxes.first else { return nil }
            for box in boxes.dropFirst() {
                result.minX = min(result.minX, box.minX)
                result.maxX = max(result.maxX, box.maxX)
                result.minY = min(result.minY, box.minY)
                result.maxY = max(result.maxY, box.maxY)
            }
            return result
        }
    }
}
