import NavGraphCore

/// Builds a `NavigationMap` from a history, one step at a time: each model a step places adds its type, and the
/// relation it was placed by (pushed after the stack's top, presented from its presenter, a tab, …) counts once.
/// Format-blind: it sees what the reducer placed, whether an event or a dump placed it.
///
/// A type's kind is the kind its models had when last seen: a dump can tell a model is a switch only when a later
/// dump shows its content replaced, long after the model was placed. A container seen empty later (a stack popped
/// to its root, which a dump or TCA's state shows as its root screen alone) stays the container it was.
///
/// Cost: a step placing one model (an event) costs O(1) for a push or a tab appended to its container, whatever its
/// length; a step placing many (a dump) reads each parent's children once.
public struct NavigationMapBuilder: Sendable {
    private var relationsMap = NavigationMap()
    /// Each model's kind when last placed or listed by a dump, per type it was seen with (keyed by model key and
    /// type). A model a dump names anew (a NavigatorUI destination that logs its navigator's name late) counts
    /// under its last type only; see `renamedTypes`.
    private var modelKinds: [String: (type: String, kind: NodeKind)] = [:]
    /// The types models were renamed to, by the type they had before. A type no model is counted under any more
    /// (every model of it was renamed, to one type) is that type in the map: its relations are the new type's, so
    /// one node is drawn, named as the tree names it last. While other models of the old type remain, it stays.
    private var renamedTypes: [String: Set<String>] = [:]

    private static func kindKey(_ key: String, _ type: String) -> String { key + "\u{1F}" + type }
    /// The tab number of tabs placed one at a time, so the next tab of a container counts on from its previous one.
    /// Forgotten whenever a step removes or reorders anything.
    private var tabNumbers: [String: Int] = [:]
    /// Each model in the hierarchy: the route that placed it (see `NavigationMap.routes`), so that a model placed from
    /// it extends that route. Forgotten when the model leaves.
    private var placedBy: [String: [NavigationRelation]] = [:]

    public init() {}

    /// The map of what was recorded so far.
    public var map: NavigationMap {
        var result = relationsMap
        for (type, kind) in modelKinds.values {
            result.types[type, default: NavigationMap.TypeEntry()].kinds[kind, default: 0] += 1
        }
        let renaming = typeRenaming(counted: Set(result.types.keys))
        guard !renaming.isEmpty else { return result }
        func renamed(_ type: String) -> String { renaming[type] ?? type }
        var relations: [NavigationRelation: Int] = [:]
        for (relation, count) in result.relations {
            // A window's name is not a type.
            let from = relation.kind == .windowRoot ? relation.from : renamed(relation.from)
            relations[NavigationRelation(relation.kind, from: from, to: renamed(relation.to)), default: 0] += count
        }
        var containers: [String: [String: Int]] = [:]
        for (type, holders) in result.containers {
            for (container, count) in holders {
                containers[renamed(type), default: [:]][renamed(container), default: 0] += count
            }
        }
        var routes: [[NavigationRelation]: Int] = [:]
        for (route, count) in result.routes {
            let renamedRoute = route.map { relation in
                let from = relation.kind == .windowRoot ? relation.from : renamed(relation.from)
                return NavigationRelation(relation.kind, from: from, to: renamed(relation.to))
            }
            routes[renamedRoute, default: 0] += count
        }
        result.relations = relations
        result.containers = containers
        result.routes = routes
        return result
    }

    /// Old type -> the type it is now, for each renamed type no model is `counted` under any more and whose models
    /// all took one name; followed to the last (a type renamed twice), never round a cycle.
    private func typeRenaming(counted: Set<String>) -> [String: String] {
        var direct: [String: String] = [:]
        for (old, new) in renamedTypes where !counted.contains(old) && new.count == 1 { direct[old] = new.first! }
        var result: [String: String] = [:]
        for old in direct.keys {
            var type = old
            var seen: Set<String> = [old]
            while let next = direct[type], seen.insert(next).inserted { type = next }
            if type != old { result[old] = type }
        }
        return result
    }

    /// Records what the step placed; `hierarchy` is the state after it.
    public mutating func record(_ event: NavEvent, change: StepChange, in hierarchy: Hierarchy) {
        for renaming in change.renamed where renaming.from.type != renaming.to.type {
            modelKinds[Self.kindKey(renaming.from.key, renaming.from.type)] = nil
            renamedTypes[renaming.from.type, default: []].insert(renaming.to.type)
        }
        for model in change.removed { placedBy[model.key] = nil }
        switch event.action {
        case .snapshot(let snapshots):
            tabNumbers.removeAll()
            for snapshot in snapshots {
                for entry in snapshot.entries {
                    guard let node = hierarchy.node(entry.model.key) else { continue }
                    noteKind(of: node)
                }
            }
        case .setPath:
            tabNumbers.removeAll()
        default:
            if !change.removed.isEmpty { tabNumbers.removeAll() }
        }
        if change.added.count == 1 {
            recordOne(change.added[0], in: hierarchy)
        } else if !change.added.isEmpty {
            recordMany(change.added, in: hierarchy)
        }
    }

