/// One line of SwiftUINavigation console output, recognized from raw bytes.
///
/// Shapes (after any console prefix, which is ignored):
/// - dump line:  `<indentation><[TypeName ABC...]>`
/// - event line: `[TypeName ABC...]: Started` (also `Finished`, and the pre-1.3 `Init`/`Deinit`)
/// The model's bracket group is the last one on the line (a prefix such as `App[4242:9111]` has its own), and
/// the id is split off at the last space (generic type names such as `Box<A, B>` contain spaces).
struct SwiftUINavigationLine: Equatable {
    enum Lifecycle: Equatable { case started, finished }

    enum Content: Equatable {
        /// A `printDebugGraph()` line; `tabs`/`spaces` count the whitespace run right before `<[`.
        case dump(tabs: Int, spaces: Int)
        case event(Lifecycle)
    }

    var content: Content
    var type: String
    /// The id as printed, without the trailing `...` (`E34`; a full UUID in logs before late 2024).
    var id: String

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> SwiftUINavigationLine? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == .cr || bytes[end - 1] == .space || bytes[end - 1] == .tab { end -= 1 }
        guard end >= 4 else { return nil }

        if bytes[end - 1] == .greaterThan, bytes[end - 2] == .closeBracket {
            // Dump line: find the last `<[` before the closing `]>`.
            var open = end - 3
            while open > 0, !(bytes[open - 1] == .lessThan && bytes[open] == .openBracket) { open -= 1 }
            guard open > 0 else { return nil }
            guard let (type, id) = splitTypeAndID(bytes, from: open + 1, to: end - 2) else { return nil }
            var tabs = 0
            var spaces = 0
            var cursor = open - 1
            while cursor > 0, bytes[cursor - 1] == .tab || bytes[cursor - 1] == .space {
                if bytes[cursor - 1] == .tab { tabs += 1 } else { spaces += 1 }
                cursor -= 1
            }
            return SwiftUINavigationLine(content: .dump(tabs: tabs, spaces: spaces), type: type, id: id)
        }

        for (word, lifecycle) in lifecycleWords where end >= word.count + 3 {
            let wordStart = end - word.count
            guard bytes[wordStart - 1] == .space, bytes[wordStart - 2] == .colon, bytes[wordStart - 3] == .closeBracket,
                  zip(word.indices, wordStart..<end).allSatisfy({ word[$0] == bytes[$1] })
            else { continue }
            let close = wordStart - 3
            var open = close - 1
            while open >= 0, bytes[open] != .openBracket { open -= 1 }
            guard open >= 0, let (type, id) = splitTypeAndID(bytes, from: open + 1, to: close) else { return nil }
            return SwiftUINavigationLine(content: .event(lifecycle), type: type, id: id)
        }
        return nil
    }

    /// Cheap test for format detection.
    static func recognizes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { parse(bytes) != nil }

    private static let lifecycleWords: [([UInt8], Lifecycle)] = [
        (Array("Started".utf8), .started), (Array("Finished".utf8), .finished),
        (Array("Init".utf8), .started), (Array("Deinit".utf8), .finished),
    ]

    /// Splits `TypeName ABC...` at its last space; `nil` unless both halves are present.
    private static func splitTypeAndID(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (String, String)? {
        guard end > start else { return nil }
        var space = end - 1
        while space > start, bytes[space] != .space { space -= 1 }
        guard space > start, bytes[space] == .space else { return nil }
        var idEnd = end
        // The library prints `id.prefix(3)` followed by `...`; older versions printed the whole id.
        if idEnd - (space + 1) >= 3, bytes[idEnd - 1] == .dot, bytes[idEnd - 2] == .dot, bytes[idEnd - 3] == .dot {
            idEnd -= 3
        }
        guard idEnd > space + 1 else { return nil }
        // Invalid UTF-8 is repaired (U+FFFD) here; the reader reports the line.
        let type = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<space]), as: UTF8.self)
        let id = String(decoding: UnsafeBufferPointer(rebasing: bytes[(space + 1)..<idEnd]), as: UTF8.self)
        guard !type.isEmpty, !type.contains("["), !type.contains("]") else { return nil }
        return (type, id)
    }
}

extension UInt8 {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let dot: UInt8 = 0x2E
    static let colon: UInt8 = 0x3A
    static let lessThan: UInt8 = 0x3C
    static let greaterThan: UInt8 = 0x3E
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B
}
