/// Graphviz's SVG cut into the groups the replay page shows and hides one at a time: each node, edge and cluster
/// is a `<g>` directly inside the graph's own group, and the page builds only the groups a step shows.
///
/// Why: parsing the whole drawing of a 10,000-step history (1.5 MB, 2,500 groups) took 200–330 ms in Chromium,
/// and every hidden group left in the document, even `display: none`, made each layout of the page slower (about
/// 250 ms for the first one, against 10 ms with only the shown groups present; measured on the loaded 2-core
/// machine, see docs/html-replay.md).
struct SVGGroups {
    enum Kind: String { case node, edge, cluster, other }

    struct Group: Equatable {
        /// The group's markup, `<g …>` to its `</g>`, as Graphviz wrote it (escaped XML).
        var xml: String
        var kind: Kind
        /// The text of the group's first `<title>`, unescaped: Graphviz's name for the node (`n3`), the edge
        /// (`n3->n4`) or the cluster (`cluster_2`).
        var title: String
    }

    /// The `<svg>` element from its start tag to the first group (the graph's group, title and background).
    var head: String
    /// What follows the last group: the graph's `</g>` and `</svg>`.
    var tail: String
    var groups: [Group]

    /// Cuts `svg` (Graphviz's output with comments left out, as `HTMLReplayPage.svgElement` gives it). A drawing
    /// of another shape (no graph group) stays whole in `head`, with no groups.
    init(svg: String) {
        let bytes = Array(svg.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        // Tags are found by their first bytes: Graphviz escapes `<` in every text and attribute value.
        func isGroupStart(_ index: Int) -> Bool {
            index + 2 < bytes.count && bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "g")
                && (bytes[index + 2] == UInt8(ascii: " ") || bytes[index + 2] == UInt8(ascii: ">"))
        }
        func isGroupEnd(_ index: Int) -> Bool {
            index + 3 < bytes.count && bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "/")
                && bytes[index + 2] == UInt8(ascii: "g") && bytes[index + 3] == UInt8(ascii: ">")
        }
        var depth = 0
        var groupStart = -1
        var headEnd = -1
        var lastEnd = -1
        var found: [Group] = []
        var index = 0
        while index < bytes.count {
            if isGroupStart(index) {
                depth += 1
                if depth == 2 {
                    groupStart = index
                    if headEnd < 0 { headEnd = index }
                }
            } else if isGroupEnd(index) {
                depth -= 1
                if depth == 1 && groupStart >= 0 {
                    let end = index + 4
                    let xml = text(groupStart..<end)
                    found.append(Group(xml: xml, kind: Self.kind(of: xml), title: Self.title(of: xml)))
                    groupStart = -1
                    lastEnd = end
                } else if depth < 1 {
                    break
                }
            }
            index += 1
        }
        guard headEnd >= 0, lastEnd >= 0, depth <= 1 else {
            head = svg
            tail = ""
            groups = []
            return
        }
        head = text(0..<headEnd)
        // The newlines between groups carry nothing.
        tail = text(lastEnd..<bytes.count).drop { $0 == "\n" }.description
        groups = found
    }

    /// The whole drawing again, without the line breaks between groups.
    var joined: String { head + groups.map(\.xml).joined() + tail }

    private static func kind(of xml: String) -> Kind {
        guard let tagEnd = xml.firstIndex(of: ">") else { return .other }
        let tag = xml[..<tagEnd]
        for kind in [Kind.node, .edge, .cluster] where tag.contains("class=\"\(kind.rawValue)\"") { return kind }
        return .other
    }

    private static func title(of xml: String) -> String {
        guard let start = xml.range(of: "<title>"),
            let end = xml.range(of: "</title>", range: start.upperBound..<xml.endIndex)
        else { return "" }
        return unescapeXML(xml[start.upperBound..<end.lowerBound])
    }

    /// XML's five named entities and numeric references (`&#45;`, `&#x2d;`): what Graphviz writes in a title.
    static func unescapeXML(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { return result + rest[amp...] }
            let name = rest[rest.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(name)]
            var scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            }
            if let replacement = named ?? scalar.map({ String(Character($0)) }) {
                result += replacement
            } else {
                result += rest[amp...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
