import NavGraphCore

/// One `DOTScene` statement as a DOT theme sees it: the section it fills (`{{#node}}`, `{{#edge}}`, …) and its named
/// values, each a string or a flag.
///
/// Kept as plain fields instead of a `[String: Any]` per statement: the theme context is only built for the
/// template engine (for each new statement shape, or for themes that cannot be rendered by shape), and a statement's
/// shape — which values it has, which strings are empty, which flags are set — is one integer.
struct ThemeStatement {
    enum Section: UInt8, CaseIterable {
        case cluster, end, node, edge, legendStart, legendNode, legendEdge, legendEnd, legendAnchor

        var name: String { Self.names[Int(rawValue)] }
        private static let names = allCases.map { String(describing: $0) }
    }

    /// Every value name a theme can use; the case names are the names in the theme.
    enum Field: Int, CaseIterable {
        // Strings.
        case id, label, kind, type, modelID, tooltip, from, to, style
        // Flags: the kind of a cluster or node, a node's state, the kind of an edge and a presentation's style (one
        // of the five SwiftUI names, else `isCustomPresentation`).
        case isWindow, isStack, isTabs, isSplit, isLegend, isScreen, isSwitch
        case isLeaked, isCollapsed, isGhost
        case isPush, isTab, isSwitched, isColumn, isPresented, isChild, isLeak
        case isSheet, isFullScreenCover, isPopover, isAlert, isConfirmationDialog, isCustomPresentation

        var name: String { Self.names[rawValue] }
        private static let names = allCases.map { String(describing: $0) }

        init?(name: String) {
            guard let index = Self.names.firstIndex(of: name) else { return nil }
            self = Self.allCases[index]
        }
    }

    /// The statement's shape: its section and, per field, whether it is absent, empty/false or non-empty/true.
    /// Everything a logic-less theme prints for a statement except the strings it inserts depends only on this.
    struct Shape: Hashable {
        var section = Section.end
        /// Two bits per field, 32 fields a word: 0 absent, 1 an empty string or `false`, 2 a non-empty string or
        /// `true`.
        var states: (UInt64, UInt64) = (0, 0)

        func state(_ field: Field) -> UInt64 {
            let shift = UInt64(2 * (field.rawValue % 32))
            return (field.rawValue < 32 ? states.0 : states.1) >> shift & 3
        }

        mutating func set(_ field: Field, _ state: UInt64) {
            let bits = state << UInt64(2 * (field.rawValue % 32))
            if field.rawValue < 32 { states.0 |= bits } else { states.1 |= bits }
        }

        static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.section == rhs.section && lhs.states == rhs.states
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(section)
            hasher.combine(states.0)
            hasher.combine(states.1)
        }
    }

    private(set) var shape = Shape()
    var section: Section { shape.section }
    /// Each string field's value, by field number; only meaningful where `shape` says it is present.
    private var strings = [String](repeating: "", count: Field.allCases.count)

    /// How nodes name their models (the tooltip keeps the whole type and id).
    var labels = DiagramLabels.full

    init(labels: DiagramLabels = .full) {
        self.labels = labels
    }

    init(_ statement: DOTScene.Statement, labels: DiagramLabels = .full) {
        self.labels = labels
        load(statement)
    }

    /// The value of a string field (empty when absent).
    func string(_ field: Field) -> String {
        shape.state(field) == 0 ? "" : strings[field.rawValue]
    }

    /// Makes this the given statement, reusing the storage.
    mutating func load(_ statement: DOTScene.Statement) {
        shape = Shape()
        switch statement {
        case .open(let id, let kind, let label):
            shape.section = .cluster
            set(.id, id)
            set(.label, label)
            set(.kind, kind.rawValue)
            set(Self.flag(for: kind), true)
        case .close:
            shape.section = .end
        case .node(let id, let model, let kind, let state):
            shape.section = .node
            set(.id, id)
            set(.type, labels.type(model.type))
            set(.kind, kind.rawValue)
            if !model.id.isEmpty { set(.modelID, labels.id(model.id)) }
            set(.tooltip, Escaping.tooltip(model.id.isEmpty ? model.type : model.type + " " + model.id))
            set(Self.flag(for: kind), true)
            if state == .leaked { set(.isLeaked, true) }
            if state == .ghost { set(.isGhost, true) }
            if model.key.hasPrefix("collapsed:") { set(.isCollapsed, true) }
        case .leakEdge(let from, let to, let label):
            shape.section = .edge
            set(.from, from)
            set(.to, to)
            set(.label, label)
            set(.isLeak, true)
        case .edge(let from, let to, let kind, let label):
            shape.section = .edge
            set(.from, from)
            set(.to, to)
            set(.label, label)
            set(Self.flag(for: kind), true)
            if case .presented(let style) = kind {
                set(.style, style.name)
                set(Self.flag(for: style), true)
            }
        case .legend(let id):
            shape.section = .legendStart
            set(.id, id)
        case .legendRow(let row):
            set(.label, row.label)
            switch row.sample {
            case .node(let kind, let state):
                shape.section = .legendNode
                switch state {
                case .live: set(Self.flag(for: kind), true)
                case .leaked: set(.isLeaked, true)
                case .ghost: set(.isGhost, true)
                }
            case .edge(let kind):
                shape.section = .legendEdge
                set(Self.flag(for: kind), true)
                if case .presented(let style) = kind {
                    set(.style, style.name)
                    set(Self.flag(for: style), true)
                }
            case .leak:
                shape.section = .legendEdge
                set(.isLeak, true)
            }
        case .legendEnd:
            shape.section = .legendEnd
        case .legendAnchor(let from, let to):
            shape.section = .legendAnchor
            set(.from, from)
            set(.to, to)
        }
    }

    /// What the template engine gets for this statement: `{section: {name: value}}`, `{end: true}` for a close.
    /// `marking` replaces each non-empty string (see `StatementShapes`).
    func context(marking: ((Field) -> String)? = nil) -> [String: Any] {
        if section == .end || section == .legendEnd { return [section.name: true] }
        var values: [String: Any] = [:]
        for field in Field.allCases {
            let state = shape.state(field)
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
        shape.set(field, text.isEmpty ? 1 : 2)
    }

    private mutating func set(_ field: Field, _ flag: Bool) {
        shape.set(field, flag ? 2 : 1)
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

    static func flag(for kind: EdgeKind) -> Field {
        switch kind {
        case .push: .isPush
        case .tab: .isTab
        case .switch: .isSwitched
        case .column: .isColumn
        case .presented: .isPresented
        case .child: .isChild
        }
    }

    static func flag(for style: PresentationStyle) -> Field {
        switch style {
        case .sheet: .isSheet
        case .fullScreenCover: .isFullScreenCover
        case .popover: .isPopover
        case .alert: .isAlert
        case .confirmationDialog: .isConfirmationDialog
        default: .isCustomPresentation
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
