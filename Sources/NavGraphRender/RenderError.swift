/// Why rendering failed, as data: which template or format, where, and what went wrong. The words are the caller's
/// (the command line's are in `Sources/navgraph`).
public enum RenderError: Error, Equatable {
    /// A user's template did not parse: its name (a path), where (1-based line and column, when known) and why.
    case invalidTemplate(name: String, line: Int?, column: Int?, problem: TemplateProblem)
    /// A user's template navgraph will not write through: its name, the line, and why (`UserTemplateText`).
    case templateRefused(name: String, line: Int, reason: TemplateRefusal)
    /// An embedded template is missing from the build (a packaging bug).
    case missingTemplate(name: String)
    /// Graphviz could not lay out or draw a drawing.
    case graphviz(GraphvizError)
}

/// Why a user's template that parses is not used.
public enum TemplateRefusal: Sendable, Equatable {
    /// Its `CONTENT_TYPE` pragma names another output than the one it writes (`TEXT` in a DOT theme, `Mermaid` in
    /// a DOT theme given for `render`): its values would not be escaped for that output.
    case contentType(given: String, expected: String)
    /// It changes its delimiters (`{{=<% %>=}}`).
    case changesDelimiters
    /// Its sections nest deeper than `limit`: the template parser recurses once per section, and a theme nested
    /// thousands deep overflowed the stack.
    case nestsTooDeep(limit: Int)
    /// It includes or inherits a partial (`{{> name}}`, `{{< name}}`) navgraph does not provide: the template
    /// engine draws an unknown partial as nothing, so a misspelt name left the page or drawing silently empty.
    case unknownPartial(name: String, known: [String])
}

/// What is wrong with a template that does not parse.
public enum TemplateProblem: Sendable, Equatable {
    /// The parser ran out of text inside a tag.
    case endsInsideTag
    /// `{{/name}}` closes a section of another name.
    case sectionCloseNameIncorrect
    /// A tag's name is not followed by `}}`.
    case unfinishedName
    /// A `{{#name}}` or `{{^name}}` is never closed.
    case expectedSectionEnd
    case invalidSetDelimiter
    case transformAppliedToInheritanceSection
    /// A partial's inherited section holds something other than `{{$name}}` blocks.
    case illegalInsideInheritSection
    case invalidPragmaSyntax
    case unrecognisedPragma
    /// The template engine gave no reason.
    case unknown
}
