import NavGraphCore

/// The state at one moment drawn (`navgraph render`): DOT from a theme, what Graphviz draws from it, Mermaid, and the
/// trace of the history that led there. The format → renderer table of that view.
public enum DrawingOutput {
    public static let formats: [OutputFormat] = [.dot, .svg, .png, .pdf, .mermaid, .markdown, .trace]

    /// How to draw, whatever the format; each format takes what applies to it.
    public struct Options {
        public var direction: DOTRenderer.Direction = .topToBottom
        /// Top to bottom, windows one under another rather than side by side (DOT, SVG, PNG, PDF).
        public var windowsStacked = false
        public var legend = true
        /// How nodes name their models in DOT, SVG, PNG, PDF and Mermaid (UUIDs shortened, a type suffix left out).
        public var labels = DiagramLabels()
        /// At most this many models are drawn (`nil`: all); the rest are folded into "… N more" nodes.
        public var maxNodes: Int? = 2000
        /// The part of the hierarchy drawn (DOT, SVG, PNG, PDF, Mermaid): every window, or one model's subtree.
        public var scope = DrawingScope()
        /// Whether the state is the end of the input: a model that left and never finished has leaked only then.
        public var endOfInput = true
        /// The log's name, for the trace's metadata.
        public var inputName = ""
        /// The DOT theme's text and the name errors give it (a path), `nil` for the built-in one. Asked only by the
        /// formats drawn from the theme, so a theme that cannot be read fails only those.
        public var theme: () throws -> (text: String, name: String)? = { nil }
        /// The user's Mermaid template (`--theme PATH` with a Mermaid format); `nil` for the built-in one. Asked
        /// only by the Mermaid formats.
        public var mermaidTemplate: () throws -> MermaidTemplate? = { nil }
        /// Draws svg, png and pdf (NavGraphGraphviz's `GraphvizLayout`); without one those formats have no
        /// renderer.
        public var layout: (any DOTLayoutEngine)?
        /// Called before a drawing is laid out, with what its DOT holds (`LaidOutRenderer.willLayOut`).
        public var willLayOut: ((RenderSummary) -> Void)?
        /// Called with how an SVG or PNG drawing reads in a document's column (`LaidOutRenderer.measured`).
        public var measured: ((DrawingReadability) -> Void)?

        public init() {}
    }

    /// The renderer of `format`, `nil` for a format not in `formats` (or a laid-out one without `layout`). Throws
    /// what loading or parsing the theme throws.
    public static func renderer(for format: OutputFormat, _ options: Options) throws -> (any Renderer<Hierarchy>)? {
        switch format {
        case .dot:
            return try dotRenderer(options)
        case .svg, .png, .pdf:
            guard let layout = options.layout else { return nil }
            var renderer = LaidOutRenderer(
                dot: try dotRenderer(options), format: format, engine: layout, willLayOut: options.willLayOut)
            renderer.measured = options.measured
            return renderer
        case .mermaid, .markdown:
            var renderer = MermaidRenderer(direction: options.direction, markdown: format == .markdown)
            renderer.endOfInput = options.endOfInput
            renderer.maxNodes = options.maxNodes
            renderer.labels = options.labels
            renderer.scope = options.scope
            renderer.template = try options.mermaidTemplate()
            return renderer
        case .trace:
            var renderer = TraceEventRenderer(inputName: options.inputName)
            renderer.endOfInput = options.endOfInput
            return renderer
        default:
            return nil
        }
    }

    private static func dotRenderer(_ options: Options) throws -> DOTRenderer {
        let theme = try options.theme()
        var renderer = try DOTRenderer(
            themeText: theme?.text, themeName: theme?.name, direction: options.direction, legend: options.legend)
        renderer.endOfInput = options.endOfInput
        renderer.maxNodes = options.maxNodes
        renderer.labels = options.labels
        renderer.scope = options.scope
        renderer.windowsStacked = options.windowsStacked
        return renderer
    }
}
