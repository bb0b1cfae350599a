/// An action as `customDump` printed it over several lines, on one line for history: `AppFeature.Action.path(
/// .element(id: #0, action: .detail(.editButtonTapped)))`. The enum cases are the action's words and stay; a struct
/// printed over several lines (the state a push carries) is `SyncUpDetail.State(…)`, as custom-dump collapses
/// unchanged values. Kept as bytes, from action to action: the text is made only for a step.
struct TCAActionText {
    private var bytes: [UInt8] = []
    /// Open groups (parentheses and brackets) of the lines read, strings aside.
    private(set) var depth = 0
    /// While a collapsed struct's lines are passed over: the depth its closing line returns to.
    private var skippingTo: Int?

    var isComplete: Bool { depth == 0 && !bytes.isEmpty }
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Ready for the next action, keeping the storage.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        depth = 0
        skippingTo = nil
    }

    mutating func add(_ content: ByteLine) {
        let line = content.dropFirst(content.endOfRun(from: 0) { $0 == UInt8(ascii: " ") })
        let before = depth
        depth += Self.balance(of: line)
        if let target = skippingTo {
            if depth <= target {
                skippingTo = nil
                if line.last == UInt8(ascii: ",") { bytes.append(UInt8(ascii: ",")) }
            }
            return
        }
        if bytes.last == UInt8(ascii: ",") { bytes.append(UInt8(ascii: " ")) }
        let split = TCAWords.split(line)
        let value = line.dropFirst(split?.valueStart ?? 0)
        if depth > before, value.last == UInt8(ascii: "("), TCAWords.typeName(value) != nil {
            if let split {
                bytes.append(contentsOf: line.prefix(split.labelEnd))
                bytes.append(contentsOf: ": ".utf8)
            }
            bytes.append(contentsOf: value)
            bytes.append(contentsOf: "…)".utf8)
            skippingTo = before
            return
        }
        bytes.append(contentsOf: line)
    }

    /// How many groups the line opens minus those it closes, outside string literals.
    static func balance(of line: ByteLine) -> Int {
        var balance = 0
        var inString = false
        var escaped = false
        var index = 0
        while let byte = line[index] {
            index += 1
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
