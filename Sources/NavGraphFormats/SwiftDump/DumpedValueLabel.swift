import Foundation
import NavGraphCore

/// Short, readable names for dumped values: a pushed route as `Route` + `detail(id: 42)`, a sheet as `Sheet` +
/// `compose(draft: nil)`, types without their module.
extension DumpedValues {
    /// Labels longer than this are cut (with `…`): a route's payload can be a whole model.
    static let maximumLabelLength = 60

    /// The type (without module) and a label for a value: an enum case with its associated values, a struct's
    /// fields, or the printed value.
    func typeAndLabel(of index: Int) -> (type: String, label: String) {
        let value = values[index]
        let text = shownText(index)
        let children = value.children
        if children.isEmpty, let summary = Self.caseSummary(text) { return summary }
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
                values[payload].shape == .payload || values[payload].shape == .array
                ? fields(values[payload].children)
                : inline(payload, budget: Self.maximumLabelLength)
            return (type, Self.cut("\(caseName)(\(arguments))"))
        }
        if children.isEmpty || isArray(index) || isDictionary(index) { return ("", Self.cut(text)) }
        return (text, Self.cut(fields(children)))
    }

    /// The type `typeAndLabel(of:)` gives, without making the label (which may take the whole dump for a root).
    func type(of index: Int) -> String {
        let value = values[index]
        let text = shownText(index)
        if value.children.isEmpty, let summary = Self.caseSummary(text) { return summary.type }
        if let dot = text.lastIndex(of: "."), Self.isQualifiedName(text) {
            let children = value.children
            let caseName = String(text[text.index(after: dot)...])
            guard children.count == 1, values[children[0]].label == caseName else {
                return children.isEmpty ? String(text[..<dot]) : text
            }
            return String(text[..<dot])
        }
        // A `▿`/`▹` value without children (cut by `maxDepth`, or not printed yet) is still its type: `Router`.
        if value.children.isEmpty && value.marker == .leaf || isArray(index) || isDictionary(index) { return "" }
        return text
    }

    /// `id: 42, title: "x"` (tuple positions such as `.0` without their label), up to about `budget` characters.
    private func fields(_ indices: some RandomAccessCollection<Int>, budget: Int = maximumLabelLength) -> String {
        var parts: [String] = []
        var length = 0
        for index in indices {
            let part: String
            if let label = values[index].label, !label.hasPrefix(".") {
                part = "\(label): \(inline(index, budget: budget - length - label.count - 2))"
            } else {
                part = inline(index, budget: budget - length)
            }
            parts.append(part)
            length += part.count + 2
            // Enough for a label that will be cut anyway.
            if length > budget { break }
        }
        return Self.cut(parts.joined(separator: ", "))
    }

    /// A value within a label: as printed, without `Optional(…)` and modules; a collection by its size. A value
    /// `dump()` prints as its type with its content on the lines below (a struct's fields, a nested enum case's
    /// associated values) is written as Swift describes it, `Item(id: 3, name: "Shoes")`, while `budget` characters
    /// allow (each level takes some of it, so nesting ends); an `Optional(…)` already carries that description.
    private func inline(_ index: Int, budget: Int) -> String {
        let printed = values[index].text
        // lldb's `Optional<String>` says only the type: the value is its `some`.
        if printed.hasPrefix("Optional<"),
            let some = values[index].children.first(where: { values[$0].label == "some" })
        {
            return inline(some, budget: budget)
        }
        var text = shownText(index)
        while text.hasPrefix("Optional("), text.hasSuffix(")") { text = String(text.dropFirst(9).dropLast()) }
        if isArray(index) || isDictionary(index) { return "[\(text)]" }
        let children = values[index].children
        guard !children.isEmpty, !Self.isOptionalText(printed), budget > text.count + 2 else { return text }
        let inner = budget - text.count - 2
        // `▿ nested: Shop.Inner.tab` with one child labelled `tab`: a case and its associated values.
        if let dot = text.lastIndex(of: "."), children.count == 1,
            values[children[0]].label == String(text[text.index(after: dot)...])
        {
            let payload = children[0]
            let arguments =
                values[payload].shape == .payload || values[payload].shape == .array
                ? fields(values[payload].children, budget: inner) : inline(payload, budget: inner)
            return "\(text)(\(arguments))"
        }
        return "\(text)(\(fields(children, budget: inner)))"
    }

    /// A value printed on one line without its children (`maxDepth` cut it: `▹ presentedSheet:
    /// Optional(Shop.Sheet.share(url: "x"))`) read as its expanded form reads, `Sheet` + `share(url: "x")`: without
    /// `Optional(…)`, as the enum case and its associated values. `nil` when the text is not a qualified case name
    /// (with or without a payload) inside an `Optional(…)`; the plain `Shop.Route.detail` is read as before.
    static func caseSummary(_ text: String) -> (type: String, label: String)? {
        guard text.hasPrefix("Optional(") else { return nil }
        var inner = Substring(text)
        while inner.hasPrefix("Optional("), inner.hasSuffix(")") { inner = inner.dropFirst(9).dropLast() }
        let name = inner.prefix { $0 != "(" }
        guard name.count == inner.count || inner.hasSuffix(")"), isQualifiedName(String(name)),
            let dot = name.lastIndex(of: ".")
        else { return nil }
        let caseName = inner[inner.index(after: dot)...]
        return (String(name[..<dot]), cut(String(caseName)))
    }

    static func cut(_ text: String) -> String {
        text.count > maximumLabelLength ? String(text.prefix(maximumLabelLength - 1)) + "…" : text
    }

    /// `Shop.Route.detail` (identifiers joined by dots, nothing else). ASCII text is judged byte by byte (asking
    /// characters whether they are letters is slow).
    static func isQualifiedName(_ text: String) -> Bool {
        if let ascii = text.withByteLine({ line in line.isASCII ? ASCIIName.isQualifiedName(line) : nil }) {
            return ascii
        }
        return isQualifiedName(readingText: text)
    }

    /// The straightforward judgement, on characters (the byte-level one is checked against it).
    static func isQualifiedName(readingText text: String) -> Bool {
        guard text.contains("."), let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    }

    /// `Shop.Box<Shop.Route>` → `Box<Route>`: the first component of every qualified name outside string literals
    /// is the module `dump()` prints. Names with one component stay. ASCII text is read byte by byte.
    static func withoutModules(_ text: String) -> String {
        if let ascii = text.withByteLine({ line in line.isASCII ? ASCIIName.withoutModules(line) : nil }) {
            return ascii
        }
        return withoutModules(readingText: text)
    }

    /// The straightforward reading, on characters (the byte-level one is checked against it).
    static func withoutModules(readingText text: String) -> String {
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
                let next =
                    end < text.endIndex && text[end] == "." && text.index(after: end) < text.endIndex
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

/// `isQualifiedName` and `withoutModules` for ASCII text, byte by byte: the same decisions as on characters (on ASCII,
/// letters are `A`–`Z` and `a`–`z`, numbers `0`–`9`).
private enum ASCIIName {
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    static func isIdentifier(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) || byte == 0x5F }

    static func isQualifiedName(_ text: ByteLine) -> Bool {
        guard text.contains(.dot), let first = text.first, isLetter(first) || first == 0x5F else { return false }
        return text.firstIndex(where: { !isIdentifier($0) && $0 != .dot }) == nil
    }

    static func withoutModules(_ text: ByteLine) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var literal = QuotedLiteral()
        var index = 0
        var previous: UInt8?
        while let byte = text[index] {
            if literal.takes(byte) {
                result.append(byte)
                previous = byte
                index += 1
                continue
            }
            if isLetter(byte) || byte == 0x5F, !(previous.map { isIdentifier($0) || $0 == .dot } ?? false) {
                let end = text.endOfRun(from: index, while: isIdentifier)
                // A module: an upper-case name followed by `.` and another name, or a lower-case one followed by
                // an upper-case name (as `withoutModules(readingText:)` says why).
                if text[end] == .dot, let next = text[end + 1], isLetter(next), isUppercase(byte) || isUppercase(next) {
                    previous = .dot
                    index = end + 1
                    continue
                }
                result.append(contentsOf: text.slice(from: index, to: end))
                previous = text[end - 1]
                index = end
                continue
            }
            result.append(byte)
            previous = byte
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// `typeAndLabel(of:)` of the values a log dumps again and again (each dump of a stack prints every entry below the
/// changed one again), worked out once per distinct value: by the value's subtree — labels, texts and shape — which
/// is all it depends on.
final class DumpedLabels {
    /// Found by a hash of the subtree's key (a dictionary hashes each key with SipHash again).
    private struct Entry {
        var key: [UInt8]
        var made: (type: String, label: String)
    }

    private var entries = RecentItems<Entry>(size: 4096)
    private var key: [UInt8] = []
    /// The largest subtree remembered (a bigger one is worked out each time).
    private static let largestSubtree = 64

    func typeAndLabel(of index: Int, in values: DumpedValues) -> (type: String, label: String) {
        // The subtree is the run from `index` to its last descendant (values are in preorder).
        var last = index
        while let child = values[last].children.last, last - index < Self.largestSubtree { last = child }
        guard values[last].children.isEmpty, last - index < Self.largestSubtree else {
            return values.typeAndLabel(of: index)
        }
        key.removeAll(keepingCapacity: true)
        for position in index...last {
            let value = values[position]
            // Where its parent is in the run: the subtree's shape.
            let parent = position == index ? 0 : UInt8(truncatingIfNeeded: (value.parent ?? index) - index)
            key.append(parent)
            if let label = value.label {
                key.append(1)
                key += label.utf8
            } else {
                key.append(2)
            }
            key.append(value.isUnqualified ? 3 : 0)
            key += value.text.utf8
            key.append(0)
        }
        let hash = SlotIndex.hash(contentsOf: key)
        if let made = entries.lookUp(hash: hash, { sameBytes($0.key, key) ? $0.made : nil }) { return made }
        let made = values.typeAndLabel(of: index)
        entries.store(Entry(key: key, made: made), hash: hash)
        return made
    }

}
