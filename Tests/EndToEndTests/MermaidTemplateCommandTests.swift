import Foundation
import NavGraphTestSupport
import Testing

/// `--theme PATH` with a Mermaid format writes through the user's Mermaid template (it was silently ignored): the
/// fields are the built-in template's, every label escaped even where the template forgets the pragma.
@Suite("Your own Mermaid template")
struct MermaidTemplateCommandTests {
    @Test func renderAndDiagramWriteThroughTheUsersTemplate() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("team.mmd.mustache")
        try "flowchart {{{direction}}}\n{{#statements}}{{#node}}  {{id}}[\"{{label}}\"]\n{{/node}}{{/statements}}"
            .write(to: mine, atomically: true, encoding: .utf8)
        let log = example("sheet-over-tabs.txt")
        let render = try navgraph(["render", "--format", "mermaid", "--theme", mine.path, log])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.hasPrefix("flowchart TB\n  n0[\""), "\(render.stdout)")
        #expect(!render.stdout.contains("classDef") && !render.stdout.contains("-->"))
        let markdown = try navgraph(["render", "--format", "markdown", "--direction", "LR", "--theme", mine.path, log])
        #expect(markdown.stdout.hasPrefix("```mermaid\nflowchart LR\n") && markdown.stdout.hasSuffix("```\n"))
        let diagram = try navgraph(["diagram", "--format", "mermaid", "--theme", mine.path, log])
        #expect(diagram.status == 0 && diagram.stdout.hasPrefix("flowchart TB\n"), "\(diagram.stderr)")
        #expect(diagram.stdout.contains("[\"window main\"]"))

        // A name from the input cannot break out of its label, pragma or not.
        let hostile = folder.appendingPathComponent("hostile.jsonl")
        try #"{"v":1,"event":"root","id":"a","type":"A\"]; click a href \"x","kind":"stack","window":"main"}"#
            .write(to: hostile, atomically: true, encoding: .utf8)
        let escaped = try navgraph(["render", "--format", "mermaid", "--theme", mine.path, hostile.path])
        #expect(escaped.status == 0, "\(escaped.stderr)")
        #expect(escaped.stdout.contains("A#34;#93;#59; click a href #34;x"), "\(escaped.stdout)")
        #expect(!escaped.stdout.contains("\"]; click"))
    }

    @Test func mistakesAreSaid() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = example("sheet-over-tabs.txt")
        let broken = folder.appendingPathComponent("broken.mmd.mustache")
        try "flowchart TB\n{{#statements}}\n{{/nodes}}\n".write(to: broken, atomically: true, encoding: .utf8)
        let failed = try navgraph(["render", "--format", "mermaid", "--theme", broken.path, log])
        #expect(failed.status == 2 && failed.stdout.isEmpty)
        #expect(failed.stderr.contains("\(broken.path):3:") && failed.stderr.contains(": error: invalid template: "))
        // A DOT theme for Mermaid output is a slip: it would put DOT into a Markdown page.
        let dot = folder.appendingPathComponent("mine.dot.mustache")
        try "digraph {}\n".write(to: dot, atomically: true, encoding: .utf8)
        for command in ["render", "diagram"] {
            let slip = try navgraph([command, "--format", "mermaid", "--theme", dot.path, log])
            #expect(slip.status == 64 && slip.stdout.isEmpty)
            #expect(
                slip.stderr.hasPrefix(
                    "navgraph: error: '\(dot.path)' is a DOT theme; this output is drawn through a Mermaid"))
        }
        let missing = try navgraph(["render", "--format", "mermaid", "--theme", "./none.mmd.mustache", log])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read theme"))
    }

    /// A pragma naming another content type would leave values unescaped for the output (a name from the log
    /// could add a `URL=` to the SVG): every kind of user template is refused at that line, exit 2, nothing written.
    @Test func aThemeCannotTurnOffEscaping() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("inject.jsonl")
        try
            #"{"v":1,"event":"root","id":"a","type":"A\", URL=\"javascript:alert(1)\", x=\"","kind":"stack","window":"main"}"#
            .write(to: log, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        for (template, arguments) in [
            ("dot/light.dot.mustache", ["render", "-o", out.path + ".svg"]),
            ("diagram/light.dot.mustache", ["diagram", "-o", out.path + ".svg"]),
            ("mermaid/default.mmd.mustache", ["render", "--format", "mermaid", "-o", out.path + ".mmd"]),
            ("html/light.html.mustache", ["replay", "--html", out.path + ".html"]),
        ] {
            let builtIn = try navgraph(["templates", template]).stdout
            let theme = folder.appendingPathComponent("text-" + template.replacingOccurrences(of: "/", with: "-"))
            try ("{{% CONTENT_TYPE: TEXT}}\n" + builtIn).write(to: theme, atomically: true, encoding: .utf8)
            let run = try navgraph(arguments + ["--theme", theme.path, log.path])
            #expect(run.status == 2, "\(template): \(run.stderr)")
            #expect(
                run.stderr.hasPrefix("\(theme.path):1: error: this template's CONTENT_TYPE is TEXT"), "\(run.stderr)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix("out") })
        }
        // A partial navgraph does not provide is refused at its line, not drawn as nothing.
        for (template, arguments, expected) in [
            ("dot/light.dot.mustache", ["render", "-o", out.path + ".svg"], "expected none in this kind of template"),
            ("html/light.html.mustache", ["replay", "--html", out.path + ".html"], "expected {{<replay-page}}"),
        ] {
            let builtIn = try navgraph(["templates", template]).stdout
            let theme = folder.appendingPathComponent("partial-" + template.replacingOccurrences(of: "/", with: "-"))
            try builtIn.replacingOccurrences(of: "{{<replay-page}}", with: "{{<replay-pag}}")
                .replacingOccurrences(of: "{{/replay-page}}", with: "{{/replay-pag}}")
                .replacingOccurrences(of: "digraph navgraph {", with: "digraph navgraph {\n{{> header}}")
                .write(to: theme, atomically: true, encoding: .utf8)
            let run = try navgraph(arguments + ["--theme", theme.path, log.path])
            #expect(run.status == 2, "\(template): \(run.stderr)")
            #expect(run.stderr.contains("error: no partial is named '"), "\(run.stderr)")
            #expect(run.stderr.contains(expected), "\(run.stderr)")
        }
        // The built-in DOT theme keeps the name a label.
        let svg = try navgraph(["render", "--format", "svg", "-o", "-", log.path])
        #expect(svg.status == 0 && !svg.stdout.contains("href=\"javascript"), "\(svg.stderr)")
    }

    /// `--theme light` keeps the built-in template (its colours read on light and dark sites alike), `--theme dark`
    /// draws in the dark palette on Mermaid's dark theme (render and diagram), and `defaults.theme`, a DOT theme for
    /// every drawing, does not reach Mermaid output.
    @Test func builtInNamesAndTheConfiguredThemeKeepTheBuiltInTemplate() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = example("sheet-over-tabs.txt")
        let plain = try navgraph(["render", "--format", "mermaid", log])
        #expect(plain.stdout.contains("classDef kind_stack"))
        #expect(try navgraph(["render", "--format", "mermaid", "--theme", "light", log]).stdout == plain.stdout)
        for command in ["render", "diagram"] {
            let dark = try navgraph([command, "--format", "mermaid", "--theme", "dark", log])
            #expect(dark.status == 0, "\(dark.stderr)")
            #expect(dark.stdout.hasPrefix(#"%%{init: {"theme": "dark""#), "\(command): \(dark.stdout.prefix(80))")
            #expect(dark.stdout.contains("classDef kind_stack fill:#1d3550"), "\(command)")
        }
        try "digraph {}\n".write(
            to: folder.appendingPathComponent("mine.dot.mustache"), atomically: true, encoding: .utf8)
        try "defaults:\n  theme: ./mine.dot.mustache\n".write(
            to: folder.appendingPathComponent(".navgraph.yml"), atomically: true, encoding: .utf8)
        let configured = try navgraph(["render", "--format", "mermaid", log], directory: folder)
        #expect(configured.status == 0 && configured.stdout == plain.stdout, "\(configured.stderr)")
    }
}
