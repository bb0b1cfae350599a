import NavGraphCore

/// The hierarchy arranged for Graphviz, as a flat list of statements in nesting order: clusters open and close
/// around their nodes, so a theme template only iterates (it never recurses, whatever the depth).
///
/// Layout rules: a window is a cluster; each stack, tabs and split container is a cluster nested where it hangs;
/// stack entries sit side by side in push order, chained root → … → top; a presented model floats in its
/// window's cluster, joined to its presenter by a dashed edge labelled with the style.
struct DOTScene {
    enum ClusterKind: String { case window, stack, tabs, split, legend }

    enum Statement {
        case open(id: String, kind: ClusterKind, label: String)
        case close
        case node(id: String, model: ModelRef, kind: NodeKind, legendLabel: String?, leaked: Bool)
        case point(id: String)
        case sameRank([String])
        case edge(from: String, to: String, kind: EdgeKind, label: String)
        /// A leaked model hung from where it was last attached.
        case leakEdge(from: String, to: String, label: String)
        /// An invisible edge that only keeps `from` left of (or above) `to`.
        case order(from: String, to: String)
    }

    private(set) var statements: [Statement] = []

    /// Models drawn, and models folded into "… N more" nodes.
    private(set) var drawnCount = 0
    private(set) var collapsedCount = 0

    /// - Parameters:
    ///   - maxNodes: at most this many models are drawn (breadth first); `nil` for all.
    ///   - maxChildren: at most this many children of one model are drawn (a long stack shows its first entries).
    init(hierarchy: Hierarchy, legend: Bool, leakLabel: String = "leaked", maxNodes: Int? = nil, maxChildren: Int = 40) {
        var dotIDs: [String: String] = [:]
        var clusterCount = 0
        var budget = maxNodes ?? Int.max
        for window in hierarchy.openWindows {
            let all = hierarchy.preorder(window: window.name).map(\.node)
            guard !all.isEmpty else { continue }
            let nodes = Self.collapse(all, budget: &budget, maxChildren: maxChildren, drawn: &drawnCount, collapsed: &collapsedCount)
            for node in nodes where dotIDs[node.key] == nil { dotIDs[node.key] = "n\(dotIDs.count)" }
            appendWindow(window, nodes: nodes, dotIDs: dotIDs, clusterCount: &clusterCount)
        }
        let departed = hierarchy.departedModels
        let shown = Array(departed.prefix(max(0, budget == Int.max ? departed.count : budget)))
        drawnCount += shown.count
        appendDeparted(shown, dotIDs: &dotIDs, label: leakLabel)
        if shown.count < departed.count {
            let hidden = departed.count - shown.count
            collapsedCount += hidden
            let id = "n\(dotIDs.count)"
            dotIDs["collapsed:departed"] = id
            statements.append(.node(id: id, model: ModelRef(key: "collapsed:departed", id: "", type: "… \(hidden.formatted) more \(leakLabel)"),
                                    kind: .screen, legendLabel: nil, leaked: true))
        }
        if legend { appendLegend() }
    }

