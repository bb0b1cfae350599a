/// How a diagram names a model on its node. A node is read at a glance: a 36-character UUID printed whole in every
/// node made the ids the widest thing in the drawing, and a suffix every type shares (`NavigationModel`) says
/// nothing. The whole type and id stay in the node's tooltip (SVG `<title>` of its link).
public struct DiagramLabels: Sendable, Equatable {
    /// A UUID id is drawn as its first 4 hex digits and `…` (`8C1F…`).
    public var shortensUUIDs: Bool
    /// A type-name suffix left out (`NavigationModel`: `HomeNavigationModel` is drawn `Home`); a type that is only
    /// the suffix keeps it. `nil` or empty: none.
    public var strippedSuffix: String?

    public init(shortensUUIDs: Bool = true, strippedSuffix: String? = nil) {
        self.shortensUUIDs = shortensUUIDs
        self.strippedSuffix = strippedSuffix
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

    func type(_ type: String) -> String {
        guard let suffix = strippedSuffix, !suffix.isEmpty, type.hasSuffix(suffix), type.count > suffix.count else {
            return type
        }
        return String(type.dropLast(suffix.count))
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
