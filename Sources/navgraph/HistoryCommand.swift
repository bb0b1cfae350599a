import ArgumentParser
import NavGraphAnalysis
import NavGraphCore
import NavGraphRender

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List every step of the navigation history: number, time, source line, what changed.",
        discussion: """
            Steps are numbered from 1; step 0 is the empty state before the first. A step is one event, or one \
            printDebugGraph() dump. Use the numbers with --at (tree, render, leaks), diff --from/--to, and replay.

            Examples:
              navgraph history session.log
              navgraph history session.log --steps 10..20 --format json

            \(ExitStatus.help([(.success, nil), (.outputFailed, nil), (.badInput, nil), (.usage, nil)]))
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var display: DisplayOptions

    // Unconditional, so that `--steps -3` gets a message about steps, not "missing value".
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Only these steps, e.g. 10..20, 10.., ..20 or 15.", valueName: "range"),
        transform: StepRange.parse)
    var steps: StepRange?

    @Option(help: OutputFormat.help(HistoryOutput.formats, " (json: one object per step, in an array)"))
    var format: OutputFormat = .text

    func validate() throws {
        try format.require(in: HistoryOutput.formats, by: "history")
    }

    func run() throws {
        guard var renderer = HistoryOutput.renderer(for: format, style: display.style) else { return }
        var output = StandardOutput()
        renderer.begin(to: &output)
        let range = steps
        let diagnostics = input.reading.makeDiagnostics()
        diagnostics.keepsReported = true
        let last = try input.reading.readHierarchy(stopAfterStep: range?.upper, diagnostics: diagnostics) {
            event, change, after in
            let reported = diagnostics.takeReported()
            guard range?.contains(after.step) ?? true else { return }
            var entry = HistoryEntry(event, change: change, after: after)
            entry.warnings = StepWarnings.reader(reported, change: change, of: event) + entry.warnings
            try renderer.render(entry, to: &output)
        }
        // Before anything is written: past the end, not even an empty JSON array.
        try range?.requireStart(within: last.step, input: input.displayName)
        renderer.end(to: &output)
        output.flush()
    }
}