    private mutating func noteKind(of node: Node) {
        let key = Self.kindKey(node.key, node.model.type)
        if node.kind == .screen, let known = modelKinds[key], known.kind != .screen { return }
        modelKinds[key] = (node.model.type, node.kind)
    }

    /// One model placed: its siblings are looked for from the end of its parent's children.
    private mutating func recordOne(_ key: String, in hierarchy: Hierarchy) {
        guard let node = hierarchy.node(key) else { return }
        noteKind(of: node)
        guard let parentKey = node.parent, let edge = node.edge, let parent = hierarchy.model(parentKey) else {
            add(NavigationRelation(.windowRoot, from: node.window, to: node.model.type), container: nil, placing: key)
            return
        }
        switch edge {
        case .push:
            let top = hierarchy.earlierSibling(of: key, hangingBy: .push)
            add(
                Self.pushRelation(node.model.type, after: top, in: parent.type), container: parent.type, placing: key,
                from: top?.key ?? parentKey)
        case .tab:
            let previous = hierarchy.earlierSibling(of: key, hangingBy: .tab)
            let number = previous.flatMap { tabNumbers[$0.key] }.map { $0 + 1 } ?? hierarchy.tabNumber(of: key) ?? 1
            tabNumbers[key] = number
            add(
                NavigationRelation(.tab(order: number), from: parent.type, to: node.model.type),
                container: parent.type, placing: key, from: parentKey)
        default:
            let relation = Self.relation(node.model.type, edge: edge, under: parent.type)
            add(relation, container: Self.holder(edge, parent.type), placing: key, from: parentKey)
        }
    }

    /// Many models placed in one step (a dump): each parent's children are read once.
    private mutating func recordMany(_ keys: [String], in hierarchy: Hierarchy) {
        var siblings: [String: (children: [(model: ModelRef, edge: EdgeKind?)], positions: [String: Int])] = [:]
        for key in keys {
            guard let node = hierarchy.node(key) else { continue }
            noteKind(of: node)
            guard let parentKey = node.parent, let edge = node.edge, let parent = hierarchy.model(parentKey) else {
                add(
                    NavigationRelation(.windowRoot, from: node.window, to: node.model.type), container: nil,
                    placing: key)
                continue
            }
            if siblings[parentKey] == nil {
                let children = hierarchy.childEdges(of: parentKey)
                var positions: [String: Int] = [:]
                for (index, child) in children.enumerated() { positions[child.model.key] = index }
                siblings[parentKey] = (children, positions)
            }
            guard let (children, positions) = siblings[parentKey], let position = positions[key] else { continue }
            switch edge {
            case .push:
                let top = children[..<position].last { $0.edge == .push }?.model
                add(
                    Self.pushRelation(node.model.type, after: top, in: parent.type), container: parent.type,
                    placing: key, from: top?.key ?? parentKey)
            case .tab:
                let number = children[...position].count { $0.edge == .tab }
                let relation = NavigationRelation(.tab(order: number), from: parent.type, to: node.model.type)
                add(relation, container: parent.type, placing: key, from: parentKey)
            default:
                let relation = Self.relation(node.model.type, edge: edge, under: parent.type)
                add(relation, container: Self.holder(edge, parent.type), placing: key, from: parentKey)
            }
        }
    }

    /// Counts `relation`, which placed model `key` from model `from` (the parent, or the entry it was pushed after;
    /// `nil` for a window's root), and the route that led to it.
    private mutating func add(
        _ relation: NavigationRelation, container: String?, placing key: String, from: String? = nil
    ) {
        relationsMap.relations[relation, default: 0] += 1
        if let container { relationsMap.containers[relation.to, default: [:]][container, default: 0] += 1 }
        let route = (from.flatMap { placedBy[$0] } ?? []).suffix(NavigationMap.routeDepth - 1) + [relation]
        placedBy[key] = Array(route)
        relationsMap.routes[Array(route), default: 0] += 1
    }

    /// Pushed after the stack's top; with no entry before it, the stack's first.
    private static func pushRelation(_ type: String, after top: ModelRef?, in stack: String) -> NavigationRelation {
        if let top { return NavigationRelation(.pushedAfter, from: top.type, to: type) }
        return NavigationRelation(.stackRoot, from: stack, to: type)
    }

    /// A split view holds its columns as a stack its entries and a tabs container its tabs.
    private static func holder(_ edge: EdgeKind, _ parent: String) -> String? {
        if case .column = edge { return parent }
        return nil
    }

    private static func relation(_ type: String, edge: EdgeKind, under parent: String) -> NavigationRelation {
        switch edge {
        case .presented(let style): NavigationRelation(.presented(style: style.name), from: parent, to: type)
        case .switch: NavigationRelation(.switched, from: parent, to: type)
        case .column(let column): NavigationRelation(.column(column), from: parent, to: type)
        case .push, .tab, .child: NavigationRelation(.child, from: parent, to: type)
        }
    }
}
