import Foundation

/// Where the page draws a layout, so that what stayed is where the layout before it showed it. Graphviz moves every
/// drawing so that its box starts at its SVG's origin: a layout that keeps its models' places (`KeptPlaces`) but
/// grew to the left or upwards — a newcomer beside the first model, a leak hung above — comes out with everything
/// moved by the room it grew. Moving the SVG's content and its `viewBox` back by that much shows the same picture,
/// with the models that stayed at the page's coordinates of the drawing before (the view, set in those coordinates,
/// then need not move). A layout that is `dot`'s own is moved by what moves most of its models least.
enum DrawingShift {
    typealias Point = DrawingPlaces.Point

    /// Where a model's centre `at` (Graphviz's points, y up) is in the SVG of a drawing whose box's top is `top`,
    /// moved by `shift`. (Graphviz writes y as `top - y`; its margin around the drawing is the same in every one.)
    static func shown(_ at: Point, top: Double, shift: Point) -> Point {
        Point(x: at.x + shift.x, y: top - at.y + shift.y)
    }

    /// The shift that puts the models of `places` (in a drawing whose box's top is `top`) where the `earlier`
    /// drawing showed them: along each axis the middle of their differences, to a hundredth of a point (the SVG's
    /// own precision). No shift without an earlier drawing or a model in both.
    static func shift(
        places: [String: Point], top: Double, toMatch earlier: (places: [String: Point], top: Double, shift: Point)?
    ) -> Point {
        guard let earlier else { return Point(x: 0, y: 0) }
        var dx: [Double] = []
        var dy: [Double] = []
        for (key, at) in places {
            guard let was = earlier.places[key] else { continue }
            let then = shown(was, top: earlier.top, shift: earlier.shift)
            let now = shown(at, top: top, shift: Point(x: 0, y: 0))
            dx.append(then.x - now.x)
            dy.append(then.y - now.y)
        }
        guard !dx.isEmpty else { return Point(x: 0, y: 0) }
        func middle(_ values: [Double]) -> Double { (values.sorted()[values.count / 2] * 100).rounded() / 100 }
        return Point(x: middle(dx), y: middle(dy))
    }

    /// `svg` (Graphviz's) with its drawing and `viewBox` moved by `shift`, and the shift made; unmoved (a zero
    /// shift) where its `viewBox` or its graph's transform is not the plain one Graphviz writes.
    static func shifted(_ svg: String, by shift: Point) -> (svg: String, shift: Point) {
        let none = Point(x: 0, y: 0)
        guard shift != none, let viewBox = numbers(in: svg, after: "viewBox=\"", until: "\""),
            viewBox.values.count == 4,
            let translate = numbers(
                in: svg, after: "class=\"graph\" transform=\"scale(1 1) rotate(0) translate(", until: ")"),
            translate.values.count == 2, viewBox.range.upperBound <= translate.range.lowerBound
        else { return (svg, none) }
        let box = viewBox.values
        let moved = [box[0] + shift.x, box[1] + shift.y, box[2], box[3]]
        let by = [translate.values[0] + shift.x, translate.values[1] + shift.y]
        var text = svg
        // The later one first: the earlier range stays valid.
        text.replaceSubrange(translate.range, with: by.map(written).joined(separator: " "))
        text.replaceSubrange(viewBox.range, with: moved.map(written).joined(separator: " "))
        return (text, shift)
    }

    /// The numbers between the first `start` and the `end` after it, and where they are.
    private static func numbers(
        in text: String, after start: String, until end: String
    ) -> (values: [Double], range: Range<String.Index>)? {
        guard let opening = text.range(of: start), let closing = text[opening.upperBound...].range(of: end) else {
            return nil
        }
        let range = opening.upperBound..<closing.lowerBound
        let parts = text[range].split(separator: " ")
        let values = parts.compactMap { Double($0) }
        guard values.count == parts.count, values.allSatisfy(\.isFinite) else { return nil }
        return (values, range)
    }

    /// A coordinate as Graphviz writes them: to a hundredth, without a fraction where it is whole.
    private static func written(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
