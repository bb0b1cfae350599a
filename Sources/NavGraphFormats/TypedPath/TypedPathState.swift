/// One state of a typed path, as `print(path)` / `debugPrint(path)` of a `[Route]` writes it:
/// `[Shop.Route.list(category: "shoes"), Shop.Route.detail(id: 42)]`, `[]` when empty, after any label or console
/// prefix. Each element is the runtime's description of the value: a module-qualified enum case with its payload in
/// parentheses, or a struct's type with its fields (`Shop.Item(name: "Hat", n: 2)`); strings quoted with escapes.
///
/// Kept as where each element's text is in the line: successive states share most entries, and an element printed as
/// before (the same bytes: `print` writes a value the same way each time) is the same entry.
struct TypedPathState {
    /// Where the array's `[` is.
    var start: Int
    /// Each element's text, in array (push) order.
    var elements: [Range<Int>]

    /// The typed path on `line`: the first `[` whose text up to the end of the line (spaces and a `\r` after it
    /// allowed) is a list of qualified values. A console prefix's own brackets (`App[4242:9111]`) are not.
    static func find(in line: ByteLine) -> TypedPathState? {
        let end = line.startOfRun { $0 == .space || $0 == .tab || $0 == .cr }
        guard end >= 2, line[end - 1] == .closeBracket else { return nil }
        var from = 0
        while let index = line.firstIndex(of: .openBracket, from: from), index < end {
            if let elements = elements(in: line, from: index + 1, to: end - 1) {
                return TypedPathState(start: index, elements: elements)
            }
            from = index + 1
        }
        return nil
    }

    /// The elements between `from` and the closing `]` at `to`: `Qualified.name` or `Qualified.name(…)`, separated by
    /// `, `. `nil` when the text is anything else.
    private static func elements(in line: ByteLine, from: Int, to end: Int) -> [Range<Int>]? {
        var elements: [Range<Int>] = []
        var position = from
        if position == end { return elements }
        while true {
            guard let elementEnd = value(in: line, at: position, end: end) else { return nil }
            elements.append(position..<elementEnd)
            position = elementEnd
            if position == end { return elements }
            guard position + 2 < end, line[position] == 0x2C, line[position + 1] == .space else { return nil }
            position += 2
        }
    }

    /// A qualified name of at least two components (`Shop.Route`, `Shop.Route.detail`, the runtime's `(unknown
    /// context at $…)` of a private type as one, generic arguments in `<…>`), then optionally a payload in
    /// parentheses (strings in it skipped whole). Where it ends, or `nil`.
    private static func value(in line: ByteLine, at start: Int, end: Int) -> Int? {
        // The line up to `end`: what follows is not the value's.
        let line = line.prefix(end)
        var position = start
        var components = 0
        while true {
            if line[position] == 0x28, let length = SwiftTypeName.unknownContextLength(in: line, at: position) {
                position += length
            } else {
                guard let first = line[position], isIdentifierStart(first) else { return nil }
                position = line.endOfRun(from: position + 1, while: isIdentifierByte)
                if line[position] == 0x3C {
                    guard let close = genericArgumentsEnd(in: line, from: position, end: end) else { return nil }
                    position = close
                }
            }
            components += 1
            guard line[position] == .dot else { break }
            position += 1
        }
        guard components >= 2 else { return nil }
        guard line[position] == 0x28 else { return position }
        return payloadEnd(in: line, from: position, end: end)
    }

    /// After the `>` that closes the `<` at `start` (nested ones too); no quotes or brackets inside.
    private static func genericArgumentsEnd(in line: ByteLine, from start: Int, end: Int) -> Int? {
        var depth = 0
        var position = start
        while position < end, let byte = line[position] {
            switch byte {
            case 0x3C: depth += 1
            case 0x3E:
                depth -= 1
                if depth == 0 { return position + 1 }
            case .quote, .openBracket, .closeBracket: return nil
            default: break
            }
            position += 1
        }
        return nil
    }

