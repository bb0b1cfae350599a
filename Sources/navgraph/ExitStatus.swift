import NavGraphCore

/// What a command's exit status tells a script. Each command's help lists the ones it can end with, from the same
/// names, so the help cannot drift from the code.
enum ExitStatus: CaseIterable {
    case success
    /// `leaks` found a leak, `diff` found differences: the answer a script asked for, not a failure.
    case found
    /// Graphviz could not lay out or draw the diagram.
    case renderFailed
    /// Standard output could not be written (a full disk, an I/O error): what the command made did not arrive.
    case outputFailed
    /// `leaks` could not decide for all or part of the log (no lifecycle lines, lines it could not read, models it
    /// could not follow): not clean, not a leak either — a CI gate must not pass it.
    case undecided
    /// The input, a theme or an output path was unusable: the message says which and where.
    case badInput
    /// `serve` could not listen on its address (the port is in use).
    case cannotListen
    /// The arguments were wrong (swift-argument-parser's `ValidationError` exits with this too).
    case usage

    var code: Int32 {
        switch self {
        case .success: 0
        // `render` has nothing to find, so the two never meet in one command.
        // What could not be written cannot have been read as a success either: 1, as coreutils exit on a write error.
        case .found, .renderFailed, .outputFailed, .cannotListen: 1
        case .badInput: 2
        case .undecided: 3
        // EX_USAGE from sysexits.h, as swift-argument-parser uses.
        case .usage: 64
        }
    }

    /// What the status means when a command does not say more.
    var meaning: String {
        switch self {
        case .success: "success"
        case .found: "found"
        case .renderFailed: "Graphviz failed to render"
        case .outputFailed: "standard output could not be written"
        case .cannotListen: "the port is in use, or the address cannot be listened on"
        case .undecided: "leaks could not be decided for all or part of the log"
        case .badInput: "bad input"
        case .usage: "usage error"
        }
    }

    /// "Exit status: 0 …, 1 …, 2 …, 64 usage error." for a command's help: the statuses it ends with, each with
    /// what it means for that command (`meaning` when `nil`), in the order given. Statuses that share a code are said
    /// together ("1 differences, or standard output could not be written").
    static func help(_ statuses: [(status: ExitStatus, meaning: String?)]) -> String {
        var said: [(code: Int32, meaning: String)] = []
        for (status, meaning) in statuses {
            let meaning = meaning ?? status.meaning
            if let index = said.firstIndex(where: { $0.code == status.code }) {
                said[index].meaning += ", or " + meaning
            } else {
                said.append((status.code, meaning))
            }
        }
        return "Exit status: " + said.map { "\($0.code) \($0.meaning)" }.joined(separator: ", ") + "."
    }
}

/// Why a command ends without success: the status to exit with, and the message for stderr (already in
/// `file: error: …` form; `nil` when the output said it all, as when `leaks` lists what it found).
struct CommandFailure: Error {
    var status: ExitStatus
    var message: String?

    init(_ status: ExitStatus, message: String? = nil) {
        self.status = status
        self.message = message
    }

    /// Bad input at `location` (a path, `<stdin>`, or `path:line`), said the way compilers do.
    static func badInput(_ location: String, _ message: String) -> CommandFailure {
        // Both quote what a user gave or a file holds: escaped for the terminal.
        CommandFailure(.badInput, message: TerminalText.escaped("\(location): error: \(message)"))
    }
}
