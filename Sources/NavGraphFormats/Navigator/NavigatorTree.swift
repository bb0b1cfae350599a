import NavGraphCore

/// The navigators a NavigatorUI log has shown so far, as a tree, and what each shows: the nodes are navigators (one
/// per managed `NavigationStack` or presented view), a presented child first, then other child navigators, then the
/// values pushed onto the navigator's stack. Every change is handed on as a snapshot of the window.
///
/// The log does not say everything: `popping` has no count (one entry is popped), and `popAll()`,
/// `dismissPresentedViews()` and back swipes are not logged, so the pushed entries are approximate. Pushed values
/// have no lifecycle and so are never reported as leaks; a navigator leaks only when the log shows it removed
/// (`removing`, after `dismissed`) and never shows its `deinit`.
struct NavigatorTree {
    private struct Navigator {
        var model: ModelRef
        var named: Bool
        var parent: String?
        var children: [String] = []
        /// The child navigator shown by the last `presenting` before it was added.
        var presented: String?
        var destinations: [ModelRef] = []
        var pendingPresentation: NavigatorDestination?
        /// The window this navigator is the root of.
        var window: String?
    }

    private var navigators: [String: Navigator] = [:]
    private var windows = 0
    private var generation = 0
    /// Shown ids in use per type, for `#2` suffixes where two live navigators of one name share a UUID prefix.
    private var shownIDs: [String: Int] = [:]
    private(set) var notedApproximateStacks = false

    mutating func apply(_ line: NavigatorLine, at number: Int, into events: inout [NavEvent], diagnostics: DiagnosticHandler) {
        let me = line.navigator
        switch line.event {
        case .configured:
            know(me, name: line.name, line: number, into: &events)
            makeRoot(me)
            snapshot(of: me, line: number, into: &events)
        case .adding(let child, let name):
            know(me, name: line.name, line: number, into: &events)
            if navigators[me]?.parent == nil && navigators[me]?.window == nil { makeRoot(me) }
            // A presented navigator without a name of its own is shown as what it presents.
            let presenting = navigators[me]?.pendingPresentation.map { $0.type + "." + $0.value }
            know(child, name: name, unnamed: presenting, line: number, into: &events)
            let presentsAlready = navigators[me]?.presented != nil
            attach(child, to: me, line: number, diagnostics: diagnostics)
            // A presentation is a present event (sheets come and go all session); other changes rewrite the window.
            if !presentsAlready, navigators[me]?.presented == child, isPlaced(me), let model = navigators[child]?.model {
                events.append(NavEvent(.present(model, kind: .stack, parent: me, style: .unknown), line: number))
            } else {
                snapshot(of: me, line: number, into: &events)
            }
        case .removing(let child, _):
            know(me, name: line.name, line: number, into: &events)
            guard navigators[child]?.parent == me else { return }  // already gone (its deinit came first)
            let wasPresented = navigators[me]?.presented == child
            detach(child)
            if wasPresented && isPlaced(me) {
                events.append(NavEvent(.dismiss(child), line: number))
            } else {
                snapshot(of: me, line: number, into: &events)
            }
        case .deallocated:
            guard let navigator = navigators.removeValue(forKey: me) else {
                events.append(NavEvent(.finish(ModelRef(key: me, id: String(me.prefix(3)), type: line.name ?? "Navigator"),
                                               neverStarted: true), line: number))
                return
            }
            if let parent = navigator.parent {
                // Deallocated while presented (a sheet swiped down): it leaves as a dismissal, then finishes.
                if navigators[parent]?.presented == me, isPlaced(parent) {
                    events.append(NavEvent(.dismiss(me), line: number))
                }
                detach(me, from: navigator)
            }
            for child in navigator.children {
                navigators[child]?.parent = nil
                attached -= 1
            }
            release(navigator.model)
            events.append(NavEvent(.finish(navigator.model, neverStarted: false), line: number))
        case .pushing(let printed):
            know(me, name: line.name, line: number, into: &events)
            noteApproximateStacks(line: number, diagnostics: diagnostics)
            guard navigators[me] != nil else { return }
            let destination = NavigatorDestination(printed)
            generation += 1
            let model = ModelRef(key: "\(me)/\(generation)", id: destination.value, type: destination.type,
                                 module: destination.module)
            // In place: a copy of the navigator would copy its stack on every push.
            navigators[me]?.destinations.append(model)
            // Unlogged pops (back swipes, popAll()) make a tracked stack grow without end: past the limit, the oldest
            // entries are dropped, so no single line costs more than the limit.
            let trimmed = (navigators[me]?.destinations.count ?? 0) > Self.stackLimit
            if trimmed { navigators[me]?.destinations.removeFirst(Self.stackLimit / 2) }
            let count = navigators[me]?.destinations.count ?? 0
            // A first entry (with the stack's root view) changes the node: a snapshot; later ones are plain pushes.
            if count == 1 || !isPlaced(me) {
                snapshot(of: me, line: number, into: &events)
            } else if trimmed {
                let keys = [me + "/root"] + (navigators[me]?.destinations.map(\.key) ?? [])
                events.append(NavEvent(.setPath(parent: me, entries: keys.map { PathEntry($0) }), line: number))
            } else {
                events.append(NavEvent(.push(model, kind: nil, parent: me), line: number))
            }
        case .popping:
            know(me, name: line.name, line: number, into: &events)
            noteApproximateStacks(line: number, diagnostics: diagnostics)
            guard navigators[me]?.destinations.popLast() != nil else { return }
            if navigators[me]?.destinations.isEmpty == true || !isPlaced(me) {
                snapshot(of: me, line: number, into: &events)
            } else {
                events.append(NavEvent(.pop(parent: me, count: 1), line: number))
            }
        case .presenting(let printed):
            know(me, name: line.name, line: number, into: &events)
            navigators[me]?.pendingPresentation = NavigatorDestination(printed)
        case .current, .dismissed, .other:
            // `dismissed` is followed by the parent's `removing`, which takes the navigator out.
            if know(me, name: line.name, line: number, into: &events) { snapshot(of: me, line: number, into: &events) }
        }
    }

