import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphTemplates
import NavGraphTestSupport
import Testing

@testable import NavGraphRender

/// Rendering DOT by statement shape must give exactly what the template engine gives, for any theme.
@Suite("DOT by statement shape")
struct StatementShapesTests {
    /// Every example, plus hostile names: quotes, backslashes, the shape markers themselves, empty strings.
    private static func hierarchies() throws -> [Hierarchy] {
        var result: [Hierarchy] = []
        let examples = repositoryRoot.appendingPathComponent("examples")
        // Not the program that made an example, nor the example configuration.
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
        where !name.hasSuffix(".swift") && !name.hasSuffix(".yml") {
            var hierarchy = Hierarchy()
            try NavigationInput(source: try LineSource(path: examples.appendingPathComponent(name).path))
                .read(diagnostics: DiagnosticCollector()) {
                    hierarchy.apply($0)
                    return true
                }
            result.append(hierarchy)
        }
        var hostile = Hierarchy()
        let names = ["Quote\"Back\\slash", "\u{E000}id\u{E002}", "\u{E001}type\u{E002}x", "Amp&amp;<b>", "\\N\\G"]
        var entries = [
            Snapshot.Entry(model: ModelRef(key: "r", id: "", type: "Root"), kind: .stack, edge: nil, parent: nil)
        ]
        for (index, name) in names.enumerated() {
            entries.append(
                Snapshot.Entry(
                    model: ModelRef(key: "k\(index)", id: name, type: name), kind: index == 2 ? .tabs : .screen,
                    edge: index == 0 ? .presented(PresentationStyle(name)) : .push, parent: 0))
        }
        hostile.apply(NavEvent(.snapshot([Snapshot(window: "w\"1", entries: entries)]), line: 1))
        result.append(hostile)
        return result
    }

    private static let themes: [String?] = [
        nil,  // the built-in theme
        // Values raw and escaped, sections on strings, inverted sections, root values inside the loop, statements
        // it prints nothing for.
        """
        {{% CONTENT_TYPE: DOT}}
        digraph g { rankdir={{rankdir}};
        {{#statements}}{{#node}}{{id}} [label="{{type}}|{{{modelID}}}|{{^modelID}}none{{/modelID}}"{{#isTabs}} shape=tab{{/isTabs}}];{{/node}}{{#edge}}{{from}}->{{to}} [label="{{label}}{{style}}{{#isSheet}} S{{/isSheet}}"];
        {{/edge}}{{#cluster}}subgraph {{id}} { label="{{label}}" {{/cluster}}{{#end}}}{{/end}}{{#legend}}{{/legend}}{{/statements}}
        }
        """,
        // A transform: not a plain function of the shape, so the template engine renders it.
        """
        {{% CONTENT_TYPE: DOT}}
        digraph g { {{#statements}}{{#node}}{{id}} [label="{{uppercased(type)}}"];
        {{/node}}{{/statements}} }
        """,
    ]

    @Test func byShapeEqualsTheTemplateEngine() throws {
        for theme in Self.themes {
            for hierarchy in try Self.hierarchies() {
                var fast = try DOTRenderer(themeText: theme)
                fast.maxNodes = nil
                var slow = fast
                slow.rendersByShape = false
                #expect(try fast.render(hierarchy) == slow.render(hierarchy))
                // The first two themes are rendered by shape (the comparison above is then not vacuous).
                #expect(
                    (fast.renderedByShape(fast.scene(for: hierarchy)) != nil)
                        == (theme == nil || theme == Self.themes[1]),
                    "theme \(theme == nil ? "built-in" : String(theme!.prefix(60)))")
            }
        }
    }

    @Test func theBuiltInThemeRendersByShape() throws {
        let theme = try #require(Templates.named(DOTRenderer.defaultThemeName))
        #expect(try StatementShapes.template(for: theme) != nil)
        #expect(try StatementShapes.template(for: Self.themes[2]!) == nil)
    }
}
