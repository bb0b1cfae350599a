import Mustache

/// A DOT theme parsed: for rendering by statement shape (`StatementShapes`) when it can be, else for the template
/// engine; the other is parsed only if needed (parsing is a noticeable part of small renders).
struct DOTTheme: Sendable {
    let text: String
    let shapeTemplate: MustacheTemplate?
    private let fullTemplate: MustacheTemplate?

    init(text: String, name: String) throws(RenderError) {
        DOTContentType.register()
        // Escaping for DOT whatever the theme says, so input cannot break out of a value.
        let (text, prefixLength) = try UserTemplateText.prepared(text, name: name, contentType: "DOT")
        self.text = text
        do {
            shapeTemplate = try StatementShapes.template(for: self.text)
        } catch {
            // Parsed again as written, for the author's own line and column.
            _ = try TemplateErrorMessage.parse(self.text, name: name, prefixLength: prefixLength)
            throw TemplateErrorMessage.describe(error, name: name, prefixLength: prefixLength)
        }
        fullTemplate =
            shapeTemplate == nil
            ? try TemplateErrorMessage.parse(self.text, name: name, prefixLength: prefixLength) : nil
        self.prefixLength = prefixLength
    }

    private let prefixLength: Int

    /// The theme for the template engine.
    func template(name: String) throws(RenderError) -> MustacheTemplate {
        if let fullTemplate { return fullTemplate }
        return try TemplateErrorMessage.parse(text, name: name, prefixLength: prefixLength)
    }
}
