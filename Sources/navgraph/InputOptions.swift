import ArgumentParser
import Foundation
import NavGraphAnalysis
import NavGraphConfiguration
import NavGraphCore
import NavGraphFormats

/// How input is read, for every command that reads logs.
struct ReadingFlags: ParsableArguments {
    @Option(
        name: .customLong("input-format"),
        help: ArgumentHelp("The input's format, instead of detecting it.", valueName: "format"))
    var inputFormat: InputFormat?

    @Flag(
        help: """
            Treat warnings, and lines that look like navigation output but cannot be read, as errors (exit status 2); \
            the app's own output is never an error.
            """)
    var strict = false

    // What each format skips, from the formats themselves.
    @Flag(help: ArgumentHelp(ErrorWording.lenientHelp))
    var lenient = false

    @Flag(help: "List skipped lines and notes (e.g. ambiguous id prefixes) on stderr.")
    var verbose = false

    @OptionGroup var configuration: ConfigurationOption

    func validate() throws {
        // One makes unreadable lines errors, the other skips them: together, one would silently win.
        if strict && lenient {
            throw ValidationError("--strict and --lenient: give one (--strict fails on what --lenient skips)")
        }
    }

    func reading(_ file: String?) -> InputReading {
        InputReading(
            file: file, inputFormat: inputFormat, strict: strict, lenient: lenient, verbose: verbose,
            configFile: configuration.config)
    }
}

/// The one input of most commands, and how to read it.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The log or dump to read; stdin when omitted or '-'.", valueName: "file"))
    var file: String?

    @OptionGroup var flags: ReadingFlags

    var inputFormat: InputFormat? { flags.inputFormat }
    var lenient: Bool { flags.lenient }

    /// The name diagnostics use for the input.
    var displayName: String { reading.displayName }
    var readsStdin: Bool { reading.readsStdin }

    /// What reading needs, as a plain value: commands read through it (`input.reading.readState(…)`).
    var reading: InputReading { flags.reading(file) }
}

/// The settings of `InputOptions` as a plain value, for commands that read several inputs.
struct InputReading {
    var file: String?
    var inputFormat: InputFormat?
    var strict = false
    var lenient = false
    var verbose = false
    /// `--config FILE`; `nil` looks for `.navgraph.yml` in the current folder and its parents.
    var configFile: String?
    /// One of several inputs a command reads (`diff A B`): its totals on stderr say which.
    var isOneOfSeveral = false

    /// No file, or `-`: the log comes on stdin.
    var readsStdin: Bool { file == nil || file == "-" }

    var displayName: String { readsStdin ? "<stdin>" : file! }

    func makeDiagnostics() -> ConsoleDiagnostics {
        let diagnostics = ConsoleDiagnostics(file: displayName, strict: strict, verbose: verbose)
        diagnostics.namesFileInTotals = isOneOfSeveral
        return diagnostics
    }

    /// Says on stderr that stdin is being read when it is a terminal: a command typed without a file would
    /// otherwise seem to hang.
    func announceTerminalStdin() {
        guard readsStdin, Platform.isTerminal(0) else { return }
        StandardError.write("navgraph: reading from stdin; Ctrl-D ends")
    }

    /// What the input's format says about what it held, at the end of the input (dump() output whose property names
    /// mean no navigation: else the tree looks like navgraph read nothing). Not after warnings, which say why (a dump
    /// cut short before its navigation).
    func noteRemark(on hierarchy: Hierarchy, format: InputFormat?, diagnostics: ConsoleDiagnostics) {
        guard diagnostics.warnings == 0, let remark = format?.remark(on: hierarchy, showsEverything: verbose) else {
            return
        }
        StandardError.write(ErrorWording.message(for: remark))
    }

    func makeInput() throws -> NavigationInput {
        announceTerminalStdin()
        let configuration = try ConfigurationOption.load(configFile)
        var input = NavigationInput(
            source: try LineSource(path: file), format: inputFormat,
            rules: configuration.modelKindRules, lenient: lenient)
        input.dumpPropertyNames = configuration.dumpPropertyNames
        input.showsAllDumpedProperties = verbose
        // Reading overlaps with whatever the command does with the events (tree --follow reads inline).
        input.concurrent = true
        return input
    }

    /// Reads the input up to `moment` (the end when `nil`; see `NavigationInput.readHierarchy`). Diagnostics go
    /// to stderr as they come; throws `InputError` or `CommandFailure.badInput` on bad input, and when the moment
    /// is not in the input (named as `option` gave it: `--at`, or `diff`'s `--to`).
    /// `showsHierarchy`: the command shows the hierarchy (not `leaks`), so stderr says when dumps showed none of it.
    func readHierarchy(
        until moment: Moment? = nil, stopAfterStep: Int? = nil, diagnostics: ConsoleDiagnostics? = nil,
        option: String = "--at", showsHierarchy: Bool = true,
        onStep: ((NavEvent, StepChange, Hierarchy) throws -> Void)? = nil
    ) throws -> Hierarchy {
        try readState(
            until: moment, stopAfterStep: stopAfterStep, diagnostics: diagnostics, option: option,
            showsHierarchy: showsHierarchy, onStep: onStep
        ).hierarchy
    }

    /// `readHierarchy`, and whether the state is the end of the input (`--at` the last step is).
    func readState(
        until moment: Moment? = nil, stopAfterStep: Int? = nil, diagnostics: ConsoleDiagnostics? = nil,
        option: String = "--at", showsHierarchy: Bool = true,
        onStep: ((NavEvent, StepChange, Hierarchy) throws -> Void)? = nil
    ) throws -> (hierarchy: Hierarchy, isEndOfInput: Bool) {
        let diagnostics = diagnostics ?? makeDiagnostics()
        let hint = PipeWaitHint(readsStdin: readsStdin)
        let state = try makeInput().readHierarchy(
            at: moment, stopAfterStep: stopAfterStep, diagnostics: diagnostics, onStep: onStep)
        hint.cancel()
        diagnostics.inputFormat = state.format
        // Errors in the input first: they may be why it is short.
        try diagnostics.finish()
        if showsHierarchy {
            noteRemark(on: state.hierarchy, format: state.format, diagnostics: diagnostics)
        }
        switch state.unreached {
        case .stepBeyondEnd(let step, let steps)?:
            throw CommandFailure.badInput(
                displayName, "\(option) \(step): the input has only \(steps) step\(steps == 1 ? "" : "s")")
        case .noTimes?:
            throw CommandFailure.badInput(displayName, "--at-time: no step in the input has a time; use --at STEP")
        case nil:
            return (state.hierarchy, state.isEndOfInput)
        }
    }
}

/// `--input-format`'s values are the formats' names (and aliases) in `InputFormats.all`.
extension InputFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { InputFormats.all.map(\.name) }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// `app | navgraph tree` without `--follow` shows nothing until the app exits, which looks like a hang. After a few
/// seconds still reading a pipe, stderr says so once, and how to see it live. Not for a file or `< file` (read at
/// once), nor a terminal (`announceTerminalStdin` said what to do).
final class PipeWaitHint: @unchecked Sendable {
    static let delay = 3.0
    private let work: DispatchWorkItem?

    init(readsStdin: Bool) {
        guard readsStdin, !Platform.isTerminal(0), standardInputIsAPipe() else {
            work = nil
            return
        }
        let work = DispatchWorkItem {
            StandardError.write(
                "navgraph: still reading stdin: this shows the result when the input ends; "
                    + "`navgraph tree --follow` shows the hierarchy live as it comes")
        }
        self.work = work
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.delay, execute: work)
    }

    func cancel() { work?.cancel() }
}
