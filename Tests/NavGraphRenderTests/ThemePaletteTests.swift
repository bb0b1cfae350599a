import Foundation
import Mustache
import NavGraphCore
import Testing

@testable import NavGraphRender

/// The built-in themes as a reader sees them: text readable on what it sits on (WCAG's 4.5:1), each presentation
/// style drawn its own way, and edge colours that stay apart for readers with a colour-vision deficiency.
@Suite("The built-in themes' palette")
struct ThemePaletteTests {
    static let themes = BuiltInThemes.names
    static let presentationStyles: [PresentationStyle] = [
        .sheet, .fullScreenCover, .popover, .alert, .confirmationDialog, .unknown, PresentationStyle("drawer"),
    ]

    /// A scene with every cluster, node kind and state, edge kind, presentation style and legend row.
    static var everyStatement: [DOTScene.Statement] {
        let screen = ModelRef(key: "s", id: "1", type: "Screen")
        var statements: [DOTScene.Statement] = [.open(id: "cluster_0", kind: .window, label: "window main")]
        let clusters: [DOTScene.ClusterKind] = [.stack, .tabs, .split]
        for (index, kind) in clusters.enumerated() {
            statements.append(.open(id: "cluster_\(index + 1)", kind: kind, label: kind.rawValue))
        }
        let kinds: [NodeKind] = [.screen, .stack, .tabs, .switch, .split]
        for (index, kind) in kinds.enumerated() {
            statements.append(.node(id: "n\(index)", model: screen, kind: kind, state: .live))
        }
        statements.append(.node(id: "leaked", model: screen, kind: .screen, state: .leaked))
        statements.append(.node(id: "ghost", model: screen, kind: .screen, state: .ghost))
        statements.append(
            .node(
                id: "more", model: ModelRef(key: "collapsed:s", id: "", type: "… 3 more"), kind: .screen, state: .live))
        statements += clusters.map { _ in .close }
        for (index, edge) in edgeKinds.enumerated() {
            statements.append(.edge(from: "n0", to: "n\(index)", kind: edge, label: edge.name))
        }
        statements.append(.leakEdge(from: "ghost", to: "leaked", label: "leaked"))
        statements.append(.close)
        statements.append(.open(id: "cluster_legend", kind: .legend, label: "legend"))
        statements.append(.legend(id: "legend"))
        for kind in kinds {
            statements.append(.legendRow(.init(label: kind.rawValue, sample: .node(kind, .live))))
        }
        statements.append(.legendRow(.init(label: "leaked", sample: .node(.screen, .leaked))))
        statements.append(.legendRow(.init(label: "left, finished", sample: .node(.screen, .ghost))))
        for edge in edgeKinds { statements.append(.legendRow(.init(label: edge.name, sample: .edge(edge)))) }
        statements.append(.legendRow(.init(label: "leaked from", sample: .leak)))
        statements += [.legendEnd, .close]
        return statements
    }

    static let edgeKinds: [EdgeKind] =
        [.push, .tab, .switch, .column(.detail), .child] + presentationStyles.map { .presented($0) }

    static func dot(theme: String) throws -> String {
        let template = try BuiltInTemplate.parse(BuiltInThemes.dotTemplatePath(theme))
        return template.render([
            "rankdir": "TB", "legend": true, "statements": everyStatement.map { ThemeStatement($0).context() },
        ])
    }

    // MARK: Contrast

