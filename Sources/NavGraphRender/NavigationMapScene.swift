import NavGraphCore

/// A navigation map arranged for drawing, as a flat list of statements in nesting order: each container type
/// (stack, tabs, split) that held other types is a cluster around itself and what it held; windows are nodes of
/// their own. Everything is sorted, so the same map always gives the same statements.
struct NavigationMapScene {
    enum Statement: Equatable {
        case open(id: String, label: String, kind: NodeKind)
        case close
        case window(id: String, name: String)
        case node(id: String, type: String, kind: NodeKind, seen: Int)
        case edge(from: String, to: String, relation: NavigationRelation, count: Int)
    }

    private(set) var statements: [Statement] = []
    /// The largest count of any relation (edges are drawn heavier relative to it).
    private(set) var maximumCount = 1

    init(map: NavigationMap) {
        let types = map.types.keys.sorted()
        var ids: [String: String] = [:]
        for (index, type) in types.enumerated() { ids[type] = "n\(index)" }
        let windows = Set(map.relations.keys.filter { $0.kind == .windowRoot }.map(\.from)).sorted()
        var windowIDs: [String: String] = [:]
        for (index, window) in windows.enumerated() { windowIDs[window] = "w\(index)" }

        // Each type goes in the cluster of the container type that held it most often (ties: the first by name),
        // unless that would put a container inside itself.
        var clusterOf: [String: String] = [:]
        for type in types {
            let holders = (map.containers[type] ?? [:]).filter { $0.key != type && map.types[$0.key] != nil }
            let ranked = holders.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            guard let best = ranked.first?.key else { continue }
            var ancestor: String? = best
            var steps = 0
            while let current = ancestor, current != type, steps <= types.count {
                ancestor = clusterOf[current]
                steps += 1
            }
            if ancestor == nil { clusterOf[type] = best }
        }
        var members: [String: [String]] = [:]
        for type in types { if let cluster = clusterOf[type] { members[cluster, default: []].append(type) } }

        // Names past 200 characters are drawn clipped, as `render` draws them (Graphviz cannot lay out a node
        // millions of points wide).
        for window in windows { statements.append(.window(id: windowIDs[window]!, name: DOTScene.clipped(window))) }
        // Depth first without recursion: a type with members opens a cluster holding itself and them.
        enum Step {
            case visit(String)
            case close
        }
        var pending: [Step] = types.filter { clusterOf[$0] == nil }.reversed().map { .visit($0) }
        while let step = pending.popLast() {
            guard case .visit(let type) = step else {
                statements.append(.close)
                continue
            }
            let entry = map.types[type] ?? NavigationMap.TypeEntry()
            let held = members[type] ?? []
            if !held.isEmpty {
                statements.append(.open(id: "cluster_" + ids[type]!, label: entry.kind.rawValue, kind: entry.kind))
                pending.append(.close)
                pending.append(contentsOf: held.reversed().map { .visit($0) })
            }
            statements.append(
                .node(id: ids[type]!, type: DOTScene.clipped(type), kind: entry.kind, seen: entry.seen))
        }
        for (relation, count) in map.sortedRelations {
            let from = relation.kind == .windowRoot ? windowIDs[relation.from] : ids[relation.from]
            guard let from, let to = ids[relation.to] else { continue }
            maximumCount = max(maximumCount, count)
            statements.append(.edge(from: from, to: to, relation: relation, count: count))
        }
    }

    /// The edge's label: what the relation is, and how often it was seen (`push ×12`).
    static func label(_ relation: NavigationRelation, count: Int) -> String {
        relation.label.isEmpty ? "×\(count)" : "\(DOTScene.clipped(relation.label)) ×\(count)"
    }

    /// A stroke weight from 1 to 5, growing with the logarithm of the count: heavier the more often seen.
    static func weight(count: Int) -> Int {
        var weight = 1
        var threshold = 2
        while count >= threshold, weight < 5 {
            weight += 1
            threshold *= 4
        }
        return weight
    }
}
