/// A drawing laid out again as models join it keeps the models it held where they were, so that a page following
/// a live app (`navgraph serve`) or replaying a session does not move what stays. Graphviz's `dot` takes no earlier
/// positions, so the grown drawing is laid out by `dot`, then placed: each model the earlier drawing held goes back
/// to its place; each newcomer keeps where `dot` put it relative to the nearest model that stayed (a pushed screen
/// lands under the one it was pushed from, as `dot` drew it); each cluster is drawn again around its members with
/// the margins `dot` gave it; and Graphviz only routes the edges (`nop2`). Where that would overlap — a newcomer on
/// a model that stayed, a window over a model outside it — the grown drawing keeps `dot`'s own layout.
enum KeptPlaces {
    typealias Box = DrawingPlaces.Box
    typealias Point = DrawingPlaces.Point

    /// Room kept between two nodes, in points: less than this reads as touching.
    static let nodeGap = 6.0
    /// Room left between a newcomer moved aside and what it moved past: about `dot`'s own `nodesep` (0.35 in).
    static let movedGap = 24.0
    /// Room around a cluster in the graph's box (what `dot` leaves).
    static let clusterMargin = 8.0

    /// DOT statements that put `fresh`'s nodes and clusters where the `earlier` places (by model) keep them, to
    /// append to the DOT `fresh` was laid out from; `nil` when no model stayed or the places would overlap.
    /// `model` names the model a DOT node id stands for in `fresh` (`nil` for one with no place to keep);
    /// `leftToRight`: the drawing's ranks run left to right (newcomers make room downwards, not rightwards).
    static func statements(
        fresh: DrawingPlaces, model: (String) -> String?, earlier: [String: Point], leftToRight: Bool = false
    ) -> String? {
        var moves = [Point?](repeating: nil, count: fresh.nodes.count)
        for (index, node) in fresh.nodes.enumerated() {
            guard let key = model(node.name), let was = earlier[key] else { continue }
            let now = node.box.centre
            moves[index] = Point(x: was.x - now.x, y: was.y - now.y)
        }
        guard moves.contains(where: { $0 != nil }) else { return nil }
        let resolved = followNearest(moves, edges: fresh.edges, count: fresh.nodes.count)
        var placing = Placing(
            fresh: fresh, boxes: fresh.nodes.indices.map { fresh.nodes[$0].box.moved(resolved[$0].x, resolved[$0].y) },
            newcomers: moves.map { $0 == nil }, leftToRight: leftToRight)
        placing.makeRoomForNodes()
        for cluster in fresh.outermost { placing.place(cluster) }
        placing.makeRoom(among: fresh.outermost, nodes: placing.nodesOutside(fresh.outermost, of: fresh.nodes.indices))
        placing.trimFacingMargins()
        guard !overlaps(placing.boxes), placing.clustersFit() else { return nil }
        return written(fresh, placing.boxes, placing.clusterBoxes, placing.labels)
    }

