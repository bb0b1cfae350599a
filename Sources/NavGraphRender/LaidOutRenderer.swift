/// Lays out DOT text and draws it (SVG, PNG, PDF): Graphviz, which NavGraphGraphviz provides (`GraphvizLayout`).
/// Handed to the tables of the views it can draw, so this module calls no C.
public protocol DOTLayoutEngine {
    /// `dot` laid out and drawn as `format` (one `OutputFormat.isLaidOut`).
    func draw(dot: String, as format: OutputFormat) throws(RenderError) -> [UInt8]
    /// `dot` laid out once and drawn as `format` and as SVG (to measure the drawing, `DrawingReadability`).
    func drawWithSVG(dot: String, as format: OutputFormat) throws(RenderError) -> (drawing: [UInt8], svg: [UInt8])
    /// `dot` laid out and drawn as SVG, with the places of its nodes and clusters. `placing` is handed those places
    /// and may give DOT that draws the same graph where its `pos`, `bb` and `lp` put it (`KeptPlaces`): that is
    /// drawn instead, only its edges routed, unless the engine refuses the places. Places are `nil` from an engine
    /// that cannot say where it put things.
    func drawKeepingPlaces(dot: String, placing: (DrawingPlaces) -> String?) throws(RenderError) -> (
        svg: [UInt8], places: DrawingPlaces?
    )
    /// Where `dot`'s layout put its nodes and edges, to count the edges' crossings (`EdgeCrossings`); `nil` from an
    /// engine that cannot say.
    func crossings(dot: String) throws(RenderError) -> EdgeCrossings?
}

extension DOTLayoutEngine {
    /// Laid out twice where the engine cannot draw one layout twice.
    public func drawWithSVG(dot: String, as format: OutputFormat) throws(RenderError) -> (
        drawing: [UInt8], svg: [UInt8]
    ) {
        let svg = try draw(dot: dot, as: .svg)
        return (format == .svg ? svg : try draw(dot: dot, as: format), svg)
    }

    /// An engine that cannot say where its edges run: no count (a map is then drawn as asked).
    public func crossings(dot: String) throws(RenderError) -> EdgeCrossings? { nil }

    /// An engine that cannot say where it placed things: no places (drawings are then laid out each anew).
    public func drawKeepingPlaces(dot: String, placing: (DrawingPlaces) -> String?) throws(RenderError) -> (
        svg: [UInt8], places: DrawingPlaces?
    ) {
        (try draw(dot: dot, as: .svg), nil)
    }
}

/// A view drawn by a layout engine: its DOT renderer writes the DOT, the engine draws it in `format`.
public struct LaidOutRenderer<DOTSource: Renderer>: Renderer {
    public var dot: DOTSource
    public var format: OutputFormat
    public var engine: any DOTLayoutEngine
    /// Called with the DOT's summary before the engine runs: a large drawing takes it seconds, which a caller may
    /// say first.
    public var willLayOut: ((RenderSummary) -> Void)?
    /// Called with how the drawing reads in a document's column, for SVG and PNG (a PDF is a page of its own).
    public var measured: ((DrawingReadability) -> Void)?

    public init(
        dot: DOTSource, format: OutputFormat, engine: any DOTLayoutEngine, willLayOut: ((RenderSummary) -> Void)? = nil
    ) {
        self.dot = dot
        self.format = format
        self.engine = engine
        self.willLayOut = willLayOut
    }

    @discardableResult
    public mutating func render<Output: RenderOutput>(_ subject: DOTSource.Subject, to output: inout Output)
        throws(RenderError) -> RenderSummary
    {
        var text = ""
        let summary = try dot.render(subject, to: &text)
        willLayOut?(summary)
        if let measured, format == .svg || format == .png {
            let (drawing, svg) = try engine.drawWithSVG(dot: text, as: format)
            if let readability = DrawingReadability(svg: String(decoding: svg, as: UTF8.self)) { measured(readability) }
            output.write(bytes: drawing)
        } else {
            output.write(bytes: try engine.draw(dot: text, as: format))
        }
        return summary
    }
}
