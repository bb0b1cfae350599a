/// The byte-level reading of a dump line whose text after its marker is ASCII: the same decisions as
/// `read(indent:_:)` makes on characters, on byte offsets. On ASCII each byte is one character, so the two agree.
extension SwiftDumpLine {
    /// `nil` when the line is not a value line with an ASCII text (the text reading then decides).
    static func readASCII(_ bytes: UnsafeBufferPointer<UInt8>, indent: Int, strings: RecentStrings?) -> Reading? {
        guard let (marker, start, lineEnd) = asciiValueText(bytes, indent: indent) else { return nil }
        var end = lineEnd
        while end > start, bytes[end - 1] == .space { end -= 1 }
        func string(_ range: Range<Int>) -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            return strings?.string(slice) ?? String(decoding: slice, as: UTF8.self)
        }
        var label: Range<Int>?
        var value = start..<end
        var style = Style.either
        // A label is an identifier (`path`, `.0`, `some`, an lldb index `0`) followed by `: ` or ` : `.
        var labelEnd = start
        while labelEnd < end, isLabelByte(bytes[labelEnd]) { labelEnd += 1 }
        if labelEnd > start {
            let rest = end - labelEnd
            if rest >= 1, bytes[labelEnd] == .colon, rest == 1 || bytes[labelEnd + 1] == .space {
                label = start..<labelEnd
                value = min(labelEnd + 2, end)..<end
                style = .dump
            } else if rest >= 2, bytes[labelEnd] == .space, bytes[labelEnd + 1] == .colon,
                rest == 2 || bytes[labelEnd + 2] == .space
            {
                label = start..<labelEnd
                value = min(labelEnd + 3, end)..<end
                style = .lldb
            }
        }
        var object: Int?
        if let hash = value.last(where: { bytes[$0] == 0x23 }), hash > value.lowerBound, bytes[hash - 1] == .space,
            let number = integer(UnsafeBufferPointer(rebasing: bytes[(hash + 1)..<value.upperBound]))
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
    static func asciiValueText(_ bytes: UnsafeBufferPointer<UInt8>, indent: Int) -> (Marker, Int, Int)? {
        guard let (marker, start, end) = markedText(bytes, indent: indent),
            UnsafeBufferPointer(rebasing: bytes[start..<end]).isASCII
        else { return nil }
        return (marker, start, end)
    }

    /// The marker and where the text after it starts and ends, for a line that starts with a marker and a space
    /// (or is only a marker) at `indent`, whatever its text.
    static func markedText(_ bytes: UnsafeBufferPointer<UInt8>, indent: Int) -> (Marker, Int, Int)? {
        var end = bytes.count
        if end > indent, bytes[end - 1] == .cr { end -= 1 }
        guard indent < end else { return nil }
        let marker: Marker
        let start: Int
        // ▿ is E2 96 BF, ▹ is E2 96 B9.
        if bytes[indent] == 0xE2 {
            guard end - indent >= 3, bytes[indent + 1] == 0x96, bytes[indent + 2] == 0xBF || bytes[indent + 2] == 0xB9
            else { return nil }
            marker = bytes[indent + 2] == 0xBF ? .expanded : .collapsed
            if end - indent == 3 {
                start = end
            } else {
                guard bytes[indent + 3] == .space else { return nil }
                start = indent + 4
            }
        } else if bytes[indent] == 0x2D, end - indent >= 2, bytes[indent + 1] == .space {
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

    /// `Int(text)` for ASCII text: an optional sign and digits, `nil` when it does not fit.
    private static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        Int(String(decoding: text, as: UTF8.self))
    }
}