    @Test(arguments: themes)
    func textIsReadableOnWhatItSitsOn(theme: String) throws {
        let dot = try Self.parse(try Self.dot(theme: theme))
        let background = try #require(dot.graph["bgcolor"].flatMap(Color.init))
        let fills = [background] + dot.clusters.compactMap { $0["fillcolor"].flatMap(Color.init) }
        var checked = 0
        func expectReadable(_ text: String?, on grounds: [Color], _ what: String) {
            guard let text, let color = Color(text) else {
                Issue.record("\(theme): no text colour for \(what)")
                return
            }
            for ground in grounds {
                let ratio = color.contrast(with: ground)
                checked += 1
                #expect(ratio >= 4.5, "\(theme): \(what) \(text) on \(ground.hex) is \(ratio):1")
            }
        }
        for cluster in dot.clusters {
            // A cluster's title sits on its own fill, or on whatever is behind an unfilled cluster.
            let ground = cluster["fillcolor"].flatMap(Color.init).map { [$0] } ?? fills
            expectReadable(cluster["fontcolor"] ?? dot.graph["fontcolor"], on: ground, "cluster \(cluster["label"]!)")
        }
        for node in dot.nodes where node["shape"] != "plaintext" {
            let attributes = dot.nodeDefaults.merging(node) { $1 }
            let filled = attributes["style"]?.contains("filled") ?? false
            let ground = filled ? [Color(attributes["fillcolor"]!)!] : fills
            expectReadable(attributes["fontcolor"], on: ground, "node \(node["id"]!)")
        }
        for edge in dot.edges where !(edge["label"] ?? "").isEmpty {
            expectReadable(edge["fontcolor"] ?? dot.edgeDefaults["fontcolor"], on: fills, "edge \(edge["label"]!)")
        }
        // The legend's words: their own colour or the node default, on the background (the legend is unfilled).
        let legend = try #require(dot.nodes.first { $0["shape"] == "plaintext" })
        let words = legend["label"]!.matches(of: /<\/TD><TD ALIGN="LEFT">(?:<FONT COLOR="(#[0-9a-f]{6})">)?/)
        #expect(words.count == 7 + Self.edgeKinds.count + 1)
        for word in words {
            expectReadable(word.1.map(String.init) ?? dot.nodeDefaults["fontcolor"], on: [background], "legend text")
        }
        #expect(checked > 50)
    }

    // MARK: Presentation styles

    /// Each presentation style has its own line or arrowhead (not only its label), and none looks like a push, a
    /// tab, … or a leak.
    @Test(arguments: themes)
    func everyPresentationStyleIsDrawnItsOwnWay(theme: String) throws {
        let dot = try Self.parse(try Self.dot(theme: theme))
        var looks: [String: String] = [:]
        for edge in dot.edges {
            let attributes = dot.edgeDefaults.merging(edge) { $1 }
            let look = ["style", "arrowhead", "penwidth", "color"].map { attributes[$0] ?? "-" }.joined(separator: " ")
            let name = edge["label"]!
            // The app's own style and the unknown one share the look of "some other presentation".
            if name == "drawer" { continue }
            #expect(looks[look] == nil, "\(theme): \(name) is drawn as \(looks[look] ?? "")")
            looks[look] = name
        }
        #expect(looks.count == Self.edgeKinds.count - 1 + 1)
    }

    /// Each presentation style has a line of its own, told apart without its colour, label or arrowhead: sheet,
    /// fullScreenCover, popover, alert, confirmationDialog and any other style are six different (style, width)
    /// pairs, in `render`'s themes and in `diagram`'s (where a presentation's width is its style's, not its count's).
    @Test(arguments: themes.map { ($0, false) } + NavigationMapDOTRenderer.themes.map { ($0, true) })
    func everyPresentationStyleHasItsOwnLine(theme: String, map: Bool) throws {
        let dot = try Self.parse(map ? try Self.mapDOT(theme: theme) : try Self.dot(theme: theme))
        var lines: [String: String] = [:]
        for edge in dot.edges {
            let attributes = dot.edgeDefaults.merging(edge) { $1 }
            let name = String(edge["label"]!.prefix { $0 != " " })
            guard Self.presentationStyles.dropLast().map(\.name).contains(name) else { continue }
            let line = (attributes["style"] ?? "solid") + " " + (attributes["penwidth"] ?? "1")
            #expect(lines[line] == nil, "\(theme): \(name) has the line of \(lines[line] ?? "")")
            lines[line] = name
        }
        #expect(lines.count == 6, "\(theme): \(lines)")
        // The legend shows each style with a sample of its own line: its first text, in the style's row.
        let rows = dot.legend.split(separator: /<[Tt][Rr]>/).dropFirst()
        let samples = Self.presentationStyles.dropLast().compactMap { style in
            rows.first { $0.contains(">\(style.name)<") }?.firstMatch(of: /<(?i:font)[^>]*>([^<]+)</)?.1
        }
        #expect(Set(samples).count == 6, "\(theme): legend samples \(samples)")
    }

