import NavGraphCore

/// One line of NavigatorUI's default logger, `Navigator <UUID> (<name>) <event>` (before 2.0.2 without the name),
/// found after whatever a console puts in front of it.
struct NavigatorLine: Equatable {
    enum Event: Equatable {
        /// The root navigator was made (`Navigator(configuration:)`).
        case configured
        /// A child navigator was added to this one (logged by the parent).
        case adding(child: String, name: String?)
        /// A child navigator was removed from this one (logged by the parent, after the child's `dismissed` or
        /// `deinit`).
        case removing(child: String, name: String?)
        /// This navigator became the current one (from 2.1.0).
        case current
        /// This navigator was deallocated (`deinit`).
        case deallocated
        /// A value was pushed onto this navigator's stack, as Swift prints it.
        case pushing(String)
        /// Something was popped: how much is not logged.
        case popping
        /// A sheet or cover is being presented with this destination.
        case presenting(String)
        /// This navigator's presented view was dismissed with `dismiss()`.
        case dismissed
        /// Any other word the logger prints (`intialized`, `providing …`, `checkpoint …`, messages): read, no effect.
        case other
    }

    /// The navigator's UUID as printed.
    var navigator: String
    var name: String?
    var event: Event

    /// Reads `line`, or `nil` when it is not a Navigator log line.
    ///
    /// What follows the navigator's UUID is read byte by byte when it is ASCII (as NavigatorUI prints it, unless a
    /// name or a destination's value is not), and as text otherwise (`init(readingText:)`), where characters, not
    /// bytes, are compared; both readings agree on ASCII (`NavigatorLineTests` checks it on random lines). Reading
    /// as text is many times slower. The reader applies
    /// a line from its bytes (`NavigatorStep`), through the same `split` and `scan`; this reading, with strings, is
    /// for recognizing the format and for the tests.
    init?(_ line: ByteLine) {
        guard let located = Self.locate(line) else { return nil }
        let id: ByteLine
        let rest: ByteLine
        switch located {
        case .navigator(let navigator, let text):
            id = navigator
            rest = text
        case .bare(let text):
            guard text.isASCII else {
                self.init(bareText: text)
                return
            }
            guard let (id, shape) = Self.prefixed(text) else { return nil }
            self.init(
                navigator: text.slice(id).text, name: nil,
                event: Self.event(shape, in: text))
            return
        }
        guard rest.isASCII else {
            self.init(navigator: id, text: rest)
            return
        }
        guard let (nameRange, shape) = Self.scan(rest) else { return nil }
        self.init(
            navigator: id.text, name: nameRange.map { rest.slice($0).text },
            event: Self.event(shape, in: rest))
    }

    /// The event `shape` reads in `text`, with its texts as strings.
    private static func event(_ shape: Shape, in text: ByteLine) -> Event {
        let string = { (range: Range<Int>) in text.slice(range).text }
        switch shape {
        case .configured: return .configured
        case .current: return .current
        case .deallocated: return .deallocated
        case .popping: return .popping
        case .dismissed: return .dismissed
        case .other: return .other
        case .pushing(let value), .navigatingTo(let value): return .pushing(string(value))
        case .presenting(let value): return .presenting(string(value))
        case .adding(let child, let name): return .adding(child: string(child), name: name.map(string))
        case .removing(let child, let name): return .removing(child: string(child), name: name.map(string))
        }
    }

    init(navigator: String, name: String?, event: Event) {
        self.navigator = navigator
        self.name = name
        self.event = event
    }

    /// The straightforward reading of `line`, as text whatever it holds (the byte-level one is checked against it).
    init?(readingText line: ByteLine) {
        switch Self.locate(line) {
        case .navigator(let id, let rest): self.init(navigator: id, text: rest)
        case .bare(let text): self.init(bareText: text)
        case nil: return nil
        }
    }

    /// Where a line of the logger is, found once.
    enum Located {
        /// `Navigator <UUID> <event>` (every release from 0.9.26, and 0.9.2–0.9.25's lines that start with the
        /// navigator): the UUID and what follows it after a space.
        case navigator(id: ByteLine, rest: ByteLine)
        /// `Navigator ` followed by no UUID: what follows it, for the forms of 0.8–0.9.25 that put a word first
        /// (`prefixed(_:)`, `anonymous(_:)`).
        case bare(text: ByteLine)
    }

