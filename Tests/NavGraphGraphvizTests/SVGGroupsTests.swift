import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphGraphviz
import NavGraphTestSupport
import Testing

@testable import NavGraphRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTML replay builds its drawing group by group (`SVGGroups`); the cut is checked here against Foundation's
/// XML parser reading Graphviz's real output whole.
@Suite("Graphviz's SVG cut into groups", .tags(.memory, .draws))
struct SVGGroupsTests {
    /// What an XML parser sees directly inside the graph's group: each element's id and its first title.
    final class TopLevelGroups: NSObject, XMLParserDelegate {
        var groups: [(id: String, title: String)] = []
        var elements = 0
        private var depth = 0
        private var title: String?

        static func read(_ xml: String) -> TopLevelGroups? {
            let reader = TopLevelGroups()
            let parser = XMLParser(data: Data(xml.utf8))
            parser.delegate = reader
            return parser.parse() ? reader : nil
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            elements += 1
            if depth == 3 && name == "g" { groups.append((attributes["id"] ?? "", "")) }
            if depth == 4 && name == "title" && !groups.isEmpty && groups[groups.count - 1].title.isEmpty { title = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { title? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title", let text = title {
                groups[groups.count - 1].title = text
                title = nil
            }
            depth -= 1
        }
    }

    private func check(dot: String) throws -> SVGGroups {
        let rendered = try Graphviz.render(dot: dot, format: .svg)
        let svg = HTMLReplayPage.svgElement(String(decoding: rendered, as: UTF8.self))
        let whole = try #require(TopLevelGroups.read(svg))
        let cut = SVGGroups(svg: svg)
        #expect(cut.groups.count == whole.groups.count)
        #expect(cut.groups.map(\.title) == whole.groups.map(\.title))
        for (group, expected) in zip(cut.groups, whole.groups) {
            #expect(group.xml.hasPrefix("<g id=\"\(expected.id)\""), "\(group.xml.prefix(60))")
        }
        // Put back together, it is the same drawing: as many elements, each group well-formed on its own.
        let joined = try #require(TopLevelGroups.read(cut.joined))
        #expect(joined.elements == whole.elements)
        for group in cut.groups {
            let wrapped =
                "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
                + group.xml + "</svg>"
            #expect(TopLevelGroups.read(wrapped) != nil, "\(group.xml.prefix(80))")
        }
        return cut
    }

    @Test func anAppSizedDrawing() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/app-200-models.txt")
        var hierarchy = Hierarchy()
        try NavigationInput(source: try LineSource(path: fixture.path)).read(diagnostics: DiagnosticCollector()) {
            hierarchy.apply($0)
            return true
        }
        var renderer = try DOTRenderer()
        renderer.maxNodes = nil
        let cut = try check(dot: try renderer.render(hierarchy))
        #expect(cut.groups.filter { $0.kind == .node && $0.title.hasPrefix("n") }.count == 200)
        #expect(cut.groups.contains { $0.kind == .edge && $0.title == "n0->n1" })
        #expect(cut.groups.contains { $0.kind == .cluster && $0.title == "cluster_0" })
        #expect(cut.head.hasPrefix("<svg") && cut.tail.hasPrefix("</g>"))
    }

    /// Links make Graphviz nest a group (`a_node1`) in a node's; titles hold names with markup, escaped. (Graphviz
    /// 2.43 writes a URL's `&` unescaped, which no XML parser takes: the URL here has none.)
    @Test func nestedGroupsAndEscapedTitles() throws {
        let dot = """
            digraph g {
              "<b>&\\"x" [URL="https://example.com/a", label="<img src=x onerror=alert(1)>"];
              b [tooltip="t"];
              "<b>&\\"x" -> b [URL="e"];
              subgraph cluster_a { c; label="a & b" }
            }
            """
        let cut = try check(dot: dot)
        #expect(cut.groups.map(\.kind) == [.cluster, .node, .node, .edge, .node])
        #expect(cut.groups.map(\.title) == ["cluster_a", "<b>&\"x", "b", "<b>&\"x->b", "c"])
        #expect(cut.groups[1].xml.contains("<g id=\"a_node"))
    }

    @Test func anotherShapeStaysWhole() {
        for svg in ["<svg><g id=\"a\"></g></svg>", "<svg/>", "", "<svg><g id=\"graph0\"><g id=\"n\"><title>x</title>"] {
            let cut = SVGGroups(svg: svg)
            #expect(cut.head == svg && cut.tail.isEmpty && cut.groups.isEmpty, "\(svg)")
        }
    }

    @Test func entities() {
        #expect(SVGGroups.unescapeXML("n0&#45;&gt;n1") == "n0->n1")
        #expect(SVGGroups.unescapeXML("&lt;&amp;&quot;&apos;&#x41;&#66;") == "<&\"'AB")
        #expect(SVGGroups.unescapeXML("&unknown; & &#xZZ; &") == "&unknown; & &#xZZ; &")
    }
}
