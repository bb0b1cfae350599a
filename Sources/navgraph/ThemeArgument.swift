import ArgumentParser
import Foundation
import NavGraphFormats
import NavGraphRender
import NavGraphTemplates

/// `--theme NAME|PATH`: a built-in theme by name (`light`, `dark`), else a user's file. A word with no `/` or `.`
/// that names no built-in theme is a mistake rather than a file, so it gets the list of names.
struct ThemeArgument {
    /// The template's text and the name errors give it (the file's path, or the built-in template's).
    struct Template {
        var text: String
        var name: String
    }

    let value: String
    /// Where `value` came from when a configuration file set it (`.navgraph.yml:2`): errors name that line too.
    var origin: String?

    var builtInName: String? { BuiltInThemes.names.contains(value) ? value : nil }
    /// The user's theme file, as named; `nil` for a built-in theme.
    var userFile: String? { builtInName == nil ? value : nil }

    /// The DOT theme; `nil` for the default built-in one (parsed once, ahead, by the renderer).
    func dotTemplate() throws -> Template? {
        if let name = try builtIn() {
            return name == BuiltInThemes.defaultName ? nil : try embedded(BuiltInThemes.dotTemplatePath(name))
        }
        let text = try readFile()
        try TemplateKind.renderTheme.require(of: text, name: value)
        try UserTemplateText.check(text, name: value, contentType: "DOT")
        return Template(text: text, name: value)
    }

    /// The HTML theme, and the built-in DOT theme its drawing uses (a user's HTML theme draws in the default one).
    func htmlTemplate() throws -> (html: Template, dot: Template?) {
        if let name = try builtIn() {
            let dot = name == BuiltInThemes.defaultName ? nil : try embedded(BuiltInThemes.dotTemplatePath(name))
            return (try embedded(BuiltInThemes.htmlTemplatePath(name)), dot)
        }
        let text = try readFile()
        try TemplateKind.html.require(of: text, name: value)
        try UserTemplateText.check(text, name: value, contentType: "HTML")
        return (Template(text: text, name: value), nil)
    }

    /// The diagram's theme (`navgraph diagram`): a built-in diagram theme by name (`templates/diagram/`), else the
    /// user's Mustache file, read.
    func diagramTheme() throws -> (builtIn: String?, file: Template?) {
        if NavigationMapDOTRenderer.themes.contains(value) { return (value, nil) }
        if !value.contains("/") && !value.contains(".") {
            throw ValidationError(
                "no diagram theme '\(value)'; built-in themes: "
                    + NavigationMapDOTRenderer.themes.joined(separator: ", ")
                    + " (for a file, give its path, e.g. ./\(value))")
        }
        let text = try readFile()
        try TemplateKind.mapTheme.require(of: text, name: value)
        try UserTemplateText.check(text, name: value, contentType: "DOT")
        return (nil, Template(text: text, name: value))
    }

    /// The Mermaid template: a built-in theme's (`dark`'s own; `nil`, the default, for `light`), else the user's
    /// file. A DOT theme given for Mermaid output is a slip, said: written through as Mermaid it would be DOT text in
    /// a Markdown page.
    func mermaidTemplate() throws -> MermaidTemplate? {
        if BuiltInThemes.names.contains(value) || NavigationMapDOTRenderer.themes.contains(value) {
            return value == BuiltInThemes.defaultName ? nil : try MermaidTemplate.builtIn(theme: value)
        }
        _ = try builtIn()
        let text = try readFile()
        try TemplateKind.mermaid.require(of: text, name: value)
        return try MermaidTemplate(text: text, name: value)
    }

    private func builtIn() throws -> String? {
        if let builtInName { return builtInName }
        if !value.contains("/") && !value.contains(".") {
            throw ValidationError(
                "no built-in theme '\(value)'; built-in themes: "
                    + BuiltInThemes.names.joined(separator: ", ") + " (for a file, give its path, e.g. ./\(value))")
        }
        return nil
    }

    private func embedded(_ path: String) throws -> Template {
        guard let text = Templates.named(path) else { throw RenderError.missingTemplate(name: path) }
        return Template(text: text, name: path)
    }

    private func readFile() throws -> String {
        switch TextFile.contents(of: value) {
        case .success(let text): return text
        case .failure(let error):
            // A theme the configuration chose is reported at its line there, under its key: that is what to fix.
            if let origin {
                throw CommandFailure.badInput(
                    origin, "'defaults.theme': theme '\(value)': cannot read it: \(error.reason)")
            }
            throw CommandFailure.badInput(value, "cannot read theme (--theme): \(error.reason)")
        }
    }
}
