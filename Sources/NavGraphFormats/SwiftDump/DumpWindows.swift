import NavGraphCore

/// The navigation a series of dumps shows, per window. `dump(x)` without a name is the whole main window;
/// `dump(x, name: N)` is the part named N — the subtree a dump showed under that name (a tab's key, a router
/// property), or else the whole of the window last dumped whole under that name — so a tab's router dumped on its
/// own replaces that tab's subtree. A name that is neither starts a window of its own, named by it (`main` when it
/// is the first dump: a later dump without a name is then that window whole, and N one of its parts).
struct DumpWindows {
    struct Window {
        var name: String
        /// The `name:` of the dumps that show this whole window (`nil`: dumps without a name).
        var rootName: String?
        var nodes: [DumpNavigation.Node] = []
    }

    private(set) var windows: [Window] = []

    /// A change to the windows, recorded (`recordsChanges`) for `DumpSnapshots` to make the same on its copy, where
    /// the snapshots are made.
    enum Change {
        case set(window: Int, name: String, rootName: String?, nodes: [DumpNavigation.Node])
        case replaceSubtree(window: Int, node: Int, nodes: [DumpNavigation.Node])
        case empty(window: Int)
    }

    var recordsChanges = false
    /// The changes since they were last taken (`takeChanges`).
    private(set) var changes: [Change] = []

    mutating func takeChanges() -> [Change] {
        defer { changes = [] }
        return changes
    }

    /// Makes a change recorded by another `DumpWindows`: applied in the same order from the same start, the same
    /// windows.
    mutating func make(_ change: Change) {
        switch change {
        case .set(let window, let name, let rootName, let nodes):
            if window == windows.count {
                windows.append(Window(name: name, rootName: rootName, nodes: nodes))
            } else {
                windows[window].nodes = nodes
                windows[window].rootName = rootName
            }
        case .replaceSubtree(let window, let node, let nodes):
            replaceSubtree(at: node, in: window, with: nodes)
        case .empty(let window):
            windows[window].nodes = []
            windows[window].rootName = nil
        }
    }

    /// Where a dump goes.
    enum Place: Equatable {
        case window(name: String, rootName: String?)
        /// The subtree at `node` of window `window`.
        case part(window: Int, node: Int)
    }

    /// A part a window shows wins over a window of that name: a named dump that came before the whole window was
    /// dumped made a window of its own, which the whole dump now shows as a part.
    func place(ofDumpNamed name: String?) -> Place {
        guard let name else { return .window(name: "main", rootName: nil) }
        for (index, window) in windows.enumerated() {
            if let node = window.nodes.indices.dropFirst().first(where: { window.nodes[$0].part == name }) {
                return .part(window: index, node: node)
            }
        }
        if let window = windows.first(where: { $0.rootName == name }) {
            return .window(name: window.name, rootName: name)
        }
        return .window(name: windows.isEmpty ? "main" : name, rootName: name)
    }

    /// What the node a dump replaces is called: its key, id and edge stay.
    struct Root: Equatable {
        var key: String
        var id: String
        var edge: EdgeKind?
        var part: String?
    }

    func root(for place: Place) -> Root {
        switch place {
        case .window(let name, let rootName):
            return Root(key: "dump:" + name, id: rootName ?? "root", edge: nil, part: rootName)
        case .part(let window, let node):
            let old = windows[window].nodes[node]
            return Root(key: old.model.key, id: old.model.id, edge: old.edge, part: old.part)
        }
    }

