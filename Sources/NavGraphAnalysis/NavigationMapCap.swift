import NavGraphCore

/// The most types `navgraph diagram` draws, as `render --max-nodes` bounds a hierarchy's drawing: Graphviz's layout
/// of a map grows faster than its types (5,000 types side by side: 12.7 s; 20,000 ran past two minutes), and a
/// drawing of thousands of types is not read anyway.
public struct NavigationMapCap: Sendable {
    /// `diagram`'s default: a map's types are joined by many more edges than a hierarchy's models, and Graphviz's
    /// layout of a chain of types grows fast (a chain of 500 types: 2 s; of 2,000: 13–52 s on two busy cores). A map
    /// of hundreds of types is read with --focus or --exclude, not whole.
    public static let defaultMaximumTypes = 500

    /// The most types kept.
    public var maximumTypes: Int

    public init(maximumTypes: Int) {
        self.maximumTypes = maximumTypes
    }

    /// The map cut to `maximumTypes` types, and how many were left out. The types kept are the first of
    /// `typesByReach` (the map's top keeps its shape, as a folded hierarchy keeps its top). A relation is kept when
    /// both its ends are; containers keep only kept members.
    public func apply(to map: NavigationMap) -> (map: NavigationMap, leftOut: Int) {
        guard map.types.count > maximumTypes else { return (map, 0) }
        let kept = Set(Self.typesByReach(map).prefix(maximumTypes))
        var result = NavigationMap()
        for type in kept { result.types[type] = map.types[type] }
        result.relations = map.relations.filter { relation, _ in
            kept.contains(relation.to) && (relation.kind == .windowRoot || kept.contains(relation.from))
        }
        for (member, containing) in map.containers where kept.contains(member) {
            let held = containing.filter { kept.contains($0.key) }
            if !held.isEmpty { result.containers[member] = held }
        }
        result.routes = map.routes.filter { route, _ in
            route.allSatisfy { kept.contains($0.to) && ($0.kind == .windowRoot || kept.contains($0.from)) }
        }
        return (result, map.types.count - kept.count)
    }

    /// Every type of the map in the order it is reached from the windows' roots, breadth first, the most seen
    /// relation first at each type (ties by name); types no root leads to follow, the most seen first. The order
    /// `apply` keeps types in, and one of the orders `diagram` hands them to Graphviz in (`MapOutput.TypeOrder`).
    public static func typesByReach(_ map: NavigationMap) -> [String] {
        var outgoing: [String: [(to: String, count: Int)]] = [:]
        var rootTypes: [(to: String, count: Int)] = []
        for (relation, count) in map.relations {
            if relation.kind == .windowRoot {
                rootTypes.append((relation.to, count))
            } else {
                outgoing[relation.from, default: []].append((relation.to, count))
            }
        }
        func mostSeenFirst(_ left: (to: String, count: Int), _ right: (to: String, count: Int)) -> Bool {
            (left.count, right.to) > (right.count, left.to)
        }
        var kept = Set<String>()
        var order: [String] = []
        func keep(_ type: String) {
            guard map.types[type] != nil, kept.insert(type).inserted else { return }
            order.append(type)
        }
        for root in rootTypes.sorted(by: mostSeenFirst) { keep(root.to) }
        var head = 0
        while head < order.count {
            let type = order[head]
            head += 1
            for next in (outgoing[type] ?? []).sorted(by: mostSeenFirst) { keep(next.to) }
        }
        let rest = map.types.filter { !kept.contains($0.key) }.map { (to: $0.key, count: $0.value.seen) }
        for type in rest.sorted(by: mostSeenFirst) { keep(type.to) }
        return order
    }
}