    // MARK: Colour-vision deficiencies

    /// Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
    static let deficiencies: [(name: String, matrix: [[Double]])] = [
        ("none", [[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
        (
            "protanopia",
            [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
        ),
        (
            "deuteranopia",
            [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
        ),
        (
            "tritanopia",
            [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
        ),
    ]

    /// Push, tab, switch, column, presented, child and leak edges keep colours at least 12 apart (CIE ΔE*ab, where
    /// about 2 is just noticeable) for normal vision and under simulated protanopia, deuteranopia and tritanopia.
    @Test(arguments: themes)
    func edgeColoursStayApartUnderColourVisionDeficiencies(theme: String) throws {
        let dot = try Self.parse(try Self.dot(theme: theme))
        var colors: [String: Color] = [:]
        for edge in dot.edges {
            let name = edge["label"]!
            let kind = Self.presentationStyles.map(\.name).contains(name) ? "presented" : name
            colors[kind] = Color(edge["color"] ?? dot.edgeDefaults["color"]!)
        }
        #expect(colors.count == 7)
        for (deficiency, matrix) in Self.deficiencies {
            let seen = colors.mapValues { $0.simulated(matrix).lab }
            for (a, b) in seen.keys.sorted().pairs {
                let difference = Color.deltaE(seen[a]!, seen[b]!)
                #expect(difference >= 12, "\(theme), \(deficiency): \(a) and \(b) are \(difference) apart")
            }
        }
    }

    /// Node borders stay apart as edges do: the kinds of node (screen, stack, tabs, switch, split) from each
    /// other, and a leaked model's from every other node's (a folded `… N more` node, a ghost, each kind), under
    /// every deficiency. (A ghost and a folded node are both grey, dashed and unfilled: told apart by their text.)
    @Test(arguments: themes.map { ($0, false) } + NavigationMapDOTRenderer.themes.map { ($0, true) })
    func nodeBordersStayApartUnderColourVisionDeficiencies(theme: String, map: Bool) throws {
        let dot = try Self.parse(map ? try Self.mapDOT(theme: theme) : try Self.dot(theme: theme))
        var borders: [String: Color] = [:]
        for node in dot.nodes where node["shape"] != "plaintext" {
            let attributes = dot.nodeDefaults.merging(node) { $1 }
            let id = node["id"]!
            let name = map ? (Self.mapKinds.first { $0.rawValue == id }?.rawValue) : Self.nodeNames[id]
            if let name { borders[name] = Color(attributes["color"]!) }
        }
        #expect(borders.count == (map ? 5 : 8), "\(theme): \(borders.keys.sorted())")
        let kinds = Set(Self.mapKinds.map(\.rawValue))
        for (deficiency, matrix) in Self.deficiencies {
            let seen = borders.mapValues { $0.simulated(matrix).lab }
            let pairs = seen.keys.sorted().pairs.filter { a, b in
                (kinds.contains(a) && kinds.contains(b)) || a == "leaked" || b == "leaked"
            }
            for (a, b) in pairs {
                let difference = Color.deltaE(seen[a]!, seen[b]!)
                #expect(difference >= 12, "\(theme), \(deficiency): \(a) and \(b) borders are \(difference) apart")
            }
        }
    }

    static let nodeNames = [
        "n0": "screen", "n1": "stack", "n2": "tabs", "n3": "switch", "n4": "split", "leaked": "leaked",
        "ghost": "ghost", "more": "folded",
    ]

    // MARK: The map's themes (`diagram`)

    static let mapKinds: [NodeKind] = [.screen, .stack, .tabs, .switch, .split]
    static let mapRelations: [NavigationRelation.Kind] =
        [.windowRoot, .stackRoot, .pushedAfter, .tab(order: 1), .switched, .column(.detail), .child]
        + presentationStyles.dropLast().map { .presented(style: $0.name) }

    /// A map with a type of every kind, every relation and presentation style on an edge of its own (`tN`), and a
    /// cluster of each container kind.
    static var everyRelationMap: NavigationMap {
        var map = NavigationMap()
        for kind in mapKinds { map.types[kind.rawValue] = .init(kinds: [kind: 1]) }
        for (index, kind) in mapRelations.enumerated() {
            map.types["t\(index)"] = .init(kinds: [.screen: 1])
            let from = kind == .windowRoot ? "main" : "screen"
            map.relations[NavigationRelation(kind, from: from, to: "t\(index)")] = 1
        }
        map.containers = ["t1": ["stack": 1], "t3": ["tabs": 1], "t5": ["split": 1]]
        return map
    }

    /// The map's DOT in a built-in diagram theme, its nodes named by their types (`screen`, `t3`).
    static func mapDOT(theme: String) throws -> String {
        var dot = try NavigationMapDOTRenderer(.init(theme: theme)).render(everyRelationMap)
        for (index, type) in everyRelationMap.types.keys.sorted().enumerated().reversed() {
            dot = dot.replacing(try Regex("\\bn\(index)\\b"), with: type)
        }
        return dot
    }

    /// Edge labels, node and cluster titles readable on what they sit on; relation kinds' colours apart under the
    /// colour-vision deficiencies, as in `render`'s themes.
    @Test(arguments: NavigationMapDOTRenderer.themes)
    func mapThemeIsReadableAndItsColoursStayApart(theme: String) throws {
        let dot = try Self.parse(try Self.mapDOT(theme: theme))
        func color(_ text: String?) -> Color? { text.flatMap { Color($0 == "white" ? "#ffffff" : $0) } }
        let background = try #require(color(dot.graph["bgcolor"]))
        let fills = [background] + dot.clusters.compactMap { color($0["fillcolor"]) }
        func expectReadable(_ text: String?, on grounds: [Color], _ what: String) {
            guard let text = color(text) else {
                Issue.record("\(theme): no text colour for \(what)")
                return
            }
            for ground in grounds {
                let ratio = text.contrast(with: ground)
                #expect(ratio >= 4.5, "\(theme): \(what) \(text.hex) on \(ground.hex) is \(ratio):1")
            }
        }
        for cluster in dot.clusters {
            let ground = color(cluster["fillcolor"]).map { [$0] } ?? fills
            expectReadable(cluster["fontcolor"] ?? dot.graph["fontcolor"], on: ground, "cluster \(cluster["label"]!)")
        }
        for node in dot.nodes {
            let attributes = dot.nodeDefaults.merging(node) { $1 }
            let filled = attributes["style"]?.contains("filled") ?? false
            let ground = filled ? [color(attributes["fillcolor"])!] : fills
            expectReadable(attributes["fontcolor"], on: ground, "node \(node["id"]!)")
        }
        var colors: [String: Color] = [:]
        for edge in dot.edges {
            let attributes = dot.edgeDefaults.merging(edge) { $1 }
            expectReadable(attributes["fontcolor"], on: fills, "edge \(edge["label"]!)")
            // A stack's first entry is drawn as a push is; every presentation in one colour.
            let word = edge["label"]!.prefix { $0 != " " }
            let kind =
                switch word {
                case "first": "push"
                case "×1": "child"
                case _ where Self.presentationStyles.map(\.name).contains(String(word)): "presented"
                default: String(word)
                }
            colors[kind] = color(attributes["color"])
        }
        #expect(colors.count == 7, "\(theme): \(colors.keys.sorted())")
        for (deficiency, matrix) in Self.deficiencies {
            let seen = colors.mapValues { $0.simulated(matrix).lab }
            for (a, b) in seen.keys.sorted().pairs {
                let difference = Color.deltaE(seen[a]!, seen[b]!)
                #expect(difference >= 12, "\(theme), \(deficiency): \(a) and \(b) are \(difference) apart")
            }
        }
    }

    // MARK: Reading the DOT

    struct ParsedDOT {
        var graph: [String: String] = [:]
        var nodeDefaults: [String: String] = [:]
        var edgeDefaults: [String: String] = [:]
        var clusters: [[String: String]] = []
        var nodes: [[String: String]] = []
        var edges: [[String: String]] = []
        /// The legend's HTML-like label: a node's (`render`) or the graph's (`diagram`).
        var legend = ""
    }

    /// The theme's DOT, one statement a line as the built-in themes write it; later attributes win, as in Graphviz.
    static func parse(_ dot: String) throws -> ParsedDOT {
        var parsed = ParsedDOT()
        var open: [Int] = []
        var lines = dot.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)[...]
        while let line = lines.popFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let html = trimmed.firstMatch(of: /label=<(.*)>\]/) { parsed.legend = String(html.1) }
            if trimmed.hasPrefix("graph [") {
                parsed.graph.merge(attributes(trimmed)) { $1 }
            } else if trimmed.hasPrefix("node [") {
                parsed.nodeDefaults = attributes(trimmed)
            } else if trimmed.hasPrefix("edge [") {
                parsed.edgeDefaults = attributes(trimmed)
            } else if trimmed.hasPrefix("subgraph ") {
                parsed.clusters.append([:])
                open.append(parsed.clusters.count - 1)
            } else if trimmed == "}" {
                _ = open.popLast()
            } else if trimmed.contains(" -> ") {
                parsed.edges.append(attributes(trimmed))
            } else if let id = trimmed.firstMatch(of: /^(\w+) \[/)?.1 {
                var statement = trimmed
                // The legend's HTML-like label runs over several lines, to its `>];`.
                while statement.contains("=<<"), !statement.hasSuffix(">];"), let next = lines.popFirst() {
                    statement += next
                }
                var node = attributes(statement)
                node["id"] = String(id)
                if let html = statement.firstMatch(of: /label=<(.*)>\]/) {
                    node["label"] = String(html.1)
                    parsed.legend = String(html.1)
                }
                parsed.nodes.append(node)
            } else if let cluster = open.last, !trimmed.hasPrefix("{") {
                parsed.clusters[cluster].merge(attributes(trimmed)) { $1 }
            }
        }
        return parsed
    }

    static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        // Outside an HTML-like label only: its cells' attributes are not the node's.
        let outside = text.replacing(/label=<.*>\]/, with: "]")
        for match in outside.matches(of: /(\w+)=(?:"((?:[^"\\]|\\.)*)"|([^,;\]\s]+))/) {
            result[String(match.1)] = String(match.2 ?? match.3 ?? "")
        }
        return result
    }
}

