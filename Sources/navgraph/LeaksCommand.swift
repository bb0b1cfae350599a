import ArgumentParser
import NavGraphAnalysis
import NavGraphConfiguration
import NavGraphCore
import NavGraphFormats
import NavGraphRender

struct LeaksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaks",
        abstract: "Find models that left the navigation hierarchy but were never deallocated.",
        discussion: """
            leaked: there is evidence it left the hierarchy (an event removed it, or it was in a dump and absent from \
            a later dump of the same window) and it never printed Finished. Its leaked subtree is listed under it.
            suspected: alive at the end, started before the last dump, in no dump (it may live in another window); \
            for logs whose states are worked out from their lines (NavigatorUI), one the log never placed.
            Only models whose Started/start the log records get a verdict; alive, unplaced and finished models are \
            counted, and listed with --all.

            Examples:
              navgraph leaks session.log
              navgraph leaks ui-test.log --format json --fail-on-suspected   (a CI gate)

            \(ExitStatus.help([
                (.success, "nothing leaked"),
                (.found, "something leaked (or was suspected, with --fail-on-suspected)"),
                (.badInput, "bad input or a log without lifecycle lines (leaks cannot be told from it)"),
                (.usage, nil),
            ]))
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var moment: MomentOptions
    @OptionGroup var display: DisplayOptions

    @Option(help: OutputFormat.help(OutputFormat.leakFormats))
    var format: OutputFormat = .text

    @Flag(help: "Also list alive and not yet placed models.")
    var all = false

    @Flag(help: "Exit with status 1 when a model is suspected, not only when one leaked.")
    var failOnSuspected = false

    func validate() throws {
        try format.require(in: OutputFormat.leakFormats, by: "leaks")
    }

    func run() throws {
        let diagnostics = input.makeDiagnostics()
        let hierarchy = try input.readHierarchy(until: moment.moment, diagnostics: diagnostics, showsHierarchy: false)
        let advice = diagnostics.inputFormat?.lifecycleAdvice ?? InputFormat.swiftUINavigation.lifecycleAdvice
        if let reason = LeakReport.cannotBeTold(from: hierarchy, lifecycleAdvice: advice) {
            throw CommandFailure.badInput(input.displayName, reason)
        }
        let configuration = try input.flags.configuration.load()
        let report = LeakReport(
            hierarchy: hierarchy, ambiguities: diagnostics.ambiguities,
            ambiguitiesNotListed: diagnostics.ambiguitiesNotListed,
            isAllowed: { configuration.isAllowed(type: $0.type) })
        var output = StandardOutput()
        format.leakRenderer(style: display.style, listAll: all)?.render(report, to: &output)
        output.flush()
        if report.leakedCount > 0 || (failOnSuspected && report.suspectedCount > 0) {
            throw CommandFailure(.found)
        }
    }
}
