import Mustache

/// A user's template, made ready to parse for the output it writes: its values are escaped for that output whatever
/// the author wrote. A template that forgets the `{{% CONTENT_TYPE: … }}` pragma gets it in front; one that names
/// another content type is refused (`TEXT` or `HTML` in a DOT theme would let a name from the input end its label
/// and add attributes, such as a link, to the drawing), and so is one that changes its delimiters, whose pragmas
/// could then not be checked.
public enum UserTemplateText {
    /// Throws what writing through this template would: a pragma for another output, a delimiter change. Lets a
    /// command say so before it reads its input.
    public static func check(_ text: String, name: String, contentType: String) throws(RenderError) {
        _ = try prepared(text, name: name, contentType: contentType)
    }

    /// The template, prepared and parsed; a parse error placed at the author's line and column. The content type's
    /// escaping must be registered first (`DOTContentType.register()`, …; HTML is the engine's own).
    static func parsed(_ text: String, name: String, contentType: String) throws(RenderError) -> MustacheTemplate {
        let (text, prefixLength) = try prepared(text, name: name, contentType: contentType)
        return try TemplateErrorMessage.parse(text, name: name, prefixLength: prefixLength)
    }

    /// The text to parse and how many characters were put in front of the author's first line.
    static func prepared(
        _ text: String, name: String, contentType: String
    ) throws(RenderError) -> (text: String, prefixLength: Int) {
        if let partial = unknownPartial(in: text, contentType: contentType) {
            throw .templateRefused(
                name: name, line: partial.line,
                reason: .unknownPartial(name: partial.name, known: partials(for: contentType)))
        }
        var hasPragma = false
        var depth = 0
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.contains("{{=") {
                throw .templateRefused(name: name, line: offset + 1, reason: .changesDelimiters)
            }
            depth = sectionDepth(after: line, from: depth)
            if depth > sectionLimit {
                throw .templateRefused(name: name, line: offset + 1, reason: .nestsTooDeep(limit: sectionLimit))
            }
            var rest = line[...]
            while let open = rest.range(of: "{{%") {
                let tag = rest[open.upperBound...].prefix { $0 != "}" }
                rest = rest[open.upperBound...]
                let words = tag.split(separator: ":", maxSplits: 1)
                guard words.count == 2, words[0].trimmingSpaces == "CONTENT_TYPE" else { continue }
                let given = String(words[1].trimmingSpaces)
                hasPragma = true
                if given != contentType {
                    throw .templateRefused(
                        name: name, line: offset + 1, reason: .contentType(given: given, expected: contentType))
                }
            }
        }
        // HTML is the template engine's own default: nothing to put in front (a pragma before a first-line
        // comment would keep that line's newline in the page). The pragma itself, not the word: a copy of a
        // built-in template keeps its comment, which names CONTENT_TYPE, after its pragma line is deleted.
        if hasPragma || contentType == "HTML" { return (text, 0) }
        let pragma = "{{% CONTENT_TYPE: \(contentType)}}"
        return (pragma + text, pragma.count)
    }
}

extension UserTemplateText {
    /// Far deeper than any theme (the built-in ones nest five), far shallower than what overflows the stack.
    static let sectionLimit = 64

    /// The partials a template of this content type may include or inherit: the HTML replay page's, for an HTML
    /// theme; none for the others.
    static func partials(for contentType: String) -> [String] {
        contentType == "HTML" ? ["replay-page"] : []
    }

    /// The first partial `text` names (`{{> name}}` or `{{< name}}`) that is not among `partials(for:)`, and its
    /// line. A comment (`{{! … }}`, which ends at the first `}}`, over lines too) names none.
    fileprivate static func unknownPartial(in text: String, contentType: String) -> (name: String, line: Int)? {
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            switch rest.first {
            case "!":
                guard let close = rest.range(of: "}}") else { return nil }
                rest = rest[close.upperBound...]
            case ">", "<":
                let name = String(rest.dropFirst().prefix { $0 != "}" && $0 != "\n" }.trimmingSpaces)
                if !partials(for: contentType).contains(name) {
                    let line = text[..<open.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                    return (name, line)
                }
            default:
                break
            }
        }
        return nil
    }

    /// The sections open after `line`, `depth` being open before it; stops counting past the limit.
    fileprivate static func sectionDepth(after line: Substring, from depth: Int) -> Int {
        var depth = depth
        var rest = line[...]
        while depth <= sectionLimit, let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            switch rest.first {
            case "#", "^", "$", "<": depth += 1
            case "/": depth = max(0, depth - 1)
            default: break
            }
        }
        return depth
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
