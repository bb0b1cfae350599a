import Mustache

/// `{{value}}` in a DOT theme escapes for a DOT double-quoted string; `{{{value}}}` inserts as is.
/// Themes select it with `{{% CONTENT_TYPE: DOT}}` on their first line.
enum DOTContentType: MustacheContentType {
    case dot

    func escapeText(_ text: String) -> String { Escaping.dotString(text) }

    static func register() {
        MustacheContentTypes.register(DOTContentType.dot, named: "DOT")
    }
}

/// `{{value}}` in a Mermaid template escapes for a double-quoted Mermaid label; `{{{value}}}` inserts as is.
/// Templates select it with `{{% CONTENT_TYPE: Mermaid}}` on their first line.
enum MermaidContentType: MustacheContentType {
    case mermaid

    func escapeText(_ text: String) -> String { Escaping.mermaidLabel(text) }

    static func register() {
        MustacheContentTypes.register(MermaidContentType.mermaid, named: "Mermaid")
    }
}
