import NavGraphCore

/// The hierarchy arranged for Graphviz, as a flat list of statements in nesting order: clusters open and close
/// around their nodes, so a theme template only iterates (it never recurses, whatever the depth).
///
/// Layout rules: a window is a cluster; each stack, tabs and split container is a cluster nested where it hangs;
/// stack entries sit side by side in push order, chained root → … → top; a presented model floats in its
/// window's cluster, joined to its presenter by a dashed edge labelled with the style.
struct DOTScene {
    enum ClusterKind: String { case window, stack, tabs, split, legend }

    /// How a drawn model stands: in the hierarchy, leaked (left it, never finished), or a ghost — a model that left
    /// and finished, drawn faintly only because a leaked model last hung from it.
    enum NodeState { case live, leaked, ghost }

    enum Statement {
        case open(id: String, kind: ClusterKind, label: String)
        case close
        case node(id: String, model: ModelRef, kind: NodeKind, state: NodeState)
        case edge(from: String, to: String, kind: EdgeKind, label: String)
        /// A leaked model hung from where it was last attached.
        case leakEdge(from: String, to: String, label: String)
        /// The legend: one node (`id`) holding a row per sample, inside the legend's cluster.
        case legend(id: String)
        case legendRow(LegendRow)
        case legendEnd
        /// An invisible edge from the lowest model to the legend, after its cluster: Graphviz then places the legend
        /// under the drawing instead of beside it (`legendBelow`); also from a window's lowest model to the next
        /// window's first, which puts that window under it (`windowsStacked`). Every theme draws it, so a user's
        /// theme stacks windows too.
        case legendAnchor(from: String, to: String)
    }

    /// One line of the legend: a sample drawn as the diagram draws it, and what it stands for (plain words: the
    /// legend is a Graphviz HTML-like table, where `<`, `&` or a quote would be markup).
    struct LegendRow {
        enum Sample {
            case node(NodeKind, NodeState)
            case edge(EdgeKind)
            /// A leaked model's edge to where it was last attached.
            case leak
        }

        var label: String
        var sample: Sample
    }

    /// The most characters of a type, id or window name a diagram draws. Longer ones end in `…`: a label
    /// thousands of characters wide tells nothing in a picture, and past about 65,535 points Graphviz cannot lay
    /// the graph out at all (`Edge length … larger than maximum`). `tree` and JSON keep the whole text.
    static let longestLabel = 200

    /// `text` as a diagram draws it: whole, or its first `longestLabel - 1` characters and `…`.
    static func clipped(_ text: String) -> String {
        // Counting characters walks the whole string; a string of few bytes has few characters.
        guard text.utf8.count > longestLabel, text.count > longestLabel else { return text }
        return text.prefix(longestLabel - 1) + "…"
    }

    /// A model as a diagram draws it: its type and id clipped (its key, which nothing draws, kept).
    static func drawn(_ model: ModelRef) -> ModelRef {
        guard model.type.utf8.count > longestLabel || model.id.utf8.count > longestLabel else { return model }
        var drawn = model
        drawn.type = clipped(model.type)
        drawn.id = clipped(model.id)
        return drawn
    }

    /// A model that left the hierarchy alive, and the model it last hung from.
    struct Departure {
        var model: ModelRef
        var parent: ModelRef?
    }

    private(set) var statements: [Statement] = []
    private let leftToRight: Bool

    /// Models drawn, and models folded into "… N more" nodes.
    private(set) var drawnCount = 0
    private(set) var collapsedCount = 0
    /// Of those, the models folded because one model had more than `maxChildren` children (not for the budget).
    private(set) var collapsedByChildLimit = 0

