/// Columns a terminal gives `character` (a grapheme: a base and what combines with it), as wcwidth(3) counts them:
/// 2 for East Asian wide and fullwidth characters and for emoji shown as emoji, 0 for a lone mark, joiner or other
/// format character, 1 for the rest. Counting one column per character let lines of Chinese, Japanese or emoji
/// overflow the rows of the live view and the replay screen: the terminal clipped them where navgraph thought there
/// was room (for `…`).
public func terminalColumns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    // Most of what navgraph draws is ASCII and Latin text.
    if scalars.count == 1 && first.value < 0x1100 {
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        return isZeroWidth(first) ? 0 : 1
    }
    if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F || isWide($0.value) }) {
        return 2
    }
    return scalars.allSatisfy(isZeroWidth) ? 0 : 1
}

/// Combining marks and format characters (a zero-width joiner, a variation selector) take no column of their own.
private func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return false
    }
}

/// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, those emoji presentation does not
/// already cover: Hangul Jamo, CJK radicals, kana, ideographs, Hangul syllables, compatibility and fullwidth forms.
private func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
        return true
    default:
        return false
    }
}

/// Columns `text` takes on a terminal, its escape sequences (colours) taking none.
public func terminalWidth(of text: String) -> Int {
    var width = 0
    walkTerminalText(text) { character, isEscape in
        if !isEscape { width += terminalColumns(of: character) }
        return true
    }
    return width
}

/// The start of `text` that fits in `columns`, its escape sequences before the cut kept: the replay screen's and the
/// live view's lines (each closes what the cut left painted). `isCut`: something was left out.
public func terminalPrefix(of text: String, columns: Int) -> (text: String, isCut: Bool) {
    var result = ""
    var width = 0
    var isCut = false
    walkTerminalText(text) { character, isEscape in
        if !isEscape {
            let taken = terminalColumns(of: character)
            guard width + taken <= columns else {
                isCut = true
                return false
            }
            width += taken
        }
        result.append(character)
        return true
    }
    return (result, isCut)
}

/// `text` cut to `columns`, ending in `…` where it was cut (a terminal cuts a line silently, mid-word, and leaves no
/// sign that there was more); its escape sequences are kept and their effect ended. The live view's lines and the
/// replay screen's are cut so.
public func terminalCut(_ text: String, columns: Int) -> String {
    guard columns > 0 else { return "" }
    guard terminalWidth(of: text) > columns else { return text }
    // Room is kept for the `…`: a wide character that would take its column is left out too.
    let kept = terminalPrefix(of: text, columns: columns - 1).text
    return kept + "…" + (kept.contains("\u{1B}") ? "\u{1B}[0m" : "")
}

/// Calls `body` with each character of `text` and whether it is part of an escape sequence (`ESC [ … final`), until
/// it returns `false`. An escape sequence is ASCII and its ESC a character of its own (a control character always
/// is), so walking characters finds sequences as walking scalars would.
private func walkTerminalText(_ text: String, _ body: (Character, Bool) -> Bool) {
    var inEscape = false
    for character in text {
        let isEscape = inEscape || character == "\u{1B}"
        if inEscape, let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value),
            scalar != "["
        {
            inEscape = false
        } else if character == "\u{1B}" {
            inEscape = true
        }
        guard body(character, isEscape) else { return }
    }
}
