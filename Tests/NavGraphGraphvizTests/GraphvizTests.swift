import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTestSupport
import Testing

@testable import NavGraphGraphviz

@Suite("Rendering through libgvc in-process", .tags(.memory, .draws))
struct GraphvizTests {
    /// A tabs container with a presented sheet, as the Examples app shows it, plus hostile names.
    private func dot(types: [String]) throws -> String {
        var entries = [
            Snapshot.Entry(
                model: ModelRef(key: "r", id: "F1A", type: "MainTabsNavigationModel"), kind: .tabs, edge: nil,
                parent: nil)
        ]
        for (index, type) in types.enumerated() {
            entries.append(
                Snapshot.Entry(
                    model: ModelRef(key: "k\(index)", id: "A\(index)", type: type),
                    kind: .screen, edge: index == 0 ? .presented(.sheet) : .tab, parent: 0))
        }
        var hierarchy = Hierarchy()
        hierarchy.apply(NavEvent(.snapshot([Snapshot(window: "main", entries: entries)]), line: 1))
        return try DOTRenderer().render(hierarchy)
    }

    @Test func svgIsWellFormedAndShowsEveryLabel() throws {
        let types = ["SheetNavigationModel", "HomeNavigationModel", "SettingsNavigationModel"]
        let svg = try Graphviz.render(dot: try dot(types: types), format: .svg)
        let parsed = try #require(SVGText.parse(svg))
        for label in types + [
            "MainTabsNavigationModel", "F1A", "A0", "A1", "A2", "sheet", "tab 1", "tab 2", "window main", "legend",
        ] {
            #expect(parsed.texts.contains(label), "missing \(label) in SVG text")
        }
    }

    @Test func hostileNamesStayTextInSVG() throws {
        let types = [
            "</text><script>alert(1)</script>", "<img src=x onerror=alert(1)>", "CDATA]]>&amp;", "Quote\"Back\\slash",
            "Esc\u{1B}[2JBidi\u{202E}x",
        ]
        let svg = try Graphviz.render(dot: try dot(types: types), format: .svg)
        let parsed = try #require(SVGText.parse(svg), "SVG is not well-formed XML")
        #expect(parsed.texts.contains("</text><script>alert(1)</script>"))
        #expect(parsed.texts.contains("<img src=x onerror=alert(1)>"))
        #expect(parsed.texts.contains("CDATA]]>&amp;"))
        #expect(parsed.texts.contains("Quote\"Back\\slash"))
        #expect(parsed.texts.contains("Esc[2JBidix"))
        let text = String(decoding: svg, as: UTF8.self)
        #expect(!text.contains("<script") && !text.contains("<img"))
    }

    /// Graphviz's escapes (`\N` the node's name, `\G` the graph's, `\L` the label, `\E`, `\T`, `\H` an edge's ends,
    /// `\n`, `\l`, `\r` line ends) never apply to a name: a type `Pay\N\G\L` showed as `Payn0navgraph…` in its
    /// tooltip, which Graphviz reads twice.
    @Test func graphvizEscapesInANameShowAsTheyAre() throws {
        let types = [#"Pay\N\G\L"#, #"Edge\E\T\H"#, #"Lines\n\l\r"#, #"Back\\slash\"#]
        let svg = try Graphviz.render(dot: try dot(types: types), format: .svg)
        let parsed = try #require(SVGText.parseWithTitles(svg), "SVG is not well-formed XML")
        for (index, type) in types.enumerated() {
            #expect(parsed.texts.contains(type), "label of \(type): \(parsed.texts)")
            #expect(parsed.titles.contains("\(type) A\(index)"), "tooltip of \(type): \(parsed.titles)")
        }
    }

    @Test func pngAndPDFHaveTheirSignatures() throws {
        let source = try dot(types: ["HomeNavigationModel"])
        let png = try Graphviz.render(dot: source, format: .png)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let pdf = try Graphviz.render(dot: source, format: .pdf)
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
    }

    @Test func invalidDOTIsAClearError() {
        #expect {
            try Graphviz.render(dot: "digraph { a -> }", format: .svg)
        } throws: { error in
            guard case GraphvizError.invalidDOT(let message) = error else { return false }
            return message.contains("syntax error")
        }
    }