    /// - Parameters:
    ///   - maxNodes: at most this many models are drawn (breadth first); `nil` for all.
    ///   - maxChildren: at most this many children of one model are drawn (a long stack shows its first entries).
    ///   - leftToRight: laid out with `rankdir=LR`, where Graphviz stacks what it would put side by side from the
    ///     bottom up: windows and the nodes and clusters side by side in one are given in reverse, so that they
    ///     read top down (tab 1, the sidebar and the first window on top).
    ///   - scope: the subtree drawn (`focus`: only its window, from that model down, with the leaks that hung in it)
    ///     and how deep (`maxDepth`).
    ///   - windowsStacked: top to bottom, each window under the one before instead of beside it: two windows side by
    ///     side are as wide as both, which a document's column shrinks (`DrawingReadability`).
    init(
        hierarchy: Hierarchy, legend: Bool, leakLabel: String = "leaked", maxNodes: Int? = nil, maxChildren: Int = 40,
        leftToRight: Bool = false, legendBelow: Bool = false, windowsStacked: Bool = false,
        scope: DrawingScope = DrawingScope(), departed givenDeparted: [Departure]? = nil
    ) {
        self.leftToRight = leftToRight
        var dotIDs: [String: String] = [:]
        var clusterCount = 0
        var budget = maxNodes ?? Int.max
        let focusNode = scope.focus.flatMap { hierarchy.node($0) }
        var drawnKeys = Set<String>()
        // Each window's statements, for stacking them.
        var windowBlocks: [Range<Int>] = []
        for window in hierarchy.openWindows {
            if let focusNode, focusNode.window != window.name { continue }
            let all =
                focusNode.map { hierarchy.preorder(from: $0.key).map(\.node) }
                ?? hierarchy.preorder(window: window.name).map(\.node)
            guard !all.isEmpty else { continue }
            if focusNode != nil { drawnKeys.formUnion(all.map(\.key)) }
            let nodes = Self.collapse(
                all, budget: &budget, maxChildren: maxChildren, maxDepth: scope.maxDepth ?? Int.max,
                drawn: &drawnCount, collapsed: &collapsedCount, byChildLimit: &collapsedByChildLimit)
            for node in nodes where dotIDs[node.key] == nil { dotIDs[node.key] = "n\(dotIDs.count)" }
            let windowStart = statements.count
            appendWindow(window, nodes: nodes, dotIDs: dotIDs, clusterCount: &clusterCount)
            windowBlocks.append(windowStart..<statements.count)
            // Left to right, windows stack bottom up: the first window goes last to be on top.
            if leftToRight {
                let block = statements[windowStart...]
                statements.removeSubrange(windowStart...)
                statements.insert(contentsOf: block, at: 0)
            }
        }
        var departed =
            givenDeparted
            ?? hierarchy.departedModels.map { Departure(model: $0.model, parent: $0.lastPlacement?.parent) }
        if focusNode != nil {
            // The leaks that last hung in the subtree drawn, or from one of those (a leaked subtree).
            var inside = drawnKeys
            var kept: [Departure] = []
            var rest = departed
            while true {
                let (now, later) = (
                    rest.filter { inside.contains($0.parent?.key ?? "") },
                    rest.filter { !inside.contains($0.parent?.key ?? "") }
                )
                if now.isEmpty { break }
                kept += now
                inside.formUnion(now.map(\.model.key))
                rest = later
            }
            let order = Dictionary(departed.enumerated().map { ($1.model.key, $0) }, uniquingKeysWith: { $1 })
            departed = kept.sorted { order[$0.model.key, default: 0] < order[$1.model.key, default: 0] }
        }
        let shown = Array(departed.prefix(max(0, budget == Int.max ? departed.count : budget)))
        drawnCount += shown.count
        appendDeparted(shown, dotIDs: &dotIDs, label: leakLabel)
        if shown.count < departed.count {
            let hidden = departed.count - shown.count
            collapsedCount += hidden
            let id = "n\(dotIDs.count)"
            dotIDs["collapsed:departed"] = id
            statements.append(
                .node(
                    id: id,
                    model: ModelRef(key: "collapsed:departed", id: "", type: "… \(hidden.formatted) more \(leakLabel)"),
                    kind: .screen, state: .leaked))
        }
        if windowsStacked && !leftToRight {
            // After every window's nodes, so that no edge names a node before its cluster declares it.
            for (upper, lower) in zip(windowBlocks, windowBlocks.dropFirst()) {
                guard let bottom = Self.lowestNode(in: statements[upper]),
                    let top = statements[lower].lazy.compactMap(\.nodeID).first
                else { continue }
                statements.append(.legendAnchor(from: bottom, to: top))
            }
        }
        if legend { appendLegend(below: legendBelow && !leftToRight) }
    }

