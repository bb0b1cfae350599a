import Mustache

/// A template that does not parse, placed at the line and column where the parser stopped, so a theme author is
/// told `mine.dot.mustache:12:5` and what is wrong there rather than the template engine's raw error value.
enum TemplateErrorMessage {
    /// Parses `text` and returns the template, or throws `RenderError.invalidTemplate` with the place and the
    /// problem. `prefixLength` characters were added in front of the author's first line (a pragma) and are not
    /// counted in the column.
    static func parse(_ text: String, name: String, prefixLength: Int = 0) throws(RenderError) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch {
            throw describe(error, name: name, prefixLength: prefixLength)
        }
    }

    static func describe(_ error: any Error, name: String, prefixLength: Int = 0) -> RenderError {
        guard let parserError = error as? MustacheTemplate.ParserError else {
            return .invalidTemplate(name: name, line: nil, column: nil, problem: .unknown)
        }
        let context = parserError.context
        let column = context.lineNumber == 1 ? max(1, context.columnNumber - prefixLength) : context.columnNumber
        return .invalidTemplate(
            name: name, line: context.lineNumber, column: column, problem: problem(for: parserError.error))
    }

    private static func problem(for error: any Error) -> TemplateProblem {
        guard let error = error as? MustacheTemplate.Error else { return .endsInsideTag }
        switch error {
        case .sectionCloseNameIncorrect: return .sectionCloseNameIncorrect
        case .unfinishedName: return .unfinishedName
        case .expectedSectionEnd: return .expectedSectionEnd
        case .invalidSetDelimiter: return .invalidSetDelimiter
        case .transformAppliedToInheritanceSection: return .transformAppliedToInheritanceSection
        case .illegalTokenInsideInheritSection, .textInsideInheritSection: return .illegalInsideInheritSection
        case .invalidConfigVariableSyntax: return .invalidPragmaSyntax
        case .unrecognisedConfigVariable: return .unrecognisedPragma
        @unknown default: return .unknown
        }
    }
}
