/// One line of what Swift's `dump(_:name:)` or lldb's `po` prints: two spaces per level, a marker (`▿` a value with
/// children, `▹` one whose children `maxDepth` cut, `-` one without), then `label: value` (`dump()`),
/// `label : value` (lldb) or just the value (array elements), and `#N` after an object's type.
struct SwiftDumpLine: Equatable {
    enum Marker: Equatable {
        /// `▿`: children follow.
        case expanded
        /// `▹`: `maxDepth` cut the children.
        case collapsed
        /// `-`: no children.
        case leaf
    }

    /// Which program printed it, as far as the label's colon tells.
    enum Style: Equatable {
        /// `dump()`: `label: value`.
        case dump
        /// lldb `po`: `label : value`.
        case lldb
        /// No label, so either.
        case either
    }

    var indent: Int
    var marker: Marker
    var label: String?
    var value: String
    /// `#N`: the object's number in this dump; the same number again is the same object, printed without children.
    var object: Int?
    var style: Style

    var depth: Int { indent / 2 }

    /// What a line of dump output is.
    enum Reading: Equatable {
        case value(SwiftDumpLine)
        /// `(N more children)` or `(1 child)`: `maxItems` ended the output (or a level) here.
        case cutOff(String)
    }

    static func read(_ text: Substring) -> Reading? {
        let indent = text.utf8.prefix { $0 == .space }.count
        return read(indent: indent, Substring(text.utf8.dropFirst(indent)))
    }

    /// Reads a line from its bytes: the indentation is counted without decoding it (a deep dump's lines are
    /// mostly spaces). A value line whose text after the marker is ASCII is read byte by byte (`readASCII`), with
    /// any other line as text, where characters, not bytes, are compared.
    /// Both readings agree (`SwiftDumpLineTests`); as text, a line cost about as much as the rest of reading it.
    static func read(_ line: ByteLine) -> Reading? {
        let indent = line.endOfRun(from: 0) { $0 == .space }
        if let reading = readASCII(line, indent: indent) { return reading }
        // Neither a marker nor a cut-off note: not a dump line, whatever the rest holds.
        if let byte = line[indent], byte != 0xE2, byte != 0x2D, byte != 0x28 { return nil }
        return read(readingText: line, indent: indent)
    }

    /// What a line is, without making its label and value: enough to collect a dump's lines, which are read once
    /// the dump is complete (`SwiftDumpReader`). Says what `read` says
    /// (`SwiftDumpLineTests`). Read as text, a line is a value line when it starts with a marker character and
    /// then a space character (or is only a marker): so when the byte after the marker's space is ASCII (which
    /// cannot join the space in one character) or there is none; any other line is read by `read` (reading every
    /// line whose text is not ASCII as text is slow, and apps' strings often are not).
    enum Kind: Equatable {
        case value(Marker)
        case cutOff
    }

    static func kind(of line: ByteLine, indent: Int) -> Kind? {
        if let (marker, start, end) = markedText(line, indent: indent), start == end || (line[start] ?? 0) < 0x80 {
            return .value(marker)
        }
        if let byte = line[indent], byte != 0xE2, byte != 0x2D, byte != 0x28 { return nil }
        switch read(readingText: line, indent: indent) {
        case .value(let dumpLine)?: return .value(dumpLine.marker)
        case .cutOff?: return .cutOff
        case nil: return nil
        }
    }

    /// The straightforward reading, as text (the byte-level one is checked against it).
    static func read(readingText line: ByteLine, indent: Int? = nil) -> Reading? {
        let start = line.endOfRun(from: 0) { $0 == .space }
        return read(indent: indent ?? start, Substring(line.dropFirst(start).text))
    }

    private static func read(indent: Int, _ text: Substring) -> Reading? {
        var rest = text
        if rest.last == "\r" { rest = rest.dropLast() }
        let marker: Marker
        if rest.hasPrefix("▿ ") || rest == "▿" {
            marker = .expanded
        } else if rest.hasPrefix("▹ ") || rest == "▹" {
            marker = .collapsed
        } else if rest.hasPrefix("- ") {
            marker = .leaf
        } else {
            if rest.first == "(", rest.hasSuffix(" child)") || rest.hasSuffix(" children)") {
                return .cutOff(String(rest))
            }
            return nil
        }
        rest = rest.dropFirst(2)
        while rest.last == " " { rest = rest.dropLast() }
        var line = SwiftDumpLine(
            indent: indent, marker: marker, label: nil, value: String(rest), object: nil, style: .either)
        // A label is an identifier (`path`, `.0`, `some`, an lldb index `0`) followed by `: ` or ` : `.
        let labelEnd = rest.firstIndex { !isLabelCharacter($0) } ?? rest.endIndex
        if labelEnd > rest.startIndex {
            let after = rest[labelEnd...]
            if after.hasPrefix(": ") || after == ":" {
                line.label = String(rest[..<labelEnd])
                line.value = String(after.dropFirst(2))
                line.style = .dump
            } else if after.hasPrefix(" : ") || after == " :" {
                line.label = String(rest[..<labelEnd])
                line.value = String(after.dropFirst(3))
                line.style = .lldb
            }
        }
        if let hash = line.value.lastIndex(of: "#"), hash > line.value.startIndex,
            line.value[line.value.index(before: hash)] == " ",
            let number = Int(line.value[line.value.index(after: hash)...])
        {
            line.object = number
            line.value = String(line.value[..<line.value.index(before: hash)])
        }
        return .value(line)
    }

    /// Whether a line can start a dump: a value with children at the left margin (`▿ Shop.AppState #0`,
    /// `▿ home: Shop.Router #0`). A bare `- …` at the margin is too common in other output to start one.
    static func startsDump(_ line: ByteLine) -> Bool {
        // Each marker followed by a space, then not another space.
        (line.matches("▿ ", at: 0) || line.matches("▹ ", at: 0)) && line.count >= 5 && line[4] != .space
    }

    private static func isLabelCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "." || character == "$"
    }
}
