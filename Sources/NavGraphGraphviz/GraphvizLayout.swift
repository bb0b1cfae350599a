import NavGraphRender

/// Graphviz as the layout engine of the views it can draw (`DrawingOutput`, `MapOutput`): svg, png and pdf.
public struct GraphvizLayout: DOTLayoutEngine, Sendable {
    public init() {}

    public func draw(dot: String, as format: OutputFormat) throws(RenderError) -> [UInt8] {
        guard format.isLaidOut, let format = GraphvizFormat(rawValue: format.rawValue) else {
            preconditionFailure("Graphviz draws svg, png and pdf, not \(format.rawValue)")
        }
        do {
            return try Graphviz.render(dot: dot, format: format)
        } catch {
            throw .graphviz(error)
        }
    }

    /// One layout, drawn twice.
    public func drawWithSVG(dot: String, as format: OutputFormat) throws(RenderError) -> (
        drawing: [UInt8], svg: [UInt8]
    ) {
        guard format.isLaidOut, let format = GraphvizFormat(rawValue: format.rawValue) else {
            preconditionFailure("Graphviz draws svg, png and pdf, not \(format.rawValue)")
        }
        do {
            let drawings = try Graphviz.render(dot: dot, formats: format == .svg ? [.svg] : [format, .svg])
            return (drawings[0], drawings[drawings.count - 1])
        } catch {
            throw .graphviz(error)
        }
    }

    /// Laid out by `dot`: its nodes' boxes and its edges' splines, read from Graphviz's graph.
    public func crossings(dot: String) throws(RenderError) -> EdgeCrossings? {
        do {
            return try Graphviz.laidOutEdges(dot: dot)
        } catch {
            throw .graphviz(error)
        }
    }

    /// Laid out by `dot` and drawn as SVG — or, where `placing` gives DOT for the places it is handed, drawn there
    /// (Graphviz's `nop2`, which only routes the edges). The places are read from Graphviz's graph.
    public func drawKeepingPlaces(dot: String, placing: (DrawingPlaces) -> String?) throws(RenderError) -> (
        svg: [UInt8], places: DrawingPlaces?
    ) {
        do {
            return try Graphviz.drawKeepingPlaces(dot: dot, placing: placing)
        } catch {
            throw .graphviz(error)
        }
    }
}