    /// The nodes to draw, breadth first within the budget and at most `maxChildren` per parent; each parent with
    /// hidden children gets one "… N more" node standing for them and everything under them.
    private static func collapse(_ nodes: [Node], budget: inout Int, maxChildren: Int, drawn: inout Int, collapsed: inout Int) -> [Node] {
        // Subtree sizes, children before parents (the list is in pre-order).
        var size: [String: Int] = [:]
        for node in nodes.reversed() {
            size[node.key, default: 1] += 0
            if let parent = node.parent { size[parent, default: 1] += size[node.key]! }
        }
        guard nodes.count > budget || nodes.contains(where: { $0.children.count > maxChildren }) else {
            budget -= nodes.count
            drawn += nodes.count
            return nodes
        }
        var byKey: [String: Node] = [:]
        for node in nodes { byKey[node.key] = node }
        var kept: Set<String> = []
        var placeholders: [String: Node] = [:]
        var queue = [nodes[0].key]
        var head = 0
        if budget > 0 { kept.insert(nodes[0].key); budget -= 1 }
        while head < queue.count {
            let key = queue[head]
            head += 1
            guard let node = byKey[key] else { continue }
            var shown: [String] = []
            for child in node.children {
                if shown.count < maxChildren && budget > 0 {
                    shown.append(child)
                    kept.insert(child)
                    budget -= 1
                    queue.append(child)
                }
            }
            let hidden = node.children.filter { !kept.contains($0) }
            if !hidden.isEmpty {
                let models = hidden.reduce(0) { $0 + (size[$1] ?? 1) }
                collapsed += models
                let label = "… \(hidden.count.formatted) more" + (models > hidden.count ? " (\(models.formatted) models)" : "")
                let placeholderKey = "collapsed:" + key
                placeholders[key] = Node(model: ModelRef(key: placeholderKey, id: "", type: label), kind: .screen, edge: .child,
                                         parent: key, window: node.window)
            }
        }
        drawn += kept.count
        // Pre-order again, children filtered, each placeholder after its siblings.
        var placeholderByKey: [String: Node] = [:]
        for placeholder in placeholders.values { placeholderByKey[placeholder.key] = placeholder }
        var result: [Node] = []
        var pending = [nodes[0].key]
        while let key = pending.popLast() {
            if let placeholder = placeholderByKey[key] {
                result.append(placeholder)
                continue
            }
            guard var node = byKey[key], kept.contains(key) else { continue }
            node.children = node.children.filter(kept.contains)
            if let placeholder = placeholders[key] { node.children.append(placeholder.key) }
            result.append(node)
            pending.append(contentsOf: node.children.reversed())
        }
        return result
    }

    /// Models that left the hierarchy and never finished: red, dashed, hung from their last parent.
    private mutating func appendDeparted(_ departed: [ModelLifecycle], dotIDs: inout [String: String], label: String) {
        for lifecycle in departed {
            let id = "n\(dotIDs.count)"
            dotIDs[lifecycle.model.key] = id
            statements.append(.node(id: id, model: lifecycle.model, kind: .screen, legendLabel: nil, leaked: true))
        }
        let departedKeys = Set(departed.map(\.model.key))
        for lifecycle in departed {
            if let parent = lifecycle.lastPlacement?.parent, let from = dotIDs[parent.key] {
                // Inside a leaked subtree the edge is just structure; the label marks where the leak hangs off.
                let text = departedKeys.contains(parent.key) ? "" : label
                statements.append(.leakEdge(from: from, to: dotIDs[lifecycle.model.key]!, label: text))
            }
        }
    }

    private struct Cluster {
        var id: String
        var kind: ClusterKind
        var label: String
        var members: [String] = []
        var children: [Int] = []
    }