    /// The logger's line in `line`, trailing spaces and `\r` left out: the first `Navigator ` followed by a UUID, else
    /// the first `Navigator `.
    static func locate(_ line: ByteLine) -> Located? {
        guard let (start, hasUUID) = find(line) else { return nil }
        var position = start + 10  // `Navigator `
        let end = line.startOfRun(while: { $0 == .cr || $0 == .space })
        guard hasUUID else { return .bare(text: line.slice(from: position, to: max(position, end))) }
        let id = line.slice(from: position, to: position + 36)
        position += 36
        guard position < end, line[position] == .space else { return nil }
        return .navigator(id: id, rest: line.slice(from: position + 1, to: end))
    }

    /// The navigator's UUID and what follows it after a space, trailing spaces and `\r` left out.
    static func split(_ line: ByteLine) -> (id: ByteLine, rest: ByteLine)? {
        guard case .navigator(let id, let rest) = locate(line) else { return nil }
        return (id, rest)
    }

    /// The straightforward reading of a line of 0.8–0.9.25 that puts a word before the UUID (`prefixed(_:)` is
    /// checked against it), `text` being what follows `Navigator `.
    init?(bareText text: ByteLine) {
        let text = text.text[...]
        let words: [(String, Event)] = [
            ("root: ", .configured), ("configured root: ", .configured), ("deinit: ", .deallocated),
            ("dimsissing: ", .dismissed),
        ]
        for (word, event) in words where text.hasPrefix(word) {
            let id = text.dropFirst(word.count)
            guard id.utf8.count == 36, let uuid = Self.uuid(id) else { return nil }
            self.init(navigator: uuid, name: nil, event: event)
            return
        }
        guard text.hasPrefix("init: ") else { return nil }
        let ids = text.dropFirst(6)
        guard ids.utf8.count == 36 + 10 + 36, let child = Self.uuid(ids), ids.dropFirst(36).hasPrefix(", parent: "),
            let parent = Self.uuid(ids.dropFirst(46))
        else { return nil }
        self.init(navigator: parent, name: nil, event: .adding(child: child, name: nil))
    }

    init?(navigator id: ByteLine, text: ByteLine) {
        navigator = id.text
        var rest = text.text[...]
        // A name may hold `) ` itself: the name ends at the first `) ` followed by a known event.
        let closes = rest.hasPrefix("(") ? rest.asciiRanges(of: ") ") : []
        if let close = closes.first(where: { Self.event(rest[$0.upperBound...]) != .other }) ?? closes.first {
            name = String(rest[rest.index(after: rest.startIndex)..<close.lowerBound])
            rest = rest[close.upperBound...]
        } else if rest.hasPrefix("("), rest.hasSuffix(")"), !rest.contains(" ") {
            return nil  // a name and no event
        }
        guard let event = Self.event(rest) else { return nil }
        self.event = event
    }

    /// Where `Navigator ` followed by a UUID starts (`uuid` true), else where the first `Navigator ` starts (the forms
    /// of 0.8–0.9.25 that put a word first: `Navigator deinit: <UUID>`).
    private static func find(_ line: ByteLine) -> (start: Int, uuid: Bool)? {
        // The logger's lines start with the marker: tested as two words.
        let marked = startsWithMarker(line, at: 0)
        if marked, isUUID(line, at: 10) { return (0, true) }
        var bare = marked ? 0 : nil
        // Each other `Navigator ` in turn (`memchr` for its `N`): most lines of app output have few.
        var index = 1
        while let found = line.firstIndex(of: "Navigator ", from: index) {
            if isUUID(line, at: found + 10) { return (found, true) }
            if bare == nil { bare = found }
            index = found + 1
        }
        return bare.map { ($0, false) }
    }

    /// Whether the 10 bytes at `start` are `Navigator `.
    private static func startsWithMarker(_ line: ByteLine, at start: Int) -> Bool {
        // "Navigato" and "r " as little-endian words.
        line.littleEndianUInt64(at: start) == 0x6F74_6167_6976_614E
            && line.littleEndianUInt16(at: start + 8) == 0x2072
    }

