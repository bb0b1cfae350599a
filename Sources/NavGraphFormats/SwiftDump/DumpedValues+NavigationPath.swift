/// A `NavigationPath` held by a router, read as the array of its items. `dump()` shows SwiftUI's private storage,
/// which only Apple's runtime prints; what is read here is what `print(path)` shows of it on Apple platforms (the
/// corpus samples `navpath-print-*`), the same mirror `dump()` walks:
///
///     ▿ path: SwiftUI.NavigationPath
///       ▿ _items: SwiftUI.NavigationPath.(unknown context at $…).Representation.eager
///         ▿ eager: 2 elements
///           ▿ SwiftUI.(unknown context at $…).CodableItemBox<Swift.String> #1
///           …
///       - subsequentItems: 0 elements
///       - iterationIndex: 0
///
/// or, for a path decoded from its Codable form and not yet read, `.lazy` with a
/// `SwiftUI.NavigationPath.CodableRepresentation` of `resolvedItems` (boxes), `remainingItemsReversed` (the items
/// still encoded, last first, as `(tag: "Swift.Int", item: "42")`) and `subsequentItems`. An item's type is read from
/// its box's type (`CodableItemBox<Swift.String>` → `String`), and from an encoded item its JSON; nothing is read from
/// inside a box (`print` shows a box as its type only, so its fields were never seen). A path whose storage is not
/// this shape is left as it is (not a stack).
extension DumpedValues {
    mutating func readNavigationPaths() {
        for index in values.indices where values[index].shape == .navigationPath {
            guard let items = navigationPathItems(of: index) else { continue }
            for item in items { readNavigationPathItem(item) }
            values[index].text = items.count == 1 ? "1 element" : "\(items.count) elements"
            values[index].shape = .array
            values[index].marker = items.isEmpty ? .leaf : .expanded
            values[index].object = nil
            values[index].children = Children(items)
        }
    }

    /// The path's items in order, first pushed first; `nil` when its storage is not the shape described above.
    private func navigationPathItems(of path: Int) -> [Int]? {
        guard let items = child(of: path, labelled: "_items"), values[items].children.count == 1 else { return nil }
        let representation = values[items].children[0]
        var list: [Int] = []
        switch values[representation].label {
        case "eager":
            guard isArray(representation) else { return nil }
            list += values[representation].children
        case "lazy":
            let codable = representation
            if let remaining = child(of: codable, labelled: "remainingItemsReversed") {
                list += values[remaining].children.reversed()
            }
            if let resolved = child(of: codable, labelled: "resolvedItems") { list += values[resolved].children }
            if let subsequent = child(of: codable, labelled: "subsequentItems") { list += values[subsequent].children }
        default:
            return nil
        }
        if let subsequent = child(of: path, labelled: "subsequentItems") { list += values[subsequent].children }
        return list
    }

    private func child(of index: Int, labelled label: String) -> Int? {
        values[index].children.first { values[$0].label == label }
    }

    /// A box (`SwiftUI.(unknown context at $…).CodableItemBox<Shop.Route> #1`) becomes its item's type
    /// (`Shop.Route`); an encoded item (`(tag: "Shop.Route", item: "{…}")`) its tag, its JSON its one child.
    private mutating func readNavigationPathItem(_ index: Int) {
        let text = values[index].text
        if let open = text.range(of: "ItemBox<"), text.hasSuffix(">") {
            values[index].text = String(text[open.upperBound..<text.index(before: text.endIndex)])
            values[index].children = Children()
        } else if let tag = child(of: index, labelled: "tag") {
            values[index].text = Self.unquoted(values[tag].text)
            values[index].children = Children(child(of: index, labelled: "item").map { [$0] } ?? [])
        } else {
            return
        }
        values[index].shape = .navigationPathItem
        values[index].object = nil
        values[index].marker = values[index].children.isEmpty ? .leaf : .expanded
    }

    /// An item of a `NavigationPath` (`readNavigationPaths`): its type without modules, and its JSON when the dump
    /// shows it (an item still encoded), or `(boxed)`.
    func navigationPathItem(_ index: Int) -> (type: String, label: String) {
        let type = Self.withoutModules(values[index].text)
        guard let item = values[index].children.first else { return (type, "(boxed)") }
        return (type, Self.cut(Self.unquoted(values[item].text)))
    }

    /// A string as `dump()` prints it (`"{\"id\":42}"`) as its text (`{"id":42}`).
    static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped || character != "\\" {
                result.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return result
    }
}