/// An sRGB colour, with what the checks need: WCAG contrast, CIELAB, and a simulated colour-vision deficiency.
struct Color {
    /// Linear RGB, 0…1.
    var linear: [Double]

    init?(_ hex: String) {
        guard hex.count == 7, hex.hasPrefix("#"), let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        linear = [value >> 16, value >> 8 & 0xFF, value & 0xFF].map { channel in
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
    }

    private init(linear: [Double]) { self.linear = linear }

    var hex: String {
        "#"
            + linear.map { value in
                let c = value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
                let byte = String(Int((min(1, max(0, c)) * 255).rounded()), radix: 16)
                return byte.count == 1 ? "0" + byte : byte
            }.joined()
    }

    var luminance: Double { 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2] }

    func contrast(with other: Color) -> Double {
        let (light, dark) = (max(luminance, other.luminance), min(luminance, other.luminance))
        return ((light + 0.05) / (dark + 0.05) * 100).rounded(.down) / 100
    }

    func simulated(_ matrix: [[Double]]) -> Color {
        Color(linear: matrix.map { row in min(1, max(0, zip(row, linear).map(*).reduce(0, +))) })
    }

    /// CIELAB (D65).
    var lab: [Double] {
        let (r, g, b) = (linear[0], linear[1], linear[2])
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
    }

    static func deltaE(_ a: [Double], _ b: [Double]) -> Double {
        sqrt(zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +))
    }
}

extension Array {
    /// Every unordered pair of elements.
    fileprivate var pairs: [(Element, Element)] {
        indices.flatMap { i in indices[(i + 1)...].map { (self[i], self[$0]) } }
    }
}
