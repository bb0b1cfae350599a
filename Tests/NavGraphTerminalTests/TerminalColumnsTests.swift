import Testing

@testable import NavGraphTerminal

/// What a terminal makes of a line: how many columns each character takes, and where the replay screen cuts a line.
@Suite("Terminal columns")
struct TerminalColumnsTests {
    @Test func charactersTakeTheColumnsATerminalGivesThem() {
        #expect(terminalColumns(of: "a") == 1)
        #expect(terminalColumns(of: "é") == 1)
        #expect(terminalColumns(of: "e\u{301}") == 1)  // e and a combining acute accent: one grapheme
        #expect(terminalColumns(of: "─") == 1)
        #expect(terminalColumns(of: "寿") == 2)
        #expect(terminalColumns(of: "한") == 2)
        #expect(terminalColumns(of: "Ａ") == 2)  // fullwidth A
        #expect(terminalColumns(of: "🎈") == 2)
        #expect(terminalColumns(of: "👩‍💻") == 2)  // a zero-width-joiner sequence
        #expect(terminalColumns(of: "🇫🇷") == 2)
        #expect(terminalColumns(of: "\u{200B}") == 0)  // zero width space
        #expect(terminalColumns(of: "\u{301}") == 0)
    }

    @Test func theReplayScreenCutsALineAtItsColumns() {
        #expect(ReplayScreen.clip("寿司寿司", width: 5) == "寿司…")
        #expect(ReplayScreen.clip("ab寿司", width: 3) == "ab…")
        #expect(ReplayScreen.clip("ab寿司", width: 4) == "ab…")
        #expect(ReplayScreen.clip("ab寿司", width: 5) == "ab寿…")
        #expect(ReplayScreen.clip("\u{1B}[2m寿司寿司\u{1B}[0m", width: 3) == "\u{1B}[2m寿…\u{1B}[0m")
        #expect(ReplayScreen.clip("abc", width: 3) == "abc")
        #expect(ReplayScreen.clip("abcd", width: 3) == "ab…")
    }
}
