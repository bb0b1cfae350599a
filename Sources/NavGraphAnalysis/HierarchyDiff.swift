import NavGraphCore

/// What differs between two moments: models added, removed, moved (new parent or position), renamed (one key, a new
/// type or id: a NavigatorUI navigator that logs its name late) and tabs whose selection changed. Nodes are matched by key (for two files: by id and type).
public struct HierarchyDiff: Sendable {
    public struct Move: Sendable, Equatable {
        public var model: ModelRef
        public var from: Position
        public var to: Position
    }

    public struct Position: Sendable, Equatable {
        public var parent: ModelRef?
        public var window: String
        public var index: Int
    }

    public struct Rename: Sendable, Equatable {
        public var from: ModelRef
        public var to: ModelRef
    }

    public struct SelectionChange: Sendable, Equatable {
        public var container: ModelRef
        public var from: ModelRef?
        public var to: ModelRef?
    }

    /// Top-most added nodes, each with its subtree as it is in the second state.
    public private(set) var added: [Node] = []
    /// Top-most removed nodes, each with its subtree as it was in the first state.
    public private(set) var removed: [Node] = []
    public private(set) var moved: [Move] = []
    public private(set) var renamed: [Rename] = []
    public private(set) var selection: [SelectionChange] = []
    public let old: Hierarchy
    public let new: Hierarchy

    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && moved.isEmpty && renamed.isEmpty && selection.isEmpty
    }

    public init(from old: Hierarchy, to new: Hierarchy) {
        self.old = old
        self.new = new
        let oldNodes = Self.ordered(old)
        let newNodes = Self.ordered(new)
        let oldKeys = Set(oldNodes.map(\.key))
        let newKeys = Set(newNodes.map(\.key))
        added = newNodes.filter { !oldKeys.contains($0.key) && !($0.parent.map { !oldKeys.contains($0) } ?? false) }
        removed = oldNodes.filter { !newKeys.contains($0.key) && !($0.parent.map { !newKeys.contains($0) } ?? false) }
        // Each node's index among its siblings, from one pass: looking it up in its parent's children per node made
        // a node of the parent, every child listed, each time (a 20,000-entry stack: 5.4 s).
        let oldIndex = Self.siblingIndexes(oldNodes)
        let newIndex = Self.siblingIndexes(newNodes)
        let oldByKey = Dictionary(oldNodes.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for node in newNodes where oldKeys.contains(node.key) {
            guard let previous = oldByKey[node.key] else { continue }
            let before = Self.position(of: previous, in: old, index: oldIndex[previous.key] ?? 0)
            let after = Self.position(of: node, in: new, index: newIndex[node.key] ?? 0)
            // A model under the same parent at the same index has not moved, even when its window's name changed:
            // it follows its root, whose move to the other window is the one reported.
            let rootChangedWindow = before.parent == nil && after.parent == nil && before.window != after.window
            if before.parent?.key != after.parent?.key || before.index != after.index || rootChangedWindow {
                moved.append(Move(model: node.model, from: before, to: after))
            }
            if previous.model.type != node.model.type || previous.model.id != node.model.id {
                renamed.append(Rename(from: previous.model, to: node.model))
            }
            if node.kind == .tabs, previous.selectedTab != node.selectedTab {
                selection.append(
                    SelectionChange(
                        container: node.model, from: previous.selectedTab.flatMap { old.model($0) },
                        to: node.selectedTab.flatMap { new.model($0) }))
            }
        }
        // A node that moved only because a sibling before it came or went is not news. Each parent's siblings in
        // both states are compared once, not once per moved child.
        var orders: [String: (before: [String: Int], after: [String: Int])] = [:]
        moved.removeAll { move in
            guard move.from.parent?.key == move.to.parent?.key && move.from.window == move.to.window else {
                return false
            }
            guard let parent = move.from.parent?.key else { return true }
            if orders[parent] == nil { orders[parent] = Self.commonOrder(under: parent, old: old, new: new) }
            return orders[parent].map { $0.before[move.model.key] == $0.after[move.model.key] } ?? true
        }
    }

    /// Keys of two files' nodes are per-file; align the second file's keys to the first's by type and id, one node to
    /// one node, whatever order the models' slots are in. A node is matched first in its place: the k-th child of its
    /// type and id under its (matched) parent to the k-th such child there, or the k-th root of a window. A node not
    /// matched so (it moved) takes the first node of its type and id in the first file's tree order not matched yet;
    /// one left over is new. Before, the last node of a type and id stood for all of them: a NavigatorUI stack holding
    /// one value twice compared with itself showed moves and removals, and which one counted depended on slot order.
    public static func aligning(_ new: Hierarchy, to old: Hierarchy) -> Hierarchy {
        struct Place: Hashable {
            var parent: String
            var name: String
            var occurrence: Int
        }
        func name(_ node: Node) -> String { node.model.type + "\u{0}" + node.model.id }
        /// Where a root hangs: its window.
        func windowToken(_ node: Node) -> String { "window\u{0}" + node.window }
        /// Each node's rank among its siblings of its type and id (nodes in tree order): the k-th such child.
        func occurrences(_ nodes: [Node]) -> [Int] {
            var seen: [String: Int] = [:]
            return nodes.map { node in
                let counted = (node.parent ?? windowToken(node)) + "\u{0}" + name(node)
                defer { seen[counted, default: 0] += 1 }
                return seen[counted, default: 0]
            }
        }
        let oldNodes = ordered(old)
        var oldByPlace: [Place: String] = [:]
        for (node, occurrence) in zip(oldNodes, occurrences(oldNodes)) {
            oldByPlace[Place(parent: node.parent ?? windowToken(node), name: name(node), occurrence: occurrence)] =
                node.key
        }
        var oldByName: [String: [String]] = [:]
        for node in oldNodes { oldByName[name(node), default: []].append(node.key) }

        let newNodes = ordered(new)
        let newOccurrence = occurrences(newNodes)
        var mapping: [String: String] = [:]
        var taken = Set<String>()
        /// The node's match in place, if its parent matched (a node's parent comes before it in tree order).
        func matchInPlace(_ index: Int) -> String? {
            let node = newNodes[index]
            let token: String
            if let parent = node.parent {
                guard let matched = mapping[parent], !matched.hasPrefix("new:") else { return nil }
                token = matched
            } else {
                token = windowToken(node)
            }
            guard let match = oldByPlace[Place(parent: token, name: name(node), occurrence: newOccurrence[index])],
                !taken.contains(match)
            else { return nil }
            return match
        }
        for index in newNodes.indices {
            guard let match = matchInPlace(index) else { continue }
            mapping[newNodes[index].key] = match
            taken.insert(match)
        }
        // The rest in tree order: in place under a parent matched since (one that moved), else it moved itself: the
        // first of its type and id not matched yet; else it is new.
        for (index, node) in newNodes.enumerated() where mapping[node.key] == nil {
            let match = matchInPlace(index) ?? oldByName[name(node)]?.first(where: { !taken.contains($0) })
            if let match {
                mapping[node.key] = match
                taken.insert(match)
            } else {
                mapping[node.key] = "new:" + node.key
            }
        }
        // A model alive but not placed keeps its key, unless a node now has it.
        for lifecycle in new.lifecycles.values where mapping[lifecycle.model.key] == nil {
            if taken.contains(lifecycle.model.key) { mapping[lifecycle.model.key] = "new:" + lifecycle.model.key }
        }
        return new.rekeyed(mapping)
    }

    private static func ordered(_ hierarchy: Hierarchy) -> [Node] {
        hierarchy.openWindows.flatMap { hierarchy.preorder(window: $0.name).map(\.node) }
    }

    /// Where `node` hangs in `hierarchy`: its parent (none for a root), window and index among its siblings
    /// (0-based; a root is 0).
    public static func position(of node: Node, in hierarchy: Hierarchy) -> Position {
        let index = node.parent.flatMap { hierarchy.nodes[$0]?.children.firstIndex(of: node.key) } ?? 0
        return position(of: node, in: hierarchy, index: index)
    }

    private static func position(of node: Node, in hierarchy: Hierarchy, index: Int) -> Position {
        Position(parent: node.parent.flatMap { hierarchy.model($0) }, window: node.window, index: index)
    }

    /// Every node's index among its parent's children.
    private static func siblingIndexes(_ nodes: [Node]) -> [String: Int] {
        var indexes: [String: Int] = [:]
        for node in nodes {
            for (index, child) in node.children.enumerated() { indexes[child] = index }
        }
        return indexes
    }

    /// The children of `parent` present in both states, each with its index among them before and after.
    private static func commonOrder(
        under parent: String, old: Hierarchy, new: Hierarchy
    ) -> (before: [String: Int], after: [String: Int]) {
        let oldSiblings = old.nodes[parent]?.children ?? []
        let newSiblings = new.nodes[parent]?.children ?? []
        let common = Set(oldSiblings).intersection(newSiblings)
        func indexes(_ siblings: [String]) -> [String: Int] {
            Dictionary(
                siblings.filter(common.contains).enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return (indexes(oldSiblings), indexes(newSiblings))
    }
}
