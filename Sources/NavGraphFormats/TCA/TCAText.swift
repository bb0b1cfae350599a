/// The reader's decisions on text as characters, for the rare line where they depend on non-ASCII text (`TCAWords`
/// decides the rest byte by byte, and must agree with these).
enum TCAText {
    /// `label: value`, where a label is a name, `#N` or `[N]`; otherwise the whole text is the value.
    static func split(_ text: Substring) -> (Substring?, Substring) {
        guard let colon = text.firstIndex(of: ":") else { return (nil, text) }
        let label = text[..<colon]
        let isLabel =
            !label.isEmpty
            && label.allSatisfy {
                $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "#" || $0 == "[" || $0 == "]"
            }
        guard isLabel, text[text.index(after: colon)...].first == " " else { return (nil, text) }
        return (label, text[text.index(colon, offsetBy: 2)...])
    }

    /// The type a value starts with (`SyncUpForm.State` of `SyncUpForm.State(`), or `nil` (`.case`, `"text"`, `42`).
    static func typeName(_ value: Substring) -> Substring? {
        guard let first = value.first, first.isLetter || first == "_" else { return nil }
        let name = value.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "<" || $0 == ">" }
        // `AppFeature.Action.path(` is an enum's case, qualified: a type's name ends in a capitalised word.
        let last = name.split(separator: ".").last
        guard value.dropFirst(name.count).first == "(", last?.first?.isUppercase == true else { return nil }
        return name
    }

    /// Whether `text` starts with a console prefix like the one in front of its action: the same characters but
    /// for the digits (each line has its own time, `2026-11-26 19:40:01.123 SyncUps[4242:9111] `).
    static func hasConsolePrefix(_ text: Substring, like prefix: Substring) -> Bool {
        var line = text.unicodeScalars.makeIterator()
        for expected in prefix.unicodeScalars {
            guard let got = line.next() else { return false }
            let digits = (expected.properties.numericType != nil, got.properties.numericType != nil)
            if got != expected && !(digits.0 && digits.1) { return false }
        }
        return true
    }
}