    /// Starts a navigator not seen before; names one known without a name. True when what is shown changed.
    @discardableResult
    private mutating func know(_ key: String, name: String?, unnamed: String? = nil, line: Int, into events: inout [NavEvent])
        -> Bool
    {
        if let existing = navigators[key] {
            guard let name, !existing.named else { return false }
            release(existing.model)
            let model = shown(key: key, type: name)
            navigators[key]?.model = model
            navigators[key]?.named = true
            return true
        }
        let model = shown(key: key, type: name ?? unnamed ?? "Navigator")
        navigators[key] = Navigator(model: model, named: name != nil)
        events.append(NavEvent(.start(model, kind: nil), line: line))
        return false
    }

    /// The model for a navigator: its name and the first three characters of its UUID, as other inputs show ids.
    private mutating func shown(key: String, type: String) -> ModelRef {
        let prefix = String(key.prefix(3))
        let count = shownIDs["\(type) \(prefix)", default: 0] + 1
        shownIDs["\(type) \(prefix)"] = count
        return ModelRef(key: key, id: count == 1 ? prefix : "\(prefix)#\(count)", type: type)
    }

    private mutating func release(_ model: ModelRef) {
        let label = "\(model.type) \(model.id.prefix(3))"
        shownIDs[label] = shownIDs[label, default: 1] > 1 ? shownIDs[label, default: 1] - 1 : nil
    }

    /// Entries tracked per stack at most (see `.pushing`).
    static let stackLimit = 512
    /// Child navigators attached at most: every structural change writes the window whole, so its size is bounded.
    static let navigatorLimit = 512
    private var attached = 0
    private var notedNavigatorLimit = false

    /// In a window: under a root navigator.
    private func isPlaced(_ key: String) -> Bool {
        var current = key
        var steps = 0
        while let parent = navigators[current]?.parent, steps <= navigators.count {
            current = parent
            steps += 1
        }
        return navigators[current]?.window != nil
    }

    private mutating func makeRoot(_ key: String) {
        guard navigators[key]?.window == nil, navigators[key]?.parent == nil else { return }
        windows += 1
        navigators[key]?.window = windows == 1 ? "main" : "window \(windows)"
    }

