/// An action as `customDump` printed it over several lines, on one line for history: `AppFeature.Action.path(
/// .element(id: #0, action: .detail(.editButtonTapped)))`. The enum cases are the action's words and stay; a struct
/// printed over several lines (the state a push carries) is `SyncUpDetail.State(…)`, as custom-dump collapses
/// unchanged values.
struct TCAActionText {
    private(set) var text = ""
    /// Open groups (parentheses and brackets) of the lines read, strings aside.
    private(set) var depth = 0
    /// While a collapsed struct's lines are passed over: the depth its closing line returns to.
    private var skippingTo: Int?

    var isComplete: Bool { depth == 0 && !text.isEmpty }

    mutating func add(_ content: Substring) {
        let line = content.drop { $0 == " " }
        let before = depth
        depth += Self.balance(of: line)
        if let target = skippingTo {
            if depth <= target {
                skippingTo = nil
                if line.hasSuffix(",") { text += "," }
            }
            return
        }
        if let last = text.last, last == "," { text += " " }
        let (label, value) = TCADiffTreeBuilder.split(line)
        if depth > before, TCAStateMerge.typeName(value) != nil, value.hasSuffix("(") {
            if let label { text += label + ": " }
            text += value + "…)"
            skippingTo = before
            return
        }
        text += line
    }

    /// How many groups the line opens minus those it closes, outside string literals.
    static func balance(of line: Substring) -> Int {
        var balance = 0
        var inString = false
        var escaped = false
        for byte in line.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "("), UInt8(ascii: "["): balance += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): balance -= 1
            default: break
            }
        }
        return balance
    }
}
