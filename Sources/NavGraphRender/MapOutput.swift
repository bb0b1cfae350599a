import NavGraphCore

/// The navigation map (`navgraph diagram`): the format → renderer table of that view.
public enum MapOutput {
    public static let formats: [OutputFormat] = [.dot, .svg, .png, .pdf, .mermaid, .markdown, .json]

    /// The renderer of `format`, `nil` for a format not in `formats` (or a laid-out one without `layout`, which
    /// draws svg, png and pdf: NavGraphGraphviz's `GraphvizLayout`).
    public static func renderer(
        for format: OutputFormat, direction: DOTRenderer.Direction, layout: (any DOTLayoutEngine)?
    ) -> (any Renderer<NavigationMap>)? {
        switch format {
        case .dot: NavigationMapDOTRenderer(direction: direction)
        case .svg, .png, .pdf:
            layout.map {
                LaidOutRenderer(dot: NavigationMapDOTRenderer(direction: direction), format: format, engine: $0)
            }
        case .mermaid, .markdown: NavigationMapMermaidRenderer(direction: direction, markdown: format == .markdown)
        case .json: NavigationMapJSONRenderer()
        default: nil
        }
    }
}
