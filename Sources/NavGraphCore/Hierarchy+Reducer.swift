// What each event does to the hierarchy. Mutates in place (no copies of the state per step).
extension Hierarchy {
    mutating func reduce(_ action: NavEvent.Action, line: Int, into change: inout StepChange) {
        switch action {
        case .start(let model, let kind):
            start(model, kind: kind, line: line, into: &change)
        case .finish(let model, let neverStarted):
            finish(model, neverStarted: neverStarted, line: line, into: &change)
        case .root(let model, let kind, let window):
            setRoot(model, kind: kind, window: window, opening: false, line: line, into: &change)
        case .openWindow(let model, let kind, let window):
            setRoot(model, kind: kind, window: window, opening: true, line: line, into: &change)
        case .closeWindow(let window):
            guard let index = windows.firstIndex(where: { $0.name == window }), let root = windows[index].root else {
                warn("closeWindow of '\(window)', which is not open; ignored", line, &change)
                return
            }
            remove(root, line: line, into: &change)
        case .push(let model, let kind, let parent):
            guard let container = container(parent, for: "push", expecting: .stack, line: line, into: &change) else { return }
            place(model, kind: kind, under: container.parent, edge: container.edge, at: nil, line: line, into: &change)
        case .pop(let parent, let count):
            pop(parent, count: count, line: line, into: &change)
        case .setPath(let parent, let entries):
            setPath(parent, entries: entries, line: line, into: &change)
        case .present(let model, let kind, let parent, let style):
            present(model, kind: kind, on: parent, style: style, line: line, into: &change)
        case .dismiss(let key):
            guard let node = nodes[key], node.edge?.isPresentation == true else {
                warn("dismiss of '\(key)', which is not presented; ignored", line, &change)
                return
            }
            remove(key, line: line, into: &change)
        case .tab(let model, let kind, let parent, let title):
            guard let container = container(parent, for: "tab", expecting: .tabs, line: line, into: &change) else { return }
            place(model, kind: kind, under: container.parent, edge: container.edge, at: nil, line: line, into: &change)
            if let title { nodes[model.key]?.title = title }
        case .select(let parent, let tab):
            guard let node = nodes[parent], node.kind == .tabs else {
                warn("select on '\(parent)', which is not a tabs container in the hierarchy; ignored", line, &change)
                return
            }
            guard nodes[tab]?.parent == parent, nodes[tab]?.edge == .tab else {
                warn("select of '\(tab)', which is not a tab of '\(parent)'; ignored", line, &change)
                return
            }
            nodes[parent]?.selectedTab = tab
        case .switch(let model, let kind, let parent):
            guard let container = container(parent, for: "switch", expecting: .switch, line: line, into: &change) else { return }
            if container.edge == .switch {
                let previous = nodes[parent]?.children.filter { nodes[$0]?.edge == .switch && $0 != model.key } ?? []
                for key in previous { remove(key, line: line, into: &change) }
            }
            place(model, kind: kind, under: container.parent, edge: container.edge, at: nil, line: line, into: &change)
        case .column(let model, let kind, let parent, let column):
            guard let container = container(parent, for: "column", expecting: .split, line: line, into: &change) else { return }
            if container.edge != .child {
                let previous = nodes[parent]?.children.filter { nodes[$0]?.edge == .column(column) && $0 != model.key } ?? []
                for key in previous { remove(key, line: line, into: &change) }
            }
            let edge: EdgeKind = container.edge == .child ? .child : .column(column)
            let order = SplitColumn.allCases
            let position = nodes[parent]?.children.firstIndex {
                if case .column(let other) = nodes[$0]?.edge { return order.firstIndex(of: other)! > order.firstIndex(of: column)! }
                return false
            }
            place(model, kind: kind, under: container.parent, edge: edge, at: position, line: line, into: &change)
        case .snapshot(let snapshots):
            for snapshot in snapshots { replace(with: snapshot, line: line, into: &change) }
        case .mark:
            break
        }
    }

    // MARK: Lifecycle

