/// The byte-level reading of a dump line whose text after its marker is ASCII: the same decisions as
/// `read(indent:_:)` makes on characters, on byte offsets. On ASCII each byte is one character, so the two agree.
extension SwiftDumpLine {
    /// `nil` when the line is not a value line with an ASCII text (the text reading then decides).
    static func readASCII(_ line: ByteLine, indent: Int) -> Reading? {
        guard let (marker, start, lineEnd) = asciiValueText(line, indent: indent) else { return nil }
        // Trailing spaces are not the value's, down to the text's start (the marker's space is not the text's).
        let end = max(start, line.startOfRun(before: lineEnd) { $0 == .space })
        func string(_ range: Range<Int>) -> String {
            line.slice(range).text
        }
        var label: Range<Int>?
        var value = start..<end
        var style = Style.either
        // A label is an identifier (`path`, `.0`, `some`, an lldb index `0`) followed by `: ` or ` : `.
        let labelEnd = min(end, line.endOfRun(from: start, while: isLabelByte))
        if labelEnd > start {
            let rest = end - labelEnd
            if rest >= 1, line[labelEnd] == .colon, rest == 1 || line[labelEnd + 1] == .space {
                label = start..<labelEnd
                value = min(labelEnd + 2, end)..<end
                style = .dump
            } else if rest >= 2, line[labelEnd] == .space, line[labelEnd + 1] == .colon,
                rest == 2 || line[labelEnd + 2] == .space
            {
                label = start..<labelEnd
                value = min(labelEnd + 3, end)..<end
                style = .lldb
            }
        }
        var object: Int?
        // The last `#` of the value (one before it fails `hash > value.lowerBound`, as none in it would).
        if let hash = line.lastIndex(before: value.upperBound, where: { $0 == 0x23 }), hash > value.lowerBound,
            line[hash - 1] == .space, let number = Int(line.slice(from: hash + 1, to: value.upperBound).text)
        {
            object = number
            value = value.lowerBound..<hash - 1
        }
        return .value(
            SwiftDumpLine(
                indent: indent, marker: marker, label: label.map(string), value: string(value), object: object,
                style: style))
    }

    /// The marker and where the text after it starts and ends (a `\r` left out) of a value line whose text after
    /// its marker is ASCII, which `readASCII` reads; `nil` for every other line.
    static func asciiValueText(_ line: ByteLine, indent: Int) -> (Marker, Int, Int)? {
        guard let (marker, start, end) = markedText(line, indent: indent), line.slice(from: start, to: end).isASCII
        else { return nil }
        return (marker, start, end)
    }

    /// The marker and where the text after it starts and ends, for a line that starts with a marker and a space
    /// (or is only a marker) at `indent`, whatever its text.
    static func markedText(_ line: ByteLine, indent: Int) -> (Marker, Int, Int)? {
        var end = line.count
        if end > indent, line[end - 1] == .cr { end -= 1 }
        guard indent >= 0, indent < end else { return nil }
        let marker: Marker
        let start: Int
        // ▿ is E2 96 BF, ▹ is E2 96 B9.
        if line[indent] == 0xE2 {
            guard end - indent >= 3, line[indent + 1] == 0x96, line[indent + 2] == 0xBF || line[indent + 2] == 0xB9
            else { return nil }
            marker = line[indent + 2] == 0xBF ? .expanded : .collapsed
            if end - indent == 3 {
                start = end
            } else {
                guard line[indent + 3] == .space else { return nil }
                start = indent + 4
            }
        } else if line[indent] == 0x2D, end - indent >= 2, line[indent + 1] == .space {
            marker = .leaf
            start = indent + 2
        } else {
            return nil
        }
        return (marker, start, end)
    }

    /// Letters, digits, `_`, `.` and `$` (ASCII's part of what a label holds).
    private static func isLabelByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == 0x5F
            || byte == .dot || byte == 0x24
    }
}
