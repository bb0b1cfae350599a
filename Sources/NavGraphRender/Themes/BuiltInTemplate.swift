import Mustache
import NavGraphTemplates

/// Parses an embedded template from `templates/` for renderers that fill one with `[String: Any]` contexts.
enum BuiltInTemplate {
    static func parse(_ name: String) throws(RenderError) -> MustacheTemplate {
        DOTContentType.register()
        MermaidContentType.register()
        guard let text = Templates.named(name) else { throw .missingTemplate(name: name) }
        return try TemplateErrorMessage.parse(text, name: name)
    }
}
