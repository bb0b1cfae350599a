import NavGraphCore
import NavGraphRender
import NavGraphTerminal

/// Diagnostics about the input while a live view is on the terminal: a line written to stderr would be painted over
/// by the next frame, so the latest one is the view's notice (with how many came before it) and every one is kept
/// to be written to stderr when the view ends, by the end of input or by Ctrl-C.
///
/// They are kept in an unlinked temporary file, not in memory: the Ctrl-C handler may only make async-signal-safe
/// calls, and reading a file and writing what it holds are (a Swift array being appended to is not).
final class HeldDiagnostics {
    private var count: [Diagnostic.Severity: Int] = [:]
    /// The view's notice for the latest diagnostic: `line 7: warning: … (+2 more warnings)`.
    private(set) var notice: LiveView.Notice?

    init() {
        guard heldDiagnosticsFile < 0, let file = Platform.unlinkedTemporaryFile() else { return }
        if heldDiagnosticsCopier == nil { heldDiagnosticsCopier = Platform.SignalSafeCopier() }
        heldDiagnosticsFile = file
    }

    /// Keeps `text` (the diagnostic as stderr would have said it) and makes `diagnostic` the notice.
    func hold(_ diagnostic: Diagnostic, as text: String) {
        if heldDiagnosticsFile >= 0 {
            Platform.writeAll(heldDiagnosticsFile, text + "\n")
        } else {
            StandardError.write(text)
        }
        let before = count.values.reduce(0, +)
        count[diagnostic.severity, default: 0] += 1
        let said =
            (diagnostic.line.map { "line \($0): " } ?? "") + "\(diagnostic.severity.rawValue): "
            + Escaping.terminal(diagnostic.message)
        var more = ""
        if before > 0 {
            // Named by severity when they all share one (the latest included), else counted as messages.
            let kinds = count.filter { $0.value > 0 }
            let word = kinds.count == 1 ? diagnostic.severity.rawValue : "message"
            more = "(+\(before) more \(word)\(before == 1 ? "" : "s"))"
        }
        notice = LiveView.Notice(text: said, more: more)
    }

    /// Writes what was held to stderr, once the live view has drawn its last frame.
    func release() {
        writeHeldDiagnostics()
        if heldDiagnosticsFile >= 0 { Platform.closeDescriptor(heldDiagnosticsFile) }
        heldDiagnosticsFile = -1
    }
}

/// The held diagnostics' file and what copies it, for `writeHeldDiagnostics` (set before any signal handler can read
/// them; -1 when nothing is held).
nonisolated(unsafe) private var heldDiagnosticsFile: Int32 = -1
nonisolated(unsafe) private var heldDiagnosticsCopier: Platform.SignalSafeCopier?

/// Copies the held diagnostics to stderr with async-signal-safe calls only (the Ctrl-C handler calls it).
func writeHeldDiagnostics() {
    let file = heldDiagnosticsFile
    guard file >= 0, let copier = heldDiagnosticsCopier else { return }
    copier.copyFromStart(of: file, to: 2)
}
