import NavGraphRender

/// A way to lay out one drawing: its direction, its windows side by side or one under another, and long type names
/// on one line or two. `render` and `diagram` try others when the one asked for does not read at a README's width
/// (`DrawingReadability`), and keep the first that reads, else the one whose text is largest there.
struct ReadableLayout: Equatable {
    var direction: DOTRenderer.Direction
    /// Windows one under another, top to bottom (`DrawingOutput.Options.windowsStacked`).
    var windowsStacked = false
    /// Type names longer than `wrapLength` characters on two lines (`DiagramLabels.wrapsTypesLongerThan`).
    var wrapped = false

    /// The replay page's: a name of 20 characters is about as wide as a node's id line under it.
    static let wrapLength = 20

    /// The others worth a try after `asked`, the least change first; none where someone chose the direction (that
    /// layout is drawn as asked). Windows are stacked only where there are several; a drawing far from reading (text
    /// under a third of 9 px) is tried only on its side, which alone can gain that much (a tabs container of many
    /// stacks) — each try is a Graphviz layout.
    static func alternatives(
        to asked: ReadableLayout, directionChosen: Bool, windows: Int, pixels: Double
    ) -> [ReadableLayout] {
        guard !directionChosen else { return [] }
        let other: DOTRenderer.Direction = asked.direction == .topToBottom ? .leftToRight : .topToBottom
        let turned = [ReadableLayout(direction: other)]
        guard pixels >= DrawingReadability.readableText / 3 else { return turned }
        var same: [ReadableLayout] = []
        if asked.direction == .topToBottom && windows > 1 {
            same.append(ReadableLayout(direction: .topToBottom, windowsStacked: true))
        }
        same.append(ReadableLayout(direction: asked.direction, windowsStacked: !same.isEmpty, wrapped: true))
        return same + turned + turned.map { ReadableLayout(direction: $0.direction, wrapped: true) }
    }

    /// `left to right, long type names on two lines`.
    var description: String {
        var parts = [direction == .topToBottom ? "top to bottom" : "left to right"]
        if windowsStacked { parts.append("windows one under another") }
        if wrapped { parts.append("long type names on two lines") }
        return parts.joined(separator: ", ")
    }

    /// This layout told from `other`: its direction, and where `other` stacks or wraps and it does not, that
    /// (`top to bottom, windows side by side`).
    func description(against other: ReadableLayout) -> String {
        var parts = [direction == .topToBottom ? "top to bottom" : "left to right"]
        if other.windowsStacked && !windowsStacked { parts.append("windows side by side") }
        if other.wrapped && !wrapped { parts.append("type names on one line") }
        return parts.joined(separator: ", ")
    }

    /// The layout of `layouts` kept: the first that reads, else the one whose text is largest (`first` on a tie).
    /// `draw` lays the drawing out again (`nil`: it could not be measured).
    static func best<Drawing>(
        first: (layout: ReadableLayout, drawing: Drawing, readability: DrawingReadability),
        trying layouts: [ReadableLayout],
        draw: (ReadableLayout) throws -> (Drawing, DrawingReadability)?
    ) rethrows -> (layout: ReadableLayout, drawing: Drawing, readability: DrawingReadability) {
        var best = first
        for layout in layouts where !best.readability.readsInAColumn {
            guard let (drawing, readability) = try draw(layout),
                readability.textPixels() > best.readability.textPixels()
            else { continue }
            best = (layout, drawing, readability)
        }
        return best
    }
}
