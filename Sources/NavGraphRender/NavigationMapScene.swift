import NavGraphAnalysis
import NavGraphCore

/// A navigation map arranged for drawing, as a flat list of statements in nesting order: types of one feature are a
/// group (`NavigationMapGroups`); each container type (stack, tabs, split) that held other types of its group is a
/// cluster around itself and what it held; windows are nodes of their own. The relations between two types are an
/// edge per look (a kind of relation; a presentation's style), each with one compact label, so that every kind shows
/// and labels cannot run into each other. Everything is sorted, so the same map always gives
/// the same statements.
struct NavigationMapScene {
    enum Statement: Equatable {
        /// A feature's group: `label` is the feature's name.
        case openGroup(id: String, label: String)
        case open(id: String, label: String, kind: NodeKind)
        case close
        case window(id: String, name: String)
        case node(id: String, type: String, kind: NodeKind, seen: Int)
        case edge(from: String, to: String, relations: [Relation])
    }

    /// One relation of an edge, with how often it was seen.
    struct Relation: Equatable {
        var relation: NavigationRelation
        var count: Int
    }

    private(set) var statements: [Statement] = []
    /// The largest count of any edge (edges are drawn heavier relative to it).
    private(set) var maximumCount = 1

    /// `order`: the order types are written in within each group and cluster (Graphviz starts from it when it
    /// orders a rank's nodes); ids and clusters are the same in either.
    init(map: NavigationMap, grouped: Bool = true, order typeOrder: MapOutput.TypeOrder = .name) {
        let types = map.types.keys.sorted()
        var ids: [String: String] = [:]
        for (index, type) in types.enumerated() { ids[type] = "n\(index)" }
        let windows = Set(map.relations.keys.filter { $0.kind == .windowRoot }.map(\.from)).sorted()
        var windowIDs: [String: String] = [:]
        for (index, window) in windows.enumerated() { windowIDs[window] = "w\(index)" }
        let groups = grouped ? NavigationMapGroups(types: types) : NavigationMapGroups(types: [])

        // Each type goes in the cluster of the container type that held it most often (ties: the first by name),
        // unless that would put a container inside itself, or take the type out of its feature's group (clusters
        // nest; a generic container holding every feature's screens would swallow the groups).
        var clusterOf: [String: String] = [:]
        for type in types {
            let holders = (map.containers[type] ?? [:]).filter {
                $0.key != type && map.types[$0.key] != nil && groups.group(of: $0.key) == groups.group(of: type)
            }
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
        let written = Self.written(typeOrder, types: types, holders: Set(clusterOf.values), map: map)
        var members: [String: [String]] = [:]
        for type in written { if let cluster = clusterOf[type] { members[cluster, default: []].append(type) } }

        // Names past 200 characters are drawn clipped, as `render` draws them (Graphviz cannot lay out a node
        // millions of points wide).
        for window in windows { statements.append(.window(id: windowIDs[window]!, name: DOTScene.clipped(window))) }
        let outermost = written.filter { clusterOf[$0] == nil }
        for (index, group) in groups.names.enumerated() {
            statements.append(.openGroup(id: "cluster_g\(index)", label: DOTScene.clipped(group)))
            append(outermost.filter { groups.group(of: $0) == group }, map: map, ids: ids, members: members)
            statements.append(.close)
        }
        append(outermost.filter { groups.group(of: $0) == nil }, map: map, ids: ids, members: members)

        var edges: [String: (from: String, to: String, relations: [Relation])] = [:]
        var order: [String] = []
        for (relation, count) in map.sortedRelations {
            let from = relation.kind == .windowRoot ? windowIDs[relation.from] : ids[relation.from]
            guard let from, let to = ids[relation.to] else { continue }
            let key = from + ">" + to
            if edges[key] == nil {
                edges[key] = (from, to, [])
                order.append(key)
            }
            edges[key]!.relations.append(Relation(relation: relation, count: count))
        }
        for key in order {
            let edge = edges[key]!
            // The most frequent relation first.
            let relations = edge.relations.enumerated().sorted {
                ($1.element.count, $0.offset) < ($0.element.count, $1.offset)
            }.map(\.element)
            // An edge per look (a kind of relation, a presentation's style): a tab that was also presented shows
            // both its tab line and its presentation's, each labelled with its own counts. The most seen first.
            var looks: [String: [Relation]] = [:]
            var lookOrder: [String] = []
            for relation in relations {
                let look = Self.look(relation.relation.kind)
                if looks[look] == nil { lookOrder.append(look) }
                looks[look, default: []].append(relation)
            }
            for look in lookOrder {
                let group = looks[look]!
                maximumCount = max(maximumCount, group.reduce(0) { $0 + $1.count })
                statements.append(.edge(from: edge.from, to: edge.to, relations: group))
            }
        }
    }

    /// Depth first without recursion: a type with members opens a cluster holding itself and them.
    private mutating func append(
        _ types: [String], map: NavigationMap, ids: [String: String], members: [String: [String]]
    ) {
        enum Step {
            case visit(String)
            case close
        }
        var pending: [Step] = types.reversed().map { .visit($0) }
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
    }

    /// What an edge of this kind of relation looks like, as the themes draw it: its kind's flag, and a
    /// presentation's style (each style has its own line). Relations of one look share an edge.
    static func look(_ kind: NavigationRelation.Kind) -> String {
        if case .presented(let style) = kind { return NavigationMapDOTRenderer.styleFlag(style) }
        return NavigationMapDOTRenderer.flag(kind)
    }

    /// An edge's label: its relations with how often each was seen, the most frequent first (`detail ×5 · sidebar
    /// ×2`; a relation with no name of its own is its count alone). Tabs are one kind: `tab ×80` for a type that was
    /// several tabs, never a list of every tab's index (`tab 2 ×5` when it was one tab).
    static func label(_ relations: [Relation]) -> String {
        var parts: [(text: String, count: Int)] = []
        let tabs = relations.filter { if case .tab = $0.relation.kind { true } else { false } }
        var tabsWritten = false
        for relation in relations {
            if case .tab = relation.relation.kind, tabs.count > 1 {
                guard !tabsWritten else { continue }
                tabsWritten = true
                parts.append(("tab", tabs.reduce(0) { $0 + $1.count }))
            } else {
                parts.append((DOTScene.clipped(relation.relation.label), relation.count))
            }
        }
        // Sorted again for the tabs' sum; ties keep their order.
        let sorted = parts.enumerated().sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }
        return sorted.map(\.element).map { part in
            guard part.text.isEmpty else { return "\(part.text) ×\(part.count)" }
            return parts.count > 1 ? "child ×\(part.count)" : "×\(part.count)"
        }.joined(separator: " · ")
    }