    /// The nodes to draw, breadth first within the budget and at most `maxChildren` per parent; each parent with
    /// hidden children gets one "… N more" node standing for them and everything under them.
    private static func collapse(
        _ nodes: [Node], budget: inout Int, maxChildren: Int, maxDepth: Int, drawn: inout Int, collapsed: inout Int,
        byChildLimit: inout Int
    ) -> [Node] {
        // Depths below the first node (the list is in pre-order: a parent comes before its children).
        var depth: [String: Int] = [nodes[0].key: 0]
        for node in nodes.dropFirst() { depth[node.key] = node.parent.flatMap { depth[$0] }.map { $0 + 1 } ?? 0 }
        let deepest = depth.values.max() ?? 0
        // Subtree sizes, children before parents (the list is in pre-order): each node counts itself, and adds its
        // subtree to its parent's once complete.
        var size: [String: Int] = [:]
        for node in nodes.reversed() {
            let subtree = size[node.key, default: 0] + 1
            size[node.key] = subtree
            if let parent = node.parent { size[parent, default: 0] += subtree }
        }
        guard nodes.count > budget || deepest > maxDepth || nodes.contains(where: { $0.children.count > maxChildren })
        else {
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
        if budget > 0 {
            kept.insert(nodes[0].key)
            budget -= 1
        }
        while head < queue.count {
            let key = queue[head]
            head += 1
            guard let node = byKey[key] else { continue }
            var shown: [String] = []
            for child in node.children {
                if depth[child, default: 0] > maxDepth { continue }
                if shown.count < maxChildren && budget > 0 {
                    shown.append(child)
                    kept.insert(child)
                    budget -= 1
                    queue.append(child)
                } else if budget > 0 {
                    byChildLimit += size[child] ?? 1
                }
            }
            let hidden = node.children.filter { !kept.contains($0) }
            if !hidden.isEmpty {
                let models = hidden.reduce(0) { $0 + (size[$1] ?? 1) }
                collapsed += models
                let label =
                    "… \(hidden.count.formatted) more" + (models > hidden.count ? " (\(models.formatted) models)" : "")
                let placeholderKey = "collapsed:" + key
                placeholders[key] = Node(
                    model: ModelRef(key: placeholderKey, id: "", type: label), kind: .screen, edge: .child,
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

    /// Models that left the hierarchy and never finished: red, dashed, hung from their last parent. A last parent
    /// that is not drawn (it left too, and finished) is drawn as a ghost, so no leak floats without its place. A
    /// model given more than once is drawn once, hung from each parent given (the replay page's layout of a run,
    /// where the parent is placed at some steps and gone at others).
    private mutating func appendDeparted(_ departed: [Departure], dotIDs: inout [String: String], label: String) {
        for lifecycle in departed where dotIDs[lifecycle.model.key] == nil {
            let id = "n\(dotIDs.count)"
            dotIDs[lifecycle.model.key] = id
            statements.append(
                .node(id: id, model: Self.drawn(lifecycle.model), kind: .screen, state: .leaked))
        }
        let departedKeys = Set(departed.map(\.model.key))
        for lifecycle in departed {
            guard let parent = lifecycle.parent else { continue }
            if dotIDs[parent.key] == nil {
                let id = "n\(dotIDs.count)"
                dotIDs[parent.key] = id
                statements.append(
                    .node(id: id, model: Self.drawn(parent), kind: .screen, state: .ghost))
            }
            // Inside a leaked subtree the edge is just structure; the label marks where the leak hangs off.
            let text = departedKeys.contains(parent.key) ? "" : label
            statements.append(.leakEdge(from: dotIDs[parent.key]!, to: dotIDs[lifecycle.model.key]!, label: text))
        }
    }

    private struct Cluster {
        var id: String
        var kind: ClusterKind
        var label: String
        /// The enclosing cluster (-1 for a window's).
        var parent: Int
        /// What it holds in display order: its nodes and the clusters of its containers, interleaved as the
        /// children they are (sidebar, the content column's stack, detail).
        var items: [Item] = []
    }

    private enum Item {
        case node(String)
        case cluster(Int)
    }

    private mutating func appendWindow(
        _ window: Window, nodes: [Node], dotIDs: [String: String], clusterCount: inout Int
    ) {
        var clusters = [
            Cluster(
                id: "cluster_\(clusterCount)", kind: .window, label: "window \(Self.clipped(window.name))", parent: -1)
        ]
        clusterCount += 1
        var inner: [String: Int] = [:]  // node key -> cluster its own children go in
        var ownCluster: Set<String> = []  // containers: the cluster they head
        var edges: [Statement] = []
        var presentationEdges: [Statement] = []
        var byKey: [String: Node] = [:]
        for node in nodes { byKey[node.key] = node }
        // Each tab's number, set when its tabs container is reached (before the tab: the list is in pre-order).
        var tabNumbers: [String: Int] = [:]

        for node in nodes {
            let id = dotIDs[node.key]!
            var placement = 0
            if let parent = node.parent {
                let presenterCluster = inner[parent] ?? 0
                if node.edge?.isPresentation ?? false {
                    // Presented over the presenter's own flow: a dialog shown from a screen of tab 2's stack sits in
                    // that stack's cluster. Placed outside, at the window, it pulled its tab out of order (Graphviz
                    // orders clusters to shorten edges, not by tab). A container presents beside its cluster.
                    placement =
                        ownCluster.contains(parent) ? max(clusters[presenterCluster].parent, 0) : presenterCluster
                } else {
                    placement = presenterCluster
                }
            }
            if let kind = ClusterKind(containerKind: node.kind) {
                let label = Self.clusterLabel(kind: kind, node: node, tabNumber: tabNumbers[node.key])
                clusters.append(Cluster(id: "cluster_\(clusterCount)", kind: kind, label: label, parent: placement))
                clusterCount += 1
                clusters[placement].items.append(.cluster(clusters.count - 1))
                placement = clusters.count - 1
                ownCluster.insert(node.key)
            }
            clusters[placement].items.append(.node(id))
            inner[node.key] = placement

            Self.appendEdges(
                toChildrenOf: node, id: id, byKey: byKey, dotIDs: dotIDs, tabNumbers: &tabNumbers, edges: &edges,
                presentationEdges: &presentationEdges)
        }
        edges += presentationEdges

        emit(clusters, nodes: nodes, dotIDs: dotIDs)
        statements += edges
    }

    /// Edges from `node` (drawn as `id`) to its children; numbers its tabs in `tabNumbers`.
    private static func appendEdges(
        toChildrenOf node: Node, id: String, byKey: [String: Node], dotIDs: [String: String],
        tabNumbers: inout [String: Int], edges: inout [Statement], presentationEdges: inout [Statement]
    ) {
        // Edges to this node's children: its own (stack entries, tabs, columns, the switched content) in their
        // order, then what it presents — Graphviz places heads in the order edges come.
        //
        // Stack entries chain in push order, root entry first: one below the other top to bottom, left to right
        // with --direction LR, so a deep stack reads as a column (side by side, it was wider than any screen;
        // and `rank=same` made Graphviz 2.42 fail to rank app-sized graphs — "trouble in init_rank", then memory
        // corruption — as soon as an entry held a subgraph of its own). The edge to the root entry is
        // unlabelled: only pushes are labelled.
        var previousEntry: String?
        var tabNumber = 0
        for childKey in node.children {
            guard let child = byKey[childKey], let childID = dotIDs[childKey], let edge = child.edge else {
                continue
            }
            switch edge {
            case .push:
                edges.append(
                    .edge(
                        from: previousEntry ?? id, to: childID, kind: .push,
                        label: previousEntry == nil ? "" : "push"))
                previousEntry = childID
            case .tab:
                tabNumber += 1
                tabNumbers[childKey] = tabNumber
                let selected = node.selectedTab == childKey ? " (selected)" : ""
                edges.append(.edge(from: id, to: childID, kind: edge, label: "tab \(tabNumber)" + selected))
            case .column(let column):
                edges.append(.edge(from: id, to: childID, kind: edge, label: column.rawValue))
            case .presented(let style):
                // A presented container's cluster is titled with the style; the same word on the edge ran
                // through that title.
                let label = ClusterKind(containerKind: child.kind) == nil ? style.name : ""
                presentationEdges.append(.edge(from: id, to: childID, kind: edge, label: label))
            case .switch:
                edges.append(.edge(from: id, to: childID, kind: edge, label: "switch"))
            case .child:
                edges.append(.edge(from: id, to: childID, kind: edge, label: ""))
            }
        }
    }

    /// The window's clusters and nodes as statements, depth-first without recursion.
    private mutating func emit(_ clusters: [Cluster], nodes: [Node], dotIDs: [String: String]) {
        enum Step {
            case open(Int)
            case node(String)
            case close
        }
        var pending: [Step] = [.open(0)]
        let nodeByID = Dictionary(uniqueKeysWithValues: nodes.map { (dotIDs[$0.key]!, $0) })
        while let step = pending.popLast() {
            switch step {
            case .close:
                statements.append(.close)
            case .node(let id):
                let node = nodeByID[id]!
                statements.append(.node(id: id, model: Self.drawn(node.model), kind: node.kind, state: .live))
            case .open(let index):
                let cluster = clusters[index]
                statements.append(.open(id: cluster.id, kind: cluster.kind, label: cluster.label))
                pending.append(.close)
                // Graphviz keeps the nodes and clusters of a rank in the order they come: left to right top down,
                // but with LR bottom up — so there they come last first, and tab 1 and the sidebar are on top.
                // (Ordering constraints cannot say it: Graphviz ignores flat edges into clusters.)
                let items = leftToRight ? cluster.items.reversed() : cluster.items
                // A stack: the last pushed is emitted first.
                for item in items.reversed() {
                    switch item {
                    case .node(let id): pending.append(.node(id))
                    case .cluster(let child): pending.append(.open(child))
                    }
                }
            }
        }
    }

    /// A container's cluster is named for what the reader knows it by: the tab's title when the input gave one
    /// (navgraph-events `"title": "Home"`), else its place ("tab 2", or the presentation style — its edge is then
    /// unlabelled), else its kind.
    private static func clusterLabel(kind: ClusterKind, node: Node, tabNumber: Int?) -> String {
        if let title = node.title, !title.isEmpty { return clipped(title) }
        if let tabNumber { return "tab \(tabNumber)" }
        if case .presented(let style) = node.edge { return style.name }
        return kind.rawValue
    }

    /// A key to what this diagram draws — only the node kinds, states and edge kinds it contains, each
    /// presentation style on its own row — as one small table: a strip of samples was as wide as half the drawing.
    /// `below`: anchored under the lowest model, so it takes none of the width (beside a narrow drawing, Graphviz's
    /// place for a separate part, it was 39% of it).
    private mutating func appendLegend(below: Bool) {
        var kinds = Set<NodeKind>()
        var states = Set<NodeState>()
        var edgeNames = Set<String>()
        var styles = Set<String>()
        var hasLeakEdge = false
        for statement in statements {
            switch statement {
            case .node(_, let model, let kind, let state):
                if model.key.hasPrefix("collapsed:") { continue }
                if state == .live { kinds.insert(kind) } else { states.insert(state) }
            case .edge(_, _, let kind, _):
                if case .presented(let style) = kind { styles.insert(style.name) } else { edgeNames.insert(kind.name) }
            case .leakEdge:
                hasLeakEdge = true
            default:
                break
            }
        }
        var rows: [LegendRow] = [NodeKind.screen, .stack, .tabs, .switch, .split].filter(kinds.contains).map {
            LegendRow(label: $0.rawValue, sample: .node($0, .live))
        }
        if states.contains(.leaked) { rows.append(LegendRow(label: "leaked", sample: .node(.screen, .leaked))) }
        if states.contains(.ghost) { rows.append(LegendRow(label: "left, finished", sample: .node(.screen, .ghost))) }
        for edge in [EdgeKind.push, .tab, .switch, .column(.detail)] where edgeNames.contains(edge.name) {
            rows.append(LegendRow(label: edge.name, sample: .edge(edge)))
        }
        let known: [PresentationStyle] = [.sheet, .fullScreenCover, .popover, .alert, .confirmationDialog]
        let others = styles.subtracting(known.map(\.name)).sorted()
        for style in known.filter({ styles.contains($0.name) }) + others.map(PresentationStyle.init) {
            rows.append(LegendRow(label: Self.plainWord(style.name), sample: .edge(.presented(style))))
        }
        if edgeNames.contains(EdgeKind.child.name) { rows.append(LegendRow(label: "child", sample: .edge(.child))) }
        if hasLeakEdge { rows.append(LegendRow(label: "leaked from", sample: .leak)) }
        // Plain boxes and arrows need no key; a key for them was wider than a quarter of so small a drawing.
        let explains = rows.contains { row in
            switch row.sample {
            case .node(.screen, .live), .edge(.child): false
            default: true
            }
        }
        guard explains else { return }

        statements.append(.open(id: "cluster_legend", kind: .legend, label: "legend"))
        statements.append(.legend(id: "legend"))
        for row in rows { statements.append(.legendRow(row)) }
        statements.append(.legendEnd)
        statements.append(.close)
        if below, let lowest = Self.lowestNode(in: statements[...]) {
            statements.append(.legendAnchor(from: lowest, to: "legend"))
        }
    }

    /// The drawn model of `statements` furthest down its edges (the first of them, so the legend sits at the left),
    /// which a top-to-bottom layout ranks lowest; `nil` where there are no nodes.
    private static func lowestNode(in statements: ArraySlice<Statement>) -> String? {
        var depth: [String: Int] = [:]
        var order: [String] = []
        for case .node(let id, _, _, _) in statements {
            depth[id] = 0
            order.append(id)
        }
        // Parents come before their children in the statements, so one pass settles nearly all; a few more settle
        // an edge written before its parent's depth was known, and a stacked window's models (its anchor comes
        // after them): two passes a window.
        let windows = statements.count { if case .legendAnchor = $0 { true } else { false } }
        for _ in 0..<(4 + 2 * windows) {
            var changed = false
            for statement in statements {
                let from: String
                let to: String
                switch statement {
                // A stacked window hangs under the one before (`windowsStacked`): its models are lower.
                case .edge(let edgeFrom, let edgeTo, _, _), .leakEdge(let edgeFrom, let edgeTo, _),
                    .legendAnchor(let edgeFrom, let edgeTo):
                    (from, to) = (edgeFrom, edgeTo)
                default: continue
                }
                guard let parent = depth[from], let child = depth[to], child < parent + 1 else { continue }
                depth[to] = parent + 1
                changed = true
            }
            if !changed { break }
        }
        let deepest = depth.values.max() ?? 0
        return order.first { depth[$0] == deepest }
    }
}

extension DOTScene.Statement {
    /// The id of the node this statement draws.
    fileprivate var nodeID: String? {
        if case .node(let id, _, _, _) = self { id } else { nil }
    }
}

extension DOTScene {
    /// An app's own presentation style name as the legend shows it: letters, digits and ` _-.()` only, at most 40
    /// characters (the legend stays narrow).
    static func plainWord(_ name: String) -> String {
        let kept = String(
            String.UnicodeScalarView(
                name.unicodeScalars.filter { scalar in
                    let wordy = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    return (wordy || " _-.()".unicodeScalars.contains(scalar)) && !Escaping.isUnsafeForDisplay(scalar)
                }))
        if kept.isEmpty { return "presented" }
        return kept.count > 40 ? kept.prefix(39) + "…" : kept
    }
}

extension DOTScene.ClusterKind {
    fileprivate init?(containerKind: NodeKind) {
        switch containerKind {
        case .stack: self = .stack
        case .tabs: self = .tabs
        case .split: self = .split
        case .screen, .switch: return nil
        }
    }
}

extension Int {
    /// 1,234,567
    fileprivate var formatted: String {
        let digits = Array(String(self))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
