import Mustache

/// Renders a DOT theme's statements without running the template engine once per statement.
///
/// A theme is logic-less: what it prints for a statement depends only on the statement's *shape* — its kind, which
/// names it has, the value of each flag, which strings are empty — plus the strings themselves, inserted escaped or
/// as is. So each distinct shape (a few dozen in any graph) is rendered once, with a marker standing for each string;
/// every statement of that shape is then that text with its own strings put in. Rendering the template per
/// statement took a few hundred thousand instructions each, the bulk of `render` for graphs Graphviz lays out fast.
///
/// Only used when the result provably equals the template engine's: the theme must escape for DOT and use no
/// transforms (`{{f(x)}}`), delimiter changes or partials, and every shape's text must sit at the same place in the
/// output (checked by rendering the whole template with and without it). Otherwise `nil`, and the caller renders
/// normally.
struct StatementShapes {
    private enum Piece {
        case text(String)
        case value(name: String, escaped: Bool)
    }

    /// The output around the statements, and where they go.
    private let before: String
    private let after: String
    /// The text of each distinct shape, and which one each statement has (its shape is worked out once).
    private let chunks: [[Piece]]
    private let statements: [(shape: Int, values: [String: Any])]

    /// Markers: U+E000 name U+E002 inserted as is, U+E001 name U+E002 escaped (the shape content type turns the first
    /// into the second when it escapes).
    static let rawMarker: Unicode.Scalar = "\u{E000}"
    static let escapedMarker: Unicode.Scalar = "\u{E001}"
    static let endMarker: Unicode.Scalar = "\u{E002}"

    /// The theme parsed for shape rendering (markers escaped into their escaped form), or `nil` when the theme uses
    /// a feature whose output is not a plain function of the shape and the inserted strings.
    static func template(for themeText: String) throws -> MustacheTemplate? {
        guard themeText.contains("CONTENT_TYPE: DOT}}"), !themeText.contains("{{="), !themeText.contains("{{>"),
              !usesTransforms(themeText)
        else { return nil }
        // The content type is looked up when the template is parsed.
        DOTShapeContentType.register()
        return try MustacheTemplate(string: themeText.replacingOccurrences(of: "CONTENT_TYPE: DOT}}", with: "CONTENT_TYPE: DOTSHAPE}}"))
    }

    /// - Parameter template: from `template(for:)`.
    init?(template: MustacheTemplate, root: [String: Any], statements: [[String: Any]]) {
        var emptyContext = root
        emptyContext["statements"] = [[String: Any]]()
        let empty = Array(template.render(emptyContext).unicodeScalars)
        var insertion: Int?
        var chunks: [[Piece]] = []
        var shapeIndex: [String: Int] = [:]
        var shaped: [(shape: Int, values: [String: Any])] = []
        shaped.reserveCapacity(statements.count)
        for statement in statements {
            let key = Self.shape(of: statement)
            if let index = shapeIndex[key] {
                shaped.append((index, Self.flatten(statement)))
                continue
            }
            shapeIndex[key] = chunks.count
            shaped.append((chunks.count, Self.flatten(statement)))
            var context = root
            context["statements"] = [Self.markers(for: statement)]
            let full = Array(template.render(context).unicodeScalars)
            // The shape's text is what the whole output gains; it must sit at one place for every shape.
            var start = 0
            while start < empty.count, start < full.count, empty[start] == full[start] { start += 1 }
            let length = full.count - empty.count
            if length == 0 && full == empty {
                // The theme prints nothing for this shape: it fits anywhere.
                chunks.append([])
                continue
            }
            guard length > 0, insertion == nil || insertion == start,
                  full[(start + length)...].elementsEqual(empty[start...]),
                  let pieces = Self.pieces(full[start..<(start + length)])
            else { return nil }
            insertion = start
            chunks.append(pieces)
        }
        let at = insertion ?? empty.count
        var before = String.UnicodeScalarView()
        before.append(contentsOf: empty[..<at])
        var after = String.UnicodeScalarView()
        after.append(contentsOf: empty[at...])
        self.before = String(before)
        self.after = String(after)
        self.chunks = chunks
        self.statements = shaped
    }

