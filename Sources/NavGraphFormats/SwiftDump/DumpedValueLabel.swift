/// Short, readable names for dumped values: a pushed route as `Route` + `detail(id: 42)`, a sheet as `Sheet` +
/// `compose(draft: nil)`, types without their module.
extension DumpedValues {
    /// Labels longer than this are cut (with `…`): a route's payload can be a whole model.
    static let maximumLabelLength = 60

    /// The type (without module) and a label for a value: an enum case with its associated values, a struct's
    /// fields, or the printed value.
    func typeAndLabel(of index: Int) -> (type: String, label: String) {
        let value = values[index]
        let text = Self.withoutModules(value.text)
        let children = value.children
        // `▿ Shop.Route.detail` with one child labelled `detail`: an enum case and its associated values.
        if let dot = text.lastIndex(of: "."), Self.isQualifiedName(text) {
            let type = String(text[..<dot])
            let caseName = String(text[text.index(after: dot)...])
            guard children.count == 1, values[children[0]].label == caseName else {
                if children.isEmpty { return (type, caseName) }
                return (text, fields(children))
            }
            let payload = children[0]
            let arguments =
                Self.count(in: "\(values[payload].text)".trimmingParentheses, unit: "element") != nil
                ? fields(values[payload].children)
                : inline(payload)
            return (type, Self.cut("\(caseName)(\(arguments))"))
        }
        if children.isEmpty || isArray(index) || isDictionary(index) { return ("", Self.cut(text)) }
        return (text, Self.cut(fields(children)))
    }

    /// `id: 42, title: "x"` (tuple positions such as `.0` without their label).
    private func fields(_ indices: [Int]) -> String {
        var parts: [String] = []
        var length = 0
        for index in indices {
            let part: String
            if let label = values[index].label, !label.hasPrefix(".") {
                part = "\(label): \(inline(index))"
            } else {
                part = inline(index)
            }
            parts.append(part)
            length += part.count + 2
            // Enough for a label that will be cut anyway.
            if length > Self.maximumLabelLength { break }
        }
        return Self.cut(parts.joined(separator: ", "))
    }

    /// A value within a label: as printed, without `Optional(…)` and modules; a collection by its size.
    private func inline(_ index: Int) -> String {
        var text = Self.withoutModules(values[index].text)
        while text.hasPrefix("Optional("), text.hasSuffix(")") { text = String(text.dropFirst(9).dropLast()) }
        if isArray(index) || isDictionary(index) { return "[\(text)]" }
        return text
    }

    static func cut(_ text: String) -> String {
        text.count > maximumLabelLength ? String(text.prefix(maximumLabelLength - 1)) + "…" : text
    }

    /// `Shop.Route.detail` (identifiers joined by dots, nothing else).
    static func isQualifiedName(_ text: String) -> Bool {
        guard text.contains("."), let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    }

    /// `Shop.Box<Shop.Route>` → `Box<Route>`: the first component of every qualified name outside string literals
    /// is the module `dump()` prints. Names with one component stay.
    static func withoutModules(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        var inString = false
        var escaped = false
        var index = text.startIndex
        var previous: Character?
        while index < text.endIndex {
            let character = text[index]
            if inString {
                result.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                previous = character
                index = text.index(after: index)
                continue
            }
            if character == "\"" {
                inString = true
                result.append(character)
                previous = character
                index = text.index(after: index)
                continue
            }
            let startsName =
                (character.isLetter || character == "_")
                && !(previous.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false)
            if startsName {
                var end = index
                while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" {
                    end = text.index(after: end)
                }
                // A module: an upper-case name followed by `.` and another name, or a lower-case one (a script's
                // module is its file's name: `router.Route`) followed by a type's upper-case name — not
                // `example.com` in an unquoted URL.
                let next = end < text.endIndex && text[end] == "." && text.index(after: end) < text.endIndex
                    ? text[text.index(after: end)] : nil
                if let next, next.isLetter, text[index].isUppercase || next.isUppercase {
                    previous = "."
                    index = text.index(after: end)
                    continue
                }
                result += text[index..<end]
                previous = text[text.index(before: end)]
                index = end
                continue
            }
            result.append(character)
            previous = character
            index = text.index(after: index)
        }
        return result
    }
}

extension String {
    /// `(2 elements)` → `2 elements`: an enum payload's tuple.
    fileprivate var trimmingParentheses: String {
        hasPrefix("(") && hasSuffix(")") ? String(dropFirst().dropLast()) : self
    }
}
