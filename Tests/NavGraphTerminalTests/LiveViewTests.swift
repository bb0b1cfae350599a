import Testing

@testable import NavGraphTerminal

/// The live view's frames as written to the terminal: cut to its rows and columns while the log is followed, whole at
/// the end.
@Suite("Live view frames")
struct LiveViewTests {
    /// The frame's lines as a terminal shows them: the escape sequences (cursor, clearing, autowrap) taken out.
    static func shownLines(_ frame: String) -> [String] {
        // By scalar: `\r\n` is one Character.
        var text = String.UnicodeScalarView()
        var inEscape = false
        for scalar in frame.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value), scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else if scalar != "\r" {
                text.append(scalar)
            }
        }
        return String(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    let view = LiveView(
        header: "── step 3, line 9 ──",
        notice: FollowNotice(text: "a warning about line 7", more: "(+2 more warnings)"),
        body: ["AppNavigationModel 667", "└─ " + String(repeating: "Detail", count: 20) + " A41", "   └─ 寿司 B22"])

    @Test func aCutFrameFitsTheTerminal() {
        let lines = Self.shownLines(view.frame(rows: 4, columns: 30, whole: false, first: false)).filter { !$0.isEmpty }
        #expect(lines.count == 4)
        #expect(lines[0] == "── step 3, line 9 ──")
        // The notice is cut before what it counts, which stays.
        #expect(lines[1].hasSuffix("… (+2 more warnings)"))
        #expect(lines[3] == "… 2 more lines")
        for line in lines { #expect(terminalWidth(of: line) <= 30, "\(line)") }
    }

    @Test func aLineWiderThanTheTerminalEndsInAnEllipsis() {
        let lines = Self.shownLines(view.frame(rows: 10, columns: 30, whole: false, first: false))
        #expect(lines[3].hasSuffix("…"))
        #expect(terminalWidth(of: lines[3]) == 30)
        #expect(lines[4] == "   └─ 寿司 B22")
    }

    @Test func theFinalFrameIsWhole() {
        let lines = Self.shownLines(view.frame(rows: 4, columns: 30, whole: true, first: false))
        #expect(lines.contains("└─ " + String(repeating: "Detail", count: 20) + " A41"))
        #expect(lines.contains("   └─ 寿司 B22"))
        #expect(lines.contains("a warning about line 7 (+2 more warnings)"))
    }

    @Test func onlyTheFirstFrameClearsTheScreen() {
        #expect(view.frame(rows: 10, columns: 80, whole: false, first: true).hasPrefix("\u{1B}[H\u{1B}[2J"))
        #expect(!view.frame(rows: 10, columns: 80, whole: false, first: false).contains("\u{1B}[2J"))
    }
}
