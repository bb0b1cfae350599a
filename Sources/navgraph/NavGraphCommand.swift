import ArgumentParser
import Foundation
import NavGraphFormats
import NavGraphGraphviz
import NavGraphRender

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

            \(ExitStatus.help([
                (.success, nil),
                (.found, "leaks found (leaks), differences (diff), drift from a baseline (diagram --check), or "
                    + "\(ExitStatus.renderFailed.meaning) (render, diagram)"),
                (.badInput, nil), (.usage, nil),
            ])) Each command's --help lists its own.
            """,
        version: version,
        subcommands: [TreeCommand.self, RenderCommand.self, DiagramCommand.self, LeaksCommand.self, HistoryCommand.self,
                      DiffCommand.self,
                      ReplayCommand.self, TemplatesCommand.self])

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A small diagram takes about as long to parse arguments for and to set up as Graphviz takes to lay it
        // out; the setup happens on the other core while the arguments are parsed.
        if arguments.first == "render" { RenderCommand.prepare(arguments: arguments.dropFirst()) }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            end(with: error)
        }
    }

    /// The one place a failing command is reported: its message on stderr, its status as the exit status.
    /// Library errors carry their `file: error: …` text; argument errors, help and --version are
    /// swift-argument-parser's.
    private static func end(with error: any Error) -> Never {
        let failure: CommandFailure
        switch error {
        case let error as CommandFailure: failure = error
        case let error as InputError: failure = CommandFailure(.badInput, message: error.description)
        case let error as RenderError: failure = CommandFailure(.badInput, message: error.description)
        case let error as GraphvizError: failure = CommandFailure(.renderFailed, message: error.description)
        default: exit(withError: error)
        }
        if let message = failure.message { StandardError.write(message) }
        Foundation.exit(failure.status.code)
    }
}