    private mutating func attach(_ child: String, to parent: String, line: Int, diagnostics: DiagnosticHandler) {
        guard child != parent, !isAncestor(child, of: parent) else { return }
        if navigators[child]?.parent == parent { return }
        guard attached < Self.navigatorLimit else {
            if !notedNavigatorLimit {
                notedNavigatorLimit = true
                diagnostics.report(Diagnostic(.warning, line: line,
                    "more than \(Self.navigatorLimit) child navigators attached at once; further ones are not placed"))
            }
            return
        }
        attached += 1
        if let old = navigators[child], old.parent != nil { detach(child, from: old) }
        navigators[child]?.parent = parent
        navigators[child]?.window = nil
        navigators[parent]?.children.append(child)
        if navigators[parent]?.pendingPresentation != nil {
            navigators[parent]?.presented = child
            navigators[parent]?.pendingPresentation = nil
        }
    }

    private mutating func detach(_ child: String) {
        guard let navigator = navigators[child] else { return }
        detach(child, from: navigator)
    }

    private mutating func detach(_ child: String, from navigator: Navigator) {
        guard let parent = navigator.parent else { return }
        navigators[parent]?.children.removeAll { $0 == child }
        if navigators[parent]?.presented == child { navigators[parent]?.presented = nil }
        navigators[child]?.parent = nil
        attached -= 1
    }

    private func isAncestor(_ key: String, of other: String) -> Bool {
        var current = navigators[other]?.parent
        var steps = 0
        while let candidate = current, steps <= navigators.count {
            if candidate == key { return true }
            current = navigators[candidate]?.parent
            steps += 1
        }
        return false
    }

    private mutating func noteApproximateStacks(line: Int, diagnostics: DiagnosticHandler) {
        guard !notedApproximateStacks else { return }
        notedApproximateStacks = true
        diagnostics.report(Diagnostic(.note, line: line,
            "NavigatorUI logs 'popping' without a count and does not log popAll(), dismissPresentedViews() or back swipes: "
            + "the pushed entries shown are approximate"))
    }

    /// The state of the window `key` is in, when it is in one.
    private func snapshot(of key: String, line: Int, into events: inout [NavEvent]) {
        var root = key
        var steps = 0
        while let parent = navigators[root]?.parent, steps <= navigators.count {
            root = parent
            steps += 1
        }
        guard let top = navigators[root], let window = top.window else { return }
        var entries: [Snapshot.Entry] = []
        // Pre-order, iteratively. Siblings keep the order of their entries: a presented child first, then the other
        // child navigators, then the stack's pushed values (queued before the children, so written after them).
        enum Work { case navigator(String, parent: Int?, edge: EdgeKind?), destinations(String, parent: Int) }
        var pending: [Work] = [.navigator(root, parent: nil, edge: nil)]
        while let work = pending.popLast() {
            switch work {
            case .destinations(let key, let parent):
                let destinations = navigators[key]?.destinations ?? []
                // A stack's first entry is its root view, which the log never names (and a pop never takes).
                if !destinations.isEmpty {
                    let rootView = ModelRef(key: key + "/root", id: "view", type: "root")
                    entries.append(Snapshot.Entry(model: rootView, kind: .screen, edge: .push, parent: parent))
                }
                for destination in destinations {
                    entries.append(Snapshot.Entry(model: destination, kind: .screen, edge: .push, parent: parent))
                }
            case .navigator(let key, let parent, let edge):
                guard let navigator = navigators[key] else { continue }
                // The root navigator (`Navigator(configuration:)`) has no stack of its own; the others manage one.
                let kind: NodeKind = navigator.window != nil && navigator.destinations.isEmpty ? .screen : .stack
                entries.append(Snapshot.Entry(model: navigator.model, kind: kind, edge: edge, parent: parent))
                let me = entries.count - 1
                pending.append(.destinations(key, parent: me))
                for child in navigator.children.reversed() where child != navigator.presented {
                    pending.append(.navigator(child, parent: me, edge: .child))
                }
                if let presented = navigator.presented {
                    pending.append(.navigator(presented, parent: me, edge: .presented(.unknown)))
                }
            }
        }
        events.append(NavEvent(.snapshot([Snapshot(window: window, entries: entries)]), line: line))
    }
}
