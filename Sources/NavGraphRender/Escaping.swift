import NavGraphCore

/// Escaping of untrusted text (type names, ids, titles) for each output. Inputs are whatever a console printed.
public enum Escaping {
    /// For a terminal: control characters (C0, DEL, C1), U+2028/2029 and bidirectional-override characters are
    /// shown as `\u{…}` instead of being sent, so input can never move the cursor, clear the screen, start a line or
    /// reorder text.
    public static func terminal(_ text: String) -> String { TerminalText.escaped(text) }

    /// A JSON string literal, quotes included. Everything a terminal would act on is `\u` escaped, as `terminal`
    /// shows it: control characters (C0, DEL, C1), U+2028/2029 (which also keeps the JSON safe inside a `<script>`
    /// element) and the bidi controls (JSON printed to a terminal reordered the line with U+202E); and `<`, `>`, `&`.
    /// The same valid JSON, with the same strings, wherever it is printed.
    public static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<", ">", "&":
                result += unicodeEscape(scalar.value)
            default:
                if isUnsafeForDisplay(scalar) {
                    result += unicodeEscape(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A name or argument in a trace (Chrome Trace Event JSON), as a JSON string literal: its control, bidi and line
    /// separator characters shown as a terminal shows them (`\u{7}`, `\t`), not only `\u` escaped for JSON.
    /// Perfetto and chrome://tracing show a decoded name as it is, where a BEL, an ESC or a NUL is a box or nothing
    /// (SVG and Mermaid leave them out; a trace keeps what was there, visibly).
    public static func traceString(_ text: String) -> String { jsonString(terminal(text)) }

    /// The inside of a DOT double-quoted string: `"` and `\` escaped (so Graphviz's `\N`, `\l` never apply),
    /// `&` as `&amp;` (Graphviz decodes HTML entities in every label), control, bidi characters and U+2029 removed, and U+2028 LINE SEPARATOR as DOT's centred line break
    /// (`\n`): what it means, and how `DiagramLabels` wraps a long type name.
    public static func dotString(_ text: String) -> String {
        // Most names are printable ASCII without quotes, backslashes or ampersands: nothing to change.
        if text.utf8.allSatisfy({
            $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "&")
        }) {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "&": result += "&amp;"
            case "\u{2028}": result += "\\n"
            default:
                if !isUnsafeForDisplay(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// A tooltip's text, for a DOT theme's `{{tooltip}}`. Graphviz reads a tooltip's backslashes twice — once as the
    /// attribute's escapes, again as it makes the SVG link (`xlink:title`) — and expands `\N`, `\G`, `\L`, `\E`,
    /// `\T`, `\H` the second time, so one level of DOT escaping (a label's, `dotString`) let a type `Pay\N\G\L`
    /// become `Payn0navgraph…`. Doubled here, then again by the theme's DOT escaping: the name shows as it is (checked
    /// against Graphviz 2.43 and 14.1).
    static func tooltip(_ text: String) -> String {
        text.contains("\\") ? text.replacingOccurrences(of: "\\", with: "\\\\") : text
    }

    /// Text for a Graphviz HTML-like label (`label=<…>`), which a template writes unescaped: a type's name may be
    /// `Box<Item>`, and a control character has no place in a drawing. Graphviz expands `\G`, `\N`, … in an HTML-like
    /// label's text too (after decoding entities, so `&#92;` would not do): a backslash is written `\\`.
    static func graphvizHTML(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case _ where Escaping.isUnsafeForDisplay(scalar): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isUnsafeForDisplay(_ scalar: Unicode.Scalar) -> Bool { TerminalText.isUnsafeForDisplay(scalar) }
}

/// `\uXXXX` for a scalar below U+10000.
private func unicodeEscape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
