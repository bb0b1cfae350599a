/// One block of `_printChanges()` state diff as a tree: each line of swift-custom-dump's `diff` output is a node under
/// the line that opened it. `-` lines are the state before only, `+` lines the state after only, the others both.
/// The nodes are kept in one array and their text in one buffer of bytes, both kept from block to block: reading a
/// line allocates nothing.
struct TCADiffNode {
    enum Side: UInt8 { case both, old, new }
    var side: Side
    /// `path`, `_destination`, `#3`, `[2]` (offsets in the block's bytes); empty for an unlabelled value (the root,
    /// an enum's payload), told from an empty label by `hasLabel`.
    var label: Range<Int>
    var hasLabel: Bool
    /// What follows the label, without a trailing comma: `.detail(`, `SyncUpDetail.State(…)`, `nil`, `[`.
    var value: Range<Int>
    var firstChild = -1
    var lastChild = -1
    var next = -1
}

/// Builds the tree from the block's lines (the marker column and the two spaces of the printer's indent removed).
struct TCADiffTreeBuilder {
    private(set) var bytes: [UInt8] = []
    private(set) var nodes: [TCADiffNode] = []
    private var stack: [(node: Int, indent: Int)] = []
    /// The root's node once the block is complete.
    private(set) var root: Int?

    var isComplete: Bool { root != nil }

    /// Ready for the next block, keeping the storage.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        root = nil
    }

    /// One line: `side` from its marker, `content` with its indent (two spaces a level).
    mutating func add(side: TCADiffNode.Side, content: ByteLine) {
        let indent = content.endOfRun(from: 0) { $0 == UInt8(ascii: " ") }
        var text = content.dropFirst(indent)
        if text.last == UInt8(ascii: ",") { text = text.dropLast() }
        // A closing line ends the node opened at its indent.
        if text == ")" || text == "]" {
            close(downTo: indent)
            return
        }
        // A line at or left of an open node's indent is not inside it (its closing line went missing): the open
        // nodes' indents only grow (the root's aside), so the tree is no deeper than the lines are wide.
        while stack.count > 1, let last = stack.last, last.indent >= indent { stack.removeLast() }
        let start = bytes.count
        bytes.append(contentsOf: text)
        let split = TCAWords.split(text)
        let node = TCADiffNode(
            side: side, label: start..<start + (split?.labelEnd ?? 0), hasLabel: split != nil,
            value: start + (split?.valueStart ?? 0)..<bytes.count)
        let index = nodes.count
        nodes.append(node)
        // A node's parent is the open node it was read under: children are in the order of their lines.
        if let parent = stack.last?.node {
            if nodes[parent].lastChild >= 0 {
                nodes[nodes[parent].lastChild].next = index
            } else {
                nodes[parent].firstChild = index
            }
            nodes[parent].lastChild = index
        }
        // The value ends the text: it opens lines as the text ends.
        if text.last == UInt8(ascii: "(") || text.last == UInt8(ascii: "[") {
            stack.append((index, indent))
        } else if stack.isEmpty {
            root = index
        }
    }

    private mutating func close(downTo indent: Int) {
        while let last = stack.last, last.indent >= indent {
            stack.removeLast()
            if stack.isEmpty { root = last.node }
        }
    }

    /// The block read, while `body` runs.
    func withDiff<Result>(_ body: (TCADiff) -> Result) -> Result {
        bytes.withByteLine { bytes in body(TCADiff(bytes: bytes, nodes: nodes)) }
    }
}

/// A block's tree as the merge reads it: nodes by index.
struct TCADiff {
    let bytes: ByteLine
    let nodes: [TCADiffNode]

    func side(_ node: Int) -> TCADiffNode.Side { nodes[node].side }
    func value(_ node: Int) -> ByteLine { bytes.slice(nodes[node].value) }
    func label(_ node: Int) -> ByteLine? { nodes[node].hasLabel ? bytes.slice(nodes[node].label) : nil }
    func firstChild(_ node: Int) -> Int? { nodes[node].firstChild >= 0 ? nodes[node].firstChild : nil }

    /// The node's children in order.
    func children(_ node: Int) -> some Sequence<Int> {
        sequence(state: nodes[node].firstChild) { next -> Int? in
            guard next >= 0 else { return nil }
            defer { next = nodes[next].next }
            return next
        }
    }

    /// The value opens lines below it (`Type(`, `.case(`, `[`).
    func opens(_ node: Int) -> Bool {
        let value = value(node)
        return value.last == UInt8(ascii: "(") || value.last == UInt8(ascii: "[")
    }
    /// A value the diff printed as `(…)` or `[…]`: unchanged, not shown.
    func isCollapsed(_ node: Int) -> Bool {
        let value = value(node)
        return value.hasSuffix("(…)") || value.hasSuffix("[…]")
    }
    /// The run of unchanged elements the diff left out (`… (3 unchanged)`), or `nil`.
    func elidedCount(_ node: Int) -> Int? {
        nodes[node].hasLabel ? nil : TCAWords.elidedCount(value(node))
    }
}
