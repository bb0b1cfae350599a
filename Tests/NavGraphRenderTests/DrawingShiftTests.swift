import Foundation
import Testing

@testable import NavGraphRender

/// A layout that kept its models' places but grew to the left or upwards is drawn moved back by what it grew, so
/// what stayed is where the drawing before showed it (`DrawingShift`).
@Suite("Drawings moved to where the one before showed their models")
struct DrawingShiftTests {
    typealias Point = DrawingPlaces.Point

    private static let svg = """
        <svg width="94pt" height="171pt"
         viewBox="0.00 0.00 94.00 171.00" xmlns="http://www.w3.org/2000/svg">
        <g id="graph0" class="graph" transform="scale(1 1) rotate(0) translate(4 167)">
        <ellipse cx="43" cy="-106" rx="27" ry="18"/>
        </g>
        </svg>
        """

    @Test func aDrawingThatGrewLeftAndUpIsMovedBackByWhatItGrew() {
        // Before: a at (50, 100) in a drawing 163 pt tall. Now everything is 8 pt further right (room made on the
        // left), and the drawing is 20 pt taller (room made above): a's y is the same, its distance from the top not.
        let earlier = (
            places: ["a": Point(x: 50, y: 100), "b": Point(x: 50, y: 40)], top: 163.0, shift: Point(x: 0, y: 0)
        )
        let places = ["a": Point(x: 58, y: 100), "b": Point(x: 58, y: 40), "new": Point(x: 10, y: 170)]
        let shift = DrawingShift.shift(places: places, top: 183, toMatch: earlier)
        #expect(shift == Point(x: -8, y: -20))
        for key in ["a", "b"] {
            let then = DrawingShift.shown(earlier.places[key] ?? Point(x: 0, y: 0), top: 163, shift: earlier.shift)
            #expect(DrawingShift.shown(places[key] ?? Point(x: 0, y: 0), top: 183, shift: shift) == then)
        }
    }

    @Test func theSVGAndItsViewBoxMoveTogether() {
        let (moved, shift) = DrawingShift.shifted(Self.svg, by: Point(x: -8, y: 12.5))
        #expect(shift == Point(x: -8, y: 12.5))
        #expect(moved.contains("viewBox=\"-8 12.5 94 171\""))
        #expect(moved.contains("translate(-4 179.5)"))
        #expect(moved.contains("<ellipse cx=\"43\" cy=\"-106\""))
    }

    @Test func nothingInCommonOrAnUnusualTransformIsNotMoved() {
        let earlier = (places: ["a": Point(x: 50, y: 100)], top: 163.0, shift: Point(x: 3, y: 4))
        #expect(DrawingShift.shift(places: ["b": Point(x: 1, y: 1)], top: 10, toMatch: earlier) == Point(x: 0, y: 0))
        #expect(DrawingShift.shift(places: ["a": Point(x: 1, y: 1)], top: 10, toMatch: nil) == Point(x: 0, y: 0))
        let rotated = Self.svg.replacingOccurrences(of: "rotate(0)", with: "rotate(-90)")
        let (text, shift) = DrawingShift.shifted(rotated, by: Point(x: 5, y: 5))
        #expect(text == rotated && shift == Point(x: 0, y: 0))
    }
}