    private mutating func start(_ model: ModelRef, kind: NodeKind?, line: Int, into change: inout StepChange) {
        hasLifecycleEvents = true
        guard lifecycles[model.key] == nil else {
            warn("start of '\(model.id)', which is already alive; ignored", line, &change)
            return
        }
        if let finishedLine = recentlyFinished[model.key] {
            warn("start of '\(model.id)', which finished at line \(finishedLine); read as a new model with the same id", line, &change)
        }
        var lifecycle = ModelLifecycle(model: model, startedStep: step, startedLine: line, kind: kind)
        // A dump often lists a model before its `Started` arrives: it is placed already.
        if let node = nodes[model.key], let window = windows.first(where: { $0.name == node.window }) {
            lifecycle.lastPlacement = .init(
                parent: node.parent.flatMap { nodes[$0]?.model }, window: node.window,
                step: node.fromSnapshot ? (window.lastSnapshotStep ?? step) : step,
                line: node.fromSnapshot ? (window.lastSnapshotLine ?? line) : line)
        }
        lifecycles[model.key] = lifecycle
    }

    private mutating func finish(_ model: ModelRef, neverStarted: Bool, line: Int, into change: inout StepChange) {
        hasLifecycleEvents = true
        let placed = nodes[model.key]
        let wasPlaced = placed != nil
        if let node = placed {
            // A dump is a sample: its models may be gone by now. An exact event placed this one, so it is a contradiction.
            if !node.fromSnapshot {
                let place = node.parent.flatMap { nodes[$0] }.map { "under '\($0.model.id)'" } ?? "as the root of window '\(node.window)'"
                warn("finish of '\(model.id)' while it is still in the hierarchy \(place); it leaves with its subtree", line, &change)
            }
            remove(model.key, line: line, into: &change)
        }
        let lifecycle = lifecycles.removeValue(forKey: model.key)
        change.finished = placed?.model ?? lifecycle?.model ?? model
        if lifecycle != nil {
            finishedCount += 1
            rememberFinish(model.key, line: line)
        } else if neverStarted || wasPlaced {
            finishedWithoutStartCount += 1
        } else {
            warn("finish of '\(model.id)', which is not alive (never started, or finished already); ignored", line, &change)
        }
    }

    // MARK: Structure

    private mutating func setRoot(_ model: ModelRef, kind: NodeKind?, window: String, opening: Bool, line: Int, into change: inout StepChange) {
        if let index = windows.firstIndex(where: { $0.name == window }), let old = windows[index].root {
            if old == model.key { return }
            let oldID = nodes[old]?.model.id ?? old
            warn(opening
                 ? "openWindow '\(window)', which is already open with root '\(oldID)'; '\(model.id)' replaces it"
                 : "window '\(window)' already has root '\(oldID)'; '\(model.id)' replaces it and '\(oldID)' leaves", line, &change)
            remove(old, line: line, into: &change)
        }
        let placed = nodes[model.key] != nil
        // Already placed elsewhere: it moves here with its subtree (unlinked before it becomes this window's root).
        if placed { detach(model.key) }
        if !windows.contains(where: { $0.name == window }) { windows.append(Window(name: window)) }
        let index = windows.firstIndex { $0.name == window }!
        windows[index].root = model.key
        if placed {
            nodes[model.key]!.parent = nil
            nodes[model.key]!.edge = nil
            relabelWindow(of: model.key, to: window)
            recordPlacement(model.key, line: line)
            return
        }
        insert(model, kind: kind, parent: nil, edge: nil, window: window, at: nil, fromSnapshot: false, line: line, into: &change)
    }

    /// The container an event attaches to, with the edge its children get. A node whose kind was never given becomes
    /// the kind the event needs; one whose kind was given otherwise gets a plain child, with a warning.
    private mutating func container(_ parent: String, for event: String, expecting kind: NodeKind, line: Int, into change: inout StepChange)
        -> (parent: String, edge: EdgeKind)?
    {
        guard let index = nodes.index(forKey: parent) else {
            warn("\(event) onto '\(parent)', which is not in the hierarchy; ignored", line, &change)
            return nil
        }
        let current = nodes.values[index].kind
        if current == kind { return (parent, edgeForOwnChild(of: kind)) }
        if current == .screen && !nodes.values[index].kindIsExplicit {
            nodes.values[index].kind = kind
            return (parent, edgeForOwnChild(of: kind))
        }
        warn("\(event) onto '\(nodes.values[index].model.id)', \(current.described), not \(kind.described); attached as a plain child", line, &change)
        return (parent, .child)
    }

    private func edgeForOwnChild(of kind: NodeKind) -> EdgeKind {
        switch kind {
        case .stack: .push
        case .tabs: .tab
        case .switch: .switch
        case .split: .column(.detail)
        case .screen: .child
        }
    }

