import Mustache
import NavGraphTemplates

/// An HTML theme of the replay page (`templates/html/`, or a user's own), parsed beside the page template every
/// built-in theme inherits from (`{{<replay-page}} … {{/replay-page}}`).
struct HTMLTheme {
    private let library: MustacheLibrary

    /// Parses the theme `text`; `name` (its path or built-in name) is what a parse error names.
    init(text: String, name: String) throws(RenderError) {
        guard let page = Templates.named(HTMLReplayPage.pageTemplateName) else {
            throw .missingTemplate(name: HTMLReplayPage.pageTemplateName)
        }
        var library = MustacheLibrary()
        library.register(
            try TemplateErrorMessage.parse(page, name: HTMLReplayPage.pageTemplateName), named: "replay-page")
        // Escaping for HTML whatever the theme says (TEXT would let a name from the input into the page's markup).
        library.register(try UserTemplateText.parsed(text, name: name, contentType: "HTML"), named: "theme")
        self.library = library
    }

    /// The page for `context`.
    func render(_ context: [String: Any]) throws(RenderError) -> String {
        guard let page = library.render(context, withTemplate: "theme") else { throw .missingTemplate(name: "theme") }
        return page
    }
}
