import NavGraphCore

/// Gives every node of a SwiftUINavigation dump a kind and every edge a kind. A dump carries neither: it lists
/// a model's children presented-first, then the container's own children, and says nothing else.
///
/// Causal by construction: a dump is judged by the rule table and by what earlier dumps showed, never by later
/// ones, so `--at`, `--follow` and replay agree. What cannot be told stays honest: `child`, or `presented`
/// when sheet vs. fullScreenCover is unknown (a dump never tells).
struct KindInference {
    let rules: ModelKindRules
    /// Matching the rule table is far slower than a lookup: each type name is matched once (by its index in the
    /// reader's `NameTable`).
    private var ruleCache: [ModelKindRule?] = []
    private var ruleCached: [Bool] = []

    init(rules: ModelKindRules) { self.rules = rules }

    /// The rule for the type name at `index` in `types`.
    mutating func rule(for index: Int, in types: NameTable) -> ModelKindRule? {
        if index < ruleCached.count, ruleCached[index] { return ruleCache[index] }
        if index >= ruleCached.count {
            ruleCached += Array(repeating: false, count: index + 1 - ruleCached.count)
            ruleCache += Array(repeating: nil, count: index + 1 - ruleCache.count)
        }
        let rule = rules.rule(for: types[index].name)
        ruleCache[index] = rule
        ruleCached[index] = true
        return rule
    }

    /// Kinds and edges for a dump given as models with parent indices (pre-order, parents first; -1 for the
    /// root). Updates what each model remembers for later dumps.
    mutating func infer(models: [Identity], parents: [Int], types: NameTable) -> [(kind: NodeKind, edge: EdgeKind?)] {
        // Children of each model, flat: children of `i` are `childList[childStart[i]..<childStart[i + 1]]`.
        var childStart = [Int](repeating: 0, count: models.count + 1)
        for parent in parents where parent >= 0 { childStart[parent + 1] += 1 }
        for index in 0..<models.count { childStart[index + 1] += childStart[index] }
        var fill = childStart
        var childList = [Int](repeating: 0, count: max(models.count - 1, 0))
        for (index, parent) in parents.enumerated() where parent >= 0 {
            childList[fill[parent]] = index
            fill[parent] += 1
        }
        var result: [(kind: NodeKind, edge: EdgeKind?)] = Array(repeating: (.screen, nil), count: models.count)

        for index in models.indices {
            let model = models[index]
            let rule = rule(for: model.name.type, in: types)
            var kind = rule?.kind ?? (model.isRemembered && model.isSwitch ? .switch : .screen)
            let all = childList[childStart[index]..<childStart[index + 1]]

            var presentedStyle: PresentationStyle?
            if let first = all.first {
                presentedStyle = presentationOfFirstChild(kind: kind, of: model, all: all, models: models, types: types)
            }
            let own = presentedStyle == nil ? all : all.dropFirst()

            // A model whose only own child is replaced by a different model between dumps switches its content.
            var isSwitch = model.isRemembered && model.isSwitch
            if kind == .screen, rule?.kind == nil, model.isRemembered, model.ownChildren.count == 1,
               own.count == 1, models[own.first!].serial != model.ownChildren[0] {
                kind = .switch
                isSwitch = true
            }
            result[index].kind = kind

            if let presentedStyle, let first = all.first {
                result[first].edge = .presented(presentedStyle)
            }
            for (position, child) in own.enumerated() {
                result[child].edge = ownEdge(kind: kind, position: position, count: own.count)
            }
            // Remember (in place: no allocation once a container's array has its size).
            model.ownChildren.removeAll(keepingCapacity: true)
            for child in own { model.ownChildren.append(models[child].serial) }
            model.isSwitch = isSwitch
            model.isRemembered = !own.isEmpty || isSwitch
        }
        return result
    }

    /// The presented-first rule: the first child is presented when its type says so, when a stack's first child
    /// is itself a stack, when a switch has more than its one content, or when it is new before the container's
    /// own children known from an earlier dump (the same tabs, the same stack root).
    private mutating func presentationOfFirstChild(
        kind: NodeKind, of model: Identity, all: ArraySlice<Int>, models: [Identity], types: NameTable
    ) -> PresentationStyle? {
        let first = all.first!
        if let style = rule(for: models[first].name.type, in: types)?.presentation { return style }
        guard all.count >= 2 else { return nil }
        let firstSerial = models[first].serial
        let previous = model.isRemembered ? model.ownChildren : []
        switch kind {
        case .stack:
            if rule(for: models[first].name.type, in: types)?.kind == .stack { return .unknown }
            if let root = previous.first, firstSerial != root, models[all[all.startIndex + 1]].serial == root { return .unknown }
        case .switch:
            return .unknown
        case .tabs, .split, .screen:
            if !previous.isEmpty, !previous.contains(firstSerial) {
                let rest = all.dropFirst()
                if rest.count == previous.count || rest.allSatisfy({ previous.contains(models[$0].serial) }) { return .unknown }
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
