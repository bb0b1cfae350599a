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

            \(ExitStatus.help([(.success, nil), (.badInput, nil), (.usage, nil)]))
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var moment: MomentOptions
    @OptionGroup var display: DisplayOptions

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format: Format = .text

    @Flag(name: .shortAndLong, help: "Follow a growing log (a file like tail -f, or stdin until it ends) and show every new state.")
    var follow = false

    func validate() throws {
        if follow && moment.moment != nil { throw ValidationError("--follow shows the live state; it cannot go with --at or --at-time") }
    }

    func run() throws {
        if follow { return try runFollowing() }
        let hierarchy = try input.readHierarchy(until: moment.moment)
        var output = StandardOutput()
        render(hierarchy, endOfInput: moment.moment == nil, to: &output)
        output.flush()
    }

    private func render(_ hierarchy: Hierarchy, endOfInput: Bool, to output: inout some TextOutputStream) {
        switch format {
        case .text: try? TextTreeRenderer(style: display.style, endOfInput: endOfInput).render(hierarchy, to: &output)
        case .json: try? JSONRenderer().render(hierarchy, to: &output)
        }
    }

    /// Reads as the log grows; renders whenever the input pauses and the state changed.
    private func runFollowing() throws {
        unblockInteractiveSignals()
        let diagnostics = input.makeDiagnostics()
        let source = try LineSource(path: input.file)
        let reader = NavigationInput(source: source, format: input.inputFormat, lenient: input.lenient)
        let redraw = isTerminal(1) && format == .text
        var hierarchy = Hierarchy()
        var shownStep = -1
        var output = StandardOutput()

        func show(endOfInput: Bool) {
            // Nothing read yet (a new, empty file): nothing to show.
            guard hierarchy.step != shownStep || endOfInput, hierarchy.step > 0 || endOfInput else { return }
            shownStep = hierarchy.step
            var text = ""
            render(hierarchy, endOfInput: endOfInput, to: &text)
            if redraw {
                output.write("\u{1B}[H\u{1B}[2J" + text)
            } else {
                if format == .text {
                    output.write(display.style.paint("── step \(hierarchy.step), line \(hierarchy.line)\(endOfInput ? ", end of input" : "") ──", .dim) + "\n")
                }
                output.write(text + (format == .text ? "\n" : ""))
            }
            output.flush()
        }

        try reader.read(diagnostics: diagnostics, follow: input.file != nil && input.file != "-", onIdle: { show(endOfInput: false) }) { event in
            let change = hierarchy.apply(event)
            for warning in change.warnings { diagnostics.report(warning) }
            return true
        }
        if !redraw || hierarchy.step != shownStep { show(endOfInput: true) }
        try diagnostics.finish()
    }
}