    private mutating func pop(_ parent: String, count: Int, line: Int, into change: inout StepChange) {
        guard nodes[parent]?.kind == .stack, let stackID = nodes[parent]?.model.id else {
            warn("pop on '\(parent)', which is not a stack in the hierarchy; ignored", line, &change)
            return
        }
        // The last `count` entries above the root entry, found from the end: O(count), not O(stack).
        var popped: [String] = []
        if let children = nodes[parent]?.children {
            var index = children.count - 1
            while index >= 0 {
                let key = children[index]
                if nodes[key]?.edge == .push {
                    if popped.count == count { break }
                    popped.append(key)
                }
                index -= 1
            }
            // The first entry is the root: it never pops.
            if index < 0, let last = popped.last, children.first(where: { nodes[$0]?.edge == .push }) == last {
                popped.removeLast()
            }
        }
        if popped.count < count {
            let available = popped.count
            warn("pop of \(count) from stack '\(stackID)', which has \(available) \(available == 1 ? "entry" : "entries") above its root; popped \(available)", line, &change)
        }
        for key in popped { remove(key, line: line, into: &change) }
    }

    private mutating func setPath(_ parent: String, entries: [String], line: Int, into change: inout StepChange) {
        guard let container = container(parent, for: "setPath", expecting: .stack, line: line, into: &change), container.edge == .push else {
            return
        }
        var known: [ModelRef] = []
        var wanted = Set<String>()
        for key in entries {
            if let model = model(key) {
                if wanted.insert(key).inserted { known.append(model) }
            } else {
                warn("setPath names '\(key)', which does not exist; skipped", line, &change)
            }
        }
        guard !known.isEmpty else {
            warn("setPath on '\(parent)' leaves no entries (a stack keeps its root entry); ignored", line, &change)
            return
        }
        let current = (nodes[parent]?.children ?? []).filter { nodes[$0]?.edge == .push }
        let currentSet = Set(current)
        for key in current where !wanted.contains(key) { remove(key, line: line, into: &change) }
        // New entries (or ones moved from elsewhere) are placed; then the entries are put in the given order.
        for model in known where !currentSet.contains(model.key) {
            place(model, kind: nil, under: parent, edge: .push, at: nil, line: line, into: &change)
        }
        guard var node = nodes.removeValue(forKey: parent) else { return }
        node.children = node.children.filter { !wanted.contains($0) } + known.map(\.key).filter { nodes[$0]?.parent == parent }
        nodes[parent] = node
    }

    private mutating func present(_ model: ModelRef, kind: NodeKind?, on parent: String, style: PresentationStyle, line: Int, into change: inout StepChange) {
        // Read what is needed, hold no copy of the node: its children are about to change (copy-on-write).
        guard let presenterID = nodes[parent]?.model.id else {
            warn("present onto '\(parent)', which is not in the hierarchy; ignored", line, &change)
            return
        }
        // At most one presented child, kept first.
        if let current = nodes[parent]?.children.first, nodes[current]?.edge?.isPresentation == true, current != model.key {
            let currentID = nodes[current]?.model.id ?? current
            warn("'\(presenterID)' already presents '\(currentID)'; '\(model.id)' replaces it and '\(currentID)' leaves", line, &change)
            remove(current, line: line, into: &change)
        }
        place(model, kind: kind, under: parent, edge: .presented(style), at: 0, line: line, into: &change)
    }

    /// Places or moves `model` (with its subtree) under `parent`, at `position` among its children (end when `nil`).
    private mutating func place(_ model: ModelRef, kind: NodeKind?, under parent: String, edge: EdgeKind, at position: Int?, line: Int, into change: inout StepChange) {
        // Only the parent's window and model: holding a copy of the parent node would make its children be copied below.
        guard let parentIndex = nodes.index(forKey: parent) else { return }
        let window = nodes.values[parentIndex].window
        let parentModel = nodes.values[parentIndex].model
        if let index = nodes.index(forKey: model.key) {
            if nodes.values[index].parent == parent, nodes.values[index].edge == edge, position == nil {
                return  // already there
            }
            if model.key == parent || isAncestor(model.key, of: parent) {
                warn("'\(model.id)' cannot be placed under its own descendant '\(parentModel.id)'; ignored", line, &change)
                return
            }
            detach(model.key)
            nodes[model.key]!.parent = parent
            nodes[model.key]!.edge = edge
            insertChild(model.key, into: parent, at: position)
            relabelWindow(of: model.key, to: window)
            recordPlacement(model.key, parent: parentModel, window: window, line: line)
            return
        }
        insert(model, kind: kind, parent: parentModel, edge: edge, window: window, at: position, fromSnapshot: false, line: line, into: &change)
    }

