import NavGraphTemplates
import Testing

@testable import NavGraphRender

/// A user's template is escaped for the output it writes, whatever its pragma says.
@Suite("User templates escape for their output")
struct UserTemplateTextTests {
    @Test func aTemplateWithoutThePragmaGetsIt() throws {
        let (text, prefix) = try UserTemplateText.prepared("digraph {}\n", name: "t", contentType: "DOT")
        #expect(text == "{{% CONTENT_TYPE: DOT}}digraph {}\n" && prefix == 23)
        // A comment that names the pragma is not one.
        let comment = "{{! no CONTENT_TYPE here }}\ndigraph {}\n"
        #expect(try UserTemplateText.prepared(comment, name: "t", contentType: "DOT").prefixLength == 23)
        for given in ["{{% CONTENT_TYPE: DOT}}", "{{%CONTENT_TYPE:DOT}}", "x\n  {{%  CONTENT_TYPE :  DOT }}"] {
            #expect(try UserTemplateText.prepared(given, name: "t", contentType: "DOT") == (given, 0), "\(given)")
        }
    }

    /// TEXT (or another output's type) would leave `{{value}}` unescaped for this one: a name from the input could
    /// end its DOT string and add a link to the SVG.
    @Test func anotherContentTypeIsRefusedAtItsLine() {
        for (text, given) in [
            ("{{% CONTENT_TYPE: TEXT}}\ndigraph {}", "TEXT"), ("{{!\n}}\n{{% CONTENT_TYPE: Mermaid }}", "Mermaid"),
        ] {
            #expect(
                throws: RenderError.templateRefused(
                    name: "mine.dot.mustache", line: text.hasPrefix("{{!") ? 3 : 1,
                    reason: .contentType(given: given, expected: "DOT"))
            ) {
                try UserTemplateText.prepared(text, name: "mine.dot.mustache", contentType: "DOT")
            }
        }
        #expect(throws: RenderError.templateRefused(name: "t", line: 2, reason: .changesDelimiters)) {
            try UserTemplateText.prepared(
                "flowchart TB\n{{=<% %>=}}\n<%% CONTENT_TYPE: TEXT%>", name: "t",
                contentType: "Mermaid")
        }
    }

    /// The template parser recurses once a section: a theme nested 30,000 deep overflowed the stack (exit 139).
    @Test func sectionsNestedPastTheLimitAreRefusedAtTheirLine() throws {
        let deep =
            "digraph {\n" + String(repeating: "{{#a}}", count: 30_000) + String(repeating: "{{/a}}", count: 30_000)
        #expect(throws: RenderError.templateRefused(name: "t", line: 2, reason: .nestsTooDeep(limit: 64))) {
            try UserTemplateText.prepared(deep, name: "t", contentType: "DOT")
        }
        let lines = (0..<65).map { "{{^s\($0)}}" }.joined(separator: "\n")
        #expect(throws: RenderError.templateRefused(name: "t", line: 65, reason: .nestsTooDeep(limit: 64))) {
            try UserTemplateText.prepared(lines, name: "t", contentType: "DOT")
        }
        // Sections opened and closed in turn never add up.
        let flat = String(repeating: "{{#a}}x{{/a}}", count: 10_000)
        #expect(try UserTemplateText.prepared(flat, name: "t", contentType: "DOT").prefixLength == 23)
    }

    /// A partial navgraph does not provide is drawn as nothing by the template engine: refused at its line, naming
    /// the ones there are.
    @Test func unknownPartialsAreRefusedAtTheirLine() throws {
        #expect(
            throws: RenderError.templateRefused(
                name: "t", line: 2, reason: .unknownPartial(name: "replay-pages", known: ["replay-page"]))
        ) {
            try UserTemplateText.prepared(
                "<!-- mine -->\n{{< replay-pages}}{{/replay-pages}}", name: "t", contentType: "HTML")
        }
        #expect(
            throws: RenderError.templateRefused(name: "t", line: 1, reason: .unknownPartial(name: "header", known: []))
        ) {
            try UserTemplateText.prepared("digraph { {{>header}} }", name: "t", contentType: "DOT")
        }
        // A comment names no partial, on one line or over several.
        let commented = "{{! see {{> header}} }}\ndigraph {}\n{{!\n{{> header}}\n}}"
        #expect(try UserTemplateText.prepared(commented, name: "t", contentType: "DOT").prefixLength > 0)
        let inherited = try UserTemplateText.prepared(
            "{{<replay-page}}{{/replay-page}}", name: "t", contentType: "HTML")
        #expect(inherited.prefixLength == 0)
    }

    /// Through the renderers that take a user's template as text (the CLI's tests try every kind).
    @Test func everyKindOfUserTemplateIsChecked() {
        let text = "{{% CONTENT_TYPE: TEXT}}\n"
        #expect(throws: RenderError.self) { try DOTRenderer(themeText: text, themeName: "a.dot.mustache") }
        #expect(throws: RenderError.self) { try MermaidTemplate(text: text, name: "a.mmd.mustache") }
    }

    /// Each built-in template is told for what it is from its text (renamed, as a user's copy may be), and is
    /// foreign where another kind is drawn; a plain DOT theme is told by its name and serves render and the map.
    @Test func aTemplatesKindIsToldFromWhatItFills() throws {
        let builtIns: [(String, TemplateKind)] = [
            ("dot/light.dot.mustache", .renderTheme), ("dot/dark.dot.mustache", .renderTheme),
            ("diagram/light.dot.mustache", .mapTheme), ("mermaid/default.mmd.mustache", .mermaid),
            ("mermaid/dark.mmd.mustache", .mermaid),
            ("html/light.html.mustache", .html), ("html/dark.html.mustache", .html),
        ]
        for (name, kind) in builtIns {
            let text = try #require(Templates.named(name))
            #expect(TemplateKind(text: text, name: "copy.mustache") == kind, "\(name)")
            #expect(kind.foreignKind(in: text, name: "copy.mustache") == nil)
            for other in [TemplateKind.renderTheme, .mapTheme, .mermaid, .html] where other != kind {
                #expect(other.foreignKind(in: text, name: "copy.mustache") == kind, "\(name) where \(other) is drawn")
            }
        }
        let plain = "digraph {}\n"
        #expect(TemplateKind(text: plain, name: "mine.dot.mustache") == .dot)
        #expect(TemplateKind.renderTheme.foreignKind(in: plain, name: "mine.dot.mustache") == nil)
        #expect(TemplateKind.mapTheme.foreignKind(in: plain, name: "mine.dot.mustache") == nil)
        #expect(TemplateKind.mermaid.foreignKind(in: plain, name: "mine.dot.mustache") == .dot)
        #expect(TemplateKind(text: plain, name: "mine.mustache") == nil)
    }
}
