/// How a drawing reads in a document: its node text, in screen pixels, once a browser has scaled it to fit a
/// column. Graphviz sizes a drawing in points (a browser shows 1 pt as 4/3 px, as a PNG at Graphviz's 96 dpi does);
/// a drawing wider than the column is scaled down with all its text. A README's column is about 880 px wide, and
/// text under 9 px there is not read (a two-window app of 23 models: 7.7 px; a 250-model hierarchy: 1 px).
public struct DrawingReadability: Sendable, Equatable {
    /// The column a drawing is read in: a README's on GitHub.
    public static let column = 880.0
    /// The smallest node text, in pixels, that is read at that width.
    public static let readableText = 9.0

    /// The drawing's width and height, in points.
    public var width: Double
    public var height: Double
    /// Its node text, in points: the median node's largest.
    public var nodeText: Double

    public init(width: Double, height: Double, nodeText: Double) {
        self.width = width
        self.height = height
        self.nodeText = nodeText
    }

    /// Graphviz's SVG measured; `nil` for one without nodes or a size.
    public init?(svg: String) {
        guard let box = ReplayPane.viewBox(of: svg) else { return nil }
        let groups = SVGGroups(svg: HTMLReplayPage.svgElement(svg)).groups
        // Each node's largest text (its type), then the median node's: the legend, one node of small rows, and a
        // model's smaller id line do not decide how the models read.
        let fonts = groups.filter { $0.kind == .node }.compactMap { ReplayPane.fontSizes(in: $0.xml).max() }.sorted()
        guard !fonts.isEmpty, fonts[fonts.count / 2] > 0 else { return nil }
        self.init(width: box.width, height: box.height, nodeText: fonts[fonts.count / 2])
    }

    /// The node text in pixels at `column` pixels wide (a narrower drawing is shown at its own size).
    public func textPixels(atColumn column: Double = Self.column) -> Double {
        let pixels = 4.0 / 3.0
        return nodeText * pixels * min(1, column / (width * pixels))
    }

    /// Whether its node text reads at a README's width.
    public var readsInAColumn: Bool { textPixels() >= Self.readableText }
}
