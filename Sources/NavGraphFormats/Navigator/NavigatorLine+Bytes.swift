/// The byte-level reading of what follows a navigator's UUID, for ASCII text: the same decisions as reading it as
/// text (`NavigatorLine.event(_:)` and the name rule in `init(navigator:text:)`), on byte offsets, with no string
/// made until the line is known to be one. On ASCII each byte is one character, so the two agree.
extension NavigatorLine {
    /// An event as offsets into the text after the UUID.
    enum Shape: Equatable {
        case configured, current, deallocated, popping, dismissed, other
        case pushing(Range<Int>)
        case presenting(Range<Int>)
        case adding(child: Range<Int>, name: Range<Int>?)
        case removing(child: Range<Int>, name: Range<Int>?)
    }

    /// The name (inside `(…)`, when there is one) and the event of ASCII `text`; `nil` when it is not a line of the
    /// logger.
    static func scan(_ text: UnsafeBufferPointer<UInt8>) -> (name: Range<Int>?, event: Shape)? {
        var body = 0..<text.count
        var name: Range<Int>?
        if text.first == 0x28 {
            // A name may hold `) ` itself: the name ends at the first `) ` followed by a known event (or a line that
            // is malformed after it), else at the first `) `.
            var first: Int?
            var chosen: Int?
            // The event after the chosen `) `, kept: working it out again (its UUIDs tested again) for every named
            // line was about a third of `shape` and `isUUID` (perf, 100 MB).
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
    static func shape(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Shape? {
        func spells(_ word: StaticString, at start: Int, whole: Bool) -> Bool {
            let count = word.utf8CodeUnitCount
            guard whole ? range.upperBound - start == count : range.upperBound - start >= count else { return false }
            let word = word.utf8Start
            for offset in 0..<count where text[start + offset] != word[offset] { return false }
            return true
        }
        let start = range.lowerBound
        let end = range.upperBound
        guard start < end else { return .other }
        switch text[start] {
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
            let adding = spells("adding ", at: start, whole: false)
            guard adding || spells("removing ", at: start, whole: false) else { break }
            let child = start + (adding ? 7 : 9)
            guard uuid(text, at: child, end: end) else { return nil }
            let after = child + 36
            var name: Range<Int>?
            if after < end {
                guard end - after >= 3, text[after] == .space, text[after + 1] == 0x28, text[end - 1] == 0x29
                else { return nil }
                name = after + 2..<end - 1
            }
            return adding ? .adding(child: child..<after, name: name) : .removing(child: child..<after, name: name)
        default:
            break
        }
        return .other
    }

    private static func uuid(_ text: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Bool {
        end - start >= 36 && isUUID(UnsafeBufferPointer(rebasing: text[..<end]), at: start)
    }
}
