import ArgumentParser
import NavGraphConfiguration
import NavGraphCore
import NavGraphGraphviz
import NavGraphRender

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the hierarchy as a diagram (DOT, SVG, PNG, PDF by Graphviz, Mermaid) or write its trace.",
        discussion: """
            The format comes from --format, else from the extension of -o (one that names no format is an \
            error), else DOT. Without -o the diagram goes to stdout (binary formats only into a pipe or file). \
            SVG, PNG and PDF are laid out in-process by libgraphviz; no `dot` program is needed.

            Stacks and tabs are drawn as clusters, stack entries in push order; each presentation style has \
            its own line and arrowhead (the legend lists those drawn), leaks their own colour. --theme dark for the dark theme; for your own, start from \
            `navgraph templates dot/light.dot.mustache`.

            Examples:
              navgraph render session.log -o nav.svg
              navgraph render session.log --at 12 --direction LR -o nav.png
              navgraph render session.log > nav.dot   (DOT, to edit or draw elsewhere)

            \(ExitStatus.help([(.success, nil), (.renderFailed, nil), (.outputFailed, nil), (.badInput, nil), (.usage, nil)]))
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var moment: MomentOptions

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the diagram to this file (written atomically).", valueName: "path"))
    var output: String?

    @Option(help: OutputFormat.help(DrawingOutput.formats, " (default: from -o's extension, else dot)"))
    var format: OutputFormat?

    @Option(
        help: ArgumentHelp(
            "A built-in theme (light, dark; see `navgraph templates`) or your Mustache DOT theme's path (with "
                + "--format mermaid or markdown, your Mermaid template's).",
            valueName: "name|path"))
    var theme: String?

    @Option(
        help: ArgumentHelp(
            "Layout direction: TB (top to bottom) or LR (left to right); default TB, or LR where only that reads at "
                + "a README's width.",
            valueName: "dir"))
    var direction: DOTRenderer.Direction?

    @Flag(help: "Leave out the legend.")
    var noLegend = false

    @Option(
        help: ArgumentHelp(
            "Leave this suffix out of type names on the diagram (NavigationModel: HomeNavigationModel is drawn Home).",
            valueName: "suffix"))
    var stripSuffix: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Draw at most this many models (breadth first, at most 40 children each) and fold the rest into "
                + "'… N more' nodes; 0 draws all (default 2000).",
            valueName: "count"))
    var maxNodes: Int?

    @Option(
        help: ArgumentHelp(
            "Draw only this model and what hangs under it: a model's id (or the start of one), a window's name (its "
                + "root), or a type (its first model); for a window, a tab or a sheet of a large app.",
            valueName: "id|type|window"))
    var focus: String?

    // Read unconditionally, as the other counts, so that `--depth -1` gets a message about counts.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Fold models more than this many levels below the top of the drawing (a window's root, or --focus) into "
                + "'… N more' nodes.",
            valueName: "n"))
    var depth: Int?

    mutating func validate() throws {
        // `-o -` is standard output, as no -o is.
        if output == "-" { output = nil }
        try PathOption.requireFormatNamed(output, option: "-o", formatGiven: format != nil)
        if let maxNodes { try requireCount("--max-nodes", maxNodes, atLeast: 0, zeroMeans: "all") }
        if let depth { try requireCount("--depth", depth, atLeast: 0) }
        if chosenFormat == .trace && (focus != nil || depth != nil) {
            throw ValidationError("--focus and --depth choose what a drawing holds; a trace is the whole history")
        }
        if let stripSuffix, !NavGraphConfiguration.isTypeNameSuffix(stripSuffix) {
            throw ValidationError(
                "--strip-suffix '\(stripSuffix)' is not the end of a type name; expected letters, digits or _")
        }
        try format?.require(in: DrawingOutput.formats, by: "render")
        if chosenFormat == nil, let output {
            // An HTML page is the replay's: said where to find it.
            let html =
                OutputFormat.fileExtension(of: output).map { ["html", "htm"].contains($0.lowercased()) } ?? false
            throw ValidationError(
                "cannot tell the format from '\(output)'; use --format \(OutputFormat.names(DrawingOutput.formats))"
                    + (html ? " (an HTML page that replays the history: navgraph replay FILE --html \(output))" : "")
            )
        }
    }

    func run() throws {
        let chosen = chosenFormat ?? .dot
        if output == nil, chosen.isBinary, Platform.isTerminal(1) {
            throw ValidationError("\(chosen.rawValue) is binary; write it with -o FILE or redirect stdout")
        }
        // Fail on an unwritable target before reading a long log.
        let target = try output.map { try OutputFile(path: $0, inputs: [input.file ?? "-"]) }
        // `-o nav.svg --format png` writes what was asked, but a file named for another format is likely a slip.
        // A trace is JSON (Perfetto's, Chrome's), so `.json` names it too.
        if let output, let named = OutputFormat(extensionOf: output), named != chosen,
            !(chosen == .trace && OutputFormat.fileExtension(of: output)?.lowercased() == "json")
        {
            StandardError.write(
                "navgraph: warning: writing \(chosen.rawValue) to '\(output)', whose extension names \(named.rawValue)"
            )
        }

        // Options not given take their default from .navgraph.yml.
        let defaults = try input.flags.configuration.load().defaults
        let theme =
            self.theme.map { ThemeArgument(value: $0) }
            ?? defaults.theme.map { ThemeArgument(value: $0.path, origin: $0.origin) }
        let maxNodes = maxNodes ?? defaults.maxNodes?.value ?? NavGraphConfiguration.Defaults.builtInMaxNodes
        var options = DrawingOutput.Options()
        options.direction =
            direction ?? defaults.direction.flatMap { DOTRenderer.Direction(rawValue: $0.value) } ?? .topToBottom
        options.legend = !noLegend
        options.labels.strippedSuffix = stripSuffix ?? defaults.stripSuffix?.value
        options.maxNodes = maxNodes > 0 ? maxNodes : nil
        options.scope.maxDepth = depth
        options.endOfInput = moment.moment == nil
        options.inputName = input.displayName
        options.theme = { try theme?.dotTemplate().map { ($0.text, $0.name) } }
        // Only a --theme given here: `defaults.theme` names a DOT theme for every drawing.
        let given = self.theme.map { ThemeArgument(value: $0) }
        options.mermaidTemplate = { try given?.mermaidTemplate() }
        options.layout = GraphvizLayout()
        var readability: DrawingReadability?
        options.measured = { readability = $0 }

        // What the drawing leaves out is said before Graphviz lays it out (which a large drawing makes take a while,
        // said too), or after rendering for a format Graphviz does not draw.
        var said = false
        func say(_ summary: RenderSummary) {
            guard !said else { return }
            said = true
            for note in summary.notes {
                StandardError.write(words(for: note, drawn: summary.drawn, maxNodes: maxNodes, depth: depth))
            }
        }
        options.willLayOut = { summary in
            say(summary)
            if summary.drawn > 500 && Platform.isTerminal(2) {
                StandardError.write("navgraph: laying out \(summary.drawn) models with Graphviz…")
            }
        }
        // validate() keeps the format to the view's.
        guard var renderer = try DrawingOutput.renderer(for: chosen, options) else { return }
        let (hierarchy, endOfInput) = try input.reading.readState(
            until: moment.moment,
            onStep: renderer.recordsSteps
                ? { event, change, state in renderer.record(event, change: change, in: state) } : nil)
        // `--at` the input's last step is its end too (models that left and never finished have leaked): known only
        // once read. A renderer that recorded the steps keeps them.
        let focused = try focus.map { try focusKey($0, in: hierarchy) }
        if endOfInput != options.endOfInput || focused != nil, !renderer.recordsSteps {
            options.endOfInput = endOfInput
            options.scope.focus = focused
            renderer = try DrawingOutput.renderer(for: chosen, options) ?? renderer
        }
        var bytes = ByteOutput()
        let directionChosen = direction != nil || defaults.direction != nil
        do {
            let summary = try renderer.render(hierarchy, to: &bytes)
            say(summary)
            // A drawing that does not read in a column is laid out in other ways too (windows one under another,
            // long names on two lines, on its side where no direction was chosen), and the first that reads, else
            // the one whose text is largest there, is kept. A drawing of more than 500 models takes Graphviz
            // seconds a layout: it is only measured.
            if let measured = readability, !measured.readsInAColumn, summary.drawn <= 500 {
                let windows = focused == nil ? hierarchy.openWindows.count : 1
                let kept = try Self.relaidOut(
                    (bytes, measured), hierarchy, as: chosen, options,
                    alternatives: ReadableLayout.alternatives(
                        to: ReadableLayout(direction: options.direction), directionChosen: directionChosen,
                        windows: windows, pixels: measured.textPixels()))
                (bytes, readability) = (kept.0, kept.1)
            }
        } catch {
            throw CommandFailure.themeMadeInvalidDOT(error, theme: theme.flatMap(\.userFile)) ?? error
        }
        try write(bytes.bytes, to: target)
        if let readability, !readability.readsInAColumn {
            let suffix = ReadabilityWords.suffixWayOut(
                types: Self.typesPlaced(hierarchy), stripped: options.labels.strippedSuffix)
            let other = directionChosen ? options.direction : nil
            StandardError.write(
                ReadabilityWords.note(readability, waysOut: Self.waysOut(otherDirection: other, suffix: suffix)))
        }
    }

    /// The types of the models placed, the first 5,000 (enough to tell a suffix most of them share).
    private static func typesPlaced(_ hierarchy: Hierarchy) -> [String] {
        Array(
            hierarchy.openWindows.lazy.flatMap { hierarchy.preorder(window: $0.name).lazy.map(\.node.model.type) }
                .prefix(5000))
    }

    /// The drawing laid out in each of `alternatives` until one reads (`ReadableLayout.best`): the one kept, said
    /// on stderr when it is not the one asked for.
    private static func relaidOut(
        _ first: (ByteOutput, DrawingReadability), _ hierarchy: Hierarchy, as format: OutputFormat,
        _ options: DrawingOutput.Options, alternatives: [ReadableLayout]
    ) throws -> (ByteOutput, DrawingReadability) {
        let asked = ReadableLayout(direction: options.direction)
        let kept = try ReadableLayout.best(first: (asked, first.0, first.1), trying: alternatives) { layout in
            var relaid = options
            relaid.direction = layout.direction
            relaid.windowsStacked = layout.windowsStacked
            if layout.wrapped { relaid.labels.wrapsTypesLongerThan = ReadableLayout.wrapLength }
            var readability: DrawingReadability?
            relaid.measured = { readability = $0 }
            guard let drawing = try Self.drawing(hierarchy, as: format, relaid), let readability else { return nil }
            return (drawing, readability)
        }
        if kept.layout != asked {
            StandardError.write(ReadabilityWords.relaidOut(kept.layout, kept.readability, against: asked, first.1))
        }
        return (kept.drawing, kept.readability)
    }

    /// The hierarchy drawn again with other options.
    private static func drawing(
        _ hierarchy: Hierarchy, as format: OutputFormat, _ options: DrawingOutput.Options
    ) throws -> ByteOutput? {
        guard var renderer = try DrawingOutput.renderer(for: format, options) else { return nil }
        var bytes = ByteOutput()
        try renderer.render(hierarchy, to: &bytes)
        return bytes
    }

    /// What draws a part of the hierarchy, or names it shorter, for a drawing that does not read.
    /// `direction`: the one drawn, when chosen (the other is then worth a try); `nil` when both were tried.
    static func waysOut(otherDirection direction: DOTRenderer.Direction?, suffix: String?) -> [String] {
        let other = direction.map { $0 == .topToBottom ? DOTRenderer.Direction.leftToRight : .topToBottom }
        return ["draw part of it with --focus ID|TYPE|WINDOW (one window, tab or sheet)", "--depth N"]
            + (suffix.map { [$0] } ?? []) + (other.map { ["try --direction \($0.rawValue)"] } ?? [])
    }

    /// The model `--focus` names in the state drawn; bad input, said against the log, when it names none.
    private func focusKey(_ text: String, in hierarchy: Hierarchy) throws -> String {
        let location = Escaping.terminal(input.displayName)
        switch DrawingScope.match(text, in: hierarchy) {
        case .model(let key):
            return key
        case .ambiguous(let ids):
            throw CommandFailure.badInput(
                location,
                "--focus \(Escaping.terminal(text)): the ids of several models start with it ("
                    + ids.map(Escaping.terminal).joined(separator: ", ") + "); give more of one")
        case .none(let types, let windows):
            func some(_ names: [String]) -> String {
                names.prefix(20).map(Escaping.terminal).joined(separator: ", ") + (names.count > 20 ? ", …" : "")
            }
            throw CommandFailure.badInput(
                location,
                "--focus \(Escaping.terminal(text)): no model placed here has that id or type, nor any window that name"
                    + (types.isEmpty ? "" : "; types placed: " + some(types))
                    + (windows.isEmpty ? "" : "; windows: " + some(windows)))
        }
    }

    private func write(_ bytes: [UInt8], to target: OutputFile?) throws {
        if let target {
            try target.write(bytes)
        } else {
            var stdout = StandardOutput()
            stdout.write(bytes: bytes)
        }
    }

    /// --format, else the format -o's extension names, else DOT; `nil` when -o has an extension that names no
    /// diagram format (`nav.txt`).
    private var chosenFormat: OutputFormat? {
        if let format { return format }
        guard let output, OutputFormat.fileExtension(of: output) != nil else { return .dot }
        return OutputFormat(extensionOf: output).flatMap { DrawingOutput.formats.contains($0) ? $0 : nil }
    }

    /// Started before the arguments are parsed: Graphviz's context and fonts, and the built-in theme, are made
    /// ready on the other core meanwhile. Only a guess from the raw arguments; a wrong guess costs a little time on
    /// that core, nothing else.
    static func prepare(arguments: ArraySlice<String>) {
        let textOnly = ["dot", "mermaid", "markdown", "trace"]
        let drawsDOT = arguments.contains { argument in
            textOnly.contains { argument == $0 || argument == "--format=" + $0 } || argument.hasSuffix(".dot")
                || argument.hasSuffix(".mmd") || argument.hasSuffix(".md")
        }
        if !drawsDOT { Graphviz.prepare() }
        if !arguments.contains(where: { $0 == "--theme" || $0.hasPrefix("--theme=") }) {
            DOTRenderer.prepareBuiltInTheme()
        }
    }
}

extension DOTRenderer.Direction: ExpressibleByArgument {}
