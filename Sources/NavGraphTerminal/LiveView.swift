/// `tree --follow` on a terminal: each state drawn over the last, like `watch` and `top`.
///
/// Drawn in place on the normal screen, not the alternate one: when the input ends the final state must stay on the
/// terminal, as a pipe keeps it. Each frame moves the cursor home and overwrites line by line, clearing each line's
/// end and, once, what is below the last: `ESC[2J` (and `ESC[J` with the cursor home) count as clearing the screen,
/// which tmux and other terminals copy into the scrollback, so a session left a dozen stale copies there.
public struct LiveView {
    /// The step header, always the top line.
    public var header: String
    /// The latest thing navgraph has to say (the file was truncated, removed, a warning about the input…), under the
    /// header: stderr written on the same terminal would be painted over by the next frame.
    public var notice: Notice?
    public var body: [String]

    /// The follow loop's (`FollowLoop`), which decides what is said.
    public typealias Notice = FollowNotice

    public init(header: String, notice: Notice?, body: [String]) {
        self.header = header
        self.notice = notice
        self.body = body
    }

    /// The frame as written to the terminal. Cut to `rows` (the header stays on top, a last line says how many
    /// were left out), and lines wider than `columns` end in `…` — unless `whole`: the final state is written in
    /// full, its lines wrapped by the terminal, as nothing will redraw it.
    public func frame(rows: Int, columns: Int, whole: Bool, first: Bool) -> String {
        let noticeLine = notice.map { notice in
            let more = notice.more.isEmpty ? "" : " " + notice.more
            // The final frame's notice is whole too (wrapped), as its other lines are.
            return (whole ? notice.text : terminalCut(notice.text, columns: columns - terminalWidth(of: more))) + more
        }
        var lines = [header] + (noticeLine.map { [$0] } ?? []) + body
        if !whole, lines.count > rows {
            let kept = max(rows - 1, 1)
            let more = lines.count - kept
            lines = Array(lines.prefix(kept)) + ["… \(more) more line\(more == 1 ? "" : "s")"]
        }
        var text = first ? "\u{1B}[H\u{1B}[2J" : "\u{1B}[H"
        if whole {
            // The final state stays in the terminal for good: its lines whole, wrapped by the terminal, so that long
            // names can still be read once navgraph has ended. A line that exactly fills its last row leaves the
            // cursor waiting on that row's last character, which clearing to the end of the line would erase.
            text += lines.map { line in
                let width = terminalWidth(of: line)
                return columns <= 0 || width == 0 || width % columns != 0 ? line + "\u{1B}[K" : line
            }.joined(separator: "\n")
        } else {
            lines = lines.map { terminalCut($0, columns: columns) }
            // No line may wrap (it would scroll the frame): autowrap off while drawing, in case a character is wider
            // than navgraph counts it. A line that fills the row leaves the cursor on its last character, which
            // clearing to the end of the line would erase.
            text += "\u{1B}[?7l"
            text += lines.map { terminalWidth(of: $0) < columns ? $0 + "\u{1B}[K" : $0 }.joined(separator: "\n")
        }
        // What the last frame left below is cleared from the line after this one's last: clearing from the cursor
        // erased the last line's last character when the line filled the row (its `…`). The last line of a cut
        // frame must not end in a newline on the bottom row (it would scroll), and there nothing is below it.
        if whole {
            text += "\n\u{1B}[J"
        } else if lines.count < rows {
            text += "\r\n\u{1B}[J"
        }
        return text + "\u{1B}[?7h"
    }
}
