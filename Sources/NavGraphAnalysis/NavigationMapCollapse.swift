import NavGraphCore

/// Pass-through types left out of a drawn map, their edges drawn past them: a generic container type that every
/// stack or sheet is wrapped in (`DefaultStackRootNavigationModel`) is reached from everywhere and leads everywhere,
/// so drawn as a node it becomes a hub that every edge runs through and says nothing.
///
/// A type is collapsed when it is listed (`--collapse`, `diagram.collapse` in `.navgraph.yml`: globs), or — the
/// automatic rule — when it is a container (stack, tabs, switch or split) reached from at least `minimumParents`
/// different places (types or windows; itself too: a sheet wrapped in it presented over another one) and leading on
/// to at least `minimumChildren` other types. An app's own containers lead to few types (a tab bar to its tabs, a
/// flow's stack to its first screen); a generic wrapper leads to every screen it ever wrapped. A screen type is never
/// collapsed automatically: a screen reached from many places is a real place in the app.
///
/// Collapsed, the edges go from where a model of the type was reached to what it led to, as the logs' routes say
/// (`NavigationMap.routes`): `ProfileModel -sheet-> DefaultStackRoot -first-> EditModel` is drawn
/// `ProfileModel -sheet-> EditModel`. Such an edge is the innermost presentation on the way when there is one (a
/// sheet is what the user saw), else the outermost relation (how the region was reached). A map with no routes (read
/// from JSON) loses the collapsed types' edges.
public struct NavigationMapCollapse: Sendable {
    /// Globs (`*`, `?`) of types always collapsed.
    public var listed: [String]
    /// Whether the automatic rule applies.
    public var automatic: Bool
    public var minimumParents: Int
    public var minimumChildren: Int
    /// Types never collapsed (the one `--focus` names).
    public var kept: Set<String>

    public init(
        listed: [String] = [], automatic: Bool = true, minimumParents: Int = 2, minimumChildren: Int = 6,
        kept: Set<String> = []
    ) {
        self.listed = listed
        self.automatic = automatic
        self.minimumParents = minimumParents
        self.minimumChildren = minimumChildren
        self.kept = kept
    }

    /// A collapsed type, with why.
    public struct Collapsed: Sendable, Equatable {
        public var type: String
        /// Different places it was reached from, and types it led to.
        public var parents: Int
        public var children: Int
        /// Whether a glob named it (else the automatic rule chose it).
        public var listed: Bool
    }

    /// The types to collapse in `map`, sorted by name.
    public func collapsed(in map: NavigationMap) -> [Collapsed] {
        var parents: [String: Set<String>] = [:]
        var children: [String: Set<String>] = [:]
        for relation in map.relations.keys {
            // A window is a place too; its name cannot be a type's (`window` + NUL keeps them apart).
            parents[relation.to, default: []].insert(
                relation.kind == .windowRoot ? "window\u{0}" + relation.from : relation.from)
            if relation.kind != .windowRoot { children[relation.from, default: []].insert(relation.to) }
        }
        var result: [Collapsed] = []
        for (type, entry) in map.types where !kept.contains(type) {
            let parentCount = parents[type]?.count ?? 0
            let childCount = children[type]?.subtracting([type]).count ?? 0
            let isListed = listed.contains { Glob.matches($0, type) }
            let isHub =
                automatic && entry.kind != .screen && parentCount >= minimumParents && childCount >= minimumChildren
            if isListed || isHub {
                result.append(Collapsed(type: type, parents: parentCount, children: childCount, listed: isListed))
            }
        }
        return result.sorted { $0.type < $1.type }
    }

    /// The map without the collapsed types, their routes drawn past them.
    public func apply(to map: NavigationMap) -> (map: NavigationMap, collapsed: [Collapsed]) {
        let collapsed = collapsed(in: map)
        guard !collapsed.isEmpty else { return (map, []) }
        let gone = Set(collapsed.map(\.type))
        func isGone(_ relation: NavigationRelation) -> Bool {
            relation.kind != .windowRoot && gone.contains(relation.from)
        }
        var result = map
        for type in gone { result.types[type] = nil }
        result.relations = map.relations.filter { !gone.contains($0.key.to) && !isGone($0.key) }
        for (route, count) in map.routes {
            guard let last = route.last, !gone.contains(last.to), isGone(last) else { continue }
            // Back along the route to the first relation that starts from a type still drawn.
            guard let start = route.indices.reversed().first(where: { !isGone(route[$0]) }) else { continue }
            let way = route[start...]
            let kind = way.last { if case .presented = $0.kind { true } else { false } }?.kind ?? way.first!.kind
            let relation = NavigationRelation(kind, from: route[start].from, to: last.to)
            result.relations[relation, default: 0] += count
        }
        var containers: [String: [String: Int]] = [:]
        for (member, holders) in map.containers where !gone.contains(member) {
            let kept = holders.filter { !gone.contains($0.key) }
            if !kept.isEmpty { containers[member] = kept }
        }
        result.containers = containers
        // Drawn past: the routes have served.
        result.routes = [:]
        return (result, collapsed)
    }
}
