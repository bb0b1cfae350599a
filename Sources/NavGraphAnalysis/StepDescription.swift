import NavGraphCore

/// One line saying what a step did, for `history` and `replay`: `push DetailModel 3F2 onto stack 32D`,
/// `dump of window main: 14 nodes, 2 new, 1 gone`. Needs only the state after the step and what it changed.
public enum StepDescription {
    public static func describe(_ event: NavEvent, change: StepChange, after: Hierarchy) -> String {
        func named(_ model: ModelRef) -> String { model.type.isEmpty ? model.id : "\(model.type) \(model.id)" }
        func name(_ key: String) -> String {
            if let model = after.model(key) ?? change.removed.first(where: { $0.key == key }) { return named(model) }
            return key
        }
        func short(_ key: String) -> String { (after.model(key) ?? change.removed.first { $0.key == key })?.id ?? key }
        func gone() -> String { change.removed.isEmpty ? "" : " (\(change.removed.count) left)" }
        func kindOf(_ key: String) -> String {
            after.nodes[key].map { $0.kind == .screen ? "" : "\($0.kind.rawValue) " } ?? ""
        }
        switch event.action {
        case .start(let model, _): return "start \(named(model))"
        case .finish(let model, _):
            // The finished model leaves too when it was placed; only the others are news.
            let others = change.removed.filter { $0.key != model.key }.count
            return "finish \(named(change.finished ?? model))" + (others == 0 ? "" : " (\(others) more left with it)")
        case .root(let model, _, let window): return "root of window \(window): \(named(model))" + gone()
        case .openWindow(let model, _, let window): return "open window \(window) with \(named(model))" + gone()
        case .closeWindow(let window): return "close window \(window)" + gone()
        case .push(let model, _, let parent): return "push \(named(model)) onto \(kindOf(parent))\(short(parent))"
        case .pop(let parent, let count):
            let names = change.removed.prefix(3).map(named).joined(separator: ", ")
            return "pop \(count) from \(kindOf(parent))\(short(parent))"
                + (names.isEmpty ? "" : ": \(names)\(change.removed.count > 3 ? ", …" : "")")
        case .setPath(let parent, let entries):
            return "set the path of \(kindOf(parent))\(short(parent)) to \(entries.count) entries" + gone()
        case .present(let model, _, let parent, let style):
            return "present \(named(model)) as \(style.name) on \(short(parent))" + gone()
        case .dismiss(let key):
            return "dismiss \(name(key))" + (change.removed.count > 1 ? " with \(change.removed.count - 1) more" : "")
        case .tab(let model, _, let parent, let title):
            return "add tab \(named(model))\(title.map { " '\($0)'" } ?? "") to \(short(parent))"
        case .select(let parent, let tab): return "select tab \(name(tab)) of \(short(parent))"
        case .switch(let model, _, let parent): return "switch \(short(parent)) to \(named(model))" + gone()
        case .column(let model, _, let parent, let column):
            return "show \(named(model)) in the \(column.rawValue) column of \(short(parent))" + gone()
        case .snapshot(let snapshots):
            return snapshots.map { snapshot in
                let keys = Set(snapshot.entries.map(\.model.key))
                let added = change.added.filter { keys.contains($0) }.count
                let count = snapshot.entries.count
                return
                    "dump of window \(snapshot.window): \(count) node\(count == 1 ? "" : "s"), \(added) new, \(change.removed.count) gone"
            }.joined(separator: "; ")
        case .mark(let label): return "mark: \(label)"
        }
    }
}
