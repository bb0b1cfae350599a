import ArgumentParser
import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTerminal

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Step through the navigation history, full screen, with what each step added (+) and removed (-).",
        discussion: """
            Keys: ←/→ one step, PgUp/PgDn ten, Home/End first/last, ↑/↓ scroll the tree, / find a type or id \
            (n: next match), l list leaks, q quit. Keys come from the terminal (/dev/tty), so the log can arrive \
            on stdin. Without a terminal, replay prints every step (--steps for a range).

            --html FILE writes one self-contained page that replays the history in any browser instead.

            Examples:
              navgraph replay session.log
              navgraph replay session.log --start 12
              navgraph replay session.log --html replay.html
              navgraph replay session.log --steps 10..20 | less   (without a terminal: the steps as text)

            \(ExitStatus.help([(.success, nil), (.renderFailed, "Graphviz failed to draw the --html page"),
                               (.outputFailed, nil), (.badInput, nil), (.usage, nil)]))
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var display: DisplayOptions

    // Unconditional, so that `--steps -3` gets a message about steps, not "missing value".
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Without a terminal: print only these steps, e.g. 10..20.", valueName: "range"),
        transform: StepRange.parse)
    var steps: StepRange?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The step to start at (default: the first step with a hierarchy; 0 is the empty state before the first); without a terminal, the first printed (0 prints from step 1).",
            valueName: "step"))
    var start: Int?

    @Option(
        help: ArgumentHelp(
            "Write a self-contained HTML page replaying the history (no terminal needed).",
            valueName: "path"))
    var html: String?

    @Option(
        help: ArgumentHelp(
            "With --html: a built-in theme (light, dark) or your HTML theme's path.", valueName: "name|path"))
    var theme: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --html: draw at most this many models in each layout of the history (0: all; default: \(HTMLReplayPage.defaultMaxNodes)).",
            valueName: "count"))
    var maxNodes: Int?

    @Option(
        help: ArgumentHelp(
            "With --html: fit (the default) lays the drawing out again where a step would not show whole at a readable size; union lays out every model once, each keeping its place all session.",
            valueName: "fit|union"))
    var layout: HTMLReplayPage.Layout?

    func validate() throws {
        try PathOption.requireName(html, option: "--html")
        if html == nil && theme != nil { throw ValidationError("--theme applies to --html pages") }
        if html == nil && layout != nil { throw ValidationError("--layout applies to --html pages") }
        if html == nil && maxNodes != nil { throw ValidationError("--max-nodes applies to --html pages") }
        if let maxNodes { try requireCount("--max-nodes", maxNodes, atLeast: 0, zeroMeans: "all") }
        if let start, start < 0 { throw ValidationError("--start \(start): a step is 0 or more") }
        if start != nil && steps != nil {
            throw ValidationError("--start and --steps: give one (without a terminal, --start N prints steps N..)")
        }
    }

    func run() throws {
        // Fail on an unwritable target or a missing theme before reading a long log.
        let export = try html.map {
            ReplayHTMLExport(
                target: try OutputFile(path: $0, inputs: [self.input.file ?? "-"]), title: self.input.displayName,
                theme: ThemeArgument(value: theme ?? BuiltInThemes.defaultName), layout: layout ?? .fit,
                maxNodes: maxNodes ?? HTMLReplayPage.defaultMaxNodes)
        }
        if let export { _ = try export.theme.htmlTemplate() }
        Platform.unblockInteractiveSignals()
        var timeline = Timeline()
        var descriptions: [String] = []
        // By step, only the steps that have some (a long log has few).
        var readerWarnings: [Int: [String]] = [:]
        let diagnostics = input.reading.makeDiagnostics()
        diagnostics.keepsReported = true
        let input = try self.input.reading.makeInput()
        let progress = Platform.isTerminal(2)
        // The screen opens once the whole log is read: from a pipe that is still open, the terminal would show
        // nothing (and echo keys) with no word of why.
        if progress, Platform.isTerminal(1), self.input.readsStdin, !Platform.isTerminal(0) {
            StandardError.write("navgraph: reading the log from stdin; the replay opens when it ends")
        }
        // A log usually starts with models starting before any dump places them: nothing to show yet.
        var firstWithHierarchy: Int?
        let summary = try input.read(diagnostics: diagnostics) { event in
            let change = timeline.append(event)
            if firstWithHierarchy == nil, !timeline.latest.nodes.isEmpty { firstWithHierarchy = timeline.count }
            for warning in change.warnings { diagnostics.report(warning) }
            let warnings = StepWarnings.reader(diagnostics.takeReported(), change: change, of: event)
            if !warnings.isEmpty { readerWarnings[timeline.count] = warnings }
            descriptions.append(StepDescription.describe(event, change: change, after: timeline.latest))
            if progress, timeline.count % 100_000 == 0 {
                StandardError.write("navgraph: read \(timeline.count) steps…")
            }
            return true
        }
        try diagnostics.finish()
        if let export {
            return try export.write(
                timeline: timeline, descriptions: descriptions, readerWarnings: readerWarnings,
                lifecycleAdvice: (summary.format ?? .swiftUINavigation).lifecycleAdvice)
        }
        try steps?.requireStart(within: timeline.count, input: self.input.displayName)
        if let start, start > timeline.count {
            throw CommandFailure.badInput(
                self.input.displayName,
                "--start \(start): the input has only \(timeline.count) step\(timeline.count == 1 ? "" : "s")")
        }

        let screen = ReplayScreen(title: self.input.displayName, style: display.style)
        if Platform.isTerminal(1), let terminal = Terminal() {
            var navigator = ReplayNavigator(
                timeline: timeline, descriptions: descriptions, screen: screen,
                step: min(max(start ?? firstWithHierarchy ?? 1, 0), timeline.count),
                lifecycleAdvice: (summary.format ?? .swiftUINavigation).lifecycleAdvice,
                opening: start == nil && (firstWithHierarchy ?? 0) > 1
                    ? "step \(firstWithHierarchy!): the first with a hierarchy (Home: step 0)" : nil)
            navigator.readerWarnings = readerWarnings
            var session = ReplaySession(navigator: navigator, terminal: terminal)
            session.run()
            // Ctrl-C (or SIGTERM, SIGHUP, SIGQUIT) ends the screen as the signal would end the process.
            if let signal = session.interruption { throw ExitCode(128 + signal) }
        } else {
            // Without a terminal there is no screen to open at a step: --start is where the printed steps begin.
            let range = steps ?? start.map { StepRange(lower: $0, upper: nil) }
            printSteps(
                timeline: timeline, descriptions: descriptions, readerWarnings: readerWarnings, screen: screen,
                steps: range)
        }
    }

    /// Without a terminal: every step (or the range), one after the other.
    private func printSteps(
        timeline: Timeline, descriptions: [String], readerWarnings: [Int: [String]], screen: ReplayScreen,
        steps: StepRange?
    ) {
        var output = StandardOutput()
        var state = Hierarchy()
        var printed = false
        // Steps 1 through the last; none for an empty timeline (a closed range 1...0 would trap).
        for step in stride(from: 1, through: timeline.count, by: 1) {
            if steps?.isPast(step - 1) == true { break }
            let change = state.apply(timeline.event(at: step))
            guard steps?.contains(step) ?? true else { continue }
            let (header, tree) = screen.body(
                step: step, total: timeline.count, event: timeline.event(at: step),
                description: descriptions[step - 1], state: state, change: change,
                endOfInput: step == timeline.count, readerWarnings: readerWarnings[step] ?? [])
            // A blank line between steps, not after the last (the output ended in an empty line).
            if printed { output.write("\n") }
            printed = true
            output.write(header.joined(separator: "\n") + "\n")
            if !tree.isEmpty { output.write(tree.joined(separator: "\n") + "\n") }
        }
        output.flush()
    }
}

/// The terminal side of the interactive replay: raw mode, keys in, frames out; what a key does and what a frame
/// shows is the library's `ReplayNavigator`.
struct ReplaySession {
    var navigator: ReplayNavigator
    let terminal: Terminal
    /// The signal that ended the screen, if one did (not `q`).
    private(set) var interruption: Int32?

    init(navigator: ReplayNavigator, terminal: Terminal) {
        self.navigator = navigator
        self.terminal = terminal
    }

    mutating func run() {
        terminal.enter()
        defer { terminal.leave() }
        draw()
        while let key = nextKey() {
            guard navigator.press(key) else { return }
            draw()
        }
    }

    /// The next key; a resize redraws on the way. `nil` once a signal ends the screen (`interruption` says which).
    private mutating func nextKey() -> TerminalKey? {
        while interruption == nil {
            switch terminal.next() {
            case .key(let key): return key
            case .resized: draw()
            case .interrupted(let signal): interruption = signal
            }
        }
        return nil
    }

    private mutating func draw() {
        let (rows, columns) = terminal.size
        terminal.write(navigator.frame(rows: rows, columns: columns))
    }
}

extension HTMLReplayPage.Layout: ExpressibleByArgument {}
