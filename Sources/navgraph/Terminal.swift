import NavGraphRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The controlling terminal in raw mode, for full-screen commands. Keys are read from `/dev/tty`, so the log can
/// still arrive on stdin. The terminal is restored on exit, on Ctrl-C and other fatal signals, and on error paths.
final class Terminal {
    /// The replay acts on the keys (`ReplayNavigator`), so they are the library's.
    typealias Key = TerminalKey

    /// What the screen waits for: a key, a resize, or a signal that ends it (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT; or the
    /// terminal gone, as SIGHUP).
    enum Input: Equatable {
        case key(Key)
        case resized
        case interrupted(Int32)
    }

    private let descriptor: Int32
    private var original = termios()
    /// The raw settings `enter` made, set again when the process continues after Ctrl-Z.
    private var raw = termios()
    private var active = false

    /// Opens `/dev/tty`; `nil` when there is no terminal.
    init?() {
        descriptor = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        guard tcgetattr(descriptor, &original) == 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit {
        leave()
        close(descriptor)
    }

    /// Raw input, alternate screen, hidden cursor; signals restore the terminal before the process ends.
    func enter() {
        raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        // A read returns after 100 ms without a byte: an escape sequence's bytes come together, a lone Escape
        // key comes alone.
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 1
        }
        tcsetattr(descriptor, TCSAFLUSH, &raw)
        TerminalRestore.install(descriptor: descriptor, original: original)
        write("\u{1B}[?1049h\u{1B}[?25l")
        active = true
    }

    /// Ctrl-Z: the terminal is given back to the shell as it was (main screen, cursor, cooked input) and the process
    /// stops; when it continues (`fg`), raw input and the alternate screen are set again. A stop that is not
    /// Ctrl-Z's (`kill -STOP`) leaves the terminal as it is, as it cannot be caught.
    private func suspend() {
        write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(descriptor, TCSAFLUSH, &original)
        kill(getpid(), SIGSTOP)
        tcsetattr(descriptor, TCSAFLUSH, &raw)
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Restores the terminal as it was. Safe to call twice.
    func leave() {
        guard active else { return }
        active = false
        write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(descriptor, TCSAFLUSH, &original)
        TerminalRestore.uninstall()
    }

    /// Rows and columns.
    var size: (rows: Int, columns: Int) {
        var window = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            return (Int(window.ws_row), Int(window.ws_col))
        }
        return (24, 80)
    }

    /// The next key, resize or interruption, waiting as long as it takes: the terminal and the signal pipe are
    /// waited on together, so a resize redraws at once and nothing wakes while nothing happens.
    func next() -> Input {
        while true {
            var waiting = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&waiting, nfds_t(waiting.count), -1) < 0 {
                if errno == EINTR { continue }
                return .interrupted(SIGHUP)
            }
            if waiting[1].revents & Int16(POLLIN) != 0, let signal = SignalPipe.next() {
                switch signal {
                case SIGWINCH: return .resized
                case SIGTSTP:
                    suspend()
                    // Continued: the screen is drawn again (at the size it has now).
                    return .resized
                default: return .interrupted(signal)
                }
            }
            guard waiting[0].revents != 0 else { continue }
            if let key = readKey() { return .key(key) }
            // Readable but no byte: the terminal hung up (or the read failed); waiting on would spin.
            if waiting[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .interrupted(SIGHUP) }
        }
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in StandardOutputFailure.write(bytes) }
    }

    /// The next key, or `nil` after about 100 ms without one.
    private func readKey() -> Key? {
        guard let byte = readByte() else { return nil }
        switch byte {
        case 0x1B:
            guard let next = readByte() else { return .escape }
            if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
                var sequence: [UInt8] = []
                while let part = readByte() {
                    sequence.append(part)
                    if (0x40...0x7E).contains(part) { break }
                }
                switch String(decoding: sequence, as: UTF8.self) {
                case "A": return .up
                case "B": return .down
                case "C": return .right
                case "D": return .left
                case "H", "1~", "7~": return .home
                case "F", "4~", "8~": return .end
                case "5~": return .pageUp
                case "6~": return .pageDown
                default: return nil
                }
            }
            return .escape
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        default:
            if byte < 0x80 { return .character(Character(UnicodeScalar(byte))) }
            // A UTF-8 sequence: gather its continuation bytes.
            var bytes = [byte]
            let count = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1
            for _ in 0..<count { if let more = readByte() { bytes.append(more) } }
            return String(validating: bytes, as: UTF8.self)?.first.map { .character($0) }
        }
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }
}

/// What a signal handler may touch: the saved terminal state. Set only while a full-screen command runs.
private enum TerminalRestore {
    nonisolated(unsafe) static var descriptor: Int32 = -1
    /// The saved settings, on the heap: a C struct copied into a Swift global trips AddressSanitizer's size check.
    nonisolated(unsafe) static let original = UnsafeMutablePointer<termios>.allocate(capacity: 1)

    /// A resize, Ctrl-Z and the signals that end the screen come to `Terminal.next()` through the signal pipe; a second
    /// interruption (the screen did not take the first) restores the terminal and exits from the handler.
    static func install(descriptor: Int32, original: termios) {
        Self.descriptor = descriptor
        Self.original.initialize(to: original)
        SignalPipe.open(interrupts: [SIGINT, SIGTERM, SIGHUP, SIGQUIT], also: [SIGTSTP], lastResort: restoreAndExit)
    }

    static func uninstall() {
        SignalPipe.close()
        descriptor = -1
    }
}

/// The last resort of a second interruption. Async-signal-safe: only write, tcsetattr and _exit.
private func restoreAndExit(_ signal: Int32) {
    let reset: StaticString = "\u{1B}[?25h\u{1B}[?1049l"
    _ = systemWrite(1, reset.utf8Start, reset.utf8CodeUnitCount)
    if TerminalRestore.descriptor >= 0 {
        tcsetattr(TerminalRestore.descriptor, TCSAFLUSH, TerminalRestore.original)
    }
    _exit(128 + signal)
}
