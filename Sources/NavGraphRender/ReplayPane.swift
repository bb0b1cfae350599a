/// The replay page's drawing pane as a reader sees it on a laptop (a 1280×800 window) and the node text size the
/// page frames a step at: what decides whether a layout can be read whole. The page script's `READABLE` is the same
/// text size; the pane's size was measured in Chromium (`scripts/check-html-replay.py` prints it).
public struct ReplayPane: Sendable {
    public var width: Double
    public var height: Double
    /// Node text, in screen pixels, the page never frames a step below.
    public var readableText: Double

    /// The pane of the page in a 1280×800 window, a little under its measured 900×660 px: the page pads the step
    /// it frames.
    public static let laptop = ReplayPane(width: 880, height: 640, readableText: 9.2)

    public init(width: Double, height: Double, readableText: Double) {
        self.width = width
        self.height = height
        self.readableText = readableText
    }

    /// Whether Graphviz's SVG `svg` shows whole in the pane with its node text at `readableText`: its size (the
    /// `viewBox`, in points) scaled so the smallest node text is readable. A drawing without nodes fits.
    public func holds(svg: String) -> Bool {
        holds(svg: svg, groups: SVGGroups(svg: HTMLReplayPage.svgElement(svg)))
    }

    /// `holds(svg:)` with the SVG's groups already cut (`HTMLReplayPage` cuts each drawing once, for both).
    func holds(svg: String, groups svgGroups: SVGGroups) -> Bool {
        guard let box = Self.viewBox(of: svg) else { return true }
        let groups = svgGroups.groups
        let fontSizes = groups.lazy.filter { $0.kind == .node }.flatMap { Self.fontSizes(in: $0.xml) }
        guard let font = fontSizes.min(), font > 0 else { return true }
        let scale = readableText / font
        return box.width * scale <= width && box.height * scale <= height
    }

    /// The width and height of the `<svg>` element's `viewBox`.
    static func viewBox(of svg: String) -> (width: Double, height: Double)? {
        guard let start = svg.range(of: "viewBox=\"") else { return nil }
        let rest = svg[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        let numbers = rest[..<end].split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 4 else { return nil }
        return (numbers[2], numbers[3])
    }

    /// Every `font-size="N"` in `markup`.
    static func fontSizes(in markup: String) -> [Double] {
        markup.components(separatedBy: "font-size=\"").dropFirst().compactMap { part in
            part.firstIndex(of: "\"").flatMap { Double(part[..<$0]) }
        }
    }
}