    /// `8-4-4-4-12` hexadecimal digits, as `UUID.uuidString` prints them: tested eight bytes at a time, as five
    /// (overlapping) words: most lines hold two UUIDs. The byte loop `isUUID(readingBytes:at:)` is what this is
    /// checked against.
    static func isUUID(_ bytes: ByteLine, at start: Int) -> Bool {
        // All 36 bytes inside the line (each word below then is): `start + 36` cannot overflow past that test.
        guard start >= 0, start <= bytes.count - 36 else { return false }
        func word(_ offset: Int) -> UInt64 { bytes.littleEndianUInt64(at: start + offset) ?? 0 }
        // Bytes 8 and 13 of the UUID (0 and 5 of the word at 8), 18 and 23 (2 and 7 of the word at 16) are dashes.
        let dashesAt8: UInt64 = 0x0000_FF00_0000_00FF
        let dashesAt16: UInt64 = 0xFF00_0000_00FF_0000
        let high: UInt64 = 0x8080_8080_8080_8080
        let allHex = hexDigits(word(0)) & hexDigits(word(24)) & hexDigits(word(28))
        let middle8 = word(8)
        let middle16 = word(16)
        return allHex == high
            && hexDigits(middle8) | (dashesAt8 & high) == high && hexDigits(middle16) | (dashesAt16 & high) == high
            && (middle8 ^ 0x2D2D_2D2D_2D2D_2D2D) & dashesAt8 == 0
            && (middle16 ^ 0x2D2D_2D2D_2D2D_2D2D) & dashesAt16 == 0
    }

    /// The high bit of each byte of `word` that is `0`–`9`, `a`–`f` or `A`–`F`. Each test adds to bytes whose high
    /// bit is cleared first, so no sum carries into the next byte.
    private static func hexDigits(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let ascii = ~word & high
        let low = word & ~high
        // At least 0x30 and not at least 0x3A: a digit.
        let digit = (low &+ 0x50 &* ones) & ~(low &+ 0x46 &* ones)
        // Lower-cased, at least 0x61 and not at least 0x67: a letter a–f.
        let folded = low | 0x20 &* ones
        let letter = (folded &+ 0x1F &* ones) & ~(folded &+ 0x19 &* ones)
        return (digit | letter) & ascii & high
    }

    /// The straightforward test, byte by byte (what `isUUID(_:at:)` is checked against, and what the reading as text
    /// uses).
    static func isUUID(readingBytes bytes: ByteLine, at start: Int) -> Bool {
        guard start >= 0, start <= bytes.count - 36 else { return false }
        for offset in 0..<36 {
            guard let byte = bytes[start + offset] else { return false }
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                if byte != 0x2D { return false }
            } else if !((byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66)) {
                return false
            }
        }
        return true
    }

    private static func event(_ text: Substring) -> Event? {
        switch text {
        case "configured": return .configured
        case "current": return .current
        case "deinit": return .deallocated
        case "popping": return .popping
        case "dismissed": return .dismissed
        default: break
        }
        if text.hasPrefix("pushing("), text.hasSuffix(")") { return .pushing(String(text.dropFirst(8).dropLast())) }
        if text.hasPrefix("presenting("), text.hasSuffix(")") {
            return .presenting(String(text.dropFirst(11).dropLast()))
        }
        // 0.9.12–0.9.25: `navigating to: <value>, via: <method>`.
        if text.hasPrefix("navigating to: ") {
            let body = text.dropFirst(15)
            guard let via = body.asciiRanges(of: ", via: ").last else { return nil }
            let value = String(body[..<via.lowerBound])
            switch body[via.upperBound...] {
            case "push": return .pushing(value)
            case "sheet", "cover", "managedSheet", "managedCover": return .presenting(value)
            default: return .other
            }
        }
        for (word, make) in [("adding", Event.adding), ("removing", Event.removing)] where text.hasPrefix(word) {
            let rest = text.dropFirst(word.count)
            // 0.9.26–2.0.1: the raw enum, `adding(<UUID>)`.
            if rest.hasPrefix("(") {
                guard rest.utf8.count == 38, let child = uuid(rest.dropFirst()), rest.hasSuffix(")") else { return nil }
                return make(child, nil)
            }
            guard rest.hasPrefix(" ") else { return .other }
            // 0.9.12–0.9.25: `adding checkpoint: …`, `removing checkpoint: …`; 0.9.2–0.9.25: `adding child: <UUID>`.
            if rest.hasPrefix(" checkpoint: ") { return .other }
            if word == "adding", rest.hasPrefix(" child: ") {
                let child = rest.dropFirst(8)
                guard child.utf8.count == 36, let uuid = uuid(child) else { return nil }
                return .adding(child: uuid, name: nil)
            }
            let payload = rest.dropFirst()
            guard let child = uuid(payload) else { return nil }
            let after = payload.dropFirst(36)
            if after.isEmpty { return make(child, nil) }
            guard after.hasPrefix(" ("), after.hasSuffix(")") else { return nil }
            return make(child, String(after.dropFirst(2).dropLast()))
        }
        // `current <UUID> (<name>)` names the navigator the line is from.
        if text.hasPrefix("current "), uuid(text.dropFirst(8)) != nil { return .current }
        return .other
    }

    private static func uuid(_ text: Substring) -> String? {
        let candidate = text.prefix(36)
        guard candidate.utf8.count == 36 else { return nil }
        let valid = Array(candidate.utf8).withByteLine { isUUID(readingBytes: $0, at: 0) }
        return valid ? String(candidate) : nil
    }
}

