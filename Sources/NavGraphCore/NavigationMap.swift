/// The type-level navigation map of an app: which model types were seen, and how they reached each other, with how
/// often each relation was seen. Built from one or many logs (`NavigationMapBuilder` in NavGraphAnalysis), drawn by
/// `navgraph diagram`, and kept as a JSON baseline that CI compares new runs with.
///
/// A plain value with no order of its own: everything that lists it sorts, so the same relations always give the
/// same bytes, whatever order the logs were read in.
public struct NavigationMap: Sendable, Equatable {
    /// What is known of one model type.
    public struct TypeEntry: Sendable, Equatable {
        /// How many models of this type were seen, per kind (each model's kind when last seen).
        public var kinds: [NodeKind: Int] = [:]

        public init(kinds: [NodeKind: Int] = [:]) { self.kinds = kinds }

        /// The kind seen most often; a container kind wins a tie (a stack seen once as a plain screen is a stack).
        public var kind: NodeKind {
            var best = NodeKind.screen
            var bestCount = 0
            for kind in [NodeKind.split, .tabs, .switch, .stack, .screen] where kinds[kind, default: 0] > bestCount {
                best = kind
                bestCount = kinds[kind, default: 0]
            }
            return best
        }

        /// How many models of this type were seen.
        public var seen: Int { kinds.values.reduce(0, +) }
    }

    /// Model types by name.
    public var types: [String: TypeEntry] = [:]
    /// Each relation with how often it was seen.
    public var relations: [NavigationRelation: Int] = [:]
    /// For types that were stack entries, tabs or split columns: the container types they were in, with counts.
    /// Used to draw containers as clusters around what they hold.
    public var containers: [String: [String: Int]] = [:]
    /// How models were reached, a few relations deep: each placement's relation preceded by the relations that
    /// placed the model it came from (its parent, or the stack entry it was pushed after), outermost first, at most
    /// `routeDepth` in all, with how often. What `NavigationMapCollapse` needs to draw an edge past a collapsed type
    /// only where models really went through it (pairing every way in with every way out would invent paths).
    /// Empty for a map read from JSON.
    public var routes: [[NavigationRelation]: Int] = [:]

    /// How many relations a route keeps: a chain of collapsed types longer than this loses its way in.
    public static let routeDepth = 5

    public init() {}

    /// Adds another map's counts to this one (several logs make one map).
    public mutating func merge(_ other: NavigationMap) {
        for (name, entry) in other.types {
            for (kind, count) in entry.kinds { types[name, default: TypeEntry()].kinds[kind, default: 0] += count }
        }
        for (relation, count) in other.relations { relations[relation, default: 0] += count }
        for (member, containing) in other.containers {
            for (container, count) in containing { containers[member, default: [:]][container, default: 0] += count }
        }
        for (route, count) in other.routes { routes[route, default: 0] += count }
    }

    /// Relations in a stable order: by the type they lead to, then the type they come from, then their kind.
    public var sortedRelations: [(relation: NavigationRelation, count: Int)] {
        relations.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
    }
}

/// One way a model type was reached, at the level of types: "`DetailModel` was pushed after `ListModel`".
public struct NavigationRelation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// `to` was the root of window `from`.
        case windowRoot
        /// `to` was the first entry of stack `from`.
        case stackRoot
        /// `to` was pushed onto a stack whose top was `from`.
        case pushedAfter
        /// `to` was presented from `from` with a style (`presented` when the log does not say which).
        case presented(style: String)
        /// `to` was tab number `order` (from 1) of tabs container `from`.
        case tab(order: Int)
        /// Switch container `from` switched to `to`.
        case switched
        /// `to` was a column of split view `from`.
        case column(SplitColumn)
        /// `to` hung from `from`, nothing better known.
        case child
    }

    public var kind: Kind
    /// The type it came from; for `windowRoot`, the window's name.
    public var from: String
    /// The type it reached.
    public var to: String

    public init(_ kind: Kind, from: String, to: String) {
        self.kind = kind
        self.from = from
        self.to = to
    }

    /// The relation's name in JSON: `windowRoot`, `stackRoot`, `push`, `presented`, `tab`, `switch`, `column`, `child`.
    public var kindName: String {
        switch kind {
        case .windowRoot: "windowRoot"
        case .stackRoot: "stackRoot"
        case .pushedAfter: "push"
        case .presented: "presented"
        case .tab: "tab"
        case .switched: "switch"
        case .column: "column"
        case .child: "child"
        }
    }

    /// How CI's drift report words it, the child first as in every relation: `SettingsModel presented (sheet) from
    /// ProfileModel`, `PremiumModel switched in by SubscriptionModel`.
    public var description: String {
        switch kind {
        case .windowRoot: "\(to) root of window \(from)"
        case .stackRoot: "\(to) first in stack \(from)"
        case .pushedAfter: "\(to) pushed after \(from)"
        case .presented(let style) where style == PresentationStyle.unknown.name: "\(to) presented from \(from)"
        case .presented(let style): "\(to) presented (\(style)) from \(from)"
        case .tab(let order): "\(to) tab \(order) of \(from)"
        case .switched: "\(to) switched in by \(from)"
        case .column(let column): "\(to) \(column.rawValue) column of \(from)"
        case .child: "\(to) child of \(from)"
        }
    }

    /// The short label drawn on the edge (without the count).
    public var label: String {
        switch kind {
        case .windowRoot: "root"
        case .stackRoot: "first"
        case .pushedAfter: "push"
        case .presented(let style): style
        case .tab(let order): "tab \(order)"
        case .switched: "switch"
        case .column(let column): column.rawValue
        case .child: ""
        }
    }

    /// The detail that tells two relations of one kind between the same types apart (style, tab order, column).
    var detail: String {
        switch kind {
        case .presented(let style): style
        case .tab(let order): String(order)
        case .column(let column): column.rawValue
        default: ""
        }
    }

    public static func < (left: NavigationRelation, right: NavigationRelation) -> Bool {
        (left.to, left.from, left.kindName, left.detail.count, left.detail)
            < (right.to, right.from, right.kindName, right.detail.count, right.detail)
    }
}