    private mutating func insert(_ model: ModelRef, kind: NodeKind?, parent: ModelRef?, edge: EdgeKind?, window: String, at position: Int?,
                                 fromSnapshot: Bool, line: Int, into change: inout StepChange) {
        let lifecycle = lifecycles.index(forKey: model.key)
        let resolvedKind = kind ?? lifecycle.flatMap { lifecycles.values[$0].kind }
        nodes[model.key] = Node(model: model, kind: resolvedKind ?? .screen, edge: edge, parent: parent?.key, window: window,
                                kindIsExplicit: resolvedKind != nil, fromSnapshot: fromSnapshot)
        if let parent { insertChild(model.key, into: parent.key, at: position) }
        change.added.append(model.key)
        if let lifecycle {
            // Nothing was added to `lifecycles` since the lookup, so its index is still valid.
            lifecycles.values[lifecycle].lastPlacement = .init(parent: parent, window: window, step: step, line: line)
            lifecycles.values[lifecycle].leftStep = nil
            lifecycles.values[lifecycle].leftLine = nil
        }
    }

    private mutating func insertChild(_ key: String, into parent: String, at position: Int?) {
        // Changed in place through the dictionary's values: the children array stays uniquely referenced.
        guard let index = nodes.index(forKey: parent) else { return }
        let count = nodes.values[index].children.count
        nodes.values[index].children.insert(key, at: min(max(position ?? count, 0), count))
    }

    private mutating func recordPlacement(_ key: String, line: Int) {
        guard let node = nodes[key] else { return }
        recordPlacement(key, parent: node.parent.flatMap { nodes[$0]?.model }, window: node.window, line: line)
    }

    private mutating func recordPlacement(_ key: String, parent: ModelRef?, window: String, line: Int) {
        // One lookup, then the value is changed in place.
        guard let index = lifecycles.index(forKey: key) else { return }
        lifecycles.values[index].lastPlacement = .init(parent: parent, window: window, step: step, line: line)
        lifecycles.values[index].leftStep = nil
        lifecycles.values[index].leftLine = nil
    }

    private func isAncestor(_ key: String, of other: String) -> Bool {
        var current = nodes[other]?.parent
        while let candidate = current {
            if candidate == key { return true }
            current = nodes[candidate]?.parent
        }
        return false
    }

    private mutating func relabelWindow(of key: String, to window: String) {
        var pending = [key]
        while let current = pending.popLast() {
            guard nodes[current] != nil else { continue }
            nodes[current]!.window = window
            pending.append(contentsOf: nodes[current]!.children)
        }
    }

    // MARK: Snapshots

