import ArgumentParser
import Foundation
import NavGraphFormats
import NavGraphGraphviz
import NavGraphRender
import NavGraphTerminal

@main
struct NavGraphCommand: ParsableCommand {
    /// The release this is; an app's `.package(url:from:)` names it (README, docs/recorder.md). The Graphviz it was
    /// built against follows in `--version`, as it decides what `render` can draw.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "navgraph",
        abstract: "Rebuild and show the navigation hierarchy of a SwiftUI app from what it prints.",
        discussion: """
            navgraph reads what an app prints about its navigation (the formats below, with whatever prefixes a \
            console adds) from a file or stdin, rebuilds the navigation hierarchy over time and shows it: stacks, tabs, presentations (sheet, fullScreenCover, alert, confirmationDialog, …), \
            switched roots, split columns and windows.

            Input formats (detected, or named with --input-format):
            \(inputFormatsHelp)

            Examples:
              navgraph tree session.log
              navgraph leaks session.log
              xcrun simctl launch --console-pty booted com.example.app \\
                | navgraph tree --follow

            \(ExitStatus.help([
                (.success, nil),
                (.found, "leaks found (leaks), differences (diff), drift from a baseline (diagram --check), or "
                    + "\(ExitStatus.renderFailed.meaning) (render, diagram)"),
                (.outputFailed, nil),
                (.badInput, nil), (.undecided, "\(ExitStatus.undecided.meaning) (leaks)"), (.usage, nil),
            ])) Each command's --help lists its own.
            """,
        version: "\(version) (Graphviz \(Graphviz.version))",
        subcommands: [
            TreeCommand.self, RenderCommand.self, DiagramCommand.self, LeaksCommand.self, HistoryCommand.self,
            DiffCommand.self, ReplayCommand.self, ServeCommand.self, TemplatesCommand.self, ConfigCommand.self,
        ])

    /// Every format navgraph reads, one per entry (a new format is listed without touching this), wrapped to 80
    /// columns under its name.
    static var inputFormatsHelp: String {
        let nameWidth = InputFormats.all.map(\.name.count).max()! + 2
        let indent = String(repeating: " ", count: 2 + nameWidth)
        return InputFormats.all.map { format in
            let name = "  " + format.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            return wrapWords(format.helpDescription, width: 78 - indent.count).enumerated()
                .map { ($0.offset == 0 ? name : indent) + $0.element }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A small diagram takes about as long to parse arguments for and to set up as Graphviz takes to lay it
        // out; the setup happens on the other core while the arguments are parsed.
        if arguments.first == "render" { RenderCommand.prepare(arguments: arguments.dropFirst()) }
        let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
        // `help WORD` names a command as `navgraph WORD` does: an unknown one is said the same way (swift-argument-
        // parser printed the overview and succeeded).
        let named = arguments.first == "help" ? arguments.dropFirst().first : arguments.first
        if let failure = CommandSuggestion.failure(
            for: named, commands: commands, readingFiles: commands.filter { !["templates", "config"].contains($0) })
        {
            Ending(failure).exit()
        }
        // The error is let go before the process exits: AddressSanitizer's leak check, run at exit, counted an
        // error still held by a frame that called exit() (swift-argument-parser's, with the keys it names) as leaked.
        if let ending = runCommand(arguments) { ending.exit() }
    }

    /// Parses and runs the command; how the process should end when it fails or asks for help, nil when it ran.
    private static func runCommand(_ arguments: [String]) -> Ending? {
        var parsed: ParsableCommand.Type = Self.self
        do {
            var command = try parseAsRoot(arguments)
            parsed = type(of: command)
            try command.run()
            try StandardOutputFailure.check()
            return nil
        } catch {
            let ending = ending(for: error, in: parsed)
            // Output that did not arrive is said first: a `leaks` or `diff` whose listing was lost ends on that, not
            // on the status of a listing nobody saw; a command's own error (bad input) keeps its status after it.
            guard let failure = StandardOutputFailure.failure, !ending.onStandardOutput,
                (error as? CommandFailure)?.status != .outputFailed
            else { return ending }
            guard let message = ending.message else { return Ending(failure) }
            return Ending(
                status: ending.status, message: failure.message.map { $0 + "\n" + message } ?? message,
                onStandardOutput: false)
        }
    }

    /// The one place a failing command is reported: its message on stderr, its status as the exit status.
    /// Library errors carry data and are worded here, in `file: error: …` form (input and configuration errors in
    /// `ErrorWording`, render errors in `RenderErrorWords`); help and --version are swift-argument-parser's, and so
    /// are argument errors' words and usage lines, under navgraph's own `navgraph: error: ` (`usageFailure`).
    /// An argument error found while a command ran is shown with that command's usage (`command`), not the
    /// top level's.
    private static func ending(for error: any Error, in command: ParsableCommand.Type) -> Ending {
        let failure: CommandFailure
        switch error {
        case let error as CommandFailure: failure = error
        case let error as InputError: failure = CommandFailure(.badInput, message: ErrorWording.message(for: error))
        case let error as RenderError: failure = CommandFailure(error.status, message: error.words)
        case let error as GraphvizError: failure = CommandFailure(.renderFailed, message: error.words)
        case let error as ValidationError where command != Self.self:
            // swift-argument-parser would show the top level's usage for an error found while a command ran.
            let name = command.configuration.commandName ?? ""
            failure = CommandFailure(
                .usage,
                message: """
                    \(errorPrefix)\(error.message)
                    Usage: \(usageString(for: command))
                      See 'navgraph \(name) --help' for more information.
                    """)
        default:
            // Help, --version and an `ExitCode` thrown to end quietly (replay's interruption) are not failures:
            // they end as swift-argument-parser's `exit(withError:)` ends them (help on stdout).
            let status = exitCode(for: error)
            let message = fullMessage(for: error)
            if status.isSuccess || message.isEmpty {
                return Ending(
                    status: status.rawValue, message: message.isEmpty ? nil : message,
                    onStandardOutput: status.isSuccess)
            }
            return usageFailure(error)
        }
        return Ending(failure)
    }

    /// How every error navgraph reports begins, whoever found it (a script or a reader of a CI log looks for one form).
    private static let errorPrefix = "navgraph: error: "

    /// An error swift-argument-parser found or worded (an unknown option, a missing or invalid value, a
    /// `ValidationError`): its message, `Help:` and `Usage:` lines and exit status as it makes them, its `Error: `
    /// replaced by navgraph's prefix, and its sentence case ("Unknown option") by the lower case of navgraph's own
    /// messages and of compilers' ("error: unknown option").
    private static func usageFailure(_ error: any Error) -> Ending {
        var message = fullMessage(for: error)
        let theirs = "Error: "
        if message.hasPrefix(theirs) {
            let words = message.dropFirst(theirs.count)
            let firstWord = words.prefix { $0.isLetter }
            // "Unknown", "Missing", "The": a capitalized word, not a name such as a type's ("AppNavigationModel").
            if let first = firstWord.first, first.isUppercase, firstWord.dropFirst().allSatisfy(\.isLowercase) {
                message = errorPrefix + first.lowercased() + words.dropFirst()
            } else {
                message = errorPrefix + words
            }
        }
        return Ending(status: exitCode(for: error).rawValue, message: message, onStandardOutput: false)
    }
}

/// How the process ends: a status and what is said first, on stderr (a failure) or on stdout (help, --version).
private struct Ending {
    var status: Int32
    var message: String?
    var onStandardOutput: Bool

    init(status: Int32, message: String?, onStandardOutput: Bool) {
        self.status = status
        self.message = message
        self.onStandardOutput = onStandardOutput
    }

    init(_ failure: CommandFailure) {
        self.init(status: failure.status.code, message: failure.message, onStandardOutput: false)
    }

    func exit() -> Never {
        if let message {
            if onStandardOutput {
                // Help and --version that cannot be written are a failure too, said as any other command's output.
                var output = StandardOutput()
                output.write(message + "\n")
                output.flush()
                if let failure = StandardOutputFailure.failure { Ending(failure).exit() }
            } else {
                StandardError.write(message)
            }
        }
        Foundation.exit(status)
    }
}
