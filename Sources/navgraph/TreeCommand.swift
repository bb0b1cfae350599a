import ArgumentParser
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTerminal

struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Print the navigation hierarchy as a text tree or JSON: at the end of the log, at a step, or live.",
        discussion: """
            For each window: its last printDebugGraph() dump (or what the events built), minus models that \
            printed Finished after it. Then the models not yet placed, and the leaked ones (left the hierarchy, \
            never finished).

            Markers: [stack] [tabs] [switch] [split] for containers; ⇡sheet, ⇡alert, ⇡presented (style unknown) \
            for presented models; 'tab N' for tabs; sidebar/content/detail for split columns.

            --follow reads the log as it grows, e.g.
              xcrun simctl launch --console-pty booted com.example.app | navgraph tree --follow
            On a terminal it redraws the tree in place on every change; into a pipe it prints each new state. \
            It stops when stdin ends (printing the final state), or on Ctrl-C when following a file.

            Examples:
              navgraph tree session.log
              navgraph tree session.log --at 12 --format json
              navgraph tree --follow ui-test.log

            \(ExitStatus.help([(.success, nil), (.outputFailed, nil), (.badInput, nil), (.usage, nil)]))
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var moment: MomentOptions
    @OptionGroup var display: DisplayOptions

    @Option(help: OutputFormat.help(TreeOutput.formats))
    var format: OutputFormat = .text

    @Flag(
        name: .shortAndLong,
        help: "Follow a growing log (a file like tail -F, or stdin until it ends) and show every new state.")
    var follow = false

    func validate() throws {
        try format.require(in: TreeOutput.formats, by: "tree")
        if follow && moment.moment != nil {
            throw ValidationError("--follow shows the live state; it cannot go with --at or --at-time")
        }
    }

    func run() throws {
        if follow { return try runFollowing() }
        let state = try input.reading.readState(until: moment.moment)
        var output = StandardOutput()
        render(state.hierarchy, endOfInput: state.isEndOfInput, to: &output)
        output.flush()
    }

    private func render(_ hierarchy: Hierarchy, endOfInput: Bool, to output: inout some RenderOutput) {
        var renderer = TreeOutput.renderer(for: format, style: display.style, endOfInput: endOfInput)
        // Neither the text tree nor JSON has a template that could fail.
        _ = try? renderer?.render(hierarchy, to: &output)
    }

    /// Reads as the log grows and shows each new state: on a terminal redrawn in place, into a pipe one after the
    /// other (text under a `── step N, line L ──` header; JSON one document a line). What is shown when is the
    /// library's `FollowLoop`; this does the reading and the terminal.
    private func runFollowing() throws {
        Platform.unblockInteractiveSignals()
        let diagnostics = input.reading.makeDiagnostics()
        let source = try LineSource(path: input.file)
        let reader = NavigationInput(source: source, format: input.inputFormat, lenient: input.lenient)
        let redraw = Platform.isTerminal(1) && format == .text
        var loop = FollowLoop(
            mode: format == .json ? .json : redraw ? .redraw : .text, style: display.style, inputName: source.name,
            stderrIsTerminal: Platform.isTerminal(2))
        var output = StandardOutput()
        let frames = LiveFrames()
        if redraw { frames.handleSignals() }
        // The terminal as it was, when the input ends (Ctrl-C restores it on its own way out).
        defer { ControlEcho.restore() }
        // Diagnostics about the input become the notice (stderr's line would be painted over), and are all written
        // to stderr when the view ends. Into a file or a pipe stderr keeps them as they come.
        let held = redraw && Platform.isTerminal(2) ? HeldDiagnostics() : nil
        if let held {
            diagnostics.divert = { diagnostic, text in
                held.hold(diagnostic, as: text)
                loop.notice = held.notice
            }
        }
        // Output that cannot be written ends the reading at once: following a live app, nothing else would.
        func perform(_ actions: [FollowAction]) throws {
            for action in actions {
                switch action {
                case .say(let message): StandardError.write("navgraph: " + message)
                case .print(let text):
                    output.write(text)
                    output.flush()
                case .draw(let frame):
                    output.flush()
                    frames.draw(
                        LiveView(header: frame.header, notice: frame.notice, body: frame.body), whole: frame.whole,
                        first: frame.first)
                }
            }
            try StandardOutputFailure.check()
        }

        func paused(_ pause: NavigationInput.Pause) throws {
            try perform(loop.paused(provisionalEvents: pause.provisionalEvents, skippedLines: diagnostics.skipped))
        }
        func restarted(_ why: LineSource.Restart) throws {
            let restart: FollowLoop.Restart =
                switch why {
                case .truncated: .truncated
                case .replaced: .replaced
                case .removed: .removed
                }
            try perform(loop.restarted(restart, skippedLines: diagnostics.skipped))
        }

        if Platform.isTerminal(0), input.readsStdin { try perform(loop.say("reading from stdin; Ctrl-D ends")) }
        let summary: NavigationInput.Summary
        do {
            summary = try reader.read(
                diagnostics: diagnostics, follow: input.file != nil && input.file != "-", onIdle: paused,
                onRestart: restarted
            ) { event in
                try perform(
                    loop.step(event) { change in for warning in change.warnings { diagnostics.report(warning) } })
                return true
            }
        } catch {
            // The diagnostics before the error that ends reading come before it, as without a live view.
            held?.release()
            throw error
        }
        try perform(loop.ended())
        held?.release()
        try diagnostics.finish()
        input.reading.noteRemark(on: loop.hierarchy, format: summary.format, diagnostics: diagnostics)
    }
}
