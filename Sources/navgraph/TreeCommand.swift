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
        let state = try input.readState(until: moment.moment)
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
    /// other (text under a `── step N, line L ──` header; JSON one document a line).
    ///
    /// What is shown never depends on where reads happen to stop: events are committed as the reader completes them,
    /// and a dump still being printed when the input goes quiet is shown provisionally — drawn as if it had ended,
    /// marked so, and replaced by the real state (which may differ, if more of the dump arrives).
    private func runFollowing() throws {
        unblockInteractiveSignals()
        let diagnostics = input.makeDiagnostics()
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
        /// The text of the last state shown (not provisional), so that the end repeats it only when it reads the same.
        var shownText: String?
        /// Why the file was read again from its start, until the first state after it has said so.
        var restartToSay: LineSource.Restart?
        /// The followed path named no file at the last look (and stderr said so).
        var removed = false
        /// On a terminal: the latest notice, shown under the header, and whether a frame was drawn yet.
        var notice: LiveView.Notice?
        var drawn = false
        /// The notice in the frame last drawn: a new one is drawn even when the state is as shown.
        var drawnNotice: LiveView.Notice?
        let frames = LiveFrames()
        if redraw { frames.handleSignals() }
        // The terminal as it was, when the input ends (Ctrl-C restores it on its own way out).
        defer { ControlEcho.restore() }
        // Diagnostics about the input become the notice (stderr's line would be painted over), and are all written
        // to stderr when the view ends. Into a file or a pipe stderr keeps them as they come.
        let held = redraw && isTerminal(2) ? HeldDiagnostics() : nil
        if let held {
            diagnostics.divert = { diagnostic, text in
                held.hold(diagnostic, as: text)
                notice = held.notice
            }
        }

        /// Said on stderr, and on a terminal also in the view (the next frame would paint over stderr's line).
        func say(_ message: String) {
            if redraw { notice = LiveView.Notice(text: message) }
            // Before the first frame nothing paints over stderr's line yet.
            if !redraw || !drawn || !isTerminal(2) { StandardError.write("navgraph: " + message) }
        }

        /// `again`: on a terminal, the state shown drawn once more (with a new notice).
        func show(_ state: Hierarchy, provisional: Bool, endOfInput: Bool, again: Bool = false) {
            var text = ""
            let restart = restartToSay.map { $0 == .truncated ? "truncated" : "replaced" }
            if format == .json {
                // Following, each state is one JSON Lines document that says which moment it shows.
                let moment = JSONRenderer.Moment(
                    step: state.step, line: state.line, provisional: provisional, endOfInput: endOfInput,
                    restart: restart)
                _ = try? JSONRenderer(moment: moment).render(state, to: &text)
            } else {
                render(state, endOfInput: endOfInput, to: &text)
            }
            // The state last shown again at the end: text says only that the input ended (a program reading JSON
            // gets the whole document, which is what says endOfInput).
            var onlyTheEnd = false
            let newNotice = redraw && notice != drawnNotice
            if provisional {
                guard text != shownProvisional || newNotice else { return }
                shownProvisional = text
            } else {
                guard state.step != shownStep || endOfInput || again || newNotice else { return }
                // Only when it reads the same: at the end a model that left is a leak, no longer "not finished yet".
                onlyTheEnd =
                    state.step == shownStep && shownProvisional == nil && format == .text && !redraw
                    && text == shownText
                shownStep = state.step
                shownText = text
                shownProvisional = nil
            }
            let header =
                "── step \(state.step), line \(state.line)"
                + (restart.map { " (file \($0); read from its start)" } ?? "")
                + (provisional ? ", provisional: a dump is still being printed" : "")
                + (endOfInput ? ", end of input" : "") + " ──"
            restartToSay = nil
            if redraw {
                var body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if body.last == "" { body.removeLast() }
                let view = LiveView(
                    header: display.style.paint(header, .dim),
                    notice: notice.map {
                        LiveView.Notice(
                            text: display.style.paint($0.text, .dim),
                            more: $0.more.isEmpty ? "" : display.style.paint($0.more, .dim))
                    }, body: body)
                output.flush()
                frames.draw(view, whole: endOfInput, first: !drawn)
                drawn = true
                drawnNotice = notice
            } else if format == .text {
                if onlyTheEnd {
                    output.write(display.style.paint("── end of input (step \(state.step), as above) ──", .dim) + "\n")
                } else {
                    output.write(display.style.paint(header, .dim) + "\n" + text + "\n")
                }
            } else {
                output.write(text)
            }
            output.flush()
        }

        if isTerminal(0), input.readsStdin { say("reading from stdin; Ctrl-D ends") }

        /// Said once, when the input first pauses with nothing navigation read yet: a blank screen says nothing.
        var saidWaiting = false
        /// Lines skipped before the file was last read again from its start: not this content's.
        var skippedBefore = 0
        func paused(_ pause: NavigationInput.Pause) {
            // Nothing read yet (a new, empty file, or only the app's own output): nothing to show, but why.
            guard hierarchy.step > 0 || !pause.provisionalEvents.isEmpty else {
                let skipped = diagnostics.skipped - skippedBefore
                // For someone watching: on a terminal (the view, or stderr) — a log of stderr stays as without
                // --follow.
                if !saidWaiting, redraw || isTerminal(2) {
                    saidWaiting = true
                    say(
                        "waiting for navigation output"
                            + (skipped == 0
                                ? "" : " (\(skipped) line\(skipped == 1 ? "" : "s") of other output skipped so far)")
                            + ": printDebugGraph() dumps, Started/Finished lines, NavigatorUI logs, NavigationPath "
                            + "JSON, dump() output or navgraph-events")
                }
                return
            }
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
                say("\(source.name) was removed; waiting for it to come back")
                removed = true
                if redraw && drawn { show(hierarchy, provisional: false, endOfInput: false, again: true) }
                return
            }
            // Like tail -F: the file now holds another run's output, whose hierarchy replaces what was shown.
            let what = removed ? "is back" : why == .truncated ? "was truncated" : "was replaced"
            say("\(source.name) \(what); reading it from the start")
            removed = false
            saidWaiting = false
            skippedBefore = diagnostics.skipped
            restartToSay = why
            hierarchy = Hierarchy()
            shownStep = -1
            shownProvisional = nil
            // The fresh (empty) state at once on a terminal and in JSON, with why; text into a pipe marks the
            // header of the first state the new file makes.
            if redraw || format == .json { show(hierarchy, provisional: false, endOfInput: false) }
        }

        let summary: NavigationInput.Summary
        do {
            summary = try reader.read(
                diagnostics: diagnostics, follow: input.file != nil && input.file != "-", onIdle: paused,
                onRestart: restarted
            ) { event in
                let change = hierarchy.apply(event)
                for warning in change.warnings { diagnostics.report(warning) }
                // A program reading JSON Lines gets every step; people (text) get the state each time the input
                // pauses.
                if everyStep { show(hierarchy, provisional: false, endOfInput: false) }
                return true
            }
        } catch {
            // The diagnostics before the error that ends reading come before it, as without a live view.
            held?.release()
            throw error
        }
        show(hierarchy, provisional: false, endOfInput: true)
        held?.release()
        try diagnostics.finish()
        input.reading.noteDumpsWithoutNavigation(in: hierarchy, format: summary.format, diagnostics: diagnostics)
    }
}
