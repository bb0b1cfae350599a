/// Which output a user's template was written for, told from what it fills (each kind's built-in template documents
/// its sections), else from its file's name: a template given where another kind is drawn wrote an empty page, a map
/// without its windows or Mermaid text as DOT, and succeeded. The words are the caller's.
public enum TemplateKind: Equatable, Sendable {
    case renderTheme, mapTheme, mermaid, html
    /// A DOT theme that fills nothing particular to render's or the map's, known by its file name.
    case dot

    /// What the text fills tells the kind, else the file's name (`mine.dot.mustache`); `nil` when neither does.
    public init?(text: String, name: String) {
        if let kind = TemplateKind(text: text) {
            self = kind
        } else if name.hasSuffix(".mmd.mustache") || name.hasSuffix(".mmd") {
            self = .mermaid
        } else if name.hasSuffix(".html.mustache") {
            self = .html
        } else if name.hasSuffix(".dot.mustache") || name.hasSuffix(".dot") {
            self = .dot
        } else {
            return nil
        }
    }

    /// `nil` when nothing in it is particular to one kind (a small theme of the user's own).
    private init?(text: String) {
        if text.contains("{{<replay-page}}") || text.contains("CONTENT_TYPE: HTML") {
            self = .html
        } else if text.contains("CONTENT_TYPE: Mermaid") || text.contains("\nflowchart ")
            || text.hasPrefix("flowchart ")
        {
            self = .mermaid
        } else if ["{{#window}}", "{{#group}}"].contains(where: text.contains) {
            self = .mapTheme
        } else if ["{{#legendStart}}", "{{modelID}}"].contains(where: text.contains) {
            self = .renderTheme
        } else {
            return nil
        }
    }

    /// The built-in template of this kind, to start one from.
    public var builtIn: String {
        switch self {
        case .renderTheme: "dot/light.dot.mustache"
        case .mapTheme: "diagram/light.dot.mustache"
        case .mermaid: MermaidRenderer.templateName
        case .html: "html/light.html.mustache"
        case .dot: "dot/light.dot.mustache"
        }
    }

    /// The kind of `text` (the file `name`) when it is another than this one, where this kind is drawn; `nil` when
    /// it may be drawn through (a plain DOT theme serves render and the map alike).
    public func foreignKind(in text: String, name: String) -> TemplateKind? {
        guard let kind = TemplateKind(text: text, name: name), kind != self,
            !(kind == .dot && [.renderTheme, .mapTheme].contains(self))
        else { return nil }
        return kind
    }
}
