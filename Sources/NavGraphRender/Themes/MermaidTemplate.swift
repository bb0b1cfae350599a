import Mustache

/// The template a Mermaid flowchart is written through: the built-in `templates/mermaid/default.mmd.mustache`, or a
/// user's own (`render --format mermaid --theme PATH`, `diagram` likewise), given the fields the built-in one
/// documents at its top.
public struct MermaidTemplate: Sendable {
    let template: MustacheTemplate

    /// Parses a user's template; `name` (its path) is what a parse error names, at the author's line and column.
    public init(text: String, name: String) throws(RenderError) {
        MermaidContentType.register()
        // Escaping for Mermaid labels whatever the template says, so a name in the input cannot end its label.
        template = try UserTemplateText.parsed(text, name: name, contentType: "Mermaid")
    }

    private init(template: MustacheTemplate) {
        self.template = template
    }

    static func builtIn() throws(RenderError) -> MermaidTemplate {
        MermaidTemplate(template: try BuiltInTemplate.parse(MermaidRenderer.templateName))
    }

    /// The built-in template of a built-in theme: `dark` (`templates/mermaid/dark.mmd.mustache`, dark fills on
    /// Mermaid's dark theme), else the default one (`light`: light fills, which read on a site's light and dark
    /// themes alike).
    public static func builtIn(theme: String) throws(RenderError) -> MermaidTemplate {
        guard theme == "dark" else { return try builtIn() }
        return MermaidTemplate(template: try BuiltInTemplate.parse("mermaid/dark.mmd.mustache"))
    }
}
