// What each event does to the hierarchy. Mutates in place (no copies of the state per step). Each key an event
// names is looked up once; everything after works on slots.
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
            closeWindow(window, line: line, into: &change)
        case .push(let model, let kind, let parent):
            push(model, kind: kind, onto: parent, line: line, into: &change)
        case .pop(let parent, let count):
            pop(parent, count: count, line: line, into: &change)
        case .setPath(let parent, let entries):
            setPath(parent, entries: entries, line: line, into: &change)
        case .present(let model, let kind, let parent, let style):
            present(model, kind: kind, on: parent, style: style, line: line, into: &change)
        case .dismiss(let key):
            dismiss(key, line: line, into: &change)
        case .tab(let model, let kind, let parent, let title):
            addTab(model, kind: kind, to: parent, title: title, line: line, into: &change)
        case .select(let parent, let tab):
            select(tab, of: parent, line: line, into: &change)
        case .switch(let model, let kind, let parent):
            switchContent(of: parent, to: model, kind: kind, line: line, into: &change)
        case .column(let model, let kind, let parent, let column):
            placeColumn(model, kind: kind, in: parent, as: column, line: line, into: &change)
        case .snapshot(let snapshots):
            for snapshot in snapshots { replace(with: snapshot, line: line, into: &change) }
        case .mark:
            break
        }
    }

    // MARK: Slots

    /// A new slot for `model`, neither placed nor alive yet.
    mutating func allocateSlot(for model: ModelRef, hash knownHash: UInt64? = nil) -> Int {
        let hash = knownHash ?? SlotIndex.hash(model.key)
        let (slot, isNew) = slots.insert(
            resetting: { $0.reset(model: model, keyHash: hash, version: $0.version &+ 1) },
            orMaking: { ModelSlot(model: model, keyHash: hash, version: 0) })
        if isNew {
            snapshotMarks.append(0)
            pathMarks.append(0)
        }
        keyIndex.insert(hash: hash, slot: slot)
        return slot
    }

    /// Frees the slot once nothing needs it.
    mutating func releaseIfUnused(_ slot: Int) {
        guard slots[slot].isUnused else { return }
        keyIndex.remove(slot: slot, hash: slots[slot].keyHash)
        // The strings go now; the version stays, so a placement recorded under the old model never matches a new one.
        slots[slot].model = Self.noModel
        slots[slot].edge = nil
        // A model that never started (a pushed entry) holds no strings there: its slot's cold lines stay untouched.
        if slots[slot].hasLifecycle {
            slots[slot].startedModel = Self.noModel
            slots[slot].placedParent = nil
        }
        slots.free(slot)
    }

    /// The model at `slot` as `model(_:)` gives it: placed, or only alive.
    func existingModel(at slot: Int) -> ModelRef? {
        if slots[slot].isPlaced { return slots[slot].model }
        return slots[slot].isAlive ? slots[slot].startedModel : nil
    }

    /// Sets the slot's model, noting that it changed.
    mutating func setModel(_ model: ModelRef, at slot: Int) {
        guard slots[slot].model != model else { return }
        slots[slot].model = model
        slots[slot].version &+= 1
    }

    private static let noModel = ModelRef(key: "", id: "", type: "")

    // MARK: Lifecycle

    private mutating func start(_ model: ModelRef, kind: NodeKind?, line: Int, into change: inout StepChange) {
        hasLifecycleEvents = true
        let existing = slot(of: model.key)
        if let existing, slots[existing].isAlive {
            warn("start of '\(model.id)', which is already alive; ignored", line, &change)
            return
        }
        let hash = existing.map { slots[$0].keyHash } ?? SlotIndex.hash(model.key)
        if let finishedLine = recentFinishes.forget(model.key, hash: hash) {
            warn(
                "start of '\(model.id)', which finished at line \(finishedLine); read as a new model with the same id",
                line, &change)
        }
        let slot = existing ?? allocateSlot(for: model, hash: hash)
        slots[slot].startLifecycle(as: model, kind: kind, step: step, line: line)
        aliveCount += 1
        // A dump often lists a model before its `Started` arrives: it is placed already.
        if slots[slot].isPlaced {
            let window = windows[slots[slot].window]
            let fromSnapshot = slots[slot].fromSnapshot
            recordPlacement(
                slot, step: fromSnapshot ? (window.lastSnapshotStep ?? step) : step,
                line: fromSnapshot ? (window.lastSnapshotLine ?? line) : line)
        }
    }

    private mutating func finish(_ model: ModelRef, neverStarted: Bool, line: Int, into change: inout StepChange) {
        hasLifecycleEvents = true
        guard let slot = slot(of: model.key), slots[slot].isPlaced || slots[slot].isAlive else {
            if change.listsModels { change.finished = model }
            if neverStarted {
                finishedWithoutStartCount += 1
            } else {
                warn(
                    "finish of '\(model.id)', which is not alive (never started, or finished already); ignored", line,
                    &change)
            }
            return
        }
        let wasPlaced = slots[slot].isPlaced
        let wasAlive = slots[slot].isAlive
        if change.listsModels { change.finished = wasPlaced ? slots[slot].model : slots[slot].startedModel }
        // No longer alive, first: the slot can go once the node below leaves too.
        if wasAlive {
            slots[slot].isAlive = false
            aliveCount -= 1
            finishedCount += 1
            recentFinishes.remember(slots[slot].model.key, hash: slots[slot].keyHash, line: line)
        } else {
            finishedWithoutStartCount += 1
        }
        if wasPlaced {
            // A dump is a sample: its models may be gone by now. An exact event placed this one, so it is a contradiction.
            if !slots[slot].fromSnapshot {
                let place =
                    slots[slot].parent.map { "under '\(slots[$0].model.id)'" }
                    ?? "as the root of window '\(windows[slots[slot].window].name)'"
                warn(
                    "finish of '\(model.id)' while it is still in the hierarchy \(place); it leaves with its subtree",
                    line, &change)
            }
            remove(slot, line: line, into: &change)
        } else {
            releaseIfUnused(slot)
        }
    }

    // MARK: Structure

    private mutating func setRoot(
        _ model: ModelRef, kind: NodeKind?, window: String, opening: Bool, line: Int, into change: inout StepChange
    ) {
        if let index = windows.firstIndex(where: { $0.name == window }), let old = windows[index].root {
            if old == model.key { return }
            let oldSlot = placedSlot(old)
            let oldID = oldSlot.map { slots[$0].model.id } ?? old
            warn(
                opening
                    ? "openWindow '\(window)', which is already open with root '\(oldID)'; '\(model.id)' replaces it"
                    : "window '\(window)' already has root '\(oldID)'; '\(model.id)' replaces it and '\(oldID)' leaves",
                line, &change)
            if let oldSlot { remove(oldSlot, line: line, into: &change) }
        }
        let index: Int
        if let existing = windows.firstIndex(where: { $0.name == window }) {
            index = existing
        } else {
            windows.append(Window(name: window))
            index = windows.count - 1
        }
        // Already placed elsewhere: it moves here with its subtree (unlinked before it becomes this window's root).
        if let slot = placedSlot(model.key) {
            detach(slot)
            windows[index].root = model.key
            slots[slot].edge = nil
            relabelWindow(of: slot, to: index)
            recordPlacement(slot, line: line)
            return
        }
        windows[index].root = model.key
        insert(
            model, kind: kind, parent: nil, edge: nil, window: index, at: nil, fromSnapshot: false, line: line,
            into: &change)
    }

    /// The container an event attaches to, with the edge its children get. A node whose kind was never given becomes
    /// the kind the event needs; one whose kind was given otherwise gets a plain child, with a warning.
    private mutating func container(
        _ parent: String, for event: String, expecting kind: NodeKind, line: Int, into change: inout StepChange
    )
        -> (slot: Int, edge: EdgeKind)?
    {
        guard let slot = placedSlot(parent) else {
            warn("\(event) onto '\(parent)', which is not in the hierarchy; ignored", line, &change)
            return nil
        }
        let current = slots[slot].kind
        if current == kind { return (slot, edgeForOwnChild(of: kind)) }
        if current == .screen && !slots[slot].kindIsExplicit {
            slots[slot].kind = kind
            return (slot, edgeForOwnChild(of: kind))
        }
        warn(
            "\(event) onto '\(slots[slot].model.id)', \(current.described), not \(kind.described); attached as a plain child",
            line, &change)
        return (slot, .child)
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
        guard let stack = placedSlot(parent), slots[stack].kind == .stack else {
            warn("pop on '\(parent)', which is not a stack in the hierarchy; ignored", line, &change)
            return
        }
        // One entry (NavigatorUI's every pop) is found without making a list.
        if count == 1, let last = lastEntryToPop(from: stack) {
            remove(last, line: line, into: &change)
            return
        }
        let popped = entriesToPop(from: stack, count: count)
        if popped.count < count {
            let available = popped.count
            warn(
                "pop of \(count) from stack '\(slots[stack].model.id)', which has \(available) \(available == 1 ? "entry" : "entries") above its root; popped \(available)",
                line, &change)
        }
        for child in popped { remove(child, line: line, into: &change) }
    }

    /// The last `count` entries of `stack` above its root entry, last first, found from the end: O(count), not
    /// O(stack). A function of its own so that its copy of the children is gone before they change: held while the
    /// entries were removed, it made each pop copy the whole list (a NavigatorUI log's stacks hold hundreds of
    /// entries, since its unlogged pops leave them growing).
    /// The last entry of `stack` above its root entry: what `entriesToPop(from: stack, count: 1)` holds, if anything.
    private func lastEntryToPop(from stack: Int) -> Int? {
        let children = slots[stack].children
        guard let last = children.lastIndex(where: { slots[$0].edge == .push }) else { return nil }
        // The first entry is the root: it never pops.
        guard children[..<last].contains(where: { slots[$0].edge == .push }) else { return nil }
        return children[last]
    }

    private func entriesToPop(from stack: Int, count: Int) -> [Int] {
        var popped: [Int] = []
        let children = slots[stack].children
        var index = children.count - 1
        while index >= 0 {
            let child = children[index]
            if slots[child].edge == .push {
                if popped.count == count { break }
                popped.append(child)
            }
            index -= 1
        }
        // The first entry is the root: it never pops.
        if index < 0, let last = popped.last, children.first(where: { slots[$0].edge == .push }) == last {
            popped.removeLast()
        }
        return popped
    }

    private mutating func setPath(_ parent: String, entries: [PathEntry], line: Int, into change: inout StepChange) {
        guard let container = container(parent, for: "setPath", expecting: .stack, line: line, into: &change),
            container.edge == .push
        else {
            return
        }
        let stack = container.slot
        // The entries named are marked on their slots, and those new to the stack listed: sets of their keys (a
        // SipHash of each key, three times per entry) tripled the cost of a NavigatorUI stack's trim (513 entries,
        // see `pop`).
        pathGeneration += 1
        let generation = pathGeneration
        // Per entry named, in order: its slot when it is one of the stack's entries already (as its key said), else
        // the model to place. An entry of the stack stays in its slot until the end (see below), so it is neither
        // copied nor looked up again: a NavigatorUI trim keeps all but one of its entries, and copying their models
        // and finding each again by its key was half of `setPath`.
        var known: [KnownPathEntry] = []
        var created: [String: NodeKind] = [:]
        // Keys named that no model has yet (an existing model's slot is marked instead).
        var createdKeys = Set<String>()
        for entry in entries {
            let key = entry.key
            // An entry given with its type is created when it does not exist; an existing one keeps its type.
            if let slot = slot(of: key), slots[slot].isPlaced || slots[slot].isAlive {
                if pathMarks[slot] != generation {
                    pathMarks[slot] = generation
                    if slots[slot].isPlaced && slots[slot].parent == stack && slots[slot].edge == .push {
                        known.append(.current(slot))
                    } else {
                        known.append(.placed(existingModel(at: slot)!))
                    }
                }
            } else if let model = entry.created {
                if createdKeys.insert(key).inserted { known.append(.placed(model)) }
                if let kind = entry.kind { created[key] = kind }
            } else {
                warn("setPath names '\(key)', which does not exist; skipped", line, &change)
            }
        }
        guard !known.isEmpty else {
            warn("setPath on '\(parent)' leaves no entries (a stack keeps its root entry); ignored", line, &change)
            return
        }
        // Entries leave from the stack's children only, and the ones that stay are its children still: a current
        // entry is not in the subtree of one that leaves, and `place` moves no model that holds the stack.
        let leaving = slots[stack].children.filter { slots[$0].edge == .push && pathMarks[$0] != generation }
        if !leaving.isEmpty {
            // Unlinked from the stack in one pass first: removed one by one, each was searched for from the end of
            // the children and the rest shifted down, quadratic in a long stack (a NavigatorUI stack trimmed past its
            // 512 entries drops its oldest 256 this way).
            // Marked as leaving (a set of them hashed each slot twice).
            pathGeneration += 1
            let leavingMark = pathGeneration
            for slot in leaving { pathMarks[slot] = leavingMark }
            slots[stack].children.removeAll { pathMarks[$0] == leavingMark }
            if let selected = slots[stack].selectedTab, pathMarks[selected] == leavingMark {
                slots[stack].selectedTab = nil
            }
            for slot in leaving { slots[slot].parent = nil }
            for slot in leaving { remove(slot, line: line, into: &change) }
        }
        // New entries (or ones moved from elsewhere) are placed; then the entries are put in the given order.
        for entry in known {
            if case .placed(let model) = entry {
                place(model, kind: created[model.key], under: stack, edge: .push, at: nil, line: line, into: &change)
            }
        }
        pathGeneration += 1
        let orderedMark = pathGeneration
        var ordered: [Int] = []
        ordered.reserveCapacity(known.count)
        for entry in known {
            let slot: Int
            switch entry {
            case .current(let current): slot = current
            case .placed(let model):
                guard let placed = placedSlot(model.key), slots[placed].parent == stack else { continue }
                slot = placed
            }
            ordered.append(slot)
            pathMarks[slot] = orderedMark
        }
        slots[stack].children = slots[stack].children.filter { pathMarks[$0] != orderedMark } + ordered
    }

    /// An entry a `setPath` names (see there).
    private enum KnownPathEntry {
        /// Placed on the stack already, at this slot.
        case current(Int)
        /// To place on the stack (created, or moved from where it is).
        case placed(ModelRef)
    }

    private mutating func closeWindow(_ window: String, line: Int, into change: inout StepChange) {
        guard let index = windows.firstIndex(where: { $0.name == window }), let root = windows[index].root,
            let slot = placedSlot(root)
        else {
            warn("closeWindow of '\(window)', which is not open; ignored", line, &change)
            return
        }
        remove(slot, line: line, into: &change)
    }

    private mutating func push(
        _ model: ModelRef, kind: NodeKind?, onto parent: String, line: Int, into change: inout StepChange
    ) {
        guard let container = container(parent, for: "push", expecting: .stack, line: line, into: &change) else {
            return
        }
        place(model, kind: kind, under: container.slot, edge: container.edge, at: nil, line: line, into: &change)
    }

    private mutating func dismiss(_ key: String, line: Int, into change: inout StepChange) {
        guard let slot = placedSlot(key), slots[slot].edge?.isPresentation == true else {
            warn("dismiss of '\(key)', which is not presented; ignored", line, &change)
            return
        }
        remove(slot, line: line, into: &change)
    }

    private mutating func addTab(
        _ model: ModelRef, kind: NodeKind?, to parent: String, title: String?, line: Int,
        into change: inout StepChange
    ) {
        guard let container = container(parent, for: "tab", expecting: .tabs, line: line, into: &change) else { return }
        place(model, kind: kind, under: container.slot, edge: container.edge, at: nil, line: line, into: &change)
        if let title, let slot = placedSlot(model.key) { slots[slot].title = title }
    }

    private mutating func select(_ tab: String, of parent: String, line: Int, into change: inout StepChange) {
        guard let container = placedSlot(parent), slots[container].kind == .tabs else {
            warn("select on '\(parent)', which is not a tabs container in the hierarchy; ignored", line, &change)
            return
        }
        guard let selected = placedSlot(tab), slots[selected].parent == container, slots[selected].edge == .tab else {
            warn("select of '\(tab)', which is not a tab of '\(parent)'; ignored", line, &change)
            return
        }
        slots[container].selectedTab = selected
    }

    /// A switch shows one content at a time: the new content replaces the one before.
    private mutating func switchContent(
        of parent: String, to model: ModelRef, kind: NodeKind?, line: Int,
        into change: inout StepChange
    ) {
        guard let container = container(parent, for: "switch", expecting: .switch, line: line, into: &change) else {
            return
        }
        if container.edge == .switch {
            let incoming = slot(of: model.key)
            let previous = slots[container.slot].children.filter { slots[$0].edge == .switch && $0 != incoming }
            for slot in previous { remove(slot, line: line, into: &change) }
        }
        place(model, kind: kind, under: container.slot, edge: container.edge, at: nil, line: line, into: &change)
    }

    /// A split view shows one model per column, columns in sidebar, content, detail order: the model replaces the
    /// column's previous one and goes before the columns after its own.
    private mutating func placeColumn(
        _ model: ModelRef, kind: NodeKind?, in parent: String, as column: SplitColumn,
        line: Int, into change: inout StepChange
    ) {
        guard let container = container(parent, for: "column", expecting: .split, line: line, into: &change) else {
            return
        }
        if container.edge != .child {
            let incoming = slot(of: model.key)
            let previous = slots[container.slot].children.filter { slots[$0].edge == .column(column) && $0 != incoming }
            for slot in previous { remove(slot, line: line, into: &change) }
        }
        let edge: EdgeKind = container.edge == .child ? .child : .column(column)
        let position = slots[container.slot].children.firstIndex {
            if case .column(let other) = slots[$0].edge { return other > column }
            return false
        }
        place(model, kind: kind, under: container.slot, edge: edge, at: position, line: line, into: &change)
    }

    private mutating func present(
        _ model: ModelRef, kind: NodeKind?, on parent: String, style: PresentationStyle, line: Int,
        into change: inout StepChange
    ) {
        guard let presenter = placedSlot(parent) else {
            warn("present onto '\(parent)', which is not in the hierarchy; ignored", line, &change)
            return
        }
        // At most one presented child, kept first.
        if let current = slots[presenter].children.first, slots[current].edge?.isPresentation == true,
            slots[current].model.key != model.key
        {
            let presenterID = slots[presenter].model.id
            let currentID = slots[current].model.id
            warn(
                "'\(presenterID)' already presents '\(currentID)'; '\(model.id)' replaces it and '\(currentID)' leaves",
                line, &change)
            remove(current, line: line, into: &change)
        }
        place(model, kind: kind, under: presenter, edge: .presented(style), at: 0, line: line, into: &change)
    }

    /// Places or moves `model` (with its subtree) under `parent`, at `position` among its children (end when `nil`).
    private mutating func place(
        _ model: ModelRef, kind: NodeKind?, under parent: Int, edge: EdgeKind, at position: Int?, line: Int,
        into change: inout StepChange
    ) {
        let window = slots[parent].window
        // The key is hashed once for the lookup here and the slot made below (it was three times).
        let hash = SlotIndex.hash(model.key)
        let existing = keyIndex.slot(for: model.key, hash: hash) { slots[$0].model.key }
        if let slot = existing, slots[slot].isPlaced {
            if slots[slot].parent == parent, slots[slot].edge == edge, position == nil {
                return  // already there
            }
            if slot == parent || isAncestor(slot, of: parent) {
                warn(
                    "'\(model.id)' cannot be placed under its own descendant '\(slots[parent].model.id)'; ignored",
                    line, &change)
                return
            }
            detach(slot)
            slots[slot].parent = parent
            slots[slot].edge = edge
            insertChild(slot, into: parent, at: position)
            relabelWindow(of: slot, to: window)
            recordPlacement(slot, line: line)
            return
        }
        insert(
            model, kind: kind, parent: parent, edge: edge, window: window, at: position, fromSnapshot: false,
            line: line, into: &change, found: (existing, hash))
    }

    /// `found`: the model's slot (if it has one) and its key's hash, when the caller looked them up already.
    private mutating func insert(
        _ model: ModelRef, kind: NodeKind?, parent: Int?, edge: EdgeKind?, window: Int, at position: Int?,
        fromSnapshot: Bool, line: Int, into change: inout StepChange, found: (slot: Int?, hash: UInt64)? = nil
    ) {
        let slot: Int
        if let found {
            slot = found.slot ?? allocateSlot(for: model, hash: found.hash)
        } else {
            slot = self.slot(of: model.key) ?? allocateSlot(for: model)
        }
        let resolvedKind = kind ?? (slots[slot].isAlive ? slots[slot].startedKind : nil)
        setModel(model, at: slot)
        slots[slot].isPlaced = true
        slots[slot].kind = resolvedKind ?? .screen
        slots[slot].edge = edge
        slots[slot].parent = parent
        slots[slot].children = []
        slots[slot].window = window
        slots[slot].selectedTab = nil
        slots[slot].title = nil
        slots[slot].kindIsExplicit = resolvedKind != nil
        slots[slot].fromSnapshot = fromSnapshot
        placedCount += 1
        if let parent { insertChild(slot, into: parent, at: position) }
        if change.listsModels { change.added.append(model.key) }
        recordPlacement(slot, line: line)
    }

    private mutating func insertChild(_ slot: Int, into parent: Int, at position: Int?) {
        let count = slots[parent].children.count
        slots[parent].children.insert(slot, at: min(max(position ?? count, 0), count))
    }

    /// Where the model at `slot` now is, for its lifecycle: the last place it was seen attached.
    mutating func recordPlacement(_ slot: Int, line: Int) {
        recordPlacement(slot, step: step, line: line)
    }

    mutating func recordPlacement(_ slot: Int, step: Int, line: Int) {
        guard slots[slot].isAlive else { return }
        let parent = slots[slot].parent
        let parentSlot = parent ?? -1
        let parentVersion = parent.map { slots[$0].version } ?? 0
        let window = slots[slot].window
        // The same place as before (a dump repeats most of the hierarchy) changes only the step: no strings change hands.
        if slots[slot].placedStep == nil || slots[slot].placedParentSlot != parentSlot
            || slots[slot].placedParentVersion != parentVersion || slots[slot].placedWindow != window
        {
            slots[slot].placedParent = parent.map { slots[$0].model }
            slots[slot].placedParentSlot = parentSlot
            slots[slot].placedParentVersion = parentVersion
            slots[slot].placedWindow = window
        }
        slots[slot].placedStep = step
        slots[slot].placedLine = line
        slots[slot].leftStep = nil
        slots[slot].leftLine = nil
    }

    private func isAncestor(_ slot: Int, of other: Int) -> Bool {
        var current = slots[other].parent
        while let candidate = current {
            if candidate == slot { return true }
            current = slots[candidate].parent
        }
        return false
    }

    private mutating func relabelWindow(of slot: Int, to window: Int) {
        guard slots[slot].window != window else { return }
        var pending = [slot]
        while let current = pending.popLast() {
            slots[current].window = window
            pending.append(contentsOf: slots[current].children)
        }
    }

    // MARK: Removal

    /// Takes the subtree at `slot` out of the hierarchy; every model in it has left.
    mutating func remove(_ slot: Int, line: Int, into change: inout StepChange) {
        // A leaf (a popped entry, mostly) as `detachSubtree` takes it out, without making its two lists (two
        // allocations per pop; see `place` for the measurement).
        if slots[slot].isPlaced, slots[slot].children.isEmpty {
            detach(slot)
            unplace(slot)
            markLeft(slot, line: line, into: &change)
            releaseIfUnused(slot)
            return
        }
        for removed in detachSubtree(at: slot) {
            markLeft(removed, line: line, into: &change)
            releaseIfUnused(removed)
        }
    }

    /// Unlinks `slot` from its parent (or window) without removing its subtree.
    mutating func detach(_ slot: Int) {
        if let parent = slots[slot].parent {
            // From the end: a pop removes the last child in constant time. A presented child is kept first (see
            // `present`): searched for from the end, each dismissal scanned the whole stack under it (a NavigatorUI
            // sheet's, hundreds of entries).
            let index =
                slots[slot].edge?.isPresentation == true
                ? slots[parent].children.firstIndex(of: slot) : slots[parent].children.lastIndex(of: slot)
            if let index { slots[parent].children.remove(at: index) }
            if slots[parent].selectedTab == slot { slots[parent].selectedTab = nil }
            slots[slot].parent = nil
        } else {
            let window = slots[slot].window
            if windows[window].root == slots[slot].model.key { windows[window].root = nil }
        }
    }

    /// Takes the subtree at `slot` out of the hierarchy and returns its slots, top first, no longer placed but not
    /// yet released (the caller says what became of each). Iterative.
    mutating func detachSubtree(at slot: Int) -> [Int] {
        guard slots[slot].isPlaced else { return [] }
        detach(slot)
        var removed: [Int] = []
        var pending = [slot]
        while let current = pending.popLast() {
            removed.append(current)
            pending.append(contentsOf: slots[current].children.reversed())
            unplace(current)
        }
        return removed
    }

    /// The node at `slot` is no longer in the hierarchy (its links are dropped; the caller unlinks it from others).
    mutating func unplace(_ slot: Int) {
        slots[slot].isPlaced = false
        slots[slot].parent = nil
        slots[slot].children = []
        slots[slot].selectedTab = nil
        slots[slot].title = nil
        placedCount -= 1
    }

    mutating func markLeft(_ slot: Int, line: Int, into change: inout StepChange) {
        if change.listsModels { change.removed.append(slots[slot].model) }
        if slots[slot].isAlive, slots[slot].leftStep == nil {
            slots[slot].leftStep = step
            slots[slot].leftLine = line
        }
    }

    /// Every warning of the reducer is `problem; what it did about it`: the last clause is the diagnostic's
    /// `resolution`, which an error under --strict leaves out.
    func warn(_ message: String, _ line: Int, _ change: inout StepChange) {
        var diagnostic = Diagnostic(.warning, line: line, message)
        let bytes = Array(message.utf8)
        if let semicolon = bytes.indices.dropLast().last(where: { bytes[$0] == 0x3B && bytes[$0 + 1] == 0x20 }) {
            diagnostic.resolution = String(decoding: bytes[(semicolon + 2)...], as: UTF8.self)
        }
        change.warnings.append(diagnostic)
    }
}
