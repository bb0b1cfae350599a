import NavGraphCore

/// One `DOTScene` statement as a DOT theme sees it: the section it fills (`{{#node}}`, `{{#edge}}`, …) and its named
/// values, each a string or a flag.
///
/// Kept as plain fields instead of a `[String: Any]` per statement: the theme context is only built for the
/// template engine (for each new statement shape, or for themes that cannot be rendered by shape), and a statement's
/// shape — which values it has, which strings are empty, which flags are set — is one integer.
struct ThemeStatement {
    enum Section: UInt8, CaseIterable {
        case cluster, end, node, point, rank, edge, order

        var name: String { Self.names[Int(rawValue)] }
        private static let names = allCases.map { String(describing: $0) }
    }

    /// Every value name a theme can use; the case names are the names in the theme.
    enum Field: Int, CaseIterable {
        // Strings.
        case id, label, kind, type, modelID, legendLabel, from, to, style, ids
        // Flags: the kind of a cluster or node, a node's state, the kind of an edge.
        case isWindow, isStack, isTabs, isSplit, isLegend, isScreen, isSwitch
        case isLeaked, isCollapsed, isGhost
        case isPush, isTab, isSwitched, isColumn, isPresented, isChild, isLeak

        var name: String { Self.names[rawValue] }
        private static let names = allCases.map { String(describing: $0) }

        init?(name: String) {
            guard let index = Self.names.firstIndex(of: name) else { return nil }
            self = Self.allCases[index]
        }
    }

    private(set) var section = Section.end
    /// Two bits per field: 0 absent, 1 an empty string or `false`, 2 a non-empty string or `true`.
    private var states: UInt64 = 0
    /// Each string field's value, by field number; only meaningful where `states` says it is present.
    private var strings = [String](repeating: "", count: Field.allCases.count)

    /// The statement's shape: its section and, per field, whether it is absent, empty/false or non-empty/true.
    /// Everything a logic-less theme prints for a statement except the strings it inserts depends only on this.
    var shape: UInt64 { states | UInt64(section.rawValue) << 60 }

    init() {}

    init(_ statement: DOTScene.Statement) {
        load(statement)
    }

    /// The value of a string field (empty when absent).
    func string(_ field: Field) -> String {
        states >> (2 * field.rawValue) & 3 == 0 ? "" : strings[field.rawValue]
    }

    /// Makes this the given statement, reusing the storage.
    mutating func load(_ statement: DOTScene.Statement) {
        states = 0
        switch statement {
        case .open(let id, let kind, let label):
            section = .cluster
            set(.id, id)
            set(.label, label)
            set(.kind, kind.rawValue)
            set(Self.flag(for: kind), true)
        case .close:
            section = .end
        case .node(let id, let model, let kind, let legendLabel, let state):
            section = .node
            set(.id, id)
            set(.type, model.type)
            set(.kind, kind.rawValue)
            if !model.id.isEmpty { set(.modelID, model.id) }
            set(Self.flag(for: kind), true)
            if state == .leaked { set(.isLeaked, true) }
            if state == .ghost { set(.isGhost, true) }
            if model.key.hasPrefix("collapsed:") { set(.isCollapsed, true) }
            if let legendLabel { set(.legendLabel, legendLabel) }
        case .point(let id):
            section = .point
            set(.id, id)
        case .leakEdge(let from, let to, let label):
            section = .edge
            set(.from, from)
            set(.to, to)
            set(.label, label)
            set(.isLeak, true)
        case .order(let from, let to):
            section = .order
            set(.from, from)
            set(.to, to)
        case .sameRank(let ids):
            section = .rank
            set(.ids, ids.joined(separator: "; "))
        case .edge(let from, let to, let kind, let label):
            section = .edge
            set(.from, from)
            set(.to, to)
            set(.label, label)
            switch kind {
            case .push: set(.isPush, true)
            case .tab: set(.isTab, true)
            case .switch: set(.isSwitched, true)
            case .column: set(.isColumn, true)
            case .presented(let style):
                set(.isPresented, true)
                set(.style, style.name)
            case .child: set(.isChild, true)
            }
        }
    }

    /// What the template engine gets for this statement: `{section: {name: value}}`, `{end: true}` for a close.
    /// `marking` replaces each non-empty string (see `StatementShapes`).
    func context(marking: ((Field) -> String)? = nil) -> [String: Any] {
        if section == .end { return ["end": true] }
        var values: [String: Any] = [:]
        for field in Field.allCases {
            let state = states >> (2 * field.rawValue) & 3
            guard state != 0 else { continue }
            if field.rawValue < Field.isWindow.rawValue {
                let text = strings[field.rawValue]
                values[field.name] = text.isEmpty ? text : marking?(field) ?? text
            } else {
                values[field.name] = state == 2
            }
        }
        return [section.name: values]
    }

    private mutating func set(_ field: Field, _ text: String) {
        strings[field.rawValue] = text
        states |= (text.isEmpty ? 1 : 2) << (2 * UInt64(field.rawValue))
    }

    private mutating func set(_ field: Field, _ flag: Bool) {
        states |= (flag ? 2 : 1) << (2 * UInt64(field.rawValue))
    }

    private static func flag(for kind: DOTScene.ClusterKind) -> Field {
        switch kind {
        case .window: .isWindow
        case .stack: .isStack
        case .tabs: .isTabs
        case .split: .isSplit
        case .legend: .isLegend
        }
    }

    private static func flag(for kind: NodeKind) -> Field {
        switch kind {
        case .screen: .isScreen
        case .stack: .isStack
        case .tabs: .isTabs
        case .switch: .isSwitch
        case .split: .isSplit
        }
    }
}
