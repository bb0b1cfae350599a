import NavGraphCore

/// Gives every node of a SwiftUINavigation dump a kind and every edge a kind. A dump carries neither: it lists
/// a model's children presented-first, then the container's own children, and says nothing else.
///
/// Causal by construction: a dump is judged by the rule table and by what earlier dumps showed, never by later
/// ones, so `--at`, `--follow` and replay agree. What cannot be told stays honest: `child`, or `presented`
/// when sheet vs. fullScreenCover is unknown (a dump never tells).
struct KindInference {
    /// What earlier dumps showed of a container.
    private struct Memory {
        /// Its own children (not the presented one) in the last dump that listed it.
        var ownChildren: [String]
        /// Its only own child was once replaced by another: it switches its content.
        var isSwitch: Bool
    }

    let rules: ModelKindRules
    private var memory: [String: Memory] = [:]

    init(rules: ModelKindRules) { self.rules = rules }

    mutating func forget(_ key: String) { memory[key] = nil }

    /// Kinds and edges for a dump given as models with parent indices (pre-order, parents first).
    mutating func infer(models: [ModelRef], parents: [Int?]) -> [(kind: NodeKind, edge: EdgeKind?)] {
        var children = Array(repeating: [Int](), count: models.count)
        for (index, parent) in parents.enumerated() {
            if let parent { children[parent].append(index) }
        }
        var result: [(kind: NodeKind, edge: EdgeKind?)] = models.map { _ in (NodeKind.screen, nil) }
        var learned: [(String, Memory?)] = []

        for index in models.indices {
            let key = models[index].key
            let known = memory[key]
            let rule = rules.rule(for: models[index].type)
            var kind = rule?.kind ?? (known?.isSwitch == true ? .switch : .screen)
            let all = children[index]

            var presentedStyle: PresentationStyle?
            if let first = all.first {
                presentedStyle = presentationOfFirstChild(
                    kind: kind, first: first, all: all, models: models, known: known)
            }
            let own = presentedStyle == nil ? all : Array(all.dropFirst())

            // A model whose only own child is replaced by a different model between dumps switches its content.
            var isSwitch = known?.isSwitch ?? false
            if kind == .screen, rule?.kind == nil, let previous = known?.ownChildren, previous.count == 1,
               own.count == 1, models[own[0]].key != previous[0] {
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
            let ownKeys = own.map { models[$0].key }
            learned.append((key, ownKeys.isEmpty && !isSwitch ? nil : Memory(ownChildren: ownKeys, isSwitch: isSwitch)))
        }
        for (key, value) in learned { memory[key] = value }
        return result
    }

    /// The presented-first rule: the first child is presented when its type says so, when a stack's first child
    /// is itself a stack, when a switch has more than its one content, or when it is new before the container's
    /// own children known from an earlier dump (the same tabs, the same stack root).
    private func presentationOfFirstChild(
        kind: NodeKind, first: Int, all: [Int], models: [ModelRef], known: Memory?
    ) -> PresentationStyle? {
        if let style = rules.rule(for: models[first].type)?.presentation { return style }
        guard all.count >= 2 else { return nil }
        let firstKey = models[first].key
        switch kind {
        case .stack:
            if rules.rule(for: models[first].type)?.kind == .stack { return .unknown }
            if let root = known?.ownChildren.first, firstKey != root, models[all[1]].key == root { return .unknown }
        case .switch:
            return .unknown
        case .tabs, .split, .screen:
            if let previous = known?.ownChildren, !previous.isEmpty, !previous.contains(firstKey) {
                let rest = all.dropFirst().map { models[$0].key }
                if rest.count == previous.count || rest.allSatisfy(previous.contains) { return .unknown }
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
