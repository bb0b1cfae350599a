import NavGraphConfiguration
import NavGraphCore
import NavGraphFormats

/// How the command line says what the library reports as data: in the `file:line: error: …` form, naming the options
/// that change it (`--input-format`, `--strict`, `--config`), escaped for the terminal (a file name can hold any byte
/// but `/` and NUL).
enum ErrorWording {
    static func message(for error: InputError) -> String {
        let path = TerminalText.escaped(error.path)
        let names = InputFormats.all.map(\.name).joined(separator: ", ")
        return switch error {
        case .cannotOpen(_, let reason):
            "\(path): error: cannot open: \(reason)"
        case .readFailed(_, let reason):
            "\(path): error: read failed: \(reason)"
        case .noNavigationOutput(_, 0):
            "\(path): error: the input is empty; expected navigation output in one of: \(names) (navgraph --help)"
        case .noNavigationOutput(_, let lines):
            "\(path): error: no navigation output found in \(lines) line\(lines == 1 ? "" : "s"); tried every format:"
                + error.expectedFormats.map { "\n  \($0.name) (\($0.summary)): expected \($0.expectedLines)" }.joined()
        case .noLinesOfFormat(let format, _, 0):
            "\(path): error: the input is empty; expected \(format.summary) (--input-format \(format.name))"
        case .noLinesOfFormat(let format, _, let lines):
            "\(path): error: --input-format \(format.name): "
                + (lines == 1 ? "its one line is not " : "none of its \(lines) lines is ")
                + "\(format.summary); expected \(format.expectedLines). Without --input-format, navgraph detects the "
                + "format"
        case .looksLike(let what, _, let line):
            "\(path):\(line): error: no navigation output found; this looks like \(what.name). "
                + "Instead, \(instead(of: what)). navgraph reads \(names) (navgraph --help)"
        case .utf16Input(let name):
            "\(path): error: this is UTF-16 text, and navgraph reads UTF-8; convert it first: "
                + TerminalText.escaped(utf16Conversion(of: name))
        case .binaryInput:
            "\(path): error: this looks like a binary file (it has NUL bytes) and holds no navigation output; "
                + "expected a console log or a navgraph-events log"
        case .invalidInput(_, let errors, let strict):
            "\(path): error: \(errors) error\(errors == 1 ? "" : "s") in input\(strict ? " (--strict)" : "")"
        case .redacted(_, let line, let lines):
            "\(path):\(line): error: the navigation output is redacted: \(lines) line\(lines == 1 ? " looks" : "s look") "
                + "like navigation output with \(lines == 1 ? "its" : "their") values shown as <private> by the "
                + "unified log (a Logger message's dynamic values are private by default), and nothing else is "
                + "navigation output. To read \(lines == 1 ? "it" : "them"), \(redactionWaysOut)"
        case .emptyUnifiedLog:
            "\(path): error: this is Apple's log output with no entry in it: log printed its own lines only, so its "
                + "filters let nothing the app logged through. Check the --predicate (the app's subsystem, or "
                + "process == \"AppName\"), the time range of log show (--last 10m, --start), and pass --info and "
                + "--debug to log show where the app logs at those levels (docs/formats, \"Apple's unified log\")"
        }
    }

    /// A command that converts a UTF-16 input to UTF-8, to run as it is: a file into a new one; standard input in
    /// its pipe, before this navgraph command as it was given (`… | iconv -f UTF-16 -t UTF-8 | navgraph tree`, where
    /// `…` is what fed it). Every word quoted for the shell where it needs it.
    static func utf16Conversion(
        of path: String, arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> String {
        guard path == LineSource.standardInputName else {
            return "iconv -f UTF-16 -t UTF-8 \(shellWord(path)) > log-utf8.txt"
        }
        return "… | iconv -f UTF-16 -t UTF-8 | " + (["navgraph"] + arguments.map(shellWord)).joined(separator: " ")
    }

    /// `word` as a shell reads it back: as it is when it has nothing the shell would read otherwise, else in single
    /// quotes.
    static func shellWord(_ word: String) -> String {
        if !word.isEmpty && word.allSatisfy(plainShellCharacters.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static let plainShellCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")

    /// How to get navigation output a unified log redacted, for the error and for the warning when only some was.
    static let redactionWaysOut =
        "mark the values public in the app's Logger call (logger.info(\"\\(line, privacy: .public)\")), or run the "
        + "app with a debugger attached (the unified log shows values then), or read the app's standard output instead "
        + "of the unified log (print the lines and capture them with NAVGRAPH_LOG: docs/ci.md)"

    /// What to give instead of what the input looks like, with the option that takes it.
    private static func instead(of what: Lookalike) -> String {
        guard what == .configurationFile else { return what.instead }
        return "give it with --config FILE (or keep it as .navgraph.yml in the folder you run navgraph in, or a "
            + "parent), and give navgraph an app's log to read"
    }

    /// Every mistake of a configuration file, one `file:line: error: …` line each.
    static func message(for error: ConfigurationError) -> String {
        ([error] + error.following).map { mistake in
            let location = mistake.line.map { "\(mistake.file):\($0)" } ?? mistake.file
            return TerminalText.escaped("\(location): error: \(mistake.message)")
        }.joined(separator: "\n")
    }

    /// What a format said about the input once read, for stderr.
    static func message(for remark: InputRemark) -> String {
        switch remark {
        case .dumpsHoldNoNavigation:
            "navgraph: the dumps hold no navigation by the property names navgraph knows (a path array, a sheet or "
                + "other presented optional, tabs with a selection): --verbose shows every property, and the "
                + "'dump:' keys of .navgraph.yml name yours (navgraph config --print)"
        }
    }

    /// `--lenient`'s help: what each format skips with it, from the formats themselves.
    static var lenientHelp: String {
        "Skip what cannot be read, with a warning, instead of failing: "
            + InputFormats.all.compactMap(\.lenientSkips).joined(separator: ", ") + "."
    }
}
