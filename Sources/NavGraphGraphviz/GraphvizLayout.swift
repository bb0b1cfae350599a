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

    /// Laid out by `dot`, or — `placed` — at the places the DOT gives (`pos`, `bb`, `lp`: Graphviz's `nop2`, which
    /// only routes the edges); drawn as SVG and as Graphviz's JSON of the places.
    public func drawWithPlaces(dot: String, placed: Bool) throws(RenderError) -> (svg: [UInt8], places: [UInt8]?) {
        do {
            let drawings = try Graphviz.render(dot: dot, formats: [.svg, .json], engine: placed ? "nop2" : "dot")
            return (drawings[0], drawings[1])
        } catch {
            throw .graphviz(error)
        }
    }
}
