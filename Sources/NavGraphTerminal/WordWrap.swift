/// `text` in lines of at most `width` characters, broken between words (a longer word gets a line of its own): the
/// replay's leaks screen and `--help`'s list of input formats.
public func wrapWords(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty && line.count + 1 + word.count > width {
            lines.append(line)
            line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}
