import ArgumentParser
import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender

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
                               (.badInput, nil), (.usage, nil)]))
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
        help: ArgumentHelp("With --html: draw at most this many models of the history (0: all).", valueName: "count"))
    var maxNodes = HTMLReplayPage.defaultMaxNodes

    func validate() throws {
        try PathOption.requireName(html, option: "--html")
        if html == nil && theme != nil { throw ValidationError("--theme applies to --html pages") }
        try requireCount("--max-nodes", maxNodes, atLeast: 0, zeroMeans: "all")
        if let start, start < 0 { throw ValidationError("--start \(start): a step is 0 or more") }
        if start != nil && steps != nil {
            throw ValidationError("--start and --steps: give one (without a terminal, --start N prints steps N..)")
        }
    }

    func run() throws {
        // Fail on an unwritable target or a missing theme before reading a long log.
        let export = try html.map {
            ReplayHTMLExport(
                target: try OutputFile(path: $0, input: self.input.file), title: self.input.displayName,
                theme: ThemeArgument(value: theme ?? BuiltInThemes.defaultName), maxNodes: maxNodes)
        }
        if let export { _ = try export.theme.htmlTemplate() }
        unblockInteractiveSignals()
        var timeline = Timeline()
        var descriptions: [String] = []
        // By step, only the steps that have some (a long log has few).
        var readerWarnings: [Int: [String]] = [:]
        let diagnostics = input.makeDiagnostics()
        diagnostics.keepsReported = true
        let input = try self.input.makeInput()
        let progress = isTerminal(2)
        // The screen opens once the whole log is read: from a pipe that is still open, the terminal would show
        // nothing (and echo keys) with no word of why.
        if progress, isTerminal(1), self.input.readsStdin, !isTerminal(0) {
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
        if isTerminal(1), let terminal = Terminal() {
            var session = ReplaySession(
                timeline: timeline, descriptions: descriptions, screen: screen, terminal: terminal,
                step: min(max(start ?? firstWithHierarchy ?? 1, 0), timeline.count))
            session.readerWarnings = readerWarnings
            session.lifecycleAdvice = (summary.format ?? .swiftUINavigation).lifecycleAdvice
            if start == nil, let firstWithHierarchy, firstWithHierarchy > 1 {
                session.opening = "step \(firstWithHierarchy): the first with a hierarchy (Home: step 0)"
            }
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

/// The interactive loop: keys move through the timeline, each move redraws the whole screen.
struct ReplaySession {
    let timeline: Timeline
    let descriptions: [String]
    let screen: ReplayScreen
    let terminal: Terminal
    var step: Int
    private var scroll = 0
    private var status: String?
    private var query = ""
    /// A message over the screen until any key (the leaks screen's verdict): its text is wrapped when drawn, so
    /// that a resize wraps it again.
    private var overlay: (title: String, text: String)?
    /// The leaks screen (`l`): the leaks at the end of the log, one selected.
    private var leakList: (leaks: [LeakReport.Leak], selected: Int)?
    /// The status line when the replay opens.
    var opening: String?
    /// What the reader warned of on each step's lines, by step.
    var readerWarnings: [Int: [String]] = [:]
    /// What the input's format advises logging when it records no lifecycle (the leaks screen says it).
    var lifecycleAdvice = InputFormat.swiftUINavigation.lifecycleAdvice
    /// The signal that ended the screen, if one did (not `q`).
    private(set) var interruption: Int32?

    /// Every key, for the key bar.
    private static let keys =
        "←/→ step  PgUp/PgDn ±10  Home/End first/last  ↑/↓ scroll  / find  n next  l leaks  q quit"

    init(timeline: Timeline, descriptions: [String], screen: ReplayScreen, terminal: Terminal, step: Int) {
        self.timeline = timeline
        self.descriptions = descriptions
        self.screen = screen
        self.terminal = terminal
        self.step = step
    }

    mutating func run() {
        terminal.enter()
        defer { terminal.leave() }
        status = opening
        draw()
        while let key = nextKey() {
            if overlay != nil {
                overlay = nil
                draw()
                continue
            }
            if leakList != nil {
                pickLeak(key)
                draw()
                continue
            }
            status = nil
            switch key {
            case .character("q"), .character("Q"): return
            case .right, .character(" "): move(to: step + 1)
            case .left: move(to: step - 1)
            case .pageDown: move(to: step + 10)
            case .pageUp: move(to: step - 10)
            case .home, .character("g"): move(to: 0)
            case .end, .character("G"): move(to: timeline.count)
            case .down, .character("j"): scroll += 1
            case .up, .character("k"): scroll = max(0, scroll - 1)
            case .character("/"): prompt()
            case .character("n"): find(query)
            case .character("l"): showLeaks()
            default: status = Self.keys
            }
            draw()
        }
    }

    /// The next key; a resize redraws on the way. `nil` once a signal ends the screen (`interruption` says which).
    private mutating func nextKey() -> Terminal.Key? {
        while interruption == nil {
            switch terminal.next() {
            case .key(let key): return key
            case .resized: draw()
            case .interrupted(let signal): interruption = signal
            }
        }
        return nil
    }

    private mutating func move(to target: Int) {
        let clamped = min(max(target, 0), timeline.count)
        if clamped != step { scroll = 0 }
        step = clamped
    }

    /// Reads a query on the bottom line, then finds it.
    private mutating func prompt() {
        var text = ""
        while true {
            status = "find: " + text
            draw()
            guard let key = nextKey() else { return }
            switch key {
            case .enter:
                // Nothing typed: the last search again, as in less and vim.
                if text.isEmpty {
                    status = nil
                    if !query.isEmpty { find(query) }
                    return
                }
                query = text
                find(text)
                return
            case .escape:
                status = nil
                return
            case .backspace:
                if !text.isEmpty { text.removeLast() }
            case .character(let character):
                text.append(character)
            default:
                break
            }
        }
    }

    /// The next step after the current one whose description mentions `text` (a type or id), wrapping around,
    /// and saying so when it wraps or finds only the step already shown.
    private mutating func find(_ text: String) {
        guard !text.isEmpty, timeline.count > 0 else { return }
        let needle = text.lowercased()
        let shown = Escaping.terminal(text)
        for offset in 1...timeline.count {
            let candidate = (step + offset - 1) % timeline.count + 1
            if descriptions[candidate - 1].lowercased().contains(needle) {
                if candidate == step {
                    status = "no further match for '\(shown)': step \(step) is the only one"
                    return
                }
                let wrapped = candidate < step
                move(to: candidate)
                status =
                    "found '\(shown)' at step \(candidate)"
                    + (wrapped ? " (search wrapped to the start)" : "") + " (n: next)"
                return
            }
        }
        status = "'\(shown)' is in no step"
    }

    private mutating func showLeaks() {
        // The judgement `navgraph leaks` fails with: "no leaks" would claim what the input cannot tell.
        if let reason = LeakReport.cannotBeTold(from: timeline.latest, lifecycleAdvice: lifecycleAdvice) {
            overlay = (
                "Leaks cannot be told from this input (any key to return)",
                reason.prefix(1).uppercased() + reason.dropFirst()
            )
            return
        }
        let leaks = LeakReport(hierarchy: timeline.latest).leaks
        if leaks.isEmpty {
            overlay = ("No leaks at the end of the log (any key to return)", "")
        } else {
            leakList = (leaks, 0)
        }
    }

    /// A key on the leaks screen: ↑/↓ select, Enter jumps to the step where the selected leak left the hierarchy.
    private mutating func pickLeak(_ key: Terminal.Key) {
        guard var list = leakList else { return }
        switch key {
        case .up, .character("k"): list.selected = max(0, list.selected - 1)
        case .down, .character("j"): list.selected = min(list.leaks.count - 1, list.selected + 1)
        case .enter:
            let leak = list.leaks[list.selected]
            leakList = nil
            let name = Escaping.terminal("\(leak.model.type) \(leak.model.id)")
            if let left = leak.leftStep {
                move(to: left)
                status = "step \(left): \(name) left the hierarchy here"
            } else {
                status = "\(name) is suspected, not seen leaving: no step to go to"
            }
            return
        case .escape, .character("l"), .character("q"):
            leakList = nil
            return
        default:
            break
        }
        leakList = list
    }

    private mutating func draw() {
        let (rows, columns) = terminal.size
        let footer = status ?? Self.keys
        if let (leaks, selected) = leakList {
            let lines = screen.leakList(leaks, selected: selected, rows: rows - 1)
            let keys = "↑/↓ select  Enter go to the step it left  Esc back"
            terminal.write(
                ReplayScreen.frame(lines: lines, rows: rows, columns: columns, footer: keys, style: screen.style))
        } else if let overlay {
            let lines =
                [screen.style.paint(overlay.title, .bold)]
                + (overlay.text.isEmpty ? [] : [""] + wrapWords(overlay.text, width: max(columns, 20)))
            terminal.write(
                ReplayScreen.frame(lines: lines, rows: rows, columns: columns, footer: footer, style: screen.style))
        } else {
            terminal.write(
                screen.frame(
                    step: step, timeline: timeline, description: step > 0 ? descriptions[step - 1] : "",
                    rows: rows, columns: columns, scroll: &scroll, footer: footer,
                    readerWarnings: readerWarnings[step] ?? []))
        }
    }
}