/// A value as Swift prints it in a Navigator log (`MyApp.HomeDestinations.pageN(55)`, inside
/// `AnyNavigationDestination(wrapped: …, method: …)` when navigated to): its type without the module and the case.
struct NavigatorDestination: Equatable {
    var module: String?
    var type: String
    var value: String

    /// Read byte by byte when `printed` is ASCII (each byte a character), as text otherwise; the two readings agree
    /// on ASCII (`NavigatorLineTests`).
    init(_ printed: String) {
        let read = printed.withByteLine { bytes -> (String?, String, String)? in
            guard bytes.isASCII else { return nil }
            let parts = Self.parts(bytes)
            func string(_ range: Range<Int>) -> String { bytes.slice(range).text }
            return (parts.module.map(string), parts.type.map(string) ?? "value", string(parts.value))
        }
        guard let (module, type, value) = read else {
            self.init(readingText: printed)
            return
        }
        self.init(module: module, type: type, value: value)
    }

    init(module: String?, type: String, value: String) {
        self.module = module
        self.type = type
        self.value = value
    }

    /// Where the module, type (`nil`: no type shown) and value are in ASCII `bytes`.
    private static func parts(_ bytes: ByteLine) -> (module: Range<Int>?, type: Range<Int>?, value: Range<Int>) {
        func matches(_ pattern: StaticString, at index: Int, before end: Int) -> Bool {
            index <= end - pattern.utf8CodeUnitCount && bytes.matches(pattern, at: index)
        }
        var start = 0
        var end = bytes.count
        let wrapper: StaticString = "AnyNavigationDestination(wrapped: "
        if let wrapped = (0..<end).first(where: { matches(wrapper, at: $0, before: end) }) {
            start = wrapped + 34
            if let method = (start..<end).last(where: { matches(", method: ", at: $0, before: end) }) { end = method }
        }
        let head = (start..<end).first { bytes[$0] == 0x28 } ?? end
        guard let dot = (start..<head).last(where: { bytes[$0] == .dot }), dot + 1 != end else {
            return (nil, nil, start..<end)
        }
        // The type's own module: up to its first dot, before any generic arguments (as `QualifiedName`).
        let nameEnd = (start..<dot).first { bytes[$0] == .lessThan || bytes[$0] == 0x28 } ?? dot
        if let moduleDot = (start..<nameEnd).first(where: { bytes[$0] == .dot }), moduleDot != start,
            moduleDot + 1 != dot
        {
            return (start..<moduleDot, moduleDot + 1..<dot, dot + 1..<end)
        }
        return (nil, start..<dot, dot + 1..<end)
    }

    /// The straightforward reading, as text (the byte-level one is checked against it).
    init(readingText printed: String) {
        var text = printed[...]
        // `NavigatorUI.AnyNavigationDestination(wrapped: X, method: NavigatorUI.NavigationMethod.push)` shows X.
        if let wrapped = text.asciiRanges(of: "AnyNavigationDestination(wrapped: ").first {
            text = text[wrapped.upperBound...]
            if let method = text.asciiRanges(of: ", method: ").last { text = text[..<method.lowerBound] }
        }
        let head = text.firstIndex(of: "(") ?? text.endIndex
        if let dot = text[..<head].lastIndex(of: "."), text.index(after: dot) != text.endIndex {
            let name = QualifiedName(text[..<dot])
            module = name.module
            type = name.type
            value = String(text[text.index(after: dot)...])
        } else {
            module = nil
            type = "value"
            value = String(text)
        }
    }
}

extension Substring {
    /// Where the ASCII `pattern` occurs, in order, found byte by byte (the standard library's generic substring
    /// search costs more than the rest of reading a line).
    func asciiRanges(of pattern: String) -> [Range<Index>] {
        let pattern = Array(pattern.utf8)
        let bytes = utf8
        var found: [Range<Index>] = []
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == pattern[0] {
                var end = index
                var matched = 0
                while matched < pattern.count, end != bytes.endIndex, bytes[end] == pattern[matched] {
                    end = bytes.index(after: end)
                    matched += 1
                }
                if matched == pattern.count { found.append(index..<end) }
            }
            index = bytes.index(after: index)
        }
        return found
    }
}
