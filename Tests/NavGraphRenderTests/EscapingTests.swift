import Foundation
import NavGraphCore
import Testing

@testable import NavGraphRender

/// Names are whatever a console printed: no output may be broken or made to do anything by them.
@Suite("Untrusted names in every output")
struct EscapingTests {
    @Test func terminalNeverReceivesControlOrBidiCharacters() throws {
        let text = try TextTreeRenderer().render(hostileHierarchy())
        for scalar in text.unicodeScalars where scalar != "\n" {
            #expect(!Escaping.isUnsafeForDisplay(scalar), "raw U+\(String(scalar.value, radix: 16)) in terminal output")
        }
        #expect(text.contains("Clear\\u{1B}[2JScreen\\u{7}Bell"))
        #expect(text.contains("Bidi\\u{202E}txet"))
        #expect(text.split(separator: "\n").count == hostileNames.count + 1)  // header + one line per node
    }

    @Test func jsonStaysValidAndRoundTrips() throws {
        let json = try JSONRenderer().render(hostileHierarchy())
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let root = (object["roots"] as! [[String: Any]])[0]
        #expect(root["type"] as? String == hostileNames[0])
        #expect(root["window"] as? String == "main\"]; evil [label=\"x")
        let children = root["children"] as! [[String: Any]]
        #expect(children.map { $0["type"] as! String } == Array(hostileNames.dropFirst()))
        #expect(children[0]["edge"] as? String == "she\"et</script>")
        // Safe to embed in a <script> element.
        #expect(!json.contains("</script>") && !json.contains("<img"))
    }

    @Test func dotQuotesEverythingAndKeepsInputOutOfIDs() throws {
        let dot = try DOTRenderer().render(hostileHierarchy())
        #expect(dot.contains(#"label="Quote\"Back\\slash\nR[2J""#))
        #expect(dot.contains(#"label="Graphviz\\N\\l\\GEscapes"#))
        #expect(dot.contains(#"label="window main\"]; evil [label=\"x""#))
        #expect(!dot.contains("\u{1B}") && !dot.contains("\u{202E}") && !dot.contains("New\nLine"))
        // Every statement line starts with a generated id, a keyword or a brace, or is a row of the legend's table
        // (whose words are navgraph's): nothing from the input.
        for line in dot.split(separator: "\n") {
            let head = line.drop { $0 == " " }
            let legendRow = head.hasPrefix("<TR><TD") || head.hasPrefix("</TABLE>>];")
            #expect(
                legendRow || (head.first.map { "nlsgcdre}{".contains($0) } ?? true), "unexpected line start: \(line)")
        }
        // The app's own presentation style (`she"et</script>`) shows in the legend as plain words only.
        #expect(dot.contains(##"<FONT COLOR="#b14e00">sheetscript</FONT>"##))
    }

    @Test func userThemeWithoutPragmaStillEscapes() throws {
        let renderer = try DOTRenderer(
            themeText: "digraph { {{#statements}}{{#node}}{{id}} [label=\"{{type}}\"];{{/node}}{{/statements}} }")
        let dot = try renderer.render(hostileHierarchy())
        #expect(dot.contains(#"[label="Quote\"Back\\slash"]"#))
    }

    @Test func invalidThemeIsAClearError() {
        #expect(throws: RenderError.self) {
            try DOTRenderer(themeText: "{{#statements}}", themeName: "mine.dot.mustache")
        }
        // Placed at the line and column where the theme goes wrong, with what is wrong there.
        #expect(
            throws: RenderError.invalidTemplate(
                name: "mine.dot.mustache", line: 1, column: 16, problem: .expectedSectionEnd)
        ) {
            try DOTRenderer(themeText: "{{#statements}}", themeName: "mine.dot.mustache")
        }
    }
}

/// A name that pads itself to the terminal's edge and then breaks the line puts text of its choosing on a row of its
/// own, under navgraph's: U+2028 and U+2029 are shown escaped as control characters are; JSON escapes them and the
/// bidi controls (a terminal would act on them when the JSON is printed to it).
@Suite("Line separators and bidi controls")
struct LineSeparatorEscapingTests {
    static let spoof = "Screen" + String(repeating: " ", count: 150) + "\u{2028}Fake — 0 leaked, 0 suspected"

    @Test(arguments: ["\u{2028}", "\u{2029}"])
    func terminalTextShowsSeparatorsEscaped(_ separator: String) {
        let name = Self.spoof.replacingOccurrences(of: "\u{2028}", with: separator)
        let shown = Escaping.terminal(name)
        #expect(!shown.unicodeScalars.contains { $0.properties.generalCategory == .lineSeparator })
        #expect(!shown.unicodeScalars.contains { $0.properties.generalCategory == .paragraphSeparator })
        let code = String(separator.unicodeScalars.first!.value, radix: 16, uppercase: true)
        #expect(shown.hasSuffix("\\u{\(code)}Fake — 0 leaked, 0 suspected"))
    }

    @Test func jsonEscapesWhatATerminalWouldActOn() throws {
        let name = "a\u{202E}b\u{2066}c\u{2069}d\u{200E}e\u{200F}f\u{061C}g\u{2028}h\u{2029}i\u{85}j\u{202A}k"
        let json = Escaping.jsonString(name)
        #expect(
            json == #""a\u202eb\u2066c\u2069d\u200ee\u200ff\u061cg\u2028h\u2029i\u0085j\u202ak""#)
        #expect(json.unicodeScalars.allSatisfy { $0.isASCII })
        // Valid JSON, the same string.
        let decoded = try JSONSerialization.jsonObject(with: Data(("[" + json + "]").utf8)) as? [String]
        #expect(decoded == [name])
    }
}

@Suite("DOT string escaping")
struct DOTStringEscapingTests {
    /// A tooltip's backslashes are doubled before the DOT escaping doubles them again: Graphviz reads a tooltip's
    /// escapes twice (a label's once).
    @Test func tooltipsHaveTheirBackslashesDoubledTwice() throws {
        #expect(Escaping.tooltip(#"Pay\N\G"#) == #"Pay\\N\\G"#)
        #expect(Escaping.tooltip("Plain") == "Plain")
        let dot = try DOTRenderer().render(hostileHierarchy())
        #expect(dot.contains(#"label="Graphviz\\N\\l\\GEscapes"#))
        #expect(dot.contains(#"tooltip="Graphviz\\\\N\\\\l\\\\GEscapes "#))
    }

    /// Graphviz expands `\G` and `\N` in an HTML-like label's text as well, after decoding its entities.
    @Test func htmlLabelsEscapeBackslashes() {
        #expect(Escaping.graphvizHTML(#"Tab\G<T>&"#) == #"Tab\\G&lt;T&gt;&amp;"#)
    }

    @Test func entitiesQuotesAndBackslashes() {
        #expect(Escaping.dotString("a&amp;b") == "a&amp;amp;b")
        #expect(Escaping.dotString("say \"hi\"\\n") == "say \\\"hi\\\"\\\\n")
        #expect(Escaping.dotString("tab\there\u{202E}") == "tabhere")
    }
}