    /// The whole output: what the template engine would have written for the statements.
    func render() -> String {
        var output = before
        for (shape, values) in statements {
            for piece in chunks[shape] {
                switch piece {
                case .text(let text):
                    output += text
                case .value(let name, let escaped):
                    let value = values[name] as? String ?? ""
                    output += escaped ? Escaping.dotString(value) : value
                }
            }
        }
        return output + after
    }

    // MARK: Shapes

    /// The section name and, per value, its name with its flag value or whether its string is empty.
    private static func shape(of statement: [String: Any]) -> String {
        var key = ""
        for (section, content) in statement.sorted(by: { $0.key < $1.key }) {
            key += section + "{"
            if let values = content as? [String: Any] {
                for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                    switch value {
                    case let flag as Bool: key += "\(name)=\(flag),"
                    case let text as String: key += "\(name):\(text.isEmpty ? "empty" : "text"),"
                    default: key += "\(name)?\(type(of: value)),"
                    }
                }
            } else {
                key += "\(content)"
            }
            key += "}"
        }
        return key
    }

    /// The statement with every non-empty string replaced by its marker (names are unique within a statement).
    private static func markers(for statement: [String: Any]) -> [String: Any] {
        statement.mapValues { content -> Any in
            guard let values = content as? [String: Any] else { return content }
            var marked = values
            for (name, value) in values {
                if let text = value as? String, !text.isEmpty { marked[name] = "\(rawMarker)\(name)\(endMarker)" }
            }
            return marked
        }
    }

    private static func flatten(_ statement: [String: Any]) -> [String: Any] {
        var result: [String: Any] = [:]
        for (_, content) in statement {
            if let values = content as? [String: Any] { result.merge(values) { first, _ in first } }
        }
        return result
    }

    /// Splits a shape's text at its markers; `nil` if a marker is broken (the theme changed the value somehow).
    private static func pieces(_ scalars: ArraySlice<Unicode.Scalar>) -> [Piece]? {
        var pieces: [Piece] = []
        var text = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == rawMarker || scalar == escapedMarker {
                guard let end = scalars[index...].firstIndex(of: endMarker) else { return nil }
                var name = String.UnicodeScalarView()
                name.append(contentsOf: scalars[(index + 1)..<end])
                guard !name.isEmpty, !name.contains(where: { $0 == rawMarker || $0 == escapedMarker }) else { return nil }
                if !text.isEmpty { pieces.append(.text(String(text))) }
                text = String.UnicodeScalarView()
                pieces.append(.value(name: String(name), escaped: scalar == escapedMarker))
                index = end + 1
            } else if scalar == endMarker {
                return nil
            } else {
                text.append(scalar)
                index += 1
            }
        }
        if !text.isEmpty { pieces.append(.text(String(text))) }
        return pieces
    }

    /// `{{name(…)}}`-style transforms (and sequence functions such as `first()`) in any tag.
    private static func usesTransforms(_ text: String) -> Bool {
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { return false }
            let tag = rest[open.upperBound..<close.lowerBound]
            if !tag.hasPrefix("!"), tag.contains("(") { return true }
            rest = rest[close.upperBound...]
        }
        return false
    }
}

/// DOT escaping that recognizes a shape marker and turns it into its escaped form, so the marker's text records
/// whether the theme inserted the value escaped.
enum DOTShapeContentType: MustacheContentType {
    case dotShape

    func escapeText(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        if scalars.first == StatementShapes.rawMarker, scalars.last == StatementShapes.endMarker, scalars.count > 2 {
            var escaped = String.UnicodeScalarView()
            escaped.append(StatementShapes.escapedMarker)
            escaped.append(contentsOf: scalars.dropFirst())
            return String(escaped)
        }
        return Escaping.dotString(text)
    }

    static func register() {
        MustacheContentTypes.register(DOTShapeContentType.dotShape, named: "DOTSHAPE")
    }
}
