import Foundation
import NavGraphTestSupport
import Testing

/// Every name navgraph puts into a drawing shows as it is, through the real Graphviz: in labels (type, id, window,
/// tab title, presentation style), in the map's legend (an HTML-like label, where Graphviz expands `\G` as well) and
/// in the tooltips (`xlink:title`), where Graphviz expands `\N`, `\G`, `\L`, `\E`, `\T`, `\H` after reading the
/// string's escapes once more than in a label — `Pay\N\G\L` showed as `Payn0navgraph…`.
@Suite("Graphviz's escapes in names", .tags(.draws))
struct GraphvizEscapesInNamesTests {
    static let type = #"Pay\N\G\L\E\T\H\n\l\rModel"#
    static let log = """
        {"event":"root","id":"R\\\\N","type":"App\\\\N\\\\GModel","kind":"tabs","window":"w\\\\N\\\\G"}
        {"event":"tab","id":"T1","type":"TabModel","kind":"stack","parent":"R\\\\N","title":"Title\\\\N\\\\T"}
        {"event":"push","id":"P1","type":"\(type.replacingOccurrences(of: "\\", with: "\\\\"))","parent":"T1"}
        {"event":"present","id":"S1\\\\l","type":"Sheet\\\\HModel","parent":"P1","style":"st\\\\N"}

        """

    /// The `xlink:title` values and the `<text>` contents of an SVG (none of these names needs an XML escape).
    static func shown(_ svg: String) -> (titles: [String], texts: [String]) {
        func values(_ pattern: String) -> [String] {
            let expression = try! NSRegularExpression(pattern: pattern)
            return expression.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map {
                String(svg[Range($0.range(at: 1), in: svg)!])
            }
        }
        return (values(#"xlink:title="([^"]*)""#), values(#"<text[^>]*>([^<]*)</text>"#))
    }

    @Test func renderKeepsEveryNameAsItIs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("names.jsonl")
        try Self.log.write(to: log, atomically: true, encoding: .utf8)
        let svg = folder.appendingPathComponent("names.svg").path
        let run = try navgraph(["render", log.path, "-o", svg])
        #expect(run.status == 0, "\(run.stderr)")
        let (titles, texts) = Self.shown(try String(contentsOfFile: svg, encoding: .utf8))
        for title in [#"App\N\GModel R\N"#, Self.type + " P1", #"Sheet\HModel S1\l"#] {
            #expect(titles.contains(title), "\(title): \(titles)")
        }
        for text in [Self.type, #"window w\N\G"#, #"Title\N\T"#, #"st\N"#, #"S1\l"#] {
            #expect(texts.contains(text), "\(text): \(texts)")
        }
    }

    @Test func theMapsTooltipKeepsTheWholeName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("names.jsonl")
        try Self.log.write(to: log, atomically: true, encoding: .utf8)
        let svg = folder.appendingPathComponent("map.svg").path
        let run = try navgraph(["diagram", log.path, "--strip-suffix", "Model", "-o", svg])
        #expect(run.status == 0, "\(run.stderr)")
        let (titles, texts) = Self.shown(try String(contentsOfFile: svg, encoding: .utf8))
        #expect(titles.contains(Self.type), "\(titles)")
        #expect(texts.contains(String(Self.type.dropLast("Model".count))), "\(texts)")
    }

    /// The legend names the types drawn past (`--collapse`): `Tab\G\N` showed as `Tabnavigation\N`.
    @Test func theMapsLegendKeepsACollapsedName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("names.jsonl")
        try Self.log.replacingOccurrences(of: "TabModel", with: #"Tab\\G\\NModel"#).write(
            to: log, atomically: true, encoding: .utf8)
        let svg = folder.appendingPathComponent("map.svg").path
        let run = try navgraph(["diagram", log.path, "--collapse", "Tab*", "-o", svg])
        #expect(run.status == 0, "\(run.stderr)")
        let (_, texts) = Self.shown(try String(contentsOfFile: svg, encoding: .utf8))
        #expect(texts.contains(#"collapsed: Tab\G\NModel"#), "\(texts)")
    }

    @Test func theReplayPageKeepsTheTooltip() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("names.jsonl")
        try Self.log.write(to: log, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("page.html").path
        let run = try navgraph(["replay", log.path, "--html", page])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // The drawings are JSON strings in the page: each backslash of the name is written `\\`.
        let inJSON = (Self.type + " P1").replacingOccurrences(of: "\\", with: "\\\\")
        #expect(html.contains(#"xlink:title=\""# + inJSON + #"\""#))
        #expect(!html.contains("Payn"))
    }
}