    /// The window's state is now exactly the snapshot. Updated in place rather than rebuilt: a log prints the same
    /// hierarchy with small changes thousands of times, so most nodes and children lists stay as they are.
    mutating func replace(with snapshot: Snapshot, line: Int, into change: inout StepChange) {
        guard let rootEntry = snapshot.entries.first else { return }
        let window = snapshot.window
        var incoming = Set<String>(minimumCapacity: snapshot.entries.count)
        for entry in snapshot.entries { incoming.insert(entry.model.key) }

        // What the window showed and the snapshot does not, leaves (top first).
        let windowIndex: Int
        if let index = windows.firstIndex(where: { $0.name == window }) {
            windowIndex = index
        } else {
            windows.append(Window(name: window))
            windowIndex = windows.count - 1
        }
        var pending = windows[windowIndex].root.map { [$0] } ?? []
        while let key = pending.popLast() {
            guard let index = nodes.index(forKey: key) else { continue }
            pending.append(contentsOf: nodes.values[index].children.reversed())
            if !incoming.contains(key) {
                let model = nodes.values[index].model
                nodes.remove(at: index)
                markLeft(model, line: line, into: &change)
            }
        }
        // A model the snapshot moves in from another window leaves there with its subtree; what of that subtree
        // the snapshot does not list has left. (With only this window there is nothing to move in from.)
        var movedIn = Set<String>()
        let otherWindows = windows.contains { $0.name != window && $0.root != nil }
        for entry in snapshot.entries where otherWindows {
            guard let node = nodes[entry.model.key], node.window != window else { continue }
            for model in detachSubtree(at: entry.model.key) {
                if incoming.contains(model.key) { movedIn.insert(model.key) } else { markLeft(model, line: line, into: &change) }
            }
        }

        windows[windowIndex].root = rootEntry.model.key
        windows[windowIndex].lastSnapshotStep = step
        windows[windowIndex].lastSnapshotLine = line
        lastSnapshotStep = step

        // Children of each entry, flat: children of `i` are `childList[childStart[i]..<childStart[i + 1]]`.
        let count = snapshot.entries.count
        var childStart = [Int](repeating: 0, count: count + 1)
        for entry in snapshot.entries { if let parent = entry.parent { childStart[parent + 1] += 1 } }
        for index in 0..<count { childStart[index + 1] += childStart[index] }
        var fill = childStart
        var childList = [Int](repeating: 0, count: max(count - 1, 0))
        for (index, entry) in snapshot.entries.enumerated() {
            if let parent = entry.parent {
                childList[fill[parent]] = index
                fill[parent] += 1
            }
        }

        for (index, entry) in snapshot.entries.enumerated() {
            let key = entry.model.key
            let parent = entry.parent.map { snapshot.entries[$0].model }
            let children = childList[childStart[index]..<childStart[index + 1]]
            let edge = entry.parent == nil ? nil : entry.edge
            if let position = nodes.index(forKey: key) {
                nodes.values[position].update(model: entry.model, kind: entry.kind, edge: edge, parent: parent?.key, window: window)
                if !nodes.values[position].children.elementsEqual(children, by: { $0 == snapshot.entries[$1].model.key }) {
                    nodes.values[position].children = children.map { snapshot.entries[$0].model.key }
                }
            } else {
                nodes[key] = Node(
                    model: entry.model, kind: entry.kind, edge: edge, parent: parent?.key,
                    children: children.map { snapshot.entries[$0].model.key },
                    window: window, kindIsExplicit: true, fromSnapshot: true)
                if !movedIn.contains(key) { change.added.append(key) }
            }
            recordPlacement(key, parent: parent, window: window, line: line)
        }
    }

    // MARK: Removal

    /// Takes the subtree at `key` out of the hierarchy; every model in it has left.
    mutating func remove(_ key: String, line: Int, into change: inout StepChange) {
        for model in detachSubtree(at: key) { markLeft(model, line: line, into: &change) }
    }

    /// Unlinks `key` from its parent (or window) without removing its subtree.
    private mutating func detach(_ key: String) {
        guard let parent = nodes[key].map({ $0.parent }) else { return }
        if let parent, var parentNode = nodes.removeValue(forKey: parent) {
            // From the end: a pop removes the last child in constant time.
            if let index = parentNode.children.lastIndex(of: key) { parentNode.children.remove(at: index) }
            if parentNode.selectedTab == key { parentNode.selectedTab = nil }
            nodes[parent] = parentNode
        } else if parent == nil, let index = windows.firstIndex(where: { $0.root == key }) {
            windows[index].root = nil
        }
    }

    /// Removes the subtree at `key` and returns the removed models, top first. Iterative.
    private mutating func detachSubtree(at key: String) -> [ModelRef] {
        guard nodes[key] != nil else { return [] }
        detach(key)
        var removed: [ModelRef] = []
        var pending = [key]
        while let current = pending.popLast() {
            guard let node = nodes.removeValue(forKey: current) else { continue }
            removed.append(node.model)
            pending.append(contentsOf: node.children.reversed())
        }
        return removed
    }

    private mutating func markLeft(_ model: ModelRef, line: Int, into change: inout StepChange) {
        change.removed.append(model)
        if let index = lifecycles.index(forKey: model.key), lifecycles.values[index].leftStep == nil {
            lifecycles.values[index].leftStep = step
            lifecycles.values[index].leftLine = line
        }
    }

    private mutating func rememberFinish(_ key: String, line: Int) {
        if recentlyFinished.updateValue(line, forKey: key) == nil { recentlyFinishedOrder.append(key) }
        if recentlyFinishedOrder.count > 2 * Self.recentFinishLimit {
            // Forget the oldest half in one go: amortized constant time per finish.
            for old in recentlyFinishedOrder.prefix(Self.recentFinishLimit) { recentlyFinished[old] = nil }
            recentlyFinishedOrder.removeFirst(Self.recentFinishLimit)
            recentlyFinishedOrder.removeAll { recentlyFinished[$0] == nil }
        }
    }

    private func warn(_ message: String, _ line: Int, _ change: inout StepChange) {
        change.warnings.append(Diagnostic(.warning, line: line, message))
    }
}