    private mutating func appendWindow(_ window: Window, nodes: [Node], dotIDs: [String: String], clusterCount: inout Int) {
        var clusters = [Cluster(id: "cluster_\(clusterCount)", kind: .window, label: "window \(window.name)")]
        clusterCount += 1
        var inner: [String: Int] = [:]  // node key -> cluster its own children go in
        var edges: [Statement] = []
        var byKey: [String: Node] = [:]
        for node in nodes { byKey[node.key] = node }

        for node in nodes {
            let id = dotIDs[node.key]!
            var placement = 0
            if let parent = node.parent, !(node.edge?.isPresentation ?? false) {
                placement = inner[parent] ?? 0
            }
            if let kind = ClusterKind(containerKind: node.kind) {
                clusters.append(Cluster(id: "cluster_\(clusterCount)", kind: kind, label: "\(kind.rawValue)"))
                clusterCount += 1
                clusters[placement].children.append(clusters.count - 1)
                placement = clusters.count - 1
            }
            clusters[placement].members.append(id)
            inner[node.key] = placement

            // Edges to this node's children; stack entries chain in push order, one below the other. (Entries side
            // by side, with `rank=same`, made Graphviz 2.42 fail to rank app-sized graphs — "trouble in init_rank",
            // then memory corruption — as soon as an entry held a subgraph of its own.)
            var previousEntry: String?
            var tabNumber = 0
            for childKey in node.children {
                guard let child = byKey[childKey], let childID = dotIDs[childKey], let edge = child.edge else { continue }
                switch edge {
                case .push:
                    edges.append(.edge(from: previousEntry ?? id, to: childID, kind: .push, label: previousEntry == nil ? "root" : "push"))
                    previousEntry = childID
                case .tab:
                    tabNumber += 1
                    edges.append(.edge(from: id, to: childID, kind: edge, label: "tab \(tabNumber)"))
                case .column(let column):
                    edges.append(.edge(from: id, to: childID, kind: edge, label: column.rawValue))
                case .presented(let style):
                    edges.append(.edge(from: id, to: childID, kind: edge, label: style.name))
                case .switch:
                    edges.append(.edge(from: id, to: childID, kind: edge, label: "switch"))
                case .child:
                    edges.append(.edge(from: id, to: childID, kind: edge, label: ""))
                }
            }
        }

        // Emit clusters depth-first without recursion.
        var pending: [(index: Int, closing: Bool)] = [(0, false)]
        let nodeByID = Dictionary(uniqueKeysWithValues: nodes.map { (dotIDs[$0.key]!, $0) })
        while let (index, closing) = pending.popLast() {
            if closing {
                statements.append(.close)
                continue
            }
            let cluster = clusters[index]
            statements.append(.open(id: cluster.id, kind: cluster.kind, label: cluster.label))
            for member in cluster.members {
                let node = nodeByID[member]!
                statements.append(.node(id: member, model: node.model, kind: node.kind, legendLabel: nil, leaked: false))
            }
            pending.append((index, true))
            for child in cluster.children.reversed() { pending.append((child, false)) }
        }
        statements += edges
    }

    private mutating func appendLegend() {
        statements.append(.open(id: "cluster_legend", kind: .legend, label: "legend"))
        let kinds: [NodeKind] = [.screen, .stack, .tabs, .switch, .split]
        for kind in kinds {
            statements.append(.node(id: "legend_\(kind.rawValue)", model: ModelRef(key: "", id: "", type: kind.rawValue), kind: kind, legendLabel: kind.rawValue, leaked: false))
        }
        statements.append(.node(id: "legend_leaked", model: ModelRef(key: "", id: "", type: "leaked"), kind: .screen, legendLabel: "leaked", leaked: true))
        let edges: [EdgeKind] = [.push, .tab, .switch, .column(.detail), .presented(.sheet), .child]
        for index in edges.indices {
            statements.append(.point(id: "legend_from\(index)"))
            statements.append(.point(id: "legend_to\(index)"))
        }
        // Samples side by side in a fixed order: one row of tails, one row of heads.
        statements.append(.sameRank(kinds.map { "legend_\($0.rawValue)" } + ["legend_leaked"]))
        statements.append(.sameRank(edges.indices.map { "legend_from\($0)" }))
        statements.append(.sameRank(edges.indices.map { "legend_to\($0)" }))
        statements.append(.close)
        let legendNodes = kinds.map { "legend_\($0.rawValue)" } + ["legend_leaked"]
        for (left, right) in zip(legendNodes, legendNodes.dropFirst()) {
            statements.append(.order(from: left, to: right))
        }
        for index in edges.indices.dropLast() {
            statements.append(.order(from: "legend_from\(index)", to: "legend_from\(index + 1)"))
            statements.append(.order(from: "legend_to\(index)", to: "legend_to\(index + 1)"))
        }
        statements.append(.order(from: "legend_\(kinds[0].rawValue)", to: "legend_from0"))
        for (index, edge) in edges.enumerated() {
            let label: String = switch edge {
            case .presented: "presented: sheet, alert, …"
            case .column: "column"
            default: edge.name
            }
            statements.append(.edge(from: "legend_from\(index)", to: "legend_to\(index)", kind: edge, label: label))
        }
    }
}

private extension DOTScene.ClusterKind {
    init?(containerKind: NodeKind) {
        switch containerKind {
        case .stack: self = .stack
        case .tabs: self = .tabs
        case .split: self = .split
        case .screen, .switch: return nil
        }
    }
}

private extension Int {
    /// 1,234,567
    var formatted: String {
        let digits = Array(String(self))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
