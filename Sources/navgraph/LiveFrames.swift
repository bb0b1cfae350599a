import Foundation
import NavGraphTerminal

/// The frames of `tree --follow`'s live view: drawn by the reading loop on each change, drawn again for the new size
/// when the terminal is resized, and drawn whole when Ctrl-C ends the view (the end of input draws the final state
/// whole; following a file ends only with Ctrl-C, which left the cut frame). A resize or Ctrl-C can come while the
/// input is quiet (the loop waiting in a read), and drawing is not something a signal handler may do: the handler
/// writes the signal to a pipe, and a thread of its own draws; the lock keeps its frames and the loop's from
/// interleaving.
final class LiveFrames: @unchecked Sendable {
    private let lock = NSLock()
    /// The view on screen, until the final (whole) frame: nothing redraws the end.
    private var shown: LiveView?
    /// Whether any frame was drawn: Ctrl-C before the first says why the screen stayed empty.
    private var drewAny = false

    func draw(_ view: LiveView, whole: Bool, first: Bool) {
        lock.lock()
        defer { lock.unlock() }
        write(view, whole: whole, first: first)
        shown = whole ? nil : view
        drewAny = true
    }

    /// From now on a resize (SIGWINCH) draws the view again, cut to the new size, and Ctrl-C (SIGINT; SIGTERM,
    /// SIGHUP) draws it whole, writes the diagnostics the view held and exits. A second Ctrl-C exits at once.
    func handleSignals() {
        ControlEcho.turnOff()
        let interrupts = [Platform.Signal.interrupt, Platform.Signal.terminate, Platform.Signal.hangUp]
        SignalPipe.open(interrupts: interrupts) { signal in endLiveView(signal, newLine: true) }
        // Drawing is not something a handler may do: a thread of its own reads the signals and draws.
        Thread { [self] in
            while let signal = SignalPipe.next() { handle(signal) }
        }.start()
    }

    private func handle(_ signal: Int32) {
        // The loop may be in the middle of a frame: it is finished first (not waited for long: a terminal
        // that stopped reading, with Ctrl-S, would hold it for good).
        let locked = lock.lock(before: Date(timeIntervalSinceNow: 1))
        defer { if locked { lock.unlock() } }
        if signal == Platform.Signal.resize {
            if locked, let shown { write(shown, whole: false, first: false) }
            return
        }
        if locked, let shown {
            // The whole frame ends on a line of its own.
            write(shown, whole: true, first: false)
            endLiveView(signal, newLine: false)
        }
        if !drewAny {
            StandardError.write(
                "navgraph: stopped before any navigation output was read (--verbose lists the lines skipped)")
        }
        endLiveView(signal, newLine: true)
    }

    private func write(_ view: LiveView, whole: Bool, first: Bool) {
        let size = Platform.terminalSize(1) ?? (24, 80)
        StandardOutputFailure.write(view.frame(rows: size.rows, columns: size.columns, whole: whole, first: first))
    }
}

/// Ends the view on a line of its own, writes the diagnostics it held and exits as the signal would (128 + signal).
/// Async-signal-safe: a second Ctrl-C calls it from the handler, when the drawing thread did not end the view.
private func endLiveView(_ signal: Int32, newLine: Bool) {
    ControlEcho.restore()
    // Autowrap back on, and (after a cut frame, whose last line has no newline) the shell's prompt on a line of its own.
    Platform.writeFromSignalHandler(1, newLine ? "\u{1B}[?7h\r\n" : "\u{1B}[?7h")
    // The diagnostics the view held (stderr's lines would have been painted over), as they are said at the end.
    writeHeldDiagnostics()
    Platform.exitAtOnce(128 + signal)
}

/// The terminal echoes Ctrl-C as `^C` where the cursor is: after a cut frame, at the end of its bottom row. A row
/// filled to the last columns wraps, the screen scrolls up one line, and the whole frame drawn from the top left
/// then repeats the header that scrolled into the terminal's history. While the view runs the terminal echoes no
/// control characters (as `top` and `less` do); typed text still echoes, for a log typed on stdin.
enum ControlEcho {
    /// The settings before, for `restore` from a signal handler (async-signal-safe: only `tcsetattr`).
    nonisolated(unsafe) private static let saved = Platform.HeldTerminalSettings()
    nonisolated(unsafe) private static var descriptor: Int32 = -1

    /// Turns off the echo of control characters on the terminal that stdout writes to, at once: typed input waiting
    /// to be read (a log typed on stdin) is kept.
    static func turnOff() {
        guard Platform.isTerminal(1), let settings = Platform.TerminalSettings(of: 1) else { return }
        saved.hold(settings)
        guard settings.withoutControlEcho.apply(to: 1, discardingTypedInput: false) else { return }
        descriptor = 1
    }

    /// Puts the settings back. Safe to call twice, and from a signal handler.
    static func restore() {
        guard descriptor >= 0 else { return }
        saved.restore(on: descriptor, discardingTypedInput: false)
        descriptor = -1
    }
}
