/// The byte-level reading of what follows a navigator's UUID, for ASCII text: the same decisions as reading it as
/// text (`NavigatorLine.event(_:)` and the name rule in `init(navigator:text:)`), on byte offsets, with no string
/// made until the line is known to be one. On ASCII each byte is one character, so the two agree.
extension NavigatorLine {
    /// An event as offsets into the text after the UUID.
    enum Shape: Equatable {
        case configured, current, deallocated, popping, dismissed, other
        case pushing(Range<Int>)
        /// A push logged as `navigating to: <value>, via: push` (0.8–0.9.25, which log no pops): read as `pushing`.
        case navigatingTo(Range<Int>)
        case presenting(Range<Int>)
        case adding(child: Range<Int>, name: Range<Int>?)
        case removing(child: Range<Int>, name: Range<Int>?)
    }

    /// The name (inside `(…)`, when there is one) and the event of ASCII `text`; `nil` when it is not a line of the
    /// logger.
    static func scan(_ text: ByteLine) -> (name: Range<Int>?, event: Shape)? {
        var body = 0..<text.count
        var name: Range<Int>?
        if text.first == 0x28 {
            // A name may hold `) ` itself: the name ends at the first `) ` followed by a known event (or a line that
            // is malformed after it), else at the first `) `.
            var first: Int?
            var chosen: Int?
            // The event after the chosen `) `, kept: not worked out again (its UUIDs tested again) for every named
            // line.
            var chosenEvent: Shape?
            var index = 1
            while index + 1 < text.count {
                if text[index] == 0x29, text[index + 1] == .space {
                    if first == nil { first = index }
                    let event = shape(text, index + 2..<text.count)
                    if event != .other {
                        chosen = index
                        chosenEvent = event
                        break
                    }
                }
                index += 1
            }
            if let chosen {
                guard let chosenEvent else { return nil }
                return (1..<chosen, chosenEvent)
            }
            if let close = first {
                name = 1..<close
                body = close + 2..<text.count
            } else if text.last == 0x29, !text.contains(.space) {
                return nil  // a name and no event
            }
        }
        guard let event = shape(text, body) else { return nil }
        return (name, event)
    }

    /// The event `text[range]` spells; `.other` for a word the logger prints that changes nothing, `nil` for an
    /// `adding`/`removing` whose payload is not a UUID (optionally with a name).
    static func shape(_ text: ByteLine, _ range: Range<Int>) -> Shape? {
        func spells(_ word: StaticString, at start: Int, whole: Bool) -> Bool {
            let count = word.utf8CodeUnitCount
            guard whole ? range.upperBound - start == count : range.upperBound - start >= count else { return false }
            return text.matches(word, at: start)
        }
        let start = range.lowerBound
        let end = range.upperBound
        guard start < end else { return .other }
        switch text[start] ?? 0 {
        case 0x63:  // c
            if spells("configured", at: start, whole: true) { return .configured }
            if spells("current", at: start, whole: true) { return .current }
            if spells("current ", at: start, whole: false), uuid(text, at: start + 8, end: end) { return .current }
        case 0x64:  // d
            if spells("deinit", at: start, whole: true) { return .deallocated }
            if spells("dismissed", at: start, whole: true) { return .dismissed }
        case 0x70:  // p
            if spells("popping", at: start, whole: true) { return .popping }
            if spells("pushing(", at: start, whole: false), text[end - 1] == 0x29 {
                return .pushing(start + 8..<end - 1)
            }
            if spells("presenting(", at: start, whole: false), text[end - 1] == 0x29 {
                return .presenting(start + 11..<end - 1)
            }
        case 0x61, 0x72:  // a, r
            let adding = spells("adding", at: start, whole: false)
            guard adding || spells("removing", at: start, whole: false) else { break }
            let next = start + (adding ? 6 : 8)
            guard next < end else { break }
            if text[next] == 0x28 {
                // 0.9.26–2.0.1 print the lifecycle event as Swift prints an enum: `adding(<UUID>)`.
                guard end - next == 38, uuid(text, at: next + 1, end: end), text[end - 1] == 0x29 else { return nil }
                let child = next + 1..<next + 37
                return adding ? .adding(child: child, name: nil) : .removing(child: child, name: nil)
            }
            guard text[next] == .space else { break }
            // 0.9.12–0.9.25: `adding checkpoint: <name>.<index>`, `removing checkpoint: …`.
            if spells(" checkpoint: ", at: next, whole: false) { return .other }
            // 0.9.2–0.9.25: `adding child: <UUID>`.
            if adding, spells(" child: ", at: next, whole: false) {
                guard end - next == 8 + 36, uuid(text, at: next + 8, end: end) else { return nil }
                return .adding(child: next + 8..<end, name: nil)
            }
            let child = next + 1
            guard uuid(text, at: child, end: end) else { return nil }
            let after = child + 36
            var name: Range<Int>?
            if after < end {
                guard end - after >= 3, text[after] == .space, text[after + 1] == 0x28, text[end - 1] == 0x29
                else { return nil }
                name = after + 2..<end - 1
            }
            return adding ? .adding(child: child..<after, name: name) : .removing(child: child..<after, name: name)
        case 0x6E:  // n
            // 0.9.12–0.9.25: `navigating to: <value>, via: <method>`.
            if spells("navigating to: ", at: start, whole: false) { return navigating(text, start + 15..<end) }
        default:
            break
        }
        return .other
    }

