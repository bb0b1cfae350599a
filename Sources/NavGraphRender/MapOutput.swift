import NavGraphCore

/// The navigation map (`navgraph diagram`): the format → renderer table of that view.
public enum MapOutput {
    public static let formats: [OutputFormat] = [.dot, .svg, .png, .pdf, .mermaid, .markdown, .json]

    /// How the drawn formats draw the map (JSON is the map as data, always whole).
    public struct Look: Sendable {
        public var direction: DOTRenderer.Direction
        /// A name from `NavigationMapDOTRenderer.themes`; `themeFile`, when set, is drawn with instead.
        public var theme: String
        /// A user's diagram theme (`diagram --theme PATH`): its text and the name its errors give (the path).
        public var themeFile: (text: String, name: String)?
        /// A user's Mermaid template (`diagram --format mermaid --theme PATH`), for the Mermaid formats.
        public var mermaidTemplate: MermaidTemplate?
        /// How nodes name their types in the drawn formats (a type suffix left out); the JSON map keeps every name
        /// whole.
        public var labels: DiagramLabels
        public var legend: Bool
        public var grouped: Bool
        /// The types collapsed out of the map, for the legend.
        public var collapsed: [String]
        /// The order types are handed to Graphviz in (`fewestCrossings` picks one).
        public var typeOrder: TypeOrder = .name

        public init(
            direction: DOTRenderer.Direction = .topToBottom, theme: String = "light", legend: Bool = true,
            grouped: Bool = true, collapsed: [String] = [], labels: DiagramLabels = DiagramLabels()
        ) {
            self.direction = direction
            self.theme = theme
            self.legend = legend
            self.grouped = grouped
            self.collapsed = collapsed
            self.labels = labels
        }
    }

    /// The order a map's types are written in, within each feature group and cluster: Graphviz's `dot` keeps the
    /// input's order as its first order of each rank, and its crossing minimisation improves on that locally, so
    /// the order it starts from changes how many edges cross (by a fifth either way on the Examples-app maps).
    public enum TypeOrder: Sendable, Equatable {
        /// By name.
        case name
        /// As reached from the windows' roots, breadth first, the most seen relation first
        /// (`NavigationMapCap.typesByReach`).
        case reach
        /// By name, last first.
        case nameReversed
        /// As reached, the last reached first.
        case reachReversed
        /// The types that hold no cluster in this order (those not in it last, by name), each cluster where the
        /// other order puts it: a layout's own order of its ranks, handed back to Graphviz to start from
        /// (`MapCrossings`).
        indirect case given([String], around: TypeOrder)

        /// The orders worked out from the map alone.
        static let fromTheMap: [TypeOrder] = [.name, .reach, .nameReversed, .reachReversed]
    }

    /// The renderer of `format`, `nil` for a format not in `formats` (or a laid-out one without `layout`, which
    /// draws svg, png and pdf: NavGraphGraphviz's `GraphvizLayout`). `measured` is called with how an SVG or PNG
    /// drawing reads in a document's column (`LaidOutRenderer.measured`).
    public static func renderer(
        for format: OutputFormat, look: Look = Look(), layout: (any DOTLayoutEngine)?,
        measured: ((DrawingReadability) -> Void)? = nil
    ) -> (any Renderer<NavigationMap>)? {
        let dot = NavigationMapDOTRenderer(look)
        switch format {
        case .dot: return dot
        case .svg, .png, .pdf:
            return layout.map { engine in
                var renderer = LaidOutRenderer(dot: dot, format: format, engine: engine)
                renderer.measured = measured
                return renderer
            }
        case .mermaid, .markdown:
            var renderer = NavigationMapMermaidRenderer(
                direction: look.direction, markdown: format == .markdown, grouped: look.grouped, labels: look.labels)
            renderer.template = look.mermaidTemplate
            return renderer
        case .json: return NavigationMapJSONRenderer()
        default: return nil
        }
    }
}
