import NavGraphCore

/// What `navgraph diagram` keeps of a map, to keep a big app's map readable.
public struct NavigationMapFilter: Sendable {
    /// Types matching any of these globs (`*` any run of characters, `?` one) are left out, with their relations.
    public var excluded: [String] = []
    /// Relations seen fewer times than this are left out, and types left with no relation.
    public var minimumCount = 1
    /// Only this type's neighbourhood: types at most `depth` relations away, either way.
    public var focus: String?
    public var depth = 1

    public init(excluded: [String] = [], minimumCount: Int = 1, focus: String? = nil, depth: Int = 1) {
        self.excluded = excluded
        self.minimumCount = minimumCount
        self.focus = focus
        self.depth = depth
    }

    /// Whether any option narrows the map.
    public var isEmpty: Bool { excluded.isEmpty && minimumCount <= 1 && focus == nil }

    /// The map with what the options leave out removed. Order of operations: excluded types, rare relations, then
    /// the focus's neighbourhood in what is left.
    public func apply(to map: NavigationMap) -> NavigationMap {
        guard !isEmpty else { return map }
        func isExcluded(_ type: String) -> Bool { excluded.contains { Glob.matches($0, type) } }
        var relations = map.relations.filter { relation, count in
            count >= minimumCount && !isExcluded(relation.to)
                && (relation.kind == .windowRoot || !isExcluded(relation.from))
        }
        var keptTypes = Set(map.types.keys.filter { !isExcluded($0) && minimumCount <= 1 })
        for relation in relations.keys {
            keptTypes.insert(relation.to)
            if relation.kind != .windowRoot { keptTypes.insert(relation.from) }
        }
        if let focus {
            // Breadth first over relations in both directions; windows are places too ("window main").
            func fromPlace(_ relation: NavigationRelation) -> String {
                relation.kind == .windowRoot ? "window\u{0} " + relation.from : relation.from
            }
            var neighbours: [String: Set<String>] = [:]
            for relation in relations.keys {
                neighbours[fromPlace(relation), default: []].insert(relation.to)
                neighbours[relation.to, default: []].insert(fromPlace(relation))
            }
            var reached: Set<String> = [focus]
            var frontier = [focus]
            for _ in 0..<max(0, depth) {
                // Nothing is further away: `--depth 9223372036854775807` ran that many empty rounds.
                if frontier.isEmpty { break }
                var next: [String] = []
                for place in frontier {
                    for neighbour in neighbours[place] ?? [] where reached.insert(neighbour).inserted {
                        next.append(neighbour)
                    }
                }
                frontier = next
            }
            relations = relations.filter { reached.contains(fromPlace($0.key)) && reached.contains($0.key.to) }
            keptTypes = keptTypes.intersection(reached)
        }
        var result = NavigationMap()
        result.relations = relations
        for type in keptTypes { result.types[type] = map.types[type] }
        for (member, containing) in map.containers where keptTypes.contains(member) {
            let kept = containing.filter { keptTypes.contains($0.key) }
            if !kept.isEmpty { result.containers[member] = kept }
        }
        return result
    }
}

/// What changed between a committed map and the one the logs make now: relations that appeared and disappeared.
/// Counts are not compared (they vary from run to run); a relation is there or not.
public struct NavigationMapDrift: Sendable, Equatable {
    public var appeared: [NavigationRelation]
    public var disappeared: [NavigationRelation]

    public init(baseline: NavigationMap, current: NavigationMap) {
        appeared = current.relations.keys.filter { baseline.relations[$0] == nil }.sorted()
        disappeared = baseline.relations.keys.filter { current.relations[$0] == nil }.sorted()
    }

    public var isEmpty: Bool { appeared.isEmpty && disappeared.isEmpty }

    /// `+ SettingsModel presented (sheet) from ProfileModel`, then `- …` lines.
    public var lines: [String] {
        appeared.map { "+ \($0)" } + disappeared.map { "- \($0)" }
    }
}

/// Shell-style matching of a whole name: `*` matches any run of characters, `?` one character.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let text = Array(text.unicodeScalars)
        var p = 0
        var t = 0
        // Where the last `*` was, and where in the text it is tried next: backtracking without recursion.
        var star: Int?
        var retry = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                p += 1
                retry = t
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let star {
                p = star + 1
                retry += 1
                t = retry
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
