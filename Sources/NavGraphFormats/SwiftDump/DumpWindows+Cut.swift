/// A dump that `dump()`'s `maxDepth` or `maxItems` cut short shows only part of the state: applied as it is, what
/// it leaves out would vanish from the tree. Its nodes whose content was cut keep their last known state instead.
extension DumpWindows {
    /// `new` (a cut dump's nodes, in preorder) over `known` (what the same place showed before, its top at 0 with
    /// the same key). A node the dump shows whole is taken from it, with everything under it. A cut node (`isCut`)
    /// keeps its last known type and kind, and every child it had that the dump does not show, with its subtree,
    /// after the children the dump shows. A stack whose entries were cut (`entriesCut`) keeps its known entries
    /// past those the dump shows whole, when those are its first known entries; when they are not, the stack
    /// changed where the dump shows it, so what is past them is not known and it is shown as far as the dump goes.
    /// The count the dump prints for such a stack (`path: 4 elements`) holds: known entries past it are dropped (the
    /// stack was popped), and a stack with more entries than are known is named in `unknownEntries` (`Router home
    /// has 6 entries, of which 5 are known`). A cut node the place did not show before is shown as far as the dump
    /// goes. `kept`: whether anything known was.
    static func keepingLastKnown(
        _ new: [DumpNavigation.Node], over known: [DumpNavigation.Node]
    ) -> (nodes: [DumpNavigation.Node], kept: Bool, unknownEntries: [String]) {
        guard !new.isEmpty, !known.isEmpty, new[0].model.key == known[0].model.key else { return (new, false, []) }
        var unknownEntries: [String] = []
        let newChildren = children(of: new)
        let knownChildren = children(of: known)
        var knownByKey: [String: Int] = [:]
        for index in known.indices { knownByKey[known[index].model.key] = index }

        enum Item {
            case new(Int, parent: Int?)
            case known(Int, parent: Int?)
        }
        var nodes: [DumpNavigation.Node] = []
        var kept = false
        // Items in reverse, so the first child is taken first (a stack of work, not recursion: dumps nest deeply).
        var work: [Item] = [.new(0, parent: nil)]
        while let item = work.popLast() {
            switch item {
            case .known(let index, let parent):
                var node = known[index]
                node.parent = parent
                nodes.append(node)
                work.append(contentsOf: knownChildren[index].reversed().map { .known($0, parent: nodes.count - 1) })
            case .new(let index, let parent):
                var node = new[index]
                node.parent = parent
                guard node.isCut || node.entriesCut, let before = knownByKey[node.model.key] else {
                    nodes.append(node)
                    work.append(contentsOf: newChildren[index].reversed().map { .new($0, parent: nodes.count - 1) })
                    continue
                }
                if node.isCut {
                    // What it is was in what the dump leaves out.
                    node.model = known[before].model
                    node.kind = known[before].kind
                }
                nodes.append(node)
                let me = nodes.count - 1
                var children: [Item] = []
                let entries = newChildren[index].filter { new[$0].edge == .push }
                let knownEntries = knownChildren[before].filter { known[$0].edge == .push }
                let whole = node.entriesCut ? entries.prefix { !new[$0].isCut }.count : entries.count
                if node.entriesCut, whole <= knownEntries.count,
                    zip(entries.prefix(whole), knownEntries).allSatisfy({ new[$0].model.key == known[$1].model.key })
                {
                    children += entries.prefix(whole).map { .new($0, parent: me) }
                    var past = knownEntries.dropFirst(whole)
                    if let count = node.entryCount, count < whole + past.count {
                        past = past.prefix(max(0, count - whole))
                    } else if let count = node.entryCount, count > whole + past.count {
                        let model = node.model
                        unknownEntries.append(
                            "\(model.type) \(model.id) has \(count) entries, of which \(whole + past.count) "
                                + (whole + past.count == 1 ? "is" : "are") + " known")
                    }
                    children += past.map { .known($0, parent: me) }
                    kept = kept || !past.isEmpty
                } else {
                    children += entries.map { .new($0, parent: me) }
                }
                let others = newChildren[index].filter { new[$0].edge != .push }
                children += others.map { .new($0, parent: me) }
                if node.isCut {
                    let shown = Set(others.map { new[$0].model.key })
                    let unshown = knownChildren[before].filter {
                        known[$0].edge != .push && !shown.contains(known[$0].model.key)
                    }
                    children += unshown.map { .known($0, parent: me) }
                    kept = true
                }
                work.append(contentsOf: children.reversed())
            }
        }
        for index in nodes.indices {
            nodes[index].isCut = false
            nodes[index].entriesCut = false
            nodes[index].entryCount = nil
        }
        return (nodes, kept, unknownEntries)
    }

    private static func children(of nodes: [DumpNavigation.Node]) -> [[Int]] {
        var children = [[Int]](repeating: [], count: nodes.count)
        for index in nodes.indices { if let parent = nodes[index].parent { children[parent].append(index) } }
        return children
    }
}
