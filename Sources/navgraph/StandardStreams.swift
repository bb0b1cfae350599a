import NavGraphCore
import NavGraphRender

/// stderr, one line per call.
enum StandardError {
    /// Messages escape what they quote (a file's name, a value from the input); whatever one did not (a notice
    /// naming a followed file, swift-argument-parser's wording around an argument) still cannot reach the terminal
    /// as a control sequence. The message's own newlines stay.
    static func write(_ line: String) {
        Platform.writeAll(2, TerminalText.escaped(line, keepingNewlines: true) + "\n")
    }
}

/// stdout with a large buffer: big trees are written in few system calls. A write that fails is recorded
/// (`StandardOutputFailure`) and ends the command with an error, as the command ends.
struct StandardOutput: TextOutputStream {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func write(bytes: [UInt8]) {
        flush()
        StandardOutputFailure.write(bytes)
    }

    mutating func flush() {
        StandardOutputFailure.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Whether stdin is a pipe or a socket (a program writing into it, which may take its time), not a file.
func standardInputIsAPipe() -> Bool {
    guard let status = Platform.status(of: 0) else { return false }
    return status.kind == .pipe || status.kind == .socket
}

/// Renderers write straight into it (a long tree or history is not held whole).
extension StandardOutput: RenderOutput {}
