import NavGraphCore

/// The navigation the known state holds, as a snapshot of window `main`: the root feature; its stack's elements
/// (pushed, id `#N`, type the case and its state's type); presented destinations (alerts and confirmation dialogs
/// as such, the others as sheets unless `.navgraph.yml` names the case or the state's type); tabs (a feature with
/// a selected-tab property: each child feature a tab); and a child feature only while it holds navigation (the list
/// under a stack presenting its add sheet).
struct TCANavigation {
    var entries: [Snapshot.Entry] = []
    /// Each tabs container's key and its selected tab's key.
    var selections: [(container: String, tab: String)] = []
    let styles: TCAPresentationStyles

    init(root: TCAFeature, styles: TCAPresentationStyles) {
        self.styles = styles
        // Iterative: a work list of (feature, model, edge, parent entry) in the order they are placed.
        var work: [(TCAFeature?, ModelRef, EdgeKind?, Int?)] = [
            (root, ModelRef(id: "root", type: String(root.type ?? "State")), nil, nil)
        ]
        while let (feature, model, edge, parent) = work.popLast() {
            let index = entries.count
            entries.append(Snapshot.Entry(model: model, kind: Self.kind(of: feature), edge: edge, parent: parent))
            guard let feature else { continue }
            var children: [(TCAFeature?, ModelRef, EdgeKind?, Int?)] = []
            let tabs = feature.properties.contains { if case .selection = $0.value { true } else { false } }
            var selected: String?
            for (name, value) in feature.properties {
                switch value {
                case .stack(let elements):
                    for (position, element) in elements.enumerated() {
                        guard let element else {
                            let key = Self.key(model.key, "\(name)[\(position)]")
                            children.append((nil, ModelRef(key: key, id: "…", type: "(not seen yet)"), .push, index))
                            continue
                        }
                        var type = String(element.caseName ?? "(not seen yet)")
                        if let state = element.feature.type { type += "(\(state))" }
                        children.append((element.feature, ModelRef(id: String(element.id), type: type), .push, index))
                    }
                case .presentation(let caseName, let payloadType, let presented):
                    var type = String(caseName ?? payloadType ?? "?")
                    if caseName != nil { type += "(\(payloadType.map(Self.withoutGenerics) ?? "…"))" }
                    // A destination that changes case in place (`.share` → `.scanner`, in one action) is one
                    // dismissed and another presented, each in its own style: the key names the case, the id shown
                    // stays the property's.
                    let id = Self.key(model.id, name)
                    let key = caseName.map { Self.key(model.key, "\(name)(\($0))") } ?? id
                    let edge = EdgeKind.presented(style(caseName, payloadType))
                    children.append((presented, ModelRef(key: key, id: id, type: type), edge, index))
                case .child(let child):
                    guard tabs || Self.holdsNavigation(child) else { continue }
                    let model = ModelRef(
                        key: Self.key(model.key, name), id: Self.key(model.id, name), type: String(child.type ?? "?"))
                    children.append((child, model, tabs ? .tab : .child, index))
                case .selection(let tab):
                    selected = tab
                case .absent, .other:
                    continue
                }
            }
            if let selected {
                let lower = selected.lowercased()
                let tab = feature.properties.first {
                    guard case .child = $0.value else { return false }
                    let name = $0.name.lowercased()
                    return name.hasPrefix(lower) || lower.hasPrefix(name)
                }
                if let tab { selections.append((model.key, Self.key(model.key, tab.name))) }
            }
            work += children.reversed()
        }
    }

    private func style(_ caseName: String?, _ payloadType: String?) -> PresentationStyle {
        if let payloadType {
            if payloadType.hasPrefix("AlertState") { return .alert }
            if payloadType.hasPrefix("ConfirmationDialogState") { return .confirmationDialog }
        }
        if let caseName, let style = styles.style(for: caseName) { return style }
        if let payloadType, let style = styles.style(for: payloadType) { return style }
        return .sheet
    }

    private static func kind(of feature: TCAFeature?) -> NodeKind {
        guard let feature else { return .screen }
        for (_, value) in feature.properties {
            if case .selection = value { return .tabs }
        }
        // A stack is a stack once it shows a pushed screen (an empty one is its root screen alone): so a stack the
        // diffs have not shown yet is not told from one that is empty.
        for (_, value) in feature.properties {
            if case .stack(let elements) = value, !elements.isEmpty { return .stack }
        }
        return .screen
    }

    /// A child feature is shown while something in it navigates: a stack, a presentation, tabs.
    static func holdsNavigation(_ feature: TCAFeature) -> Bool {
        var work = [feature]
        var seen = 0
        while let next = work.popLast(), seen < 10_000 {
            seen += 1
            for (_, value) in next.properties {
                switch value {
                case .stack, .presentation, .selection: return true
                case .child(let child): work.append(child)
                case .absent, .other: continue
                }
            }
        }
        return false
    }

    static func key(_ parent: String, _ name: some StringProtocol) -> String {
        parent == "root" ? String(name) : parent + "." + name
    }

    /// `AlertState<Action>` → `AlertState` (custom-dump abbreviates generics already; a console may not).
    static func withoutGenerics(_ type: String) -> Substring {
        type.firstIndex(of: "<").map { type[..<$0] } ?? type[...]
    }
}
