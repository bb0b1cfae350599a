/// Parses one JSON text (RFC 8259) from bytes into a `JSONDocument`, iteratively. Rejects duplicate member names
/// (JSON leaves their meaning open; navgraph will not guess which one counts) and invalid UTF-8.
struct JSONParser {
    private let bytes: ByteLine
    private var position = 0
    private var document = JSONDocument()

    static func parse(_ bytes: ByteLine) throws(JSONSyntaxError) -> JSONDocument {
        var parser = JSONParser(bytes: bytes)
        return try parser.run()
    }

    /// Parses the UTF-8 of `text`.
    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONDocument {
        try text.withByteLine { (line) throws(JSONSyntaxError) in try parse(line) }
    }

    private init(bytes: ByteLine) { self.bytes = bytes }

    /// An open object or array: the container's index, its last child, the keys seen (objects).
    private struct Open {
        var index: Int
        var lastChild: Int32 = -1
        var keys: Set<String>? = nil
    }

    private mutating func run() throws(JSONSyntaxError) -> JSONDocument {
        var stack: [Open] = []
        var pendingKey: String?
        skipWhitespace()
        // Each turn reads one value (after a key, in an object) or closes containers.
        valueLoop: while true {
            guard let first = bytes[position] else { throw fail("unexpected end of line; expected a value") }
            let index = document.values.count
            let valueStart = position
            var opened = false
            switch first {
            case UInt8(ascii: "{"):
                position += 1
                document.values.append(.init(kind: .object))
                opened = true
            case UInt8(ascii: "["):
                position += 1
                document.values.append(.init(kind: .array))
                opened = true
            case UInt8(ascii: "\""):
                let text = try readString()
                document.values.append(.init(kind: .string, text: text))
            case UInt8(ascii: "t"):
                try expectWord("true")
                document.values.append(.init(kind: .bool, bool: true))
            case UInt8(ascii: "f"):
                try expectWord("false")
                document.values.append(.init(kind: .bool, bool: false))
            case UInt8(ascii: "n"):
                try expectWord("null")
                document.values.append(.init(kind: .null))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let literal = try readNumber()
                document.values.append(.init(kind: .number, text: literal))
            default:
                throw fail("expected a value, found \(describeByte())")
            }
            document.values[index].start = Int32(truncatingIfNeeded: valueStart)
            if var parent = stack.popLast() {
                document.values[index].key = pendingKey
                pendingKey = nil
                if parent.lastChild >= 0 {
                    document.values[Int(parent.lastChild)].nextSibling = Int32(index)
                } else {
                    document.values[parent.index].firstChild = Int32(index)
                }
                parent.lastChild = Int32(index)
                document.values[parent.index].childCount += 1
                stack.append(parent)
            }
            if opened {
                stack.append(Open(index: index, keys: document.values[index].kind == .object ? [] : nil))
                skipWhitespace()
                // Empty container?
                let close: UInt8 = document.values[index].kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[position] == close {
                    position += 1
                    stack.removeLast()
                } else {
                    if document.values[index].kind == .object {
                        pendingKey = try readKey(into: &stack[stack.count - 1])
                    }
                    continue valueLoop
                }
            }
            // After a value: a comma continues the innermost container, a bracket closes it.
            while true {
                skipWhitespace()
                guard let top = stack.last else { break valueLoop }
                let isObject = document.values[top.index].kind == .object
                guard let byte = bytes[position] else {
                    throw fail("unexpected end of line; expected ',' or '\(isObject ? "}" : "]")'")
                }
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if isObject { pendingKey = try readKey(into: &stack[stack.count - 1]) }
                    continue valueLoop
                }
                if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    stack.removeLast()
                    continue
                }
                throw fail("expected ',' or '\(isObject ? "}" : "]")', found \(describeByte())")
            }
        }
        skipWhitespace()
        guard position == bytes.count else { throw fail("unexpected \(describeByte()) after the JSON value") }
        return document
    }

    private mutating func readKey(into open: inout Open) throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard bytes[position] == UInt8(ascii: "\"") else {
            throw fail("expected a member name in double quotes, found \(describeByte())")
        }
        let keyColumn = position + 1
        let key = try readString()
        if open.keys?.insert(key).inserted == false {
            throw JSONSyntaxError(column: keyColumn, message: "duplicate key '\(key)'")
        }
        skipWhitespace()
        guard bytes[position] == UInt8(ascii: ":") else {
            throw fail("expected ':' after the member name, found \(describeByte())")
        }
        position += 1
        skipWhitespace()
        return key
    }

    private mutating func readString() throws(JSONSyntaxError) -> String {
        position += 1  // opening quote
        let start = position
        // Fast path: no escapes.
        position = bytes.firstQuoteBackslashOrControl(from: position) ?? bytes.count
        if bytes[position] == UInt8(ascii: "\"") {
            let slice = bytes.slice(from: start, to: position)
            position += 1
            guard let text = slice.validatedText else {
                throw JSONSyntaxError(column: start + 1, message: "invalid UTF-8 in a string")
            }
            return text
        }
        var utf8 = Array(bytes.slice(from: start, to: position))
        while true {
            guard let byte = bytes[position] else { throw fail("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                position += 1
                break
            }
            if byte < 0x20 { throw fail("control character in a string (escape it)") }
            if byte != UInt8(ascii: "\\") {
                utf8.append(byte)
                position += 1
                continue
            }
            position += 1
            guard let escape = bytes[position] else { throw fail("unterminated escape") }
            position += 1
            switch escape {
            case UInt8(ascii: "\""): utf8.append(0x22)
            case UInt8(ascii: "\\"): utf8.append(0x5C)
            case UInt8(ascii: "/"): utf8.append(0x2F)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard bytes.matches("\\u", at: position) else {
                        throw fail("unpaired surrogate in \\u escape")
                    }
                    position += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("unpaired surrogate in \\u escape")
                }
                utf8.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
            default:
                throw JSONSyntaxError(
                    column: position - 1, message: "invalid escape '\\\(String(UnicodeScalar(escape)))'")
            }
        }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw JSONSyntaxError(column: start + 1, message: "invalid UTF-8 in a string")
        }
        return text
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = bytes[position] else { throw fail("incomplete \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = position
        switch JSONNumber.scan(bytes, from: start) {
        case .success(let end):
            position = end
            return bytes.slice(from: start, to: end).text
        case .failure(let failure):
            position = failure.position
            throw fail(failure.problem.message)
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        guard bytes.matches(word, at: position) else { throw fail("expected a value, found \(describeByte())") }
        position += word.utf8CodeUnitCount
    }

    private mutating func skipWhitespace() {
        position = bytes.endOfRun(from: position) { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    private func describeByte() -> String {
        guard let byte = bytes[position] else { return "the end of the line" }
        if byte >= 0x21 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func fail(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(column: position + 1, message: message)
    }
}
