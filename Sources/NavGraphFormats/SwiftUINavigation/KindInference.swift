import NavGraphCore

/// Gives every node of a SwiftUINavigation dump a kind and every edge a kind. A dump carries neither: it lists
/// a model's children presented-first, then the container's own children, and says nothing else.
///
/// Runs where the snapshot is consumed (`DumpCompletion`): with pipelined reading, on the other core than the
/// reader. It reads each model's rule verdict (fixed when the model was made) and what it remembers of earlier
/// dumps (`ownChildren`, `isSwitch`, `isRemembered`, touched by nothing else), never the reader's name table.
///
/// Causal by construction: a dump is judged by the rule table and by what earlier dumps showed, never by later
/// ones, so `--at`, `--follow` and replay agree. What cannot be told stays honest: `child`, or `presented`
/// when sheet vs. fullScreenCover is unknown (a dump never tells).
struct KindInference {
    /// The children of the dump's models, kept between dumps (a log has thousands) to reuse its storage.
    private var childIndex = ChildIndex()

    /// Kinds and edges for a dump's models (pre-order, parents first), written into `entries` (one per model, its
    /// `parent` set), which become the snapshot. Updates what each model remembers for later dumps.
    mutating func infer(models: [Identity], into entries: inout [Snapshot.Entry]) {
        childIndex.build(entries)
        let childIndex = childIndex

        for index in models.indices {
            let model = models[index]
            let ruleKind = model.rule.kind
            var kind = ruleKind ?? (model.isRemembered && model.isSwitch ? .switch : .screen)
            if childIndex.isLeaf(index) {
                // A leaf (most of a dump): its kind, and nothing of its own to remember beyond a switch it was.
                entries[index].kind = kind
                if !model.ownChildren.isEmpty { model.ownChildren.removeAll(keepingCapacity: true) }
                model.isSwitch = model.isRemembered && model.isSwitch
                model.isRemembered = model.isSwitch
                continue
            }
            let all = childIndex.children(of: index)

            // Not a leaf: `all` has a first child.
            let presentedStyle = presentationOfFirstChild(kind: kind, of: model, all: all, models: models)
            let own = presentedStyle == nil ? all : all.dropFirst()

            // A model whose only own child is replaced by a different model between dumps switches its content.
            var isSwitch = model.isRemembered && model.isSwitch
            if kind == .screen, ruleKind == nil, model.isRemembered, model.ownChildren.count == 1,
                own.count == 1, models[own.first!].serial != model.ownChildren[0]
            {
                kind = .switch
                isSwitch = true
            }
            entries[index].kind = kind

            if let presentedStyle, let first = all.first {
                entries[first].edge = .presented(presentedStyle)
            }
            for (position, child) in own.enumerated() {
                entries[child].edge = ownEdge(kind: kind, position: position, count: own.count)
            }
            // Remember (in place, and only when it changed: most dumps repeat the one before).
            if !model.ownChildren.elementsEqual(own.lazy.map { models[$0].serial }) {
                model.ownChildren.removeAll(keepingCapacity: true)
                for child in own { model.ownChildren.append(models[child].serial) }
            }
            model.isSwitch = isSwitch
            model.isRemembered = !own.isEmpty || isSwitch
        }
    }

    /// The presented-first rule: the first child is presented when its type says so, when a stack's first child
    /// is itself a stack, when a switch has more than its one content, or when it is new before the container's
    /// own children known from an earlier dump (the same tabs, the same stack root).
    private func presentationOfFirstChild(kind: NodeKind, of model: Identity, all: ArraySlice<Int>, models: [Identity])
        -> PresentationStyle?
    {
        let first = all.first!
        if let style = models[first].rule.presentation { return style }
        guard all.count >= 2 else { return nil }
        let firstSerial = models[first].serial
        let previous = model.isRemembered ? model.ownChildren : []
        switch kind {
        case .stack:
            if models[first].rule.kind == .stack { return .unknown }
            if let root = previous.first, firstSerial != root, models[all[all.startIndex + 1]].serial == root {
                return .unknown
            }
        case .switch:
            return .unknown
        case .tabs, .split, .screen:
            if !previous.isEmpty, !previous.contains(firstSerial) {
                let rest = all.dropFirst()
                if rest.count == previous.count || rest.allSatisfy({ previous.contains(models[$0].serial) }) {
                    return .unknown
                }
            }
        }
        return nil
    }

    private func ownEdge(kind: NodeKind, position: Int, count: Int) -> EdgeKind {
        switch kind {
        case .stack: .push
        case .tabs: .tab
        case .switch: .switch
        case .screen: .child
        case .split:
            .column(position == 0 ? .sidebar : position == count - 1 ? .detail : .content)
        }
    }
}