    /// Puts a dump's navigation in its place; returns the window's index, and for a dump that `maxDepth` or
    /// `maxItems` cut, whether what it leaves out was known before (and kept: `keepingLastKnown`), and the stacks
    /// it says have more entries than are known.
    mutating func apply(
        _ navigation: DumpNavigation, at place: Place
    ) -> (window: Int, keptLastKnown: Bool, unknownEntries: [String]) {
        var nodes = navigation.nodes
        var kept = false
        var unknownEntries: [String] = []
        if navigation.wasCut, let known = knownNodes(at: place) {
            (nodes, kept, unknownEntries) = Self.keepingLastKnown(nodes, over: known)
        }
        switch place {
        case .window(let name, let rootName):
            if let index = windows.firstIndex(where: { $0.name == name }) {
                windows[index].nodes = nodes
                // The window is now what this dump shows: a dump without a name makes `main` the whole window
                // even when a named dump (a part of it, printed first) began it, so that name is a part's again.
                windows[index].rootName = rootName
                if recordsChanges { changes.append(.set(window: index, name: name, rootName: rootName, nodes: nodes)) }
                return (index, kept, unknownEntries)
            }
            windows.append(Window(name: name, rootName: rootName, nodes: nodes))
            if recordsChanges {
                changes.append(.set(window: windows.count - 1, name: name, rootName: rootName, nodes: nodes))
            }
            return (windows.count - 1, kept, unknownEntries)
        case .part(let window, let node):
            replaceSubtree(at: node, in: window, with: nodes)
            if recordsChanges { changes.append(.replaceSubtree(window: window, node: node, nodes: nodes)) }
            return (window, kept, unknownEntries)
        }
    }

    /// The windows that window `shown` now shows as parts: a dump named N that came before any dump showed a part
    /// named N began a window of its own, and later dumps named N go to the part (`place`), so that window would
    /// stay as it was, a second and stale copy of the part. Each is emptied (its index stays, as `announced` is
    /// kept by index) and its name returned, for the reader to close it.
    mutating func absorbed(by shown: Int) -> [String] {
        guard windows.contains(where: { $0.rootName != nil && !$0.nodes.isEmpty }) else { return [] }
        let parts = Set(windows[shown].nodes.dropFirst().compactMap(\.part))
        var names: [String] = []
        for index in windows.indices where index != shown && !windows[index].nodes.isEmpty {
            guard let rootName = windows[index].rootName, parts.contains(rootName) else { continue }
            windows[index].nodes = []
            windows[index].rootName = nil
            if recordsChanges { changes.append(.empty(window: index)) }
            names.append(windows[index].name)
        }
        return names
    }

    /// What the place showed before: the window's nodes, or the part's subtree (its top without a parent).
    private func knownNodes(at place: Place) -> [DumpNavigation.Node]? {
        switch place {
        case .window(let name, _):
            return windows.first(where: { $0.name == name })?.nodes
        case .part(let window, let start):
            let nodes = windows[window].nodes
            var end = start + 1
            while end < nodes.count, let parent = nodes[end].parent, parent >= start { end += 1 }
            var subtree = Array(nodes[start..<end])
            for index in subtree.indices {
                subtree[index].parent = index == 0 ? nil : subtree[index].parent.map { $0 - start }
            }
            return subtree
        }
    }

    /// The subtree at `start` is the run of nodes after it that descend from it (nodes are in preorder).
    private mutating func replaceSubtree(at start: Int, in window: Int, with replacement: [DumpNavigation.Node]) {
        // Taken out while changed: a copy left in `windows` would make the change copy every node (and retain its
        // strings) once more per dump.
        var nodes: [DumpNavigation.Node] = []
        swap(&nodes, &windows[window].nodes)
        // The run so far is all of the subtree, so the next node is in it when its parent is in the run.
        var end = start + 1
        while end < nodes.count, let parent = nodes[end].parent, parent >= start { end += 1 }
        let delta = replacement.count - (end - start)
        for index in end..<nodes.count {
            if let parent = nodes[index].parent, parent >= end { nodes[index].parent = parent + delta }
        }
        // Each node copied once, straight into place (changing a copy of the replacement first copied every node
        // twice).
        let top = nodes[start].parent
        nodes.replaceSubrange(
            start..<end,
            with: replacement.indices.lazy.map { index in
                var node = replacement[index]
                node.parent = index == 0 ? top : node.parent.map { $0 + start }
                return node
            })
        windows[window].nodes = nodes
    }

    func name(of window: Int) -> String { windows[window].name }

    /// The nodes window `window` shows, in preorder.
    func nodes(of window: Int) -> [DumpNavigation.Node] { windows[window].nodes }

    func snapshot(of window: Int) -> Snapshot {
        let nodes = windows[window].nodes
        return Snapshot(
            window: windows[window].name,
            entries: nodes.map {
                Snapshot.Entry(
                    model: $0.model, kind: $0.kind, edge: $0.parent == nil ? nil : $0.edge ?? .child, parent: $0.parent)
            })
    }
}
