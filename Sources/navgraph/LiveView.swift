#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tree --follow` on a terminal: each state drawn over the last, like `watch` and `top`.
///
/// Drawn in place on the normal screen, not the alternate one: when the input ends the final state must stay on the
/// terminal, as a pipe keeps it. Each frame moves the cursor home and overwrites line by line, clearing each line's
/// end and, once, what is below the last: `ESC[2J` (and `ESC[J` with the cursor home) count as clearing the screen,
/// which tmux and other terminals copy into the scrollback, so a session left a dozen stale copies there.
struct LiveView {
    /// The step header, always the top line.
    var header: String
    /// The latest thing navgraph has to say (the file was truncated, removed…), under the header: stderr written
    /// on the same terminal would be painted over by the next frame.
    var notice: String?
    var body: [String]

    /// The frame as written to the terminal. Cut to `rows` (the header stays on top, a last line says how many
    /// were left out) unless `whole`: the final state is written in full, as nothing will redraw it.
    func frame(rows: Int, whole: Bool, first: Bool) -> String {
        var lines = [header] + (notice.map { [$0] } ?? []) + body
        if !whole, lines.count > rows {
            let kept = max(rows - 1, 1)
            let more = lines.count - kept
            lines = Array(lines.prefix(kept)) + ["… \(more) more line\(more == 1 ? "" : "s")"]
        }
        // No line may wrap (it would scroll the frame): autowrap off while drawing, long lines cut by the terminal.
        var text = (first ? "\u{1B}[H\u{1B}[2J" : "\u{1B}[H") + "\u{1B}[?7l"
        text += lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n")
        // The last line of a cut frame must not end in a newline: on the bottom row it would scroll.
        text += whole ? "\n\u{1B}[J" : "\u{1B}[J"
        return text + "\u{1B}[?7h"
    }
}

/// Rows of the terminal on `descriptor`, or `nil` when it is not one.
func terminalRows(_ descriptor: Int32) -> Int? {
    var window = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0 else { return nil }
    return Int(window.ws_row)
}

/// Ctrl-C (or kill) ends a live view on a line of its own: a cut frame's last line has no newline, so the shell's
/// prompt came up after its text.
func endLiveViewOnALineOfItsOwn() {
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        setSignalHandler(signal) { signal in
            let end: StaticString = "\u{1B}[?7h\r\n"
            _ = systemWrite(1, end.utf8Start, end.utf8CodeUnitCount)
            _exit(128 + signal)
        }
    }
}
