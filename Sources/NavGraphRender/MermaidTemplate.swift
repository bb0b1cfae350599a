import Mustache

/// The template a Mermaid flowchart is written through: the built-in `templates/mermaid/default.mmd.mustache`, or a
/// user's own (`render --format mermaid --theme PATH`, `diagram` likewise), given the fields the built-in one
/// documents at its top.
public struct MermaidTemplate: Sendable {
    let template: MustacheTemplate

    /// Parses a user's template; `name` (its path) is what a parse error names, at the author's line and column.
    public init(text: String, name: String) throws(RenderError) {
        MermaidContentType.register()
        // Escaping for Mermaid labels is the default, so a template that forgets the pragma still cannot be broken
        // by a name in the input.
        let pragma = "{{% CONTENT_TYPE: Mermaid}}"
        let prefixLength = text.contains("CONTENT_TYPE") ? 0 : pragma.count
        template = try TemplateErrorMessage.parse(
            prefixLength == 0 ? text : pragma + text, name: name, prefixLength: prefixLength)
    }

    private init(template: MustacheTemplate) {
        self.template = template
    }

    static func builtIn() throws(RenderError) -> MermaidTemplate {
        MermaidTemplate(template: try BuiltInTemplate.parse(MermaidRenderer.templateName))
    }
}
