/// Untrusted text (file names, what an input or a configuration holds) made safe to print on a terminal: control
/// characters (C0, DEL, C1), the Unicode line and paragraph separators and bidirectional-override characters are
/// shown as `\t`, `\n`, `\r` or `\u{…}` instead of being sent, so that text can never move the cursor, change colours,
/// reorder a line or start a line of its own.
/// Here, where every reader and the configuration can use it for the messages they form.
public enum TerminalText {
    public static func escaped(_ text: String) -> String { escaped(text, keepingNewlines: false) }

    /// A message of several lines, already formed: its own newlines stay, every other unsafe character is escaped
    /// (the last line of defence, for a message that did not escape what it quoted).
    public static func escaped(_ text: String, keepingNewlines: Bool) -> String {
        func unsafe(_ scalar: Unicode.Scalar) -> Bool {
            isUnsafeForDisplay(scalar) && !(keepingNewlines && scalar == "\n")
        }
        guard text.unicodeScalars.contains(where: unsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if unsafe(scalar) {
                // A tab, newline or return as Swift and C write them (what a reader recognizes); others by number.
                switch scalar {
                case "\t": result += "\\t"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    public static func isUnsafeForDisplay(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // LINE SEPARATOR and PARAGRAPH SEPARATOR: terminals (and the tools a log is read in) break the line there, so
        // a name padded with spaces put a line of its own under it ("Fake — 0 leaked, 0 suspected").
        case 0x2028, 0x2029: true
        // Bidi embeddings, overrides and isolates; marks that reorder what follows.
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
