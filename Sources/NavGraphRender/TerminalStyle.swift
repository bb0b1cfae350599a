/// How text output looks: box drawing or plain ASCII, with or without ANSI colour.
public struct TerminalStyle: Sendable {
    public var ascii: Bool
    public var color: Bool

    public init(ascii: Bool = false, color: Bool = false) {
        self.ascii = ascii
        self.color = color
    }

    public enum Tone: String, Sendable {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case magenta = "35"
        case cyan = "36"
    }

    /// `text` in `tone` when colour is on.
    public func paint(_ text: String, _ tone: Tone) -> String {
        color ? "\u{1B}[\(tone.rawValue)m\(text)\u{1B}[0m" : text
    }

    var branch: String { ascii ? "|-- " : "├─ " }
    var lastBranch: String { ascii ? "`-- " : "└─ " }
    var pipe: String { ascii ? "|   " : "│  " }
    var blank: String { ascii ? "    " : "   " }
    var presentedArrow: String { ascii ? "^" : "⇡" }
}
