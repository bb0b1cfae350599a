/// How deep a YAML text nests, found before any parser sees it: the YAML parser recurses once per level, so a file
/// nested some thousands of levels deep (`[[[[…`, or `- - - …`) overflowed the stack of every command run below it.
/// A configuration needs four levels; anything past `limit` is refused at its line.
enum YAMLNesting {
    /// Far above any real configuration, far below what overflows a thread's stack.
    static let limit = 64

    /// The first line (from 1) at which nesting passes `limit`, or `nil` when it never does.
    ///
    /// Counts flow collections (`[`, `{` outside quotes and comments, across lines) and block levels (each deeper
    /// indentation, and each `- ` or `? ` that opens a nested entry on the same line). It may count a level YAML would
    /// not (a deeper-indented line of a block scalar), never fewer: a refused file is one no configuration resembles.
    static func firstLineTooDeep(in text: String, limit: Int = limit) -> Int? {
        var flow = 0
        var indents: [Int] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let bytes = Array(line.utf8)
            var index = 0
            var block = indents.count
            if flow == 0 {
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                let content = index < bytes.count && bytes[index] != UInt8(ascii: "#") && bytes[index] != 0x0D
                if content {
                    while let last = indents.last, last >= index { indents.removeLast() }
                    indents.append(index)
                    block = indents.count
                    // `- - - x`: each marker opens a level inside the one before.
                    while index + 1 < bytes.count,
                        bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "?"),
                        bytes[index + 1] == UInt8(ascii: " ")
                    {
                        block += 1
                        index += 2
                        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                    }
                }
            }
            if block + flow > limit { return lineNumber }
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == UInt8(ascii: "\\") && open == UInt8(ascii: "\"") {
                        index += 1
                    } else if byte == open {
                        quote = nil
                    }
                } else {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                    case UInt8(ascii: "#") where index == 0 || bytes[index - 1] == UInt8(ascii: " "):
                        index = bytes.count
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        flow += 1
                        if block + flow > limit { return lineNumber }
                    case UInt8(ascii: "]"), UInt8(ascii: "}"): flow = max(0, flow - 1)
                    default: break
                    }
                }
                index += 1
            }
        }
        return nil
    }
}
