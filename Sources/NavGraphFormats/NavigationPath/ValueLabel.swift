/// A short, Swift-like form of a value from its JSON, for a label: `detail(id: 42)` for an enum case as Swift's
/// synthesized `Codable` writes it (`{"detail":{"id":42}}`), `(id: 42, name: "Blob")` for a struct, `"hello"`,
/// `42`, `[1, 2]`, `nil`. Cut at `limit` characters with `…`. Built iteratively: the depth comes from the input.
///
/// An object's members are written in key order (`keyOrder`), not as encoded: `JSONEncoder` writes them in any order
/// from one encode to the next, and one value must have one label (its entry's id).
enum ValueLabel {
    static let limit = 48

    static func make(_ document: JSONDocument) -> String {
        var text = ""
        // Work still to write, last first: a value (with the label written before it), or literal text.
        var pending: [Piece] = [.value(document.root, label: nil)]
        while let piece = pending.popLast() {
            if text.count > limit { break }
            switch piece {
            case .text(let literal):
                text += literal
            case .value(let index, let label):
                if let label { text += label + ": " }
                let value = document[index]
                switch value.kind {
                case .string: text += quoted(value.text ?? "")
                case .number: text += value.text ?? ""
                case .bool: text += value.bool ? "true" : "false"
                case .null: text += "nil"
                case .array:
                    text += "["
                    pending.append(.text("]"))
                    push(document.children(of: index), labelled: false, of: document, onto: &pending)
                case .object:
                    let members = keyOrder(document.children(of: index), of: document)
                    // An enum case: one member whose value is an object of its associated values (`{}` for none).
                    if members.count == 1, let only = members.first, document[only].kind == .object {
                        text += document[only].key ?? ""
                        let payload = keyOrder(document.children(of: only), of: document)
                        if !payload.isEmpty {
                            text += "("
                            pending.append(.text(")"))
                            push(payload, labelled: true, of: document, onto: &pending)
                        }
                    } else {
                        text += "("
                        pending.append(.text(")"))
                        push(members, labelled: true, of: document, onto: &pending)
                    }
                }
            }
        }
        if text.count > limit { text = String(text.prefix(limit - 1)) + "…" }
        return text
    }

    /// Object members in one order whatever order they were encoded in: unlabelled associated values (`_0`, `_1`, …,
    /// `_10`) by their number, first; the others by key.
    static func keyOrder(_ members: [Int], of document: JSONDocument) -> [Int] {
        guard members.count > 1 else { return members }
        func position(_ key: String) -> Int? {
            guard key.hasPrefix("_"), key.count > 1, key.count < 10, key.dropFirst().allSatisfy(\.isASCII),
                key.dropFirst().allSatisfy(\.isNumber)
            else { return nil }
            return Int(key.dropFirst())
        }
        return members.sorted { left, right in
            let leftKey = document[left].key ?? ""
            let rightKey = document[right].key ?? ""
            switch (position(leftKey), position(rightKey)) {
            case (let leftPosition?, let rightPosition?): return leftPosition < rightPosition
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return Array(leftKey.utf8).lexicographicallyPrecedes(Array(rightKey.utf8))
            }
        }
    }

    private enum Piece {
        case text(String)
        case value(Int, label: String?)
    }

    /// Queues `children` to be written in order, separated by commas. Unlabelled associated values are encoded
    /// as `_0`, `_1`, …: written without their key, as Swift shows them.
    /// A string as Swift writes one in a value's description: quoted, its quotes and backslashes escaped (`"say
    /// \"hi\""`, not `"say "hi""`, which reads as two strings). Other characters stay; a terminal's control
    /// characters are escaped where the label is printed.
    private static func quoted(_ string: String) -> String {
        guard string.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C }) else { return "\"" + string + "\"" }
        var text = "\""
        for character in string.unicodeScalars {
            if character == "\"" || character == "\\" { text.unicodeScalars.append("\\") }
            text.unicodeScalars.append(character)
        }
        return text + "\""
    }

    private static func push(_ children: [Int], labelled: Bool, of document: JSONDocument, onto pending: inout [Piece])
    {
        for (position, child) in children.enumerated().reversed() {
            var label = labelled ? document[child].key : nil
            if let key = label, key.hasPrefix("_"), key.dropFirst().allSatisfy(\.isNumber) { label = nil }
            pending.append(.value(child, label: label))
            if position > 0 { pending.append(.text(", ")) }
        }
    }
}
