import Mustache

/// A template that does not parse, described in plain words at the line and column where the parser stopped, so a
/// theme author sees `mine.dot.mustache:12:5: error: …` rather than the template engine's raw error value.
enum TemplateErrorMessage {
    /// Parses `text` and returns the template, or throws `RenderError.invalidTemplate` with the place and a plain
    /// description. `prefixLength` characters were added in front of the author's first line (a pragma) and are
    /// not counted in the column.
    static func parse(_ text: String, name: String, prefixLength: Int = 0) throws(RenderError) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch {
            throw describe(error, name: name, prefixLength: prefixLength)
        }
    }

    static func describe(_ error: any Error, name: String, prefixLength: Int = 0) -> RenderError {
        guard let parserError = error as? MustacheTemplate.ParserError else {
            return .invalidTemplate(name: name, line: nil, column: nil, message: "the template does not parse")
        }
        let context = parserError.context
        let column = context.lineNumber == 1 ? max(1, context.columnNumber - prefixLength) : context.columnNumber
        return .invalidTemplate(
            name: name, line: context.lineNumber, column: column, message: words(for: parserError.error))
    }

    private static func words(for error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else {
            // The parser ran out of text inside a tag.
            return "the template ends inside a tag; expected '}}' to close it"
        }
        switch error {
        case .sectionCloseNameIncorrect:
            return
                "this closing tag does not match the section it closes; expected {{/name}} with the name of the open {{#name}}"
        case .unfinishedName:
            return "a tag is not finished; expected a name followed by '}}'"
        case .expectedSectionEnd:
            return "a section is never closed; expected {{/name}} for every {{#name}} and {{^name}}"
        case .invalidSetDelimiter:
            return "a delimiter change is malformed; expected {{=<% %>=}}"
        case .transformAppliedToInheritanceSection:
            return "a transform cannot be applied to an inherited section"
        case .illegalTokenInsideInheritSection, .textInsideInheritSection:
            return "a partial's inherited section may hold only {{$name}} blocks"
        case .invalidConfigVariableSyntax:
            return "a {{% … }} pragma is malformed; expected {{% NAME: value}}"
        case .unrecognisedConfigVariable:
            return "unknown {{% … }} pragma; navgraph's templates know CONTENT_TYPE"
        @unknown default:
            return "the template does not parse"
        }
    }
}
