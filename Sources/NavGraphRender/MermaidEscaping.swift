extension Escaping {
    /// The inside of a double-quoted Mermaid label (`n0["…"]`, `-->|"…"|`, `subgraph c0 ["…"]`). Mermaid has no
    /// backslash escapes; it decodes `#NNN;` entity codes. Everything but letters, digits, spaces and a few plain
    /// punctuation marks becomes one, so quotes, brackets, `#`, `;`, `<`, `>`, backticks (Markdown strings), `|`,
    /// and all non-ASCII text can neither end the label nor be read as markup. Control and bidi characters are
    /// removed.
    public static func mermaidLabel(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafeForDisplay(scalar) { continue }
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", " ", "_", "-", ".", ",", ":", "/", "(", ")", "+", "=", "!", "?", "@":
                result.unicodeScalars.append(scalar)
            default:
                result += "#\(scalar.value);"
            }
        }
        return result
    }
}
