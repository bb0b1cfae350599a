import NavGraphCore
import NavGraphRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// stderr, one line per call.
enum StandardError {
    /// Messages escape what they quote (a file's name, a value from the input); whatever one did not (a notice
    /// naming a followed file, swift-argument-parser's wording around an argument) still cannot reach the terminal
    /// as a control sequence. The message's own newlines stay.
    static func write(_ line: String) {
        var text = TerminalText.escaped(line, keepingNewlines: true)
        text += "\n"
        text.withUTF8 { bytes in _ = writeAll(2, bytes) }
    }
}

/// stdout with a large buffer: big trees are written in few system calls. A write that fails is recorded
/// (`StandardOutputFailure`) and ends the command with an error, as the command ends.
struct StandardOutput: TextOutputStream {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func write(bytes: [UInt8]) {
        flush()
        bytes.withUnsafeBufferPointer { StandardOutputFailure.write($0) }
    }

    mutating func flush() {
        buffer.withUnsafeBufferPointer { StandardOutputFailure.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Writes every byte, retrying on interruption and short writes, and waiting when the descriptor is non-blocking and
/// full (a terminal or pipe another process set O_NONBLOCK on: dropping the rest would cut the output silently).
/// The error number when a write fails. Async-signal-safe (`write` and `poll` only): the Ctrl-C handlers call it.
@discardableResult
func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    guard var pointer = bytes.baseAddress else { return nil }
    var remaining = bytes.count
    while remaining > 0 {
        let written = systemWrite(descriptor, pointer, remaining)
        if written < 0 {
            let error = errno
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&waiting, 1, -1) >= 0 || errno == EINTR { continue }
            }
            return error
        }
        remaining -= written
        pointer += written
    }
    return nil
}

/// `write(2)`, from the platform's C module (Glibc on Linux, Darwin on macOS). A function, not a stored reference
/// to one: the terminal's signal handler calls it, and a global's lazy set-up is not async-signal-safe.
@inline(__always)
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}

/// Whether a descriptor is a terminal.
func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

/// Whether stdin is a pipe or a socket (a program writing into it, which may take its time), not a file.
func standardInputIsAPipe() -> Bool {
    var status = stat()
    guard fstat(0, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    return type == S_IFIFO || type == S_IFSOCK
}

/// Renderers write straight into it (a long tree or history is not held whole).
extension StandardOutput: RenderOutput {}
