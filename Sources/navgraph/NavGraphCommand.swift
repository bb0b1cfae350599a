import ArgumentParser

@main
struct NavGraphCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "navgraph",
        abstract: "Rebuild and show the navigation hierarchy of a SwiftUI app from what it prints.",
        discussion: """
            navgraph reads SwiftUINavigation console output (printDebugGraph() dumps and Started/Finished debug \
            lines, with whatever prefixes a console adds) from a file or stdin, rebuilds the navigation hierarchy \
            and shows it: stacks, tabs, presentations (sheet, fullScreenCover, alert, confirmationDialog, …), \
            switched roots, split columns and windows.

            Exit status: 0 success, 1 leaks found (leaks), 2 bad input, 64 usage error.
            """,
        version: version,
        subcommands: [TreeCommand.self, RenderCommand.self, LeaksCommand.self, HistoryCommand.self, DiffCommand.self,
                      ReplayCommand.self, TemplatesCommand.self])

    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        // A small diagram takes about as long to parse arguments for and to set up as Graphviz takes to lay it
        // out; the setup happens on the other core while the arguments are parsed.
        if arguments.first == "render" { RenderCommand.prepare(arguments: arguments.dropFirst()) }
        main(nil)
    }
}
