/// One block of `_printChanges()` state diff as a tree: each line of swift-custom-dump's `diff` output is a node under
/// the line that opened it. `-` lines are the state before only, `+` lines the state after only, the others both.
struct TCADiffNode {
    enum Side: UInt8 { case both, old, new }
    var side: Side
    /// `path`, `_destination`, `#3`, `[2]`; `nil` for an unlabelled value (the root, an enum's payload).
    var label: Substring?
    /// What follows the label, without a trailing comma: `.detail(`, `SyncUpDetail.State(…)`, `nil`, `[`.
    var value: Substring
    var children: [TCADiffNode] = []

    /// The run of unchanged elements the diff left out (`… (3 unchanged)`), or `nil`.
    var elidedCount: Int? {
        guard label == nil, value.hasPrefix("… ("), value.hasSuffix(" unchanged)") else { return nil }
        return Int(value.dropFirst(3).prefix { $0.isNumber })
    }

    /// The value opens lines below it (`Type(`, `.case(`, `[`).
    var opens: Bool { value.hasSuffix("(") || value.hasSuffix("[") }
    /// A value the diff printed as `(…)` or `[…]`: unchanged, not shown.
    var isCollapsed: Bool { value.hasSuffix("(…)") || value.hasSuffix("[…]") }
}

/// Builds the tree from the block's lines (the marker column and the two spaces of the printer's indent removed).
struct TCADiffTreeBuilder {
    private var stack: [(node: TCADiffNode, indent: Int)] = []
    private(set) var root: TCADiffNode?

    var isComplete: Bool { root != nil }

    /// One line: `side` from its marker, `content` with its indent (two spaces a level).
    mutating func add(side: TCADiffNode.Side, content: Substring) {
        let indent = content.prefix { $0 == " " }.count
        var text = content.dropFirst(indent)
        if text.hasSuffix(",") { text = text.dropLast() }
        // A closing line ends the node opened at its indent.
        if text == ")" || text == "]" {
            close(downTo: indent)
            return
        }
        // A line at or left of an open node's indent is not inside it (its closing line went missing): the open
        // nodes' indents only grow (the root's aside), so the tree is no deeper than the lines are wide.
        while stack.count > 1, let last = stack.last, last.indent >= indent {
            stack.removeLast()
            stack[stack.count - 1].node.children.append(last.node)
        }
        let (label, value) = Self.split(text)
        let node = TCADiffNode(side: side, label: label, value: value)
        if node.opens {
            stack.append((node, indent))
        } else if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].node.children.append(node)
        }
    }

    private mutating func close(downTo indent: Int) {
        while let last = stack.last, last.indent >= indent {
            stack.removeLast()
            if stack.isEmpty {
                root = last.node
            } else {
                stack[stack.count - 1].node.children.append(last.node)
            }
        }
    }

    /// `label: value`, where a label is a name, `#N` or `[N]`; otherwise the whole text is the value.
    static func split(_ text: Substring) -> (Substring?, Substring) {
        guard let colon = text.firstIndex(of: ":") else { return (nil, text) }
        let label = text[..<colon]
        let isLabel =
            !label.isEmpty
            && label.allSatisfy {
                $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "#" || $0 == "[" || $0 == "]"
            }
        guard isLabel, text[text.index(after: colon)...].first == " " else { return (nil, text) }
        return (label, text[text.index(colon, offsetBy: 2)...])
    }
}
