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

            \(ExitStatus.help([(.success, nil), (.badInput, nil), (.usage, nil)]))
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var input: InputOptions
    @OptionGroup var display: DisplayOptions

    @Option(
        help: ArgumentHelp("Only these steps, e.g. 10..20, 10.., ..20 or 15.", valueName: "range"),
        transform: StepRange.parse)
    var steps: StepRange?

    @Option(help: ArgumentHelp("Output format: text, or json (one object per step, in an array).", valueName: "format"))
    var format: Format = .text

    func run() throws {
        var output = StandardOutput()
        var first = true
        if format == .json { output.write("[") }
        let range = steps
        _ = try input.readHierarchy(stopAfterStep: range?.upper) { event, change, after in
            guard range?.contains(after.step) ?? true else { return }
            let what = StepDescription.describe(event, change: change, after: after)
            switch format {
            case .text:
                var line = String(after.step).leftPadded(6) + "  line " + String(event.line).rightPadded(6)
                if let time = event.time { line += "  " + Timestamp.formatRFC3339(time) }
                line += "  " + Escaping.terminal(what)
                for warning in change.warnings {
                    line += "\n" + String(repeating: " ", count: 8) + display.style.paint("warning: " + Escaping.terminal(warning.message), .yellow)
                }
                output.write(line + "\n")
            case .json:
                output.write((first ? "\n" : ",\n") + "  {\"step\": \(after.step), \"line\": \(event.line), ")
                output.write("\"time\": \(event.time.map { Escaping.jsonString(Timestamp.formatRFC3339($0)) } ?? "null"), ")
                output.write("\"event\": \"\(event.action.name)\", \"what\": \(Escaping.jsonString(what)), ")
                output.write("\"added\": \(change.added.count), \"removed\": \(change.removed.count), \"warnings\": \(change.warnings.count)}")
            }
            first = false
        }
        if format == .json { output.write(first ? "]\n" : "\n]\n") }
        output.flush()
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func rightPadded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
