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
            leaked: it left the hierarchy (an event removed it, or it was in a dump and absent from a later dump of \
            the same window) and never printed Finished. Its leaked subtree is listed under it.
            suspected: alive at the end and never placed, which the log cannot decide: a window printed no dump \
            since it started (it may live there), or every window printed one and none listed it (it may live in a \
            window the app does not dump).
            Only models whose Started/start the log records get a verdict; alive, unplaced and finished models are \
            counted, and listed with --all.

            Exit 0 means the whole log was understood and nothing leaked. A log navgraph could follow only in part \
            (lines that look like navigation output but cannot be read, models the log never placed, no lifecycle \
            lines at all) exits 3, saying what it could not follow.

            Examples:
              navgraph leaks session.log
              navgraph leaks ui-test.log      (a CI gate: exit 1 on a leak or suspicion, 3 when undecided)

            \(ExitStatus.help([
                (.success, "the log was understood and nothing leaked"),
                (.found, "something leaked or is suspected (--no-fail-on-suspected: leaked only)"),
                (.outputFailed, nil),
                (.badInput, nil),
                (.undecided, nil),
                (.usage, nil),
            ]))
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var moment: MomentOptions
    @OptionGroup var display: DisplayOptions

    @Option(help: OutputFormat.help(LeakOutput.formats))
    var format: OutputFormat = .text

    @Flag(help: "Also list alive and not yet placed models, and those of types allowed in .navgraph.yml.")
    var all = false

    @Flag(
        inversion: .prefixedNo,
        help: "Exit with status 1 when a model is suspected (the default: a CI gate fails closed), not only leaked.")
    var failOnSuspected = true

    func validate() throws {
        try format.require(in: LeakOutput.formats, by: "leaks")
    }

    func run() throws {
        let diagnostics = input.reading.makeDiagnostics()
        let hierarchy = try input.reading.readHierarchy(
            until: moment.moment, diagnostics: diagnostics, showsHierarchy: false)
        let advice = diagnostics.inputFormat?.lifecycleAdvice ?? InputFormat.swiftUINavigation.lifecycleAdvice
        if let reason = LeakReport.cannotBeTold(from: hierarchy, lifecycleAdvice: advice) {
            throw CommandFailure(.undecided, message: TerminalText.escaped("\(input.displayName): error: \(reason)"))
        }
        let configuration = try input.flags.configuration.load()
        let report = LeakReport(
            hierarchy: hierarchy, ambiguities: diagnostics.ambiguities,
            ambiguitiesNotListed: diagnostics.ambiguitiesNotListed,
            isAllowed: { configuration.isAllowed(type: $0.type) })
        var output = StandardOutput()
        let file = configuration.shownFile ?? NavGraphConfiguration.fileName
        var renderer = LeakOutput.renderer(for: format, style: display.style, listAll: all, allowedBy: file)
        try renderer?.render(report, to: &output)
        output.flush()
        // The verdict changed by a file: which one is said on stderr too, whatever the format (a JSON report in a CI
        // log shows no counts line).
        if !report.allowedModels.isEmpty {
            StandardError.write(Self.allowedNote(report.allowedModels.map(\.model.type), by: configuration, file: file))
        }
        if report.leakedCount > 0 || (failOnSuspected && report.suspectedCount > report.notFollowedCount) {
            throw CommandFailure(.found)
        }
        if let undecided = Self.undecided(
            report, unreadableLines: diagnostics.unreadable, redactedLines: diagnostics.redactedLines,
            nothingPlaced: hierarchy.windows.isEmpty)
        {
            throw CommandFailure(.undecided, message: TerminalText.escaped("\(input.displayName): error: \(undecided)"))
        }
    }

    /// `navgraph: 3 models that leaked or are suspected are not reported: allowed by ./.navgraph.yml ("*" at line
    /// 2)` — the globs that matched, each once, with their lines.
    static func allowedNote(_ types: [String], by configuration: NavGraphConfiguration, file: String) -> String {
        var globs: [(pattern: String, origin: String)] = []
        for type in types {
            guard let allowance = configuration.allowance(for: type),
                !globs.contains(where: { $0.origin == allowance.origin })
            else { continue }
            globs.append(allowance)
        }
        let said = globs.map { glob in
            "\"\(glob.pattern)\"" + (glob.origin.split(separator: ":").last.map { " at line \($0)" } ?? "")
        }
        let count = types.count
        return "navgraph: \(count) model\(count == 1 ? " that leaked or is" : "s that leaked or are") suspected "
            + "\(count == 1 ? "is" : "are") not reported: allowed by \(file) (\(said.joined(separator: ", ")))"
    }

    /// What of the log navgraph could not follow, when something: a report that looks clean is not, then.
    static func undecided(_ report: LeakReport, unreadableLines: Int, redactedLines: Int = 0, nothingPlaced: Bool)
        -> String?
    {
        var parts: [String] = []
        if nothingPlaced, report.unplaced > 0 {
            // Started lines and no dump (printDebugGraph() is called by hand): nothing shows whether a model left.
            parts.append(
                "nothing in the log placed a model in a window (no dump), so whether the \(report.unplaced) alive "
                    + "model\(report.unplaced == 1 ? "" : "s") left the hierarchy cannot be told; print the "
                    + "hierarchy (printDebugGraph()) after navigating, or log navgraph-events")
        }
        if unreadableLines > 0 {
            parts.append(
                "\(unreadableLines) line\(unreadableLines == 1 ? " looks" : "s look") like navigation output but "
                    + "could not be read (--verbose lists them)")
        }
        if redactedLines > 0 {
            parts.append(
                "\(redactedLines) line\(redactedLines == 1 ? "" : "s") of navigation output \(redactedLines == 1 ? "is" : "are") "
                    + "redacted (<private>) and could not be read")
        }
        let notFollowed = report.notFollowedCount
        if notFollowed > 0 {
            parts.append(
                "\(notFollowed) model\(notFollowed == 1 ? " was" : "s were") never placed in a window by the log, "
                    + "so whether \(notFollowed == 1 ? "it" : "they") leaked cannot be told")
        }
        guard !parts.isEmpty else { return nil }
        return "leaks could not be decided for the whole log: " + parts.joined(separator: "; ")
    }
}