    /// What `navigating to: <value>, via: <method>` does, `text[range]` being what follows `navigating to: `
    /// (0.8–0.9.25's `navigate(to:method:)`, which logs the method's case name): a push, a presentation (`sheet`,
    /// `cover`, `managedSheet`, `managedCover`), or nothing shown (`send`); `nil` without `, via: `. The value ends
    /// at the last `, via: ` (a value may hold one).
    static func navigating(_ text: ByteLine, _ range: Range<Int>) -> Shape? {
        var found: Int?
        var index = range.upperBound - 7
        while index >= range.lowerBound {
            if text[index] == 0x2C, text.matches(", via: ", at: index) {
                found = index
                break
            }
            index -= 1
        }
        guard let found else { return nil }
        let value = range.lowerBound..<found
        let printed = text.slice(from: found + 7, to: range.upperBound)
        if printed == "push" { return .navigatingTo(value) }
        if printed == "sheet" || printed == "cover" || printed == "managedSheet" || printed == "managedCover" {
            return .presenting(value)
        }
        return .other
    }

    /// The forms of 0.8–0.9.25 that put a word before the UUID, `text` being what follows `Navigator ` (trailing
    /// spaces left out): the navigator's UUID and its event, as offsets into `text`; `nil` for anything else.
    ///
    /// `root: <UUID>` (to 0.9.17) and `configured root: <UUID>` (0.9.18) are the root's `configured`;
    /// `init: <UUID>, parent: <UUID>` (to 0.9.1, logged by the child) is the parent's `adding`; `deinit: <UUID>` and
    /// `dimsissing: <UUID>` [sic] are `deinit` and `dismissed`.
    static func prefixed(_ text: ByteLine) -> (id: Range<Int>, shape: Shape)? {
        func spells(_ word: StaticString) -> Bool { text.hasPrefix(word) }
        /// The UUID that follows `word` and ends the text.
        func last(after word: StaticString) -> Range<Int>? {
            let start = word.utf8CodeUnitCount
            guard spells(word), text.count == start + 36, isUUID(text, at: start) else { return nil }
            return start..<start + 36
        }
        guard let first = text.first else { return nil }
        switch first {
        case 0x72:  // r
            if let id = last(after: "root: ") { return (id, .configured) }
        case 0x63:  // c
            if let id = last(after: "configured root: ") { return (id, .configured) }
        case 0x64:  // d
            if let id = last(after: "deinit: ") { return (id, .deallocated) }
            if let id = last(after: "dimsissing: ") { return (id, .dismissed) }
        case 0x69:  // i
            guard spells("init: "), text.count == 6 + 36 + 10 + 36, isUUID(text, at: 6), isUUID(text, at: 52) else {
                return nil
            }
            guard text.matches(", parent: ", at: 42) else { return nil }
            return (52..<88, .adding(child: 6..<42, name: nil))
        default:
            break
        }
        return nil
    }

    /// A line of 0.8–0.9.25 that names no navigator, `text` being what follows `Navigator `: `navigating to: <value>,
    /// via: <method>` (to 0.9.11; its shape as `navigating(_:_:)` reads it, offsets into `text`), or one of the
    /// library's checkpoint and send messages (`.other`); `nil` for anything else.
    static func anonymous(_ text: ByteLine) -> Shape? {
        func spells(_ word: StaticString) -> Bool { text.hasPrefix(word) }
        if spells("navigating to: ") { return navigating(text, 15..<text.count) }
        for message in anonymousMessages where spells(message) { return .other }
        return nil
    }

    /// The starts of 0.8–0.9.25's messages that name no navigator (NavigationCheckpoint.swift, NavigationSend.swift,
    /// Navigator.swift at the tags that print them).
    static let anonymousMessages: [StaticString] = [
        "adding checkpoint: ", "removing checkpoint: ", "returning to checkpoint: ", "processing checkpoint",
        "checkpoint not found", "checkpoint value handler not found: ", "missing receive handler",
        "additional receive handlers ignored", "missing handler type: ", "multiple handlers type: ",
        "navigating to unregistered destination: ",
    ]

    private static func uuid(_ text: ByteLine, at start: Int, end: Int) -> Bool {
        end - start >= 36 && isUUID(text.slice(from: 0, to: end), at: start)
    }
}
