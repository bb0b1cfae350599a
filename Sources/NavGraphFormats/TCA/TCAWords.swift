/// The words of a `_printChanges()` line, read from its bytes — the log's words (labels, types, cases, markers) are
/// ASCII, one byte a character; where non-ASCII text decides (a label or a type named in another script), as
/// characters (`TCAText`): a `String` per line was most of the reading.
enum TCAWords {
    /// `label: value`, where a label is a name, `#N` or `[N]`: the label's end and the value's start, or `nil` and the
    /// whole text the value.
    static func split(_ text: ByteLine) -> (labelEnd: Int, valueStart: Int)? {
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
        // One pass over the label's bytes, to the first that is not a label's (all are ASCII): the colon, or a byte
        // of non-ASCII text, decided as characters; any other ends it. (Testing the label for ASCII first went over
        // it twice: 1% of `tree` on the 100 MB TCA log, perf.)
        let labelEnd = text.endOfRun(from: 0, while: isLabelByte)
        guard labelEnd == colon else {
            guard let byte = text[labelEnd], byte >= 0x80, let label = TCAText.split(Substring(text.text)).0 else {
                return nil
            }
            return (label.utf8.count, label.utf8.count + 2)
        }
        guard text[colon + 1] == UInt8(ascii: " ") else { return nil }
        return (colon, colon + 2)
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
    }

    /// The type a value starts with (`SyncUpForm.State` of `SyncUpForm.State(`), or `nil` (`.case`, `"text"`, `42`).
    static func typeName(_ value: ByteLine) -> ByteLine? {
        guard let first = value.first else { return nil }
        guard first < 0x80 else { return typeNameOfText(value) }
        guard first.isASCIILetter || first == UInt8(ascii: "_") else { return nil }
        let end = value.endOfRun(from: 0) { byte in
            byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        }
        if let byte = value[end], byte >= 0x80 { return typeNameOfText(value) }
        guard value[end] == UInt8(ascii: "(") else { return nil }
        // `AppFeature.Action.path(` is an enum's case, qualified: a type's name ends in a capitalised word.
        let wordEnd = value.startOfRun(before: end) { $0 == UInt8(ascii: ".") }
        let wordStart = value.startOfRun(before: wordEnd) { $0 != UInt8(ascii: ".") }
        guard wordStart < wordEnd, let initial = value[wordStart], initial >= UInt8(ascii: "A"),
            initial <= UInt8(ascii: "Z")
        else { return nil }
        return value.prefix(end)
    }

    private static func typeNameOfText(_ value: ByteLine) -> ByteLine? {
        TCAText.typeName(Substring(value.text)).map { value.prefix($0.utf8.count) }
    }

    /// `.detail(SyncUpDetail.State(…))` → (`detail`, `SyncUpDetail.State(…)`); `.detail(` → (`detail`, ``);
    /// `.home` → (`home`, nil).
    static func enumCase(_ value: ByteLine) -> (ByteLine, ByteLine?) {
        let body = value.dropFirst()
        guard let paren = body.firstIndex(of: UInt8(ascii: "(")) else { return (body, nil) }
        var payload = body.dropFirst(paren + 1)
        if payload.last == UInt8(ascii: ")") { payload = payload.dropLast() }
        return (body.prefix(paren), payload)
    }

    /// The run of unchanged elements a diff left out (`… (3 unchanged)`), or `nil`.
    static func elidedCount(_ value: ByteLine) -> Int? {
        guard value.hasPrefix("… ("), value.hasSuffix(" unchanged)") else { return nil }
        let digits = value.dropFirst("… (".utf8.count)
        var count = 0
        var index = 0
        while let digit = digits[index], digit.isASCIIDigit {
            count = count &* 10 &+ Int(digit - UInt8(ascii: "0"))
            index += 1
        }
        // Another script's digits, or more digits than an Int holds: as characters.
        if index == 0 || index > 18 || digits[index].map({ $0 >= 0x80 }) == true {
            return Int(Substring(digits.text).prefix { $0.isNumber })
        }
        return count
    }

    static func isPresentedType(_ type: ByteLine) -> Bool {
        type.hasPrefix("AlertState") || type.hasPrefix("ConfirmationDialogState") || type.hasSuffix(".State")
    }

    /// `@Presents` properties as TCA's documentation and apps name them.
    static func isPresentationName(_ name: ByteLine) -> Bool {
        lowercased(name, endsWithOneOf: presentationWords)
    }
    private static let presentationWords: [StaticString] = [
        "destination", "alert", "confirmationdialog", "dialog", "sheet", "fullscreencover", "cover", "popover",
    ]

    static func isSelectionName(_ name: ByteLine) -> Bool {
        guard name.isASCII else {
            let lower = name.text.lowercased()
            return lower == "selection" || lower.hasSuffix("tab")
        }
        return (name.count == 9 && name.hasCaseFoldedSuffix("selection")) || name.hasCaseFoldedSuffix("tab")
    }

    static func isStackName(_ name: ByteLine) -> Bool {
        lowercased(name, endsWithOneOf: stackWords)
    }
    private static let stackWords: [StaticString] = ["path", "stack"]

    private static func lowercased(_ name: ByteLine, endsWithOneOf words: [StaticString]) -> Bool {
        guard name.isASCII else {
            let lower = name.text.lowercased()
            return words.contains { lower.hasSuffix($0.description) }
        }
        return words.contains { name.hasCaseFoldedSuffix($0) }
    }
}
