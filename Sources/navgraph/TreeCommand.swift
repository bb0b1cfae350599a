import ArgumentParser
import NavGraphCore
import NavGraphFormats
import NavGraphRender

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

            \(ExitStatus.help([(.success, nil), (.badInput, nil), (.usage, nil)]))
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var moment: MomentOptions
    @OptionGroup var display: DisplayOptions

    @Option(help: OutputFormat.help(OutputFormat.treeFormats))
    var format: OutputFormat = .text

    @Flag(
        name: .shortAndLong,
        help: "Follow a growing log (a file like tail -f, or stdin until it ends) and show every new state.")
    var follow = false

    func validate() throws {
        try format.require(in: OutputFormat.treeFormats, by: "tree")
        if follow && moment.moment != nil {
            throw ValidationError("--follow shows the live state; it cannot go with --at or --at-time")
        }
    }

    func run() throws {
        if follow { return try runFollowing() }
        let hierarchy = try input.readHierarchy(until: moment.moment)
        var output = StandardOutput()
        render(hierarchy, endOfInput: moment.moment == nil, to: &output)
        output.flush()
    }

    private func render(_ hierarchy: Hierarchy, endOfInput: Bool, to output: inout some TextOutputStream) {
        // Neither the text tree nor JSON has a template that could fail.
        try? format.treeRenderer(style: display.style, endOfInput: endOfInput)?.render(hierarchy, to: &output)
    }

    /// Reads as the log grows and shows each new state: on a terminal redrawn in place, into a pipe one after the
    /// other (text under a `── step N, line L ──` header; JSON one document a line).
    ///
    /// What is shown never depends on where reads happen to stop: events are committed as the reader completes them,
    /// and a dump still being printed when the input goes quiet is shown provisionally — drawn as if it had ended,
    /// marked so, and replaced by the real state (which may differ, if more of the dump arrives).
    private func runFollowing() throws {
        unblockInteractiveSignals()
        let diagnostics = input.makeDiagnostics()
        input.reading.announceTerminalStdin()
        let source = try LineSource(path: input.file)
        let reader = NavigationInput(source: source, format: input.inputFormat, lenient: input.lenient)
        let redraw = isTerminal(1) && format == .text
        let everyStep = format == .json
        var hierarchy = Hierarchy()
        var output = StandardOutput()
        /// The last committed step shown, and the provisional state shown since (if any): nothing is shown twice,
        /// and a provisional state stays up until a newer one or a new step replaces it.
        var shownStep = -1
        var shownProvisional: String?
        /// Why the file was read again from its start, until a JSON document has said so.
        var restartToSay: LineSource.Restart?
        /// The followed path named no file at the last look (and stderr said so).
        var removed = false

        func show(_ state: Hierarchy, provisional: Bool, endOfInput: Bool) {
            var text = ""
            if format == .json {
                // Following, each state is one JSON Lines document that says which moment it shows.
                let moment = JSONRenderer.Moment(
                    step: state.step, line: state.line, provisional: provisional, endOfInput: endOfInput,
                    restart: restartToSay.map { $0 == .truncated ? "truncated" : "replaced" })
                try? JSONRenderer(moment: moment).render(state, to: &text)
            } else {
                render(state, endOfInput: endOfInput, to: &text)
            }
            if provisional {
                guard text != shownProvisional else { return }
                shownProvisional = text
            } else {
                guard state.step != shownStep || endOfInput else { return }
                shownStep = state.step
                shownProvisional = nil
            }
            if redraw {
                let status =
                    provisional
                    ? display.style.paint("(the last dump as printed so far: no line after it has arrived yet)", .dim)
                        + "\n" : ""
                output.write("\u{1B}[H\u{1B}[2J" + text + status)
            } else if format == .text {
                let header =
                    "── step \(state.step), line \(state.line)"
                    + (provisional ? ", provisional: a dump is still being printed" : "")
                    + (endOfInput ? ", end of input" : "") + " ──"
                output.write(display.style.paint(header, .dim) + "\n" + text + "\n")
            } else {
                output.write(text)
                restartToSay = nil
            }
            output.flush()
        }

        func paused(_ pause: NavigationInput.Pause) {
            // Nothing read yet (a new, empty file): nothing to show.
            guard hierarchy.step > 0 || !pause.provisionalEvents.isEmpty else { return }
            if pause.provisionalEvents.isEmpty {
                show(hierarchy, provisional: false, endOfInput: false)
                return
            }
            var preview = hierarchy
            for event in pause.provisionalEvents { _ = preview.apply(event) }
            show(preview, provisional: true, endOfInput: false)
        }

        func restarted(_ why: LineSource.Restart) {
            if why == .removed {
                // Like tail -F: said once; what was shown stays until a file is there again.
                StandardError.write("navgraph: \(source.name) was removed; waiting for it to come back")
                removed = true
                return
            }
            // Like tail -F: the file now holds another run's output, whose hierarchy replaces what was shown.
            let what = removed ? "is back" : why == .truncated ? "was truncated" : "was replaced"
            StandardError.write("navgraph: \(source.name) \(what); reading it from the start")
            removed = false
            restartToSay = why
            hierarchy = Hierarchy()
            shownStep = -1
            shownProvisional = nil
        }

        try reader.read(
            diagnostics: diagnostics, follow: input.file != nil && input.file != "-", onIdle: paused,
            onRestart: restarted
        ) { event in
            let change = hierarchy.apply(event)
            for warning in change.warnings { diagnostics.report(warning) }
            // A program reading JSON Lines gets every step; people (text) get the state each time the input pauses.
            if everyStep { show(hierarchy, provisional: false, endOfInput: false) }
            return true
        }
        show(hierarchy, provisional: false, endOfInput: true)
        try diagnostics.finish()
    }
}
