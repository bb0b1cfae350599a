import NavGraphCore

/// One line saying what a step did, for `history` and `replay`: `push DetailModel 3F2 onto stack 32D`,
/// `dump of window main (14 nodes): push Route step(2) onto stack path; 1 gone: Route step(1)`. Needs only the state after the step and what it changed.
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
            after.kind(of: key).map { $0 == .screen ? "" : "\($0.rawValue) " } ?? ""
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
            // A path that gained one entry on top, and maybe lost some below (a NavigatorUI stack trimmed to its
            // limit): a push, as the log said, and what it cost.
            if let last = entries.last, last.created != nil, change.added == [last.key],
                let model = after.model(last.key)
            {
                let dropped = change.removed.prefix(3).map(named).joined(separator: ", ")
                return "push \(named(model)) onto \(kindOf(parent))\(short(parent))"
                    + (change.removed.isEmpty
                        ? ""
                        : " (the oldest \(change.removed.count) entries dropped: \(dropped)"
                            + (change.removed.count > 3 ? ", …)" : ")"))
            }
            return "set the path of \(kindOf(parent))\(short(parent)) to \(entries.count) entries" + gone()
        case .present(let model, _, let parent, let style):
            return "present \(named(model))\(Self.style(style)) on \(short(parent))" + gone()
        case .dismiss(let key):
            return "dismiss \(name(key))" + (change.removed.count > 1 ? " with \(change.removed.count - 1) more" : "")
        case .tab(let model, _, let parent, let title):
            return "add tab \(named(model))\(title.map { " '\($0)'" } ?? "") to \(short(parent))"
        case .select(let parent, let tab): return "select tab \(name(tab)) of \(short(parent))"
        case .switch(let model, _, let parent): return "switch \(short(parent)) to \(named(model))" + gone()
        case .column(let model, _, let parent, let column):
            return "show \(named(model)) in the \(column.rawValue) column of \(short(parent))" + gone()
        case .snapshot(let snapshots):
            // What the dump changed, in the words of the events that would have made the change: a log prints
            // whole dumps, and a reader wants to know what happened between two of them.
            // A window begun by `dump(home, name: "home")`, then dumped whole: its root is now the app (a rename)
            // and home one of its tabs, new, with home's entries under it. Those entries did not leave: they
            // moved, which is said when a renamed model came back in the same words (only then: a stack's entries
            // are re-keyed whenever one above them changes, and those are pushes and departures as said).
            var arrived: [String: String] = [:]
            for key in change.added { if let node = after.nodes[key] { arrived[named(node.model)] = key } }
            let rootMoved = change.renamed.contains { arrived[named($0.from)] != nil }
            let moved = rootMoved ? change.removed.filter { arrived[named($0)] != nil } : []
            let left = rootMoved ? change.removed.filter { arrived[named($0)] == nil } : change.removed
            var gone = left.isEmpty ? [] : [Self.gone(left, named: named)]
            if let first = moved.first, let parent = arrived[named(first)].flatMap(after.parentKey(of:)) {
                gone.insert(
                    "\(moved.count) moved under \(name(parent)): "
                        + moved.prefix(namedChanges).map(named).joined(separator: ", ")
                        + (moved.count > namedChanges ? ", …" : ""), at: 0)
            }
            return snapshots.map { snapshot in
                let keys = Set(snapshot.entries.map(\.model.key))
                let added = change.added.filter { keys.contains($0) }
                let count = snapshot.entries.count
                var changes: [String]
                if added.count == count {
                    changes = ["all new"]
                } else {
                    changes = Self.arrivals(added, after: after, named: named, short: short) { kindOf($0) + short($0) }
                }
                changes += change.renamed.filter { keys.contains($0.to.key) }.prefix(Self.namedChanges).map {
                    // The renamed model's old words came back beneath it: what they named moved under it.
                    arrived[named($0.from)] != nil
                        ? "\(named($0.from)) is now under \(named($0.to))" : "\(named($0.from)) is now \(named($0.to))"
                }
                // The models that left are not told apart by window: they are said once.
                changes += gone
                gone = []
                return "\(snapshot.title) (\(count) node\(count == 1 ? "" : "s")): "
                    + (changes.isEmpty ? "no change" : changes.joined(separator: "; "))
            }.joined(separator: "; ")
        case .mark(let label): return "mark: \(label)"
        }
    }

    /// ` as sheet`; nothing when the input does not say the style.
    private static func style(_ style: PresentationStyle) -> String {
        style == .unknown ? "" : " as \(style.name)"
    }

    /// At most this many arrivals and departures are named; the rest are counted.
    static let namedChanges = 3

    /// The models a dump placed, each subtree said once at its top the way an event would say it (`push Route
    /// recipe(id: 42) onto stack home`, `present Sheet compose as sheet on home (+1 under it)`).
    private static func arrivals(
        _ added: [String], after: Hierarchy, named: (ModelRef) -> String, short: (String) -> String,
        parentName: (String) -> String
    ) -> [String] {
        let new = Set(added)
        var under: [String: Int] = [:]
        var tops: [String] = []
        for key in added {
            // The top of the new subtree this model is in (parents come first in a snapshot, so tops are in order).
            var top = key
            var steps = 0
            while let parent = after.parentKey(of: top), new.contains(parent), steps <= added.count {
                top = parent
                steps += 1
            }
            if top == key { tops.append(key) } else { under[top, default: 0] += 1 }
        }
        var said = tops.prefix(namedChanges).map { key -> String in
            guard let node = after.nodes[key] else { return "add \(key)" }
            let model = named(node.model)
            let parent = node.parent.map(parentName) ?? ""
            let what: String
            switch node.edge {
            case .push: what = "push \(model) onto \(parent)"
            case .presented(let style): what = "present \(model)\(Self.style(style)) on \(parent)"
            case .tab: what = "add tab \(model) to \(parent)"
            case .switch: what = "switch \(node.parent.map(short) ?? "") to \(model)"
            case .column(let column): what = "show \(model) in the \(column.rawValue) column of \(parent)"
            case .child: what = "add \(model) under \(parent)"
            case nil: what = "root \(model)"
            }
            return what + (under[key].map { " (+\($0) under it)" } ?? "")
        }
        if tops.count > namedChanges {
            let rest = tops.dropFirst(namedChanges).reduce(0) { $0 + 1 + under[$1, default: 0] }
            said.append("\(rest) more new")
        }
        return said
    }

    /// `2 gone: Route step(2), Route recipe(id: 42)`: the models that left, top first.
    private static func gone(_ removed: [ModelRef], named: (ModelRef) -> String) -> String {
        "\(removed.count) gone: " + removed.prefix(namedChanges).map(named).joined(separator: ", ")
            + (removed.count > namedChanges ? ", …" : "")
    }
}
