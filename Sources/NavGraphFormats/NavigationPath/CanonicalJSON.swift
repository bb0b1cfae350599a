/// A JSON value written one way whatever way it was encoded: objects' members in key order (`ValueLabel.keyOrder`),
/// no spaces, strings with only the escapes JSON requires. Two encodings of one value — `JSONEncoder` writes an
/// object's keys in any order from one encode to the next unless asked for `.sortedKeys` — have the same text.
/// Written iteratively: the depth comes from the input.
enum CanonicalJSON {
    /// The canonical text of the JSON in `json`, `nil` when it is not JSON.
    static func text(of json: String) -> String? {
        guard let document = try? JSONParser.parse(json) else { return nil }
        return text(of: document)
    }

    static func text(of document: JSONDocument) -> String {
        var text = ""
        var pending: [Piece] = [.value(document.root)]
        while let piece = pending.popLast() {
            switch piece {
            case .text(let literal):
                text += literal
            case .value(let index):
                let value = document[index]
                if let key = value.key {
                    write(key, to: &text)
                    text += ":"
                }
                switch value.kind {
                case .string: write(value.text ?? "", to: &text)
                case .number: text += value.text ?? ""
                case .bool: text += value.bool ? "true" : "false"
                case .null: text += "null"
                case .array, .object:
                    var children = document.children(of: index)
                    if value.kind == .object { children = ValueLabel.keyOrder(children, of: document) }
                    text += value.kind == .array ? "[" : "{"
                    pending.append(.text(value.kind == .array ? "]" : "}"))
                    for (position, child) in children.enumerated().reversed() {
                        pending.append(.value(child))
                        if position > 0 { pending.append(.text(",")) }
                    }
                }
            }
        }
        return text
    }

    private enum Piece {
        case text(String)
        case value(Int)
    }

    private static func write(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20: text += "\\u" + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
