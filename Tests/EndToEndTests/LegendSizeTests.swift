import Foundation
import NavGraphTestSupport
import Testing

/// The legend is a key, not a second drawing: at most a quarter of the SVG's width (it was 47–67%, and in an 880 px
/// README column it shrank the drawing's text to about 6 px). Top to bottom it goes under the drawing, where it costs
/// no width at all; beside a narrow drawing it was 39% of it.
@Suite("The legend's size", .tags(.draws))
struct LegendSizeTests {
    /// Every example `render` accepts (not the Swift program that made one, nor the example configuration).
    static let examples: [String] = {
        let folder = repositoryRoot.appendingPathComponent("examples").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasSuffix(".swift") && !$0.hasSuffix(".yml") }.sorted()
    }()

    @Test(arguments: examples, ["TB", "LR"])
    func atMostAQuarterOfTheWidth(example name: String, direction: String) throws {
        let run = try navgraph(["render", "--format", "svg", "--direction", direction, "-o", "-", example(name)])
        #expect(run.status == 0, "\(run.stderr)")
        guard let ratio = Self.legendWidthRatio(svg: run.stdout) else {
            // Only a drawing with nothing to explain has no legend (`plainBoxesNeedNoKey`): the TCA session ends
            // popped to its root, one box.
            #expect(!run.stdout.contains("class=\"edge\""), "no legend in \(name), which has edges")
            return
        }
        if direction == "TB" {
            // Under the drawing: it takes none of the width (a legend of a narrow drawing may be a third as wide as
            // it, as a caption is).
            let plain = try navgraph(
                ["render", "--format", "svg", "--direction", direction, "--no-legend", "-o", "-", example(name)])
            #expect(Self.width(svg: run.stdout) == Self.width(svg: plain.stdout), "\(name): the legend widened it")
            #expect(ratio <= 0.5, "\(name): the legend is \(Int(ratio * 100))% of the width")
        } else {
            #expect(ratio <= 0.25, "\(name) \(direction): the legend is \(Int(ratio * 100))% of the width")
        }
    }

    /// A narrow drawing (one chain of presentations, every style): the legend under it, below every model, and the
    /// drawing as wide as without one.
    @Test func underANarrowDrawing() throws {
        let events =
            [
                #"{"v":1,"event":"root","id":"r","type":"Root","kind":"screen","window":"main"}"#,
                #"{"v":1,"event":"present","id":"s","type":"SheetScreen","parent":"r","style":"sheet"}"#,
                #"{"v":1,"event":"present","id":"f","type":"CoverScreen","parent":"s","style":"fullScreenCover"}"#,
                #"{"v":1,"event":"present","id":"p","type":"PopScreen","parent":"f","style":"popover"}"#,
                #"{"v":1,"event":"present","id":"a","type":"AlertScreen","parent":"p","style":"alert"}"#,
            ].joined(separator: "\n") + "\n"
        let run = try navgraph(["render", "--format", "svg", "-o", "-"], stdin: events)
        let plain = try navgraph(["render", "--format", "svg", "--no-legend", "-o", "-"], stdin: events)
        #expect(run.status == 0 && plain.status == 0, "\(run.stderr)")
        // Graphviz 14 sets it 2 pt past this 136 pt drawing (its text is measured a little wider).
        let width = try #require(Self.width(svg: run.stdout))
        let plainWidth = try #require(Self.width(svg: plain.stdout))
        #expect(width <= plainWidth * 1.02, "\(width) pt with the legend, \(plainWidth) pt without")
        let dot = try navgraph(["render", "--format", "dot"], stdin: events)
        #expect(dot.stdout.contains("n4 -> legend [style=invis];"), "from the lowest model, AlertScreen")
        // Graphviz's SVG y grows downwards from a negative origin: the legend's top is below the window's bottom.
        let legendTop = try #require(Self.outlineYs(svg: run.stdout, title: "cluster_legend")?.min())
        let windowBottom = try #require(Self.outlineYs(svg: run.stdout, title: "cluster_0")?.max())
        #expect(legendTop > windowBottom)
        // Left to right it stays beside the drawing: under it would be past the last rank, further right still.
        let across = try navgraph(["render", "--format", "dot", "--direction", "LR"], stdin: events)
        #expect(across.stdout.contains("cluster_legend") && !across.stdout.contains("-> legend"))
    }

    static func width(svg: String) -> Double? {
        svg.firstMatch(of: /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"/).flatMap { Double($0.1) }
    }

    /// The node text (the themes' 10 pt) in pixels once the drawing is shown in an 880 px column: a point is 4/3 px,
    /// and a wider drawing is scaled down with its text.
    static func nodeTextPixels(svg: String) -> Double? {
        guard let width = width(svg: svg), width > 0, svg.contains("font-size=\"10.00\"") else { return nil }
        return 10 * 4 / 3 * min(1, 880 / (width * 4 / 3))
    }

    /// The y coordinates of a cluster's outline in Graphviz's SVG.
    static func outlineYs(svg: String, title: String) -> [Double]? {
        guard let start = svg.range(of: "<title>\(title)</title>"),
            let outline = svg[start.upperBound...].firstMatch(of: /(?:d|points)="([^"]*)"/)
        else { return nil }
        return outline.1.matches(of: /-?[\d.]+,(-?[\d.]+)/).compactMap { Double($0.1) }
    }

    /// A long session: many models, leaks, every kind the simulated app has.
    @Test(arguments: ["TB", "LR"])
    func aLongSession(direction: String) throws {
        let session = SimulatedSession(seed: 29, actions: 600, leakRate: 0.3)
        let run = try navgraph(
            ["render", "--format", "svg", "--direction", direction, "-o", "-"],
            stdin: session.events.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        let ratio = try #require(Self.legendWidthRatio(svg: run.stdout))
        #expect(ratio <= 0.25, "\(direction): the legend is \(Int(ratio * 100))% of the width")
    }

    /// The README's navigation map in an 880 px column: its node text at least 9 px high (it was 7.7 px: 1,140 pt of
    /// type names on one line; `diagram` now wraps them where only that reads).
    @Test func theREADMEsMapReadsInItsColumn() throws {
        let svg = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/diagram/navigation-map.svg"), encoding: .utf8)
        let pixels = try #require(Self.nodeTextPixels(svg: svg))
        #expect(pixels >= 9, "node text is \(pixels) px high at 880 px")
    }

    /// The README's diagram in an 880 px column (GitHub's): its node text at least 9 px high.
    @Test func theREADMEsDiagramReadsInItsColumn() throws {
        let svg = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/sheet-over-tabs.svg"), encoding: .utf8)
        let width = try #require(svg.firstMatch(of: /viewBox="[-\d.]+ [-\d.]+ ([\d.]+)/).flatMap { Double($0.1) })
        // Nodes' text is 10 points, edges' 9, the legend's 8: the nodes are what must be read.
        let nodeText = 10.0
        #expect(nodeText * 880 / width >= 9, "node text is \(nodeText * 880 / width) px high at 880 px")
        #expect(svg.contains("font-size=\"10.00\""))
    }

    /// A drawing of plain screens and arrows has nothing to explain: no legend (it would be a third of the width).
    @Test func plainBoxesNeedNoKey() throws {
        let run = try navgraph(
            ["render", "--format", "svg", "-o", "-"],
            stdin: #"{"event":"root","id":"A","type":"Home","window":"main"}"# + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("<title>n0</title>"))
        #expect(!run.stdout.contains("legend"))
    }

    @Test func theRatioIsMeasured() {
        let svg = """
            <svg width="400pt" height="100pt" viewBox="0.00 0.00 400.00 100.00">
            <g id="clust9" class="cluster">
            <title>cluster_legend</title>
            <path fill="none" stroke="#c7ccd4" d="M300,-8C300,-8 390,-8 390,-8 396,-8 396,-90 390,-90"/>
            </g></svg>
            """
        #expect(Self.legendWidthRatio(svg: svg) == 96.0 / 400)
        #expect(Self.legendWidthRatio(svg: "<svg viewBox=\"0 0 10 10\"></svg>") == nil)
    }

    /// The legend cluster's outline width over the drawing's (`viewBox`) width; `nil` without a legend.
    static func legendWidthRatio(svg: String) -> Double? {
        guard let viewBox = svg.firstMatch(of: /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"/),
            let width = Double(viewBox.1), width > 0,
            let title = svg.range(of: "<title>cluster_legend</title>"),
            let outline = svg[title.upperBound...].firstMatch(of: /(?:d|points)="([^"]*)"/)
        else { return nil }
        // Path data or polygon points: every x follows a command letter, a space or starts a pair before a comma.
        let xs = outline.1.matches(of: /(-?[\d.]+),-?[\d.]+/).compactMap { Double($0.1) }
        guard let low = xs.min(), let high = xs.max() else { return nil }
        return (high - low) / width
    }
}
