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
        for node in newNodes where oldKeys.contains(node.key) {
            let before = Self.position(of: old.nodes[node.key]!, in: old)
            let after = Self.position(of: node, in: new)
            // A model under the same parent at the same index has not moved, even when its window's name changed:
            // it follows its root, whose move to the other window is the one reported.
            let rootChangedWindow = before.parent == nil && after.parent == nil && before.window != after.window
            if before.parent?.key != after.parent?.key || before.index != after.index || rootChangedWindow {
                moved.append(Move(model: node.model, from: before, to: after))
            }
            if let previous = old.nodes[node.key],
                previous.model.type != node.model.type
                    || previous.model.id != node.model.id
            {
                renamed.append(Rename(from: previous.model, to: node.model))
            }
            if node.kind == .tabs, let previous = old.nodes[node.key], previous.selectedTab != node.selectedTab {
                selection.append(
                    SelectionChange(
                        container: node.model, from: previous.selectedTab.flatMap { old.model($0) },
                        to: node.selectedTab.flatMap { new.model($0) }))
            }
        }
        // A node that moved only because a sibling before it came or went is not news.
        moved.removeAll { move in
            move.from.parent?.key == move.to.parent?.key && move.from.window == move.to.window
                && Self.sameOrder(of: move.model.key, old: old, new: new)
        }
    }

    /// Keys of two files' nodes are per-file; align the second file's keys to the first's by (type, id).
    public static func aligning(_ new: Hierarchy, to old: Hierarchy) -> Hierarchy {
        var byName: [String: String] = [:]
        for node in old.nodes.values { byName["\(node.model.type)\u{0}\(node.model.id)"] = node.key }
        var mapping: [String: String] = [:]
        for node in new.nodes.values {
            mapping[node.key] = byName["\(node.model.type)\u{0}\(node.model.id)"] ?? "new:\(node.key)"
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
        return Position(parent: node.parent.flatMap { hierarchy.model($0) }, window: node.window, index: index)
    }

    /// Whether the node keeps its place among the siblings present in both states.
    private static func sameOrder(of key: String, old: Hierarchy, new: Hierarchy) -> Bool {
        guard let oldParent = old.nodes[key]?.parent, let newParent = new.nodes[key]?.parent,
            let oldSiblings = old.nodes[oldParent]?.children, let newSiblings = new.nodes[newParent]?.children
        else { return true }
        let common = Set(oldSiblings).intersection(newSiblings)
        let before = oldSiblings.filter(common.contains)
        let after = newSiblings.filter(common.contains)
        return before.firstIndex(of: key) == after.firstIndex(of: key)
    }
}