    @Test func unknownEngineIsALayoutError() {
        #expect {
            try Graphviz.render(dot: "digraph { a -> b }", format: .svg, engine: "no-such-engine")
        } throws: { error in
            if case GraphvizError.layoutFailed(let engine, _) = error { return engine == "no-such-engine" }
            return false
        }
    }

    /// An app-shaped dump of 200 models (scripts/bench-data dump --nodes 200): stack entries that hold sheets and
    /// segmented tabs of their own. Drawing stack entries side by side (`rank=same`) made Graphviz 2.42 fail to rank
    /// this ("trouble in init_rank") and then corrupt memory; navgraph crashed.
    @Test func anAppSizedDumpLaysOutWithoutGraphvizErrors() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/app-200-models.txt")
        let source = try LineSource(path: fixture.path)
        var hierarchy = Hierarchy()
        try NavigationInput(source: source).read(diagnostics: DiagnosticCollector()) { event in
            hierarchy.apply(event)
            return true
        }
        #expect(hierarchy.nodes.count == 200)
        var renderer = try DOTRenderer()
        renderer.maxNodes = nil
        let dot = try renderer.render(hierarchy)
        let svg = String(decoding: try Graphviz.render(dot: dot, format: .svg), as: UTF8.self)
        #expect(SVGText.parse(Array(svg.utf8)) != nil)
        // Every model is drawn (the legend is one node named legend, models n0, n1, …).
        let models = svg.components(separatedBy: "class=\"node\">\n<title>n").count - 1
        #expect(models == 200)
        #expect(svg.contains("<title>legend</title>"))
    }

    /// Graphviz orders clusters by object ID; with its default IDs (the addresses of interned names) the same DOT
    /// gave differently ordered SVGs depending on what the process had allocated before. Names are numbered in the
    /// order the DOT mentions them instead.
    @Test func theSameDOTRendersToTheSameBytesWhateverCameBefore() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/app-200-models.txt")
        var hierarchy = Hierarchy()
        try NavigationInput(source: try LineSource(path: fixture.path)).read(diagnostics: DiagnosticCollector()) {
            hierarchy.apply($0)
            return true
        }
        var renderer = try DOTRenderer()
        renderer.maxNodes = nil
        let dot = try renderer.render(hierarchy)
        let first = try Graphviz.render(dot: dot, format: .svg)
        var clutter: [[UInt8]] = []
        for size in 1...8 {
            // Other graphs, with names of every length, allocated and freed in between.
            let names = (0..<(size * 20)).map { "n\(String(repeating: "x", count: $0 % 37))\($0)" }
            clutter.append(
                try Graphviz.render(
                    dot: "digraph { " + names.map { "subgraph cluster_\($0) { \($0) }" }.joined(separator: " ") + " }",
                    format: .svg))
            #expect(try Graphviz.render(dot: dot, format: .svg) == first)
        }
        // Clusters come out in the order the DOT opens them.
        let svg = String(decoding: first, as: UTF8.self)
        let titles = svg.components(separatedBy: "<g id=\"clust").dropFirst().compactMap { part -> String? in
            guard let open = part.range(of: "<title>"), let close = part.range(of: "</title>") else { return nil }
            return String(part[open.upperBound..<close.lowerBound])
        }
        let opened = dot.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.first == "subgraph" ? String(words[1]) : nil
        }
        #expect(titles.count == opened.count && !titles.isEmpty)
        #expect(titles == opened)
    }

    @Test func repeatedRendersAreIndependent() throws {
        for _ in 0..<20 {
            let svg = try Graphviz.render(dot: "digraph { a -> b }", format: .svg)
            #expect(SVGText.parse(svg)?.texts.contains("a") == true)
        }
    }
}
