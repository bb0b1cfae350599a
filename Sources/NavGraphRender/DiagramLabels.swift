/// How a diagram names a model on its node. A node is read at a glance: a 36-character UUID printed whole in every
/// node made the ids the widest thing in the drawing, and a suffix every type shares (`NavigationModel`) says
/// nothing. The whole type and id stay in the node's tooltip (SVG `<title>` of its link).
public struct DiagramLabels: Sendable, Equatable {
    /// A UUID id is drawn as its first 4 hex digits and `…` (`8C1F…`).
    public var shortensUUIDs: Bool
    /// A type-name suffix left out (`NavigationModel`: `HomeNavigationModel` is drawn `Home`); a type that is only
    /// the suffix keeps it. `nil` or empty: none.
    public var strippedSuffix: String?
    /// A type name longer than this many characters is drawn on two lines, broken between the words of its camel
    /// case nearest the middle (`ArchitectureExample` / `NavigationModel`): where a drawing has little room across
    /// (the replay page's pane), three long sibling names side by side made a step too wide to read whole. `nil`:
    /// one line.
    public var wrapsTypesLongerThan: Int?

    public init(shortensUUIDs: Bool = true, strippedSuffix: String? = nil, wrapsTypesLongerThan: Int? = nil) {
        self.shortensUUIDs = shortensUUIDs
        self.strippedSuffix = strippedSuffix
        self.wrapsTypesLongerThan = wrapsTypesLongerThan
    }

    /// UUIDs of one drawing that share their first 4 hex digits, each with the shortest prefix that tells them
    /// apart (`8C1F0…`, `8C1F9…`): a short id must still name one model.
    var longerIDs: [String: String] = [:]

    /// These labels for a drawing of models with these ids.
    func distinguishing<IDs: Sequence<String>>(_ ids: IDs) -> DiagramLabels {
        guard shortensUUIDs else { return self }
        var byPrefix: [Substring: Set<String>] = [:]
        for id in ids where Self.isUUID(id) { byPrefix[id.prefix(4), default: []].insert(id) }
        var labels = self
        for group in byPrefix.values where group.count > 1 {
            let length =
                (5...36).first { length in Set(group.map { $0.prefix(length) }).count == group.count } ?? 36
            for id in group { labels.longerIDs[id] = length == 36 ? id : id.prefix(length) + "…" }
        }
        return labels
    }

    /// Everything as the input named it.
    public static let full = DiagramLabels(shortensUUIDs: false)

    /// The type as drawn: `strippedSuffix` left out of every name in it that ends with it and is longer, so a
    /// generic type and its arguments (`ThreadNavigationModel<ListNavigationModel>` → `Thread<List>`), a qualified
    /// name and a case's payload (`detail(DetailNavigationModel)`) are shortened as a plain name is.
    func type(_ type: String) -> String {
        guard let suffix = strippedSuffix, !suffix.isEmpty, type.contains(suffix) else { return wrapped(type) }
        var result = ""
        var name = ""
        func endName() {
            result += name.count > suffix.count && name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
            name = ""
        }
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                name.append(character)
            } else {
                endName()
                result.append(character)
            }
        }
        endName()
        return wrapped(result)
    }

    /// `type` on two lines when it is longer than `wrapsTypesLongerThan`: a LINE SEPARATOR (which
    /// `Escaping.dotString` writes as DOT's line break) before the capital, following a lowercase letter or digit,
    /// nearest its middle. Unchanged when it has no such place.
    func wrapped(_ type: String) -> String {
        guard let limit = wrapsTypesLongerThan, type.count > limit else { return type }
        let characters = Array(type)
        let middle = characters.count / 2
        let breaks = characters.indices.dropFirst().filter { index in
            characters[index].isUppercase && (characters[index - 1].isLowercase || characters[index - 1].isNumber)
        }
        guard let at = breaks.min(by: { abs($0 - middle) < abs($1 - middle) }) else { return type }
        return String(characters[..<at]) + "\u{2028}" + String(characters[at...])
    }

    func id(_ id: String) -> String {
        guard shortensUUIDs, Self.isUUID(id) else { return id }
        return longerIDs[id] ?? id.prefix(4) + "…"
    }

    /// 8-4-4-4-12 hex digits.
    static func isUUID(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return false }
        for (index, byte) in utf8.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let hex =
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
                guard hex else { return false }
            }
        }
        return true
    }
}