    /// After the `)` that closes the `(` at `start`: parentheses and brackets balanced outside strings, a string's
    /// escapes (`\"`, `\\`, `\n`, `\u{…}`) skipped.
    private static func payloadEnd(in line: ByteLine, from start: Int, end: Int) -> Int? {
        var depth = 0
        var position = start
        var literal = QuotedLiteral()
        while position < end, let byte = line[position] {
            position += 1
            if literal.takes(byte) { continue }
            if byte == 0x28 || byte == .openBracket {
                depth += 1
            } else if byte == 0x29 || byte == .closeBracket {
                depth -= 1
                if depth == 0 { return byte == 0x29 ? position : nil }
                if depth < 0 { return nil }
            }
        }
        return nil
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }
}

/// What an element of a typed path is shown as: its type (readable, module apart) and the value's short form.
struct TypedPathElement: Equatable {
    var name: QualifiedName
    var label: String

    /// An enum case (`Shop.Route.detail(id: 42)`: type `Shop.Route`, label `detail(id: 42)`; `Shop.Route.settings`:
    /// `settings`), or a struct with its fields (`Shop.Item(name: "Hat", n: 2)`: type `Shop.Item`, label
    /// `(name: "Hat", n: 2)`, as a NavigationPath entry's struct is shown). A capitalized last name with a payload is a
    /// struct, without one an enum case. Names in the payload lose the element's module (`tab(Tab.search(…))`) and
    /// a private type's `(unknown context at $…)`.
    init(_ text: ByteLine) {
        let payload = Self.payloadStart(in: text)
        let nameEnd = payload ?? text.count
        let lastDot = text.lastIndex(before: nameEnd) { $0 == .dot }.map { Swift.max($0, 0) } ?? 0
        let isStruct = payload != nil && text[lastDot + 1].map { $0 >= 0x41 && $0 <= 0x5A } == true
        let typeEnd = isStruct ? nameEnd : lastDot
        let type = SwiftTypeName.withoutUnknownContexts(text.prefix(typeEnd).text)
        name = QualifiedName(type)
        let labelStart = isStruct ? nameEnd : lastDot + 1
        var label = Self.shortened(text.slice(from: labelStart).text, module: name.module)
        if label.count > ValueLabel.limit {
            label = String(label.prefix(ValueLabel.limit - 1)) + "…~" + Self.digest(text)
        }
        self.label = label
    }

    /// The `(` of the payload, after any `(unknown context at $…)` components.
    private static func payloadStart(in text: ByteLine) -> Int? {
        var position = 0
        while let open = text.firstIndex(of: 0x28, from: position) {
            guard let length = SwiftTypeName.unknownContextLength(in: text, at: open) else { return open }
            position = open + length
        }
        return nil
    }

    /// `text` without `module.` and `(unknown context at $…).` before names, outside strings.
    private static func shortened(_ text: String, module: String?) -> String {
        guard let module, text.contains(module + ".") || text.contains("(unknown context at $") else { return text }
        var result = ""
        var literal = QuotedLiteral()
        let prefix = module + "."
        var rest = text[...]
        while let character = rest.first {
            if !literal.isOpen {
                let startsName = result.last.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
                if startsName, rest.hasPrefix(prefix) {
                    rest = rest.dropFirst(prefix.count)
                    continue
                }
                if rest.hasPrefix("(unknown context at $"), let close = rest.firstIndex(of: ")") {
                    rest = rest[rest.index(after: close)...]
                    if rest.first == "." { rest = rest.dropFirst() }
                    continue
                }
            }
            for byte in String(character).utf8 { _ = literal.takes(byte) }
            result.append(character)
            rest = rest.dropFirst()
        }
        return result
    }

    /// Four hex digits of the whole element (FNV-1a), telling apart values cut at the same place.
    private static func digest(_ text: ByteLine) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var index = 0
        while let byte = text[index] {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
            index += 1
        }
        let folded = UInt16(truncatingIfNeeded: hash ^ hash >> 16 ^ hash >> 32 ^ hash >> 48)
        let digits = String(folded, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
