/// The words of a `_printChanges()` line, read from its bytes (`TCABytes`); where non-ASCII text decides, as
/// characters (`TCAText`).
enum TCAWords {
    /// `label: value`, where a label is a name, `#N` or `[N]`: the label's end and the value's start, or `nil` and the
    /// whole text the value.
    static func split(_ text: TCABytes) -> (labelEnd: Int, valueStart: Int)? {
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
        for index in 0..<colon {
            let byte = text[index]
            if byte >= 0x80 {
                let string = Substring(text.string)
                guard let label = TCAText.split(string).0 else { return nil }
                return (label.utf8.count, label.utf8.count + 2)
            }
            guard isLabelByte(byte) else { return nil }
        }
        guard colon + 1 < text.count, text[colon + 1] == UInt8(ascii: " ") else { return nil }
        return (colon, colon + 2)
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        TCABytes.isLetter(byte) || TCABytes.isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
    }

    /// The type a value starts with (`SyncUpForm.State` of `SyncUpForm.State(`), or `nil` (`.case`, `"text"`, `42`).
    static func typeName(_ value: TCABytes) -> TCABytes? {
        guard let first = value.first else { return nil }
        guard first < 0x80 else { return typeNameOfText(value) }
        guard TCABytes.isLetter(first) || first == UInt8(ascii: "_") else { return nil }
        var end = 0
        while end < value.count {
            let byte = value[end]
            if byte >= 0x80 { return typeNameOfText(value) }
            guard
                TCABytes.isLetter(byte) || TCABytes.isDigit(byte) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            else { break }
            end += 1
        }
        guard end < value.count, value[end] == UInt8(ascii: "(") else { return nil }
        // `AppFeature.Action.path(` is an enum's case, qualified: a type's name ends in a capitalised word.
        var wordEnd = end
        while wordEnd > 0, value[wordEnd - 1] == UInt8(ascii: ".") { wordEnd -= 1 }
        var wordStart = wordEnd
        while wordStart > 0, value[wordStart - 1] != UInt8(ascii: ".") { wordStart -= 1 }
        guard wordStart < wordEnd, value[wordStart] >= UInt8(ascii: "A"), value[wordStart] <= UInt8(ascii: "Z") else {
            return nil
        }
        return value.prefix(end)
    }

    private static func typeNameOfText(_ value: TCABytes) -> TCABytes? {
        TCAText.typeName(Substring(value.string)).map { value.prefix($0.utf8.count) }
    }

    /// `.detail(SyncUpDetail.State(…))` → (`detail`, `SyncUpDetail.State(…)`); `.detail(` → (`detail`, ``);
    /// `.home` → (`home`, nil).
    static func enumCase(_ value: TCABytes) -> (TCABytes, TCABytes?) {
        let body = value.dropFirst()
        guard let paren = body.firstIndex(of: UInt8(ascii: "(")) else { return (body, nil) }
        var payload = body.dropFirst(paren + 1)
        if payload.last == UInt8(ascii: ")") { payload = payload.dropLast() }
        return (body.prefix(paren), payload)
    }

    /// The run of unchanged elements a diff left out (`… (3 unchanged)`), or `nil`.
    static func elidedCount(_ value: TCABytes) -> Int? {
        guard value.hasPrefix("… ("), value.hasSuffix(" unchanged)") else { return nil }
        let digits = value.dropFirst("… (".utf8.count)
        var count = 0
        var index = 0
        while index < digits.count, TCABytes.isDigit(digits[index]) {
            count = count &* 10 &+ Int(digits[index] - UInt8(ascii: "0"))
            index += 1
        }
        // Another script's digits, or more digits than an Int holds: as characters.
        if index == 0 || index > 18 || (index < digits.count && digits[index] >= 0x80) {
            return Int(Substring(digits.string).prefix { $0.isNumber })
        }
        return count
    }

    static func isPresentedType(_ type: TCABytes) -> Bool {
        type.hasPrefix("AlertState") || type.hasPrefix("ConfirmationDialogState") || type.hasSuffix(".State")
    }

    /// `@Presents` properties as TCA's documentation and apps name them.
    static func isPresentationName(_ name: TCABytes) -> Bool {
        lowercased(name, endsWithOneOf: presentationWords)
    }
    private static let presentationWords: [StaticString] = [
        "destination", "alert", "confirmationdialog", "dialog", "sheet", "fullscreencover", "cover", "popover",
    ]

    static func isSelectionName(_ name: TCABytes) -> Bool {
        guard name.isASCII else {
            let lower = name.string.lowercased()
            return lower == "selection" || lower.hasSuffix("tab")
        }
        return (name.count == 9 && name.hasLowercasedSuffix("selection")) || name.hasLowercasedSuffix("tab")
    }

    static func isStackName(_ name: TCABytes) -> Bool {
        lowercased(name, endsWithOneOf: stackWords)
    }
    private static let stackWords: [StaticString] = ["path", "stack"]

    private static func lowercased(_ name: TCABytes, endsWithOneOf words: [StaticString]) -> Bool {
        guard name.isASCII else {
            let lower = name.string.lowercased()
            return words.contains { lower.hasSuffix($0.description) }
        }
        return words.contains { name.hasLowercasedSuffix($0) }
    }
}
