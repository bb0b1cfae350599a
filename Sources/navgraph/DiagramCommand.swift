import ArgumentParser
import Foundation
import NavGraphAnalysis
import NavGraphConfiguration
import NavGraphCore
import NavGraphFormats
import NavGraphGraphviz
import NavGraphRender

struct DiagramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagram",
        abstract: "Draw the app's navigation map from one or many logs: a node per model type, an edge per "
            + "relation seen.",
        discussion: """
            Relations: root of a window, first in a stack, pushed after (the stack's top), presented from (with \
            its style), tab N of, switched to, a split column of. Each edge is labelled with how often it was seen \
            (×12) and drawn heavier the more often; the relations between two types are an edge per kind, each \
            with one compact label (tab ×80). \
            Types of one feature (module `Checkout.Cart`, or first word `CheckoutCart…`) are grouped; containers \
            are clusters around the types they held; a DOT, SVG, PNG or PDF map is laid out a few ways (types in \
            other orders, with and without the groups) and the one whose edges cross least is drawn (stderr says when \
            the groups were left out; --verbose says how many times the edges cross). Logs of any input format can be \
            mixed; the same logs give the \
            same bytes whatever their order. Each presentation style has its own line and arrowhead (the legend \
            lists those drawn). --theme dark for the dark theme; for your own, start from \
            `navgraph templates diagram/light.dot.mustache`.

            A container type reached from 2 or more places that leads on to 6 or more other types (a generic stack \
            root every sheet is wrapped in) is collapsed: its edges are drawn past it, from where its models were reached \
            to what they led to, and the legend and stderr name it (--no-collapse keeps it). --collapse and \
            `diagram: collapse:` in .navgraph.yml name more. The JSON map and --check are never collapsed.

            A drawing holds at most --max-nodes types (default 500): those reached first from the windows' roots; \
            stderr says how many were left out.

            --check BASELINE compares the relations with a committed `--format json` map and prints a line per \
            relation that appeared (+) or disappeared (-); with --update the baseline is rewritten instead.

            \(ExitStatus.help([
                (.success, "success (with --check: the logs match the baseline)"),
                (.found, "the navigation drifted from the baseline (--check), or \(ExitStatus.renderFailed.meaning)"),
                (.outputFailed, nil), (.badInput, nil), (.usage, nil),
            ]))
            """)

    @Argument(help: ArgumentHelp("The logs to read (any input format, mixed); '-' for stdin.", valueName: "file"))
    var files: [String]

    @OptionGroup var flags: ReadingFlags

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the diagram to this file (written atomically).", valueName: "path"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "\(OutputFormat.names(MapOutput.formats)) (default: from -o's extension, else dot).", valueName: "format"))
    var format: OutputFormat?

    @Option(
        help: ArgumentHelp(
            "Layout direction: TB (top to bottom) or LR (left to right); default TB, or LR where only that reads at "
                + "a README's width.",
            valueName: "dir"))
    var direction: DOTRenderer.Direction?

    @Option(
        help: ArgumentHelp(
            "A built-in theme (light, dark; see `navgraph templates`) or your Mustache diagram theme's path (with "
                + "--format mermaid or markdown, your Mermaid template's).",
            valueName: "name|path"))
    var theme: String?

    @Option(
        help: ArgumentHelp(
            "Leave this suffix out of type names on the drawing (NavigationModel: HomeNavigationModel is drawn "
                + "Home); JSON keeps them whole.",
            valueName: "suffix"))
    var stripSuffix: String?

    @Flag(help: "Leave out the legend.")
    var noLegend = false

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Group types by feature (module or first word of the name) always, or never; by default a DOT, SVG, "
                + "PNG or PDF map leaves the groups out where that makes fewer edges cross (said on stderr)."))
    var group: Bool?

    @Option(
        help: ArgumentHelp(
            "Collapse types matching this glob (* and ?): their edges drawn past them; repeatable.",
            valueName: "glob"))
    var collapse: [String] = []

    @Flag(help: "Do not collapse hub container types automatically (--collapse still applies).")
    var noCollapse = false

    @Option(help: ArgumentHelp("Only this type's neighbourhood (see --depth).", valueName: "type"))
    var focus: String?

    // Counts are read unconditionally, so that `--depth -1` gets a message about counts, not "missing value".
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --focus: how many relations away from the type to keep (default 1).",
            valueName: "n"))
    var depth: Int?

    @Option(help: ArgumentHelp("Leave out types matching this glob (* and ?); repeatable.", valueName: "glob"))
    var exclude: [String] = []

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Leave out relations seen fewer times than this.", valueName: "n"))
    var minCount = 1

    // Read unconditionally, as the other counts, so that `--max-nodes -1` gets a message about counts.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Draw at most this many types, those reached first from the windows' roots (default "
                + "\(NavigationMapCap.defaultMaximumTypes); 0 for all); the JSON map is whole.",
            valueName: "n"))
    var maxNodes: Int?

    @Option(help: ArgumentHelp("Compare with this baseline (a --format json map): exit 1 on drift.", valueName: "path"))
    var check: String?

    @Flag(help: "With --check: rewrite the baseline with what the logs show now.")
    var update = false

    mutating func validate() throws {
        // `-o -` is standard output, as no -o is.
        if output == "-" { output = nil }
        try PathOption.requireFormatNamed(output, option: "-o", formatGiven: format != nil)
        try PathOption.requireName(check, option: "--check", expected: "the baseline's path")
        if files.isEmpty { throw ValidationError("give at least one log to read") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("stdin ('-') can be read only once") }
        if let depth {
            try requireCount("--depth", depth, atLeast: 0)
            // Without a type to measure from, a distance means nothing: said, not silently ignored.
            if focus == nil { throw ValidationError("--depth needs --focus (the type it counts relations from)") }
        }
        try requireCount("--min-count", minCount, atLeast: 1)
        if let maxNodes { try requireCount("--max-nodes", maxNodes, atLeast: 0, zeroMeans: "all") }
        if update && check == nil { throw ValidationError("--update rewrites the baseline named by --check") }
        if check != nil && (output != nil || format != nil) {
            throw ValidationError("--check compares with a baseline; it writes no diagram (leave out -o and --format)")
        }
        try format?.require(in: MapOutput.formats, by: "diagram")
        // A word that names no built-in theme is a mistake rather than a file (said before any log is read); a
        // file is read when the drawing is made.
        if let theme, !theme.contains("/"), !theme.contains("."), !NavigationMapDOTRenderer.themes.contains(theme) {
            _ = try ThemeArgument(value: theme).diagramTheme()
        }
        if let stripSuffix, !NavGraphConfiguration.isTypeNameSuffix(stripSuffix) {
            throw ValidationError(
                "--strip-suffix '\(stripSuffix)' is not the end of a type name; expected letters, digits or _")
        }
        // The extension of the file's name, not of a folder (`a.b/nav` has none).
        if format == nil, let output, OutputFormat.fileExtension(of: output) != nil, namedFormat(output) == nil {
            throw ValidationError(
                "cannot tell the format from '\(output)'; use --format \(OutputFormat.names(MapOutput.formats))")
        }
    }

    /// The theme `chosen` is drawn with: a diagram theme (built-in or a file) for the DOT formats, a Mermaid
    /// template for Mermaid's; `nil` for the default or JSON. `defaults.theme` applies where a diagram theme has its
    /// name (light, dark): a file there is a `render` theme, whose statements are not a map's.
    private func theme(
        for chosen: OutputFormat, configuration: NavGraphConfiguration
    ) throws -> (builtIn: String?, file: ThemeArgument.Template?, mermaid: MermaidTemplate?)? {
        if [.mermaid, .markdown].contains(chosen) {
            return try theme.map { (nil, nil, try ThemeArgument(value: $0).mermaidTemplate()) }
        }
        let defaultTheme = configuration.defaults.theme?.path
        guard let given = theme ?? defaultTheme.flatMap({ NavigationMapDOTRenderer.themes.contains($0) ? $0 : nil }),
            [.dot, .svg, .png, .pdf].contains(chosen)
        else { return nil }
        let resolved = try ThemeArgument(value: given).diagramTheme()
        return (resolved.builtIn, resolved.file, nil)
    }

    func run() throws {
        let chosen = format ?? output.flatMap(namedFormat) ?? .dot
        if output == nil, chosen.isBinary, Platform.isTerminal(1) {
            throw ValidationError("\(chosen.rawValue) is binary; write it with -o FILE or redirect stdout")
        }
        let target = try output.map { try OutputFile(path: $0, inputs: files) }
        let filter = NavigationMapFilter(excluded: exclude, minimumCount: minCount, focus: focus, depth: depth ?? 1)
        // The theme is read before the logs (which may take a while): a missing one, or one for another output, is
        // said first, as render says it.
        let configuration = try flags.configuration.load()
        let drawnTheme = check == nil ? try theme(for: chosen, configuration: configuration) : nil
        let whole = try readMap()
        if let check {
            return try compare(try filtered(whole, with: filter), withBaseline: check)
        }
        // The JSON map is data (a baseline): whole. A drawing collapses its hubs first, so that --focus and
        // --exclude see the map as drawn.
        var collapsed: [NavigationMapCollapse.Collapsed] = []
        var drawn = whole
        if chosen != .json {
            let listed = configuration.diagramCollapse.map(\.pattern) + collapse
            let rule = NavigationMapCollapse(
                listed: listed, automatic: !noCollapse, kept: Set(focus.map { [$0] } ?? []))
            (drawn, collapsed) = rule.apply(to: whole)
            if !collapsed.isEmpty { StandardError.write(Self.collapseNote(collapsed)) }
        }
        var map = try filtered(drawn, with: filter)
        // Not `defaults.max-nodes`, which counts a drawing's models: a map's types cost Graphviz more each.
        let maxNodes = maxNodes ?? NavigationMapCap.defaultMaximumTypes
        if chosen != .json, maxNodes > 0 {
            let leftOut: Int
            (map, leftOut) = NavigationMapCap(maximumTypes: maxNodes).apply(to: map)
            if leftOut > 0 { StandardError.write(Self.capNote(drawn: map.types.count, leftOut: leftOut)) }
        }

        if map.types.isEmpty {
            // The map is still written (an empty one is a valid file for a pipeline), as `render` writes an empty
            // diagram, and said so.
            let filtered = !exclude.isEmpty || focus != nil || minCount > 1
            StandardError.write(
                filtered
                    ? "navgraph: the map is empty: --exclude, --focus or --min-count left out every type"
                    : missingNote(TextTreeRenderer.noHierarchy, "the map is empty"))
        }
        // `defaults.direction` counts as chosen, as for `render`: the map is not then turned on its side.
        let configuredDirection = configuration.defaults.direction.flatMap { DOTRenderer.Direction(rawValue: $0.value) }
        let chosenDirection = direction ?? configuredDirection
        var look = MapOutput.Look(
            direction: chosenDirection ?? .topToBottom, legend: !noLegend, grouped: group ?? true,
            collapsed: collapsed.map(\.type))
        look.labels.strippedSuffix = stripSuffix ?? configuration.defaults.stripSuffix?.value
        if let builtIn = drawnTheme?.builtIn { look.theme = builtIn }
        look.themeFile = drawnTheme?.file.map { ($0.text, $0.name) }
        look.mermaidTemplate = drawnTheme?.mermaid
        guard
            let (bytes, readability) = try drawReadable(map, as: chosen, look, directionChosen: chosenDirection != nil)
        else { return }
        if let target {
            try target.write(bytes.bytes)
        } else {
            var stdout = StandardOutput()
            stdout.write(bytes: bytes.bytes)
        }
        if let readability, !readability.readsInAColumn {
            let suffix = ReadabilityWords.suffixWayOut(types: map.types.keys, stripped: look.labels.strippedSuffix)
            StandardError.write(
                ReadabilityWords.note(
                    readability, waysOut: Self.waysOut(otherDirection: chosenDirection, suffix: suffix)))
        }
    }

    /// The map drawn as `chosen`, the way whose layout crosses least for Graphviz's formats (Mermaid is laid out by
    /// Mermaid, as asked) and, as `render` does, laid out in other ways too where it does not read in a column.
    /// `asked`: the look the options ask for.
    private func drawReadable(
        _ map: NavigationMap, as chosen: OutputFormat, _ asked: MapOutput.Look, directionChosen: Bool
    ) throws -> (ByteOutput, DrawingReadability?)? {
        var look = asked
        let counted = [.dot, .svg, .png, .pdf].contains(chosen)
        // `--group` keeps the groups whatever the crossings.
        let keepsGroups = group == true
        var fewest =
            counted ? MapCrossings.fewest(map, look: asked, keepingGroups: keepsGroups, engine: GraphvizLayout()) : nil
        if let fewest { look = fewest.look }
        guard var (bytes, readability) = try Self.drawing(map, as: chosen, look) else { return nil }
        // As `render` does: a map that does not read in a column is laid out in other ways too (long names on two
        // lines, on its side where no direction was chosen) and the first that reads, else the largest, is kept.
        if let measured = readability, !measured.readsInAColumn, map.types.count <= 500 {
            let first = ReadableLayout(direction: look.direction)
            func relaid(_ look: MapOutput.Look, _ layout: ReadableLayout) -> MapOutput.Look {
                var relaid = look
                relaid.direction = layout.direction
                if layout.wrapped { relaid.labels.wrapsTypesLongerThan = ReadableLayout.wrapLength }
                return relaid
            }
            let kept = try ReadableLayout.best(
                first: (first, bytes, measured),
                trying: ReadableLayout.alternatives(
                    to: first, directionChosen: directionChosen, windows: 1, pixels: measured.textPixels())
            ) { layout in
                guard let (drawn, readability) = try Self.drawing(map, as: chosen, relaid(look, layout)),
                    let readability
                else { return nil }
                return (drawn, readability)
            }
            (bytes, readability) = (kept.drawing, kept.readability)
            if kept.layout != first {
                StandardError.write(ReadabilityWords.relaidOut(kept.layout, kept.readability, against: first, measured))
                // Names on two lines or another direction make another layout: the way that crosses least is
                // chosen again for the one kept, from the look asked for.
                if counted,
                    let again = MapCrossings.fewest(
                        map, look: relaid(asked, kept.layout), keepingGroups: keepsGroups, engine: GraphvizLayout())
                {
                    fewest = again
                    look = again.look
                    if let (drawn, measured) = try Self.drawing(map, as: chosen, look) {
                        (bytes, readability) = (drawn, measured ?? readability)
                    }
                }
            }
        }
        if let fewest {
            if asked.grouped && !fewest.look.grouped { StandardError.write(Self.ungroupedNote(fewest)) }
            if flags.verbose { StandardError.write(Self.crossingsNote(fewest)) }
        }
        return (bytes, readability)
    }

    /// The map drawn as `format` with `look`, and how it reads in a column where it was laid out as SVG or PNG.
    private static func drawing(
        _ map: NavigationMap, as format: OutputFormat, _ look: MapOutput.Look
    ) throws -> (ByteOutput, DrawingReadability?)? {
        var readability: DrawingReadability?
        // validate() keeps the format to the view's.
        guard
            var renderer = MapOutput.renderer(
                for: format, look: look, layout: GraphvizLayout(), measured: { readability = $0 })
        else { return nil }
        var bytes = ByteOutput()
        do {
            try renderer.render(map, to: &bytes)
        } catch {
            throw CommandFailure.themeMadeInvalidDOT(error, theme: look.themeFile?.name) ?? error
        }
        return (bytes, readability)
    }

    /// What draws a part of the map, or names its types shorter, for a drawing that does not read.
    /// `direction`: the one drawn, when chosen (the other is then worth a try); `nil` when both were tried.
    static func waysOut(otherDirection direction: DOTRenderer.Direction?, suffix: String?) -> [String] {
        let other = direction.map { $0 == .topToBottom ? DOTRenderer.Direction.leftToRight : .topToBottom }
        return [
            "draw part of it with --focus TYPE --depth N (a type's neighbourhood)", "--exclude GLOB", "--min-count N",
        ]
            + (suffix.map { [$0] } ?? []) + (other.map { ["try --direction \($0.rawValue)"] } ?? [])
    }

    /// `navgraph: drew the map without feature groups: its edges cross 38 times, 49 times with them`: the groups a
    /// reader may look for are not left out without a word.
    static func ungroupedNote(_ fewest: MapCrossings) -> String {
        "navgraph: drew the map without feature groups: its edges cross \(times(fewest.crossings)), "
            + "\(times(fewest.asked)) with them (--group keeps them)"
    }

    /// `navgraph: the map's edges cross 40 times (49 times laid out as first written)`, with --verbose: the figure
    /// docs/diagram.md reports, for the drawing as drawn (long names on two lines where they were).
    static func crossingsNote(_ fewest: MapCrossings) -> String {
        "navgraph: the map's edges cross \(times(fewest.crossings)) (\(times(fewest.asked)) laid out as first written)"
    }

    /// `1 time`, `40 times`.
    private static func times(_ count: Int) -> String { count == 1 ? "1 time" : "\(count) times" }

    /// `navgraph: collapsed DefaultStackRootNavigationModel (reached from 9 places, led to 31 types; --no-collapse
    /// keeps it)`: a drawing that leaves a type out says so.
    static func collapseNote(_ collapsed: [NavigationMapCollapse.Collapsed]) -> String {
        let named = collapsed.map { type in
            Escaping.terminal(type.type)
                + (type.listed
                    ? " (named by --collapse or diagram.collapse)"
                    : " (reached from \(type.parents) places, led to \(type.children) types)")
        }
        let automatic = collapsed.contains { !$0.listed }
        return "navgraph: collapsed " + named.joined(separator: ", ") + ": edges drawn past "
            + (collapsed.count == 1 ? "it" : "them") + (automatic ? "; --no-collapse keeps hub types" : "")
    }

    /// `navgraph: drew the 2000 types reached first from the windows' roots; 18000 more are left out (…)`.
    static func capNote(drawn: Int, leftOut: Int) -> String {
        "navgraph: drew the \(drawn) types reached first from the windows' roots; \(leftOut) more are left out "
            + "(--max-nodes 0 draws all; --focus TYPE, --exclude GLOB or --min-count N narrow the map)"
    }

    /// The map format `path`'s extension names, `nil` when it names none (`nav.txt`, `nav.text`).
    private func namedFormat(_ path: String) -> OutputFormat? {
        OutputFormat(extensionOf: path).flatMap { MapOutput.formats.contains($0) ? $0 : nil }
    }

    /// Every log read to its end, each with its own state; their maps summed.
    private func readMap() throws -> NavigationMap {
        var map = NavigationMap()
        var skipped: [(file: String, lines: SkippedLines)] = []
        for file in files {
            var builder = NavigationMapBuilder()
            let reading = flags.reading(file)
            let diagnostics = reading.makeDiagnostics()
            // Several logs: what they skipped is said once for the run, below (a line per log was noise).
            diagnostics.reportsSkippedLines = files.count == 1
            _ = try reading.readHierarchy(diagnostics: diagnostics) { event, change, hierarchy in
                builder.record(event, change: change, in: hierarchy)
            }
            map.merge(builder.map)
            skipped.append((reading.displayName, diagnostics.skippedLines))
        }
        if files.count > 1, !flags.verbose, let summary = Self.skippedSummary(skipped) {
            StandardError.write(summary)
        }
        return map
    }

    /// What several logs skipped, in one line: named by its log when only one skipped any.
    private static func skippedSummary(_ skipped: [(file: String, lines: SkippedLines)]) -> String? {
        let skipping = skipped.filter { $0.lines.lines > 0 }
        if skipping.count == 1 { return ConsoleDiagnostics.summary(of: skipping[0].lines, in: skipping[0].file, of: 1) }
        return ConsoleDiagnostics.summary(of: .sum(skipped.map(\.lines)), in: nil, of: skipped.count)
    }

    private func filtered(_ map: NavigationMap, with filter: NavigationMapFilter) throws -> NavigationMap {
        if let focus, map.types[focus] == nil {
            let known = map.types.keys.sorted()
            let seen =
                known.prefix(20).map(Escaping.terminal).joined(separator: ", ")
                + (known.count > 20 ? ", …" : "")
            // Said as any bad input is (`tree --at 999`): against the log, or navgraph's name when there are several.
            let location = files.count == 1 ? Escaping.terminal(files[0] == "-" ? "<stdin>" : files[0]) : "navgraph"
            throw CommandFailure.badInput(
                location,
                "--focus \(Escaping.terminal(focus)): no model of that type in the log\(files.count == 1 ? "" : "s")"
                    + (known.isEmpty ? "" : "; types seen: " + seen))
        }
        return filter.apply(to: map)
    }

    private func compare(_ map: NavigationMap, withBaseline path: String) throws {
        let json = Array(try NavigationMapJSONRenderer().render(map).utf8)
        guard let data = FileManager.default.contents(atPath: path) else {
            if update, !FileManager.default.fileExists(atPath: path) {
                try OutputFile(path: path, inputs: files).write(json)
                StandardError.write("navgraph: wrote the baseline \(path) (\(map.relations.count) relations)")
                return
            }
            throw CommandFailure.badInput(path, "cannot read the baseline; write one with --check \(path) --update")
        }
        let baseline: NavigationMap
        do {
            baseline = try NavigationMapReader.read(Array(data), path: path)
        } catch {
            let hint = error.isNotAMap ? "; is this a file `navgraph diagram --format json` wrote?" : ""
            throw CommandFailure(.badInput, message: Escaping.terminal(error.description + hint))
        }
        let drift = NavigationMapDrift(baseline: baseline, current: map)
        if update {
            try OutputFile(path: path, inputs: files).write(json)
            StandardError.write(
                "navgraph: updated the baseline \(path): \(drift.appeared.count) "
                    + "relation\(drift.appeared.count == 1 ? "" : "s") appeared, \(drift.disappeared.count) disappeared"
            )
            return
        }
        if drift.isEmpty {
            StandardError.write("navgraph: the logs match the baseline \(path) (\(map.relations.count) relations)")
            return
        }
        var stdout = StandardOutput()
        for line in drift.lines { stdout.write(Escaping.terminal(line) + "\n") }
        stdout.flush()
        throw CommandFailure(
            .found,
            message: "navgraph: the navigation drifted from the baseline \(path): "
                + "\(drift.appeared.count) appeared, \(drift.disappeared.count) disappeared (--update rewrites it)")
    }
}