    /// The map's types in `order` (`types`: by name); `holders`: the types a cluster is drawn around.
    private static func written(
        _ order: MapOutput.TypeOrder, types: [String], holders: Set<String>, map: NavigationMap
    ) -> [String] {
        switch order {
        case .name: return types
        case .reach: return NavigationMapCap.typesByReach(map)
        case .nameReversed: return types.reversed()
        case .reachReversed: return NavigationMapCap.typesByReach(map).reversed()
        case .given(let given, let around):
            // The clusters stay where `around` puts them; the other types take the places left, in `given`'s order.
            let others = completed(given, types: types, map: map).filter { !holders.contains($0) }
            var next = others.makeIterator()
            return written(around, types: types, holders: holders, map: map).map {
                holders.contains($0) ? $0 : next.next() ?? $0
            }
        }
    }

    /// `order`'s types of the map, once each, then the map's others in `types`' order.
    private static func completed(_ order: [String], types: [String], map: NavigationMap) -> [String] {
        var listed = Set<String>()
        let kept = order.filter { map.types[$0] != nil && listed.insert($0).inserted }
        return kept + types.filter { !listed.contains($0) }
    }

    /// The types whose nodes have these ids (`n0`, …: the map's types by name), in the ids' order; other ids (a
    /// window's, the legend's) are passed over.
    static func types(ofIDs ids: [String], in map: NavigationMap) -> [String] {
        let types = map.types.keys.sorted()
        return ids.compactMap { id in
            guard id.hasPrefix("n"), let index = Int(id.dropFirst()), types.indices.contains(index) else { return nil }
            return types[index]
        }
    }

    /// The windows' names, for short ids that stay distinct (`DiagramLabels.distinguishing`).
    var windowNames: [String] {
        statements.compactMap { if case .window(_, let name) = $0 { name } else { nil } }
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

/// Types grouped by feature, where their names allow: the module of a qualified name (`Checkout.CartModel` is in
/// `Checkout`), else the first word of a camel-case name (`CheckoutCartNavigationModel` is in `Checkout`). A feature
/// is a group when at least two types are in it and not every type is (one group around everything says nothing).
struct NavigationMapGroups {
    /// The groups' names, sorted.
    let names: [String]
    private let groupOf: [String: String]

    init(types: [String]) {
        var features: [String: [String]] = [:]
        for type in types { if let feature = Self.feature(of: type) { features[feature, default: []].append(type) } }
        let groups = features.filter { $0.value.count >= 2 && $0.value.count < types.count }
        names = groups.keys.sorted()
        var groupOf: [String: String] = [:]
        for (feature, members) in groups { for type in members { groupOf[type] = feature } }
        self.groupOf = groupOf
    }

    func group(of type: String) -> String? { groupOf[type] }

    /// `Checkout.CartModel` → `Checkout`; `CheckoutCartNavigationModel` → `Checkout`; `AppModel` → `App`; a name of
    /// one word (`Settings`), or that starts with no letter, has none.
    static func feature(of type: String) -> String? {
        // Generic arguments are not the type's module (`Box<Checkout.Item>`).
        let base = type.prefix { $0 != "<" }
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { return String(base[..<dot]) }
        guard let first = base.first, first.isLetter else { return nil }
        var word = ""
        for character in base {
            // A word ends where a capital follows a small letter: `SFSafariModel` → `SFSafari`.
            if let last = word.last, character.isUppercase, last.isLowercase { break }
            word.append(character)
        }
        return word.count < base.count ? word : nil
    }
}
