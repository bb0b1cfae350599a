import ArgumentParser
import NavGraphTemplates

struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the built-in templates, or print one to start your own theme from.",
        discussion: """
            Built-in themes: light (the default) and dark, each a DOT theme (dot/NAME.dot.mustache, for render) and \
            an HTML theme (html/NAME.html.mustache, for replay --html); pick one with --theme NAME. Example: \
            navgraph templates dot/light.dot.mustache > mine.dot.mustache; \
            navgraph render log.txt --theme mine.dot.mustache -o nav.svg

            \(ExitStatus.help([
                (.success, nil), (.outputFailed, nil), (.usage, "usage error (also: no such template)"),
            ]))
            """)

    @Argument(help: ArgumentHelp("A template to print; lists them when omitted.", valueName: "name"))
    var name: String?

    func run() throws {
        var output = StandardOutput()
        guard let name else {
            for template in Templates.names { output.write(template + "\n") }
            output.flush()
            return
        }
        guard let text = Templates.named(name) else {
            throw ValidationError(
                "no built-in template '\(name)'; available: \(Templates.names.joined(separator: ", "))")
        }
        output.write(text)
        output.flush()
    }
}
