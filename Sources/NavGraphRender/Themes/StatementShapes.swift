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
        case value(ThemeStatement.Field, escaped: Bool)
    }

    private let template: MustacheTemplate
    private let root: [String: Any]
    /// The output for no statements; each shape's text must be inserted at one place in it (`insertion`).
    private let empty: [Unicode.Scalar]
    private var insertion: Int?
    /// The text of each distinct shape, found through `shapeIndex`.
    private var chunks: [[Piece]] = []
    private var shapeIndex: [ThemeStatement.Shape: Int] = [:]
    /// The statements' text so far.
    private var body = ""

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
        return try MustacheTemplate(
            string: themeText.replacingOccurrences(of: "CONTENT_TYPE: DOT}}", with: "CONTENT_TYPE: DOTSHAPE}}"))
    }

    /// What the template engine would have written for `root` and these statements, or `nil` when that cannot be
    /// worked out by shape (the caller renders normally).
    /// - Parameter template: from `template(for:)`.
    static func render(
        template: MustacheTemplate, root: [String: Any], statements: [DOTScene.Statement],
        labels: DiagramLabels = .full
    ) -> String? {
        var shapes = StatementShapes(template: template, root: root)
        var statement = ThemeStatement(labels: labels)
        for each in statements {
            statement.load(each)
            guard shapes.append(statement) else { return nil }
        }
        return shapes.output()
    }

    private init(template: MustacheTemplate, root: [String: Any]) {
        self.template = template
        self.root = root
        var emptyContext = root
        emptyContext["statements"] = [[String: Any]]()
        empty = Array(template.render(emptyContext).unicodeScalars)
    }

    /// Adds a statement's text; `false` if its shape's text is not a plain insertion.
    private mutating func append(_ statement: ThemeStatement) -> Bool {
        let shape: Int
        if let known = shapeIndex[statement.shape] {
            shape = known
        } else {
            guard let pieces = learn(statement) else { return false }
            shape = chunks.count
            chunks.append(pieces)
            shapeIndex[statement.shape] = shape
        }
        for piece in chunks[shape] {
            switch piece {
            case .text(let text):
                body += text
            case .value(let field, let escaped):
                let value = statement.string(field)
                body += escaped ? Escaping.dotString(value) : value
            }
        }
        return true
    }

    /// Renders the whole template with this one statement, its strings replaced by markers, and takes what the
    /// output gains over `empty` as the shape's text.
    private mutating func learn(_ statement: ThemeStatement) -> [Piece]? {
        var context = root
        context["statements"] = [statement.context { "\(Self.rawMarker)\($0.name)\(Self.endMarker)" }]
        let full = Array(template.render(context).unicodeScalars)
        var start = 0
        while start < empty.count, start < full.count, empty[start] == full[start] { start += 1 }
        let length = full.count - empty.count
        // The theme prints nothing for this shape: it fits anywhere.
        if length == 0 && full == empty { return [] }
        guard length > 0, insertion == nil || insertion == start,
            full[(start + length)...].elementsEqual(empty[start...]),
            let pieces = Self.pieces(full[start..<(start + length)])
        else { return nil }
        insertion = start
        return pieces
    }

    /// The whole output: what comes before the statements, their text, what comes after.
    private func output() -> String {
        let at = insertion ?? empty.count
        var before = String.UnicodeScalarView()
        before.append(contentsOf: empty[..<at])
        var after = String.UnicodeScalarView()
        after.append(contentsOf: empty[at...])
        return String(before) + body + String(after)
    }

    // MARK: Shapes

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
                if !text.isEmpty { pieces.append(.text(String(text))) }
                text = String.UnicodeScalarView()
                guard let field = ThemeStatement.Field(name: String(name)) else { return nil }
                pieces.append(.value(field, escaped: scalar == escapedMarker))
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
