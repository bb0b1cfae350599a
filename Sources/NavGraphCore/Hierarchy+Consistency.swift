extension Hierarchy {
    /// What is wrong with the state's links, if anything: every node's parent lists it once, every child points
    /// back, every window root is a parentless node of that window, and the tree has no cycle. The reducer keeps
    /// this empty whatever the input; fuzzing checks it after every input.
    public func consistencyProblems() -> [String] {
        var problems: [String] = []
        for (key, node) in nodes {
            if node.key != key { problems.append("\(key): stored under another key") }
            if let parent = node.parent {
                guard let parentNode = nodes[parent] else {
                    problems.append("\(key): parent \(parent) is not in the hierarchy")
                    continue
                }
                let count = parentNode.children.filter { $0 == key }.count
                if count != 1 { problems.append("\(key): listed \(count) times by its parent \(parent)") }
                if parentNode.window != node.window { problems.append("\(key): in window \(node.window), its parent in \(parentNode.window)") }
            } else if !windows.contains(where: { $0.root == key }) {
                problems.append("\(key): no parent and not a window's root")
            }
            for child in node.children where nodes[child]?.parent != key {
                problems.append("\(key): child \(child) does not point back")
            }
        }
        for window in windows {
            guard let root = window.root else { continue }
            if nodes[root] == nil { problems.append("window \(window.name): root \(root) is not in the hierarchy") }
            if nodes[root]?.parent != nil { problems.append("window \(window.name): root \(root) has a parent") }
        }
        // Every node is reachable from exactly one root: no cycles, no orphans.
        var visited = Set<String>()
        var pending = openWindows.compactMap(\.root)
        while let key = pending.popLast() {
            guard visited.insert(key).inserted else {
                problems.append("\(key): reached twice (a cycle or a shared child)")
                continue
            }
            pending.append(contentsOf: nodes[key]?.children ?? [])
        }
        if visited.count != nodes.count { problems.append("\(nodes.count) nodes, \(visited.count) reachable from the windows' roots") }
        return problems
    }
}