    /// Each node's move: its own where it stayed; a newcomer's, that of the nearest node that stayed along the
    /// drawing's edges (either way), or — joined to none — the middle of the moves that were kept.
    private static func followNearest(_ moves: [Point?], edges: [(tail: Int, head: Int)], count: Int) -> [Point] {
        var neighbours = [[Int]](repeating: [], count: count)
        for edge in edges {
            neighbours[edge.tail].append(edge.head)
            neighbours[edge.head].append(edge.tail)
        }
        var resolved = moves
        // Breadth first from every node that stayed at once: each newcomer takes the move of the first to reach it.
        var queue = moves.indices.filter { moves[$0] != nil }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in neighbours[node] where resolved[next] == nil {
                resolved[next] = resolved[node]
                queue.append(next)
            }
        }
        let kept = moves.compactMap { $0 }
        let middle = Point(x: kept.map(\.x).sorted()[kept.count / 2], y: kept.map(\.y).sorted()[kept.count / 2])
        return resolved.map { $0 ?? middle }
    }

    /// Whether two nodes come closer than `nodeGap`. Sorted by left edge, each is compared only with those that
    /// start before it ends.
    private static func overlaps(_ boxes: [Box]) -> Bool {
        let order = boxes.indices.sorted { boxes[$0].minX < boxes[$1].minX }
        for (position, index) in order.enumerated() {
            let box = boxes[index].expanded(by: nodeGap / 2)
            for other in order[(position + 1)...] {
                let next = boxes[other].expanded(by: nodeGap / 2)
                if next.minX >= box.maxX { break }
                if box.intersects(next) { return true }
            }
        }
        return false
    }

    /// The places being worked out: the nodes' boxes, then the clusters' around them.
    private struct Placing {
        let fresh: DrawingPlaces
        var boxes: [Box]
        /// Per node: it was not in the earlier drawing (it may move to make room; a model that stayed does not).
        let newcomers: [Bool]
        let leftToRight: Bool
        var clusterBoxes: [Box?]
        var labels: [Point?]

        init(fresh: DrawingPlaces, boxes: [Box], newcomers: [Bool], leftToRight: Bool) {
            self.fresh = fresh
            self.boxes = boxes
            self.newcomers = newcomers
            self.leftToRight = leftToRight
            clusterBoxes = [Box?](repeating: nil, count: fresh.clusters.count)
            labels = [Point?](repeating: nil, count: fresh.clusters.count)
        }

        /// Newcomers moved off the models they landed on: `dot` put a new tab or child beside its siblings and
        /// moved them to make room; here they stay, so each group of newcomers joined by edges moves along the
        /// ranks past what it lands on, until it lands on nothing placed before it (the models that stayed, then
        /// the groups already moved).
        mutating func makeRoomForNodes() {
            var group = Array(boxes.indices)
            func root(_ node: Int) -> Int {
                var node = node
                while group[node] != node {
                    group[node] = group[group[node]]
                    node = group[node]
                }
                return node
            }
            for edge in fresh.edges where newcomers[edge.tail] && newcomers[edge.head] {
                group[root(edge.tail)] = root(edge.head)
            }
            var members: [Int: [Int]] = [:]
            for node in boxes.indices where newcomers[node] { members[root(node), default: []].append(node) }
            var placed = boxes.indices.filter { !newcomers[$0] }
            for group in members.values.sorted(by: { before(boxes[$0[0]], boxes[$1[0]]) }) {
                for _ in 0...placed.count {
                    guard let (member, other) = landing(group.map { boxes[$0] }, on: placed.map { boxes[$0] })
                    else { break }
                    shift(nodes: group, clusters: [], past: boxes[other], from: boxes[group[member]])
                }
                placed += group
            }
        }

        /// A cluster's box around its members as they now stand, with the margins `dot` gave it on each side (its
        /// label's room among them), inner clusters first (each of newcomers only moved past what it lands on);
        /// its label moved with the corner it is drawn at.
        mutating func place(_ cluster: Int) {
            let given = fresh.clusters[cluster]
            for inner in given.clusters { place(inner) }
            makeRoom(among: given.clusters, nodes: nodesOutside(given.clusters, of: given.nodes))
            var was: Box?
            var now: Box?
            for node in given.nodes {
                was = was.map { $0.union(fresh.nodes[node].box) } ?? fresh.nodes[node].box
                now = now.map { $0.union(boxes[node]) } ?? boxes[node]
            }
            for inner in given.clusters {
                guard let innerNow = clusterBoxes[inner] else { continue }
                let innerWas = fresh.clusters[inner].box
                was = was.map { $0.union(innerWas) } ?? innerWas
                now = now.map { $0.union(innerNow) } ?? innerNow
            }
            guard let was, let now else {
                clusterBoxes[cluster] = given.box
                labels[cluster] = given.label
                return
            }
            let box = Box(
                minX: now.minX - (was.minX - given.box.minX), minY: now.minY - (was.minY - given.box.minY),
                maxX: now.maxX + (given.box.maxX - was.maxX), maxY: now.maxY + (given.box.maxY - was.maxY))
            clusterBoxes[cluster] = box
            labels[cluster] = given.label.map { label in
                let dx = label.x < given.box.centre.x ? box.minX - given.box.minX : box.maxX - given.box.maxX
                let dy = label.y > given.box.centre.y ? box.maxY - given.box.maxY : box.minY - given.box.minY
                return Point(x: label.x + dx, y: label.y + dy)
            }
        }

        /// The nodes of `nodes` in none of `clusters`.
        func nodesOutside(_ clusters: [Int], of nodes: some Sequence<Int>) -> [Int] {
            var inside = Set<Int>()
            for cluster in clusters { inside.formUnion(fresh.clusters[cluster].nodes) }
            return nodes.filter { !inside.contains($0) }
        }

        /// Side by side in one cluster (or outside all): a cluster of newcomers only that lands on another or on a
        /// node beside it moves, whole, past it — a new tab's stack beside the tabs that were there.
        mutating func makeRoom(among clusters: [Int], nodes: [Int]) {
            let moving = clusters.filter { cluster in fresh.clusters[cluster].nodes.allSatisfy { newcomers[$0] } }
            var placed =
                clusters.filter { !moving.contains($0) }.compactMap { clusterBoxes[$0] } + nodes.map { boxes[$0] }
            let order = moving.compactMap { cluster in clusterBoxes[cluster].map { (cluster, $0) } }
            for (cluster, _) in order.sorted(by: { before($0.1, $1.1) }) {
                for _ in 0...placed.count {
                    guard let box = clusterBoxes[cluster], let (_, other) = landing([box], on: placed) else { break }
                    shift(
                        nodes: fresh.clusters[cluster].nodes, clusters: within(cluster), past: placed[other], from: box)
                }
                if let box = clusterBoxes[cluster] { placed.append(box) }
            }
            for (position, first) in clusters.enumerated() {
                for second in clusters[(position + 1)...] { trim(first, second) }
            }
            // Clusters that still overlap hold models that stayed, pushed apart by newcomers around them (a tab's
            // stack grown sideways over the next tab's): the later along the ranks moves past the earlier — a few
            // models moved, where `dot`'s layout would move them all.
            var settled = nodes.map { boxes[$0] }
            let byPlace = clusters.compactMap { cluster in clusterBoxes[cluster].map { (cluster, $0) } }
            for (cluster, _) in byPlace.sorted(by: { before($0.1, $1.1) }) {
                for _ in 0...settled.count {
                    guard let box = clusterBoxes[cluster], let (_, other) = landing([box], on: settled) else { break }
                    shift(
                        nodes: fresh.clusters[cluster].nodes, clusters: within(cluster), past: settled[other], from: box
                    )
                }
                if let box = clusterBoxes[cluster] { settled.append(box) }
            }
        }

        /// `cluster` and every cluster inside it.
        private func within(_ cluster: Int) -> [Int] {
            var result: [Int] = []
            var pending = [cluster]
            while let next = pending.popLast() {
                result.append(next)
                pending += fresh.clusters[next].clusters
            }
            return result
        }

        /// Moves the nodes and clusters so that `box` (one of theirs) comes after `obstacle` along the ranks.
        private mutating func shift(nodes: [Int], clusters: [Int], past obstacle: Box, from box: Box) {
            let (dx, dy) =
                leftToRight ? (0.0, obstacle.minY - movedGap - box.maxY) : (obstacle.maxX + movedGap - box.minX, 0.0)
            for node in nodes { boxes[node] = boxes[node].moved(dx, dy) }
            for cluster in clusters {
                clusterBoxes[cluster] = clusterBoxes[cluster]?.moved(dx, dy)
                labels[cluster] = labels[cluster].map { Point(x: $0.x + dx, y: $0.y + dy) }
            }
        }

        /// Which comes first along the ranks' side: left to right in a top-to-bottom drawing, top to bottom in a
        /// left-to-right one.
        private func before(_ one: Box, _ other: Box) -> Bool {
            leftToRight ? one.maxY > other.maxY : one.minX < other.minX
        }

        /// The first of `boxes` that comes closer than `nodeGap` to one of `placed`, and that one (indexes).
        private func landing(_ boxes: [Box], on placed: [Box]) -> (Int, Int)? {
            for (index, box) in boxes.enumerated() {
                let room = box.expanded(by: nodeGap / 2)
                for (other, obstacle) in placed.enumerated() where room.intersects(obstacle.expanded(by: nodeGap / 2)) {
                    return (index, other)
                }
            }
            return nil
        }

        /// What a cluster draws around: its nodes' and inner clusters' boxes as they now stand (no margins).
        private func contents(of cluster: Int) -> Box? {
            var result: Box?
            for node in fresh.clusters[cluster].nodes { result = result.map { $0.union(boxes[node]) } ?? boxes[node] }
            for inner in fresh.clusters[cluster].clusters {
                guard let box = clusterBoxes[inner] else { continue }
                result = result.map { $0.union(box) } ?? box
            }
            return result
        }

        /// Two clusters side by side whose margins (`dot`'s, taken from the fresh layout) overlap while what they
        /// draw around does not: the facing margins are cut to meet halfway between their contents — `dot` gave
        /// them room it spread differently around models that now stay where they were.
        mutating func trimFacingMargins() {
            for group in [fresh.outermost] + fresh.clusters.map(\.clusters) {
                for (position, first) in group.enumerated() {
                    for second in group[(position + 1)...] {
                        trim(first, second)
                    }
                }
            }
        }

        private mutating func trim(_ first: Int, _ second: Int) {
            guard var one = clusterBoxes[first], var other = clusterBoxes[second], one.intersects(other),
                let inOne = contents(of: first), let inOther = contents(of: second)
            else { return }
            let least = KeptPlaces.nodeGap
            if inOne.maxX + least <= inOther.minX {
                let middle = (inOne.maxX + inOther.minX) / 2
                (one.maxX, other.minX) = (min(one.maxX, middle - 1), max(other.minX, middle + 1))
            } else if inOther.maxX + least <= inOne.minX {
                let middle = (inOther.maxX + inOne.minX) / 2
                (other.maxX, one.minX) = (min(other.maxX, middle - 1), max(one.minX, middle + 1))
            } else if inOne.maxY + least <= inOther.minY {
                let middle = (inOne.maxY + inOther.minY) / 2
                (one.maxY, other.minY) = (min(one.maxY, middle - 1), max(other.minY, middle + 1))
            } else if inOther.maxY + least <= inOne.minY {
                let middle = (inOther.maxY + inOne.minY) / 2
                (other.maxY, one.minY) = (min(other.maxY, middle - 1), max(one.minY, middle + 1))
            } else {
                return
            }
            clusterBoxes[first] = one
            clusterBoxes[second] = other
        }

        /// Whether every cluster holds no node that is not its own, and no two clusters side by side overlap.
        func clustersFit() -> Bool {
            for (index, cluster) in fresh.clusters.enumerated() {
                guard let box = clusterBoxes[index] else { continue }
                let members = Set(cluster.nodes)
                for node in boxes.indices where !members.contains(node) && boxes[node].intersects(box) { return false }
            }
            for group in [fresh.outermost] + fresh.clusters.map(\.clusters) {
                for (position, first) in group.enumerated() {
                    for second in group[(position + 1)...] {
                        guard let one = clusterBoxes[first], let other = clusterBoxes[second] else { continue }
                        if one.intersects(other) { return false }
                    }
                }
            }
            return true
        }
    }

    /// The places as DOT: each node's `pos` (pinned), each cluster's `bb` and `lp` (clusters opened again in their
    /// nesting, which names the same subgraphs), the graph's `bb` around everything.
    private static func written(
        _ fresh: DrawingPlaces, _ boxes: [Box], _ clusterBoxes: [Box?], _ labels: [Point?]
    ) -> String {
        var text = ""
        var whole: Box?
        for (index, node) in fresh.nodes.enumerated() {
            let centre = boxes[index].centre
            text += "  \"\(Escaping.dotString(node.name))\" [pos=\"\(number(centre.x)),\(number(centre.y))!\"];\n"
            whole = whole.map { $0.union(boxes[index]) } ?? boxes[index]
        }
        for case let box? in clusterBoxes {
            let room = box.expanded(by: clusterMargin)
            whole = whole.map { $0.union(room) } ?? room
        }
        // Iteratively, outermost first: clusters nest as deep as the hierarchy.
        var pending = fresh.outermost.reversed().map { (cluster: $0, depth: 1, closing: false) }
        while let (cluster, depth, closing) = pending.popLast() {
            let indent = String(repeating: "  ", count: depth)
            if closing {
                text += indent + "}\n"
                continue
            }
            text += indent + "subgraph \"\(Escaping.dotString(fresh.clusters[cluster].name))\" {"
            if let box = clusterBoxes[cluster] { text += " bb=\"\(numbers(box))\";" }
            if let label = labels[cluster] { text += " lp=\"\(number(label.x)),\(number(label.y))\";" }
            text += "\n"
            pending.append((cluster, depth, true))
            for inner in fresh.clusters[cluster].clusters.reversed() { pending.append((inner, depth + 1, false)) }
        }
        if let whole { text += "  graph [bb=\"\(numbers(whole))\"];\n" }
        return text
    }

    private static func numbers(_ box: Box) -> String {
        "\(number(box.minX)),\(number(box.minY)),\(number(box.maxX)),\(number(box.maxY))"
    }

    /// A coordinate to a hundredth of a point, as Graphviz writes them.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
