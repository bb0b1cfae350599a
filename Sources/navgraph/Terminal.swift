import NavGraphTerminal

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
    private let original: Platform.TerminalSettings
    /// The raw settings `enter` sets, set again when the process continues after Ctrl-Z.
    private let raw: Platform.TerminalSettings
    private var active = false

    /// Opens `/dev/tty`; `nil` when there is no terminal.
    init?() {
        guard let descriptor = Platform.openControllingTerminal() else { return nil }
        guard let original = Platform.TerminalSettings(of: descriptor) else {
            Platform.closeDescriptor(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.original = original
        raw = original.raw
    }

    deinit {
        leave()
        Platform.closeDescriptor(descriptor)
    }

    /// Raw input, alternate screen, hidden cursor; signals restore the terminal before the process ends.
    func enter() {
        raw.apply(to: descriptor, discardingTypedInput: true)
        TerminalRestore.install(descriptor: descriptor, original: original)
        write("\u{1B}[?1049h\u{1B}[?25l")
        active = true
    }

    /// Ctrl-Z: the terminal is given back to the shell as it was (main screen, cursor, cooked input) and the process
    /// stops; when it continues (`fg`), raw input and the alternate screen are set again. A stop that is not
    /// Ctrl-Z's (`kill -STOP`) leaves the terminal as it is, as it cannot be caught.
    private func suspend() {
        write("\u{1B}[?25h\u{1B}[?1049l")
        original.apply(to: descriptor, discardingTypedInput: true)
        Platform.stopProcess()
        raw.apply(to: descriptor, discardingTypedInput: true)
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Restores the terminal as it was. Safe to call twice.
    func leave() {
        guard active else { return }
        active = false
        write("\u{1B}[?25h\u{1B}[?1049l")
        original.apply(to: descriptor, discardingTypedInput: true)
        TerminalRestore.uninstall()
    }

    /// Rows and columns.
    var size: (rows: Int, columns: Int) {
        Platform.terminalSize(descriptor) ?? (24, 80)
    }

    /// The next key, resize or interruption, waiting as long as it takes: the terminal and the signal pipe are
    /// waited on together, so a resize redraws at once and nothing wakes while nothing happens.
    func next() -> Input {
        while true {
            guard let ready = Platform.waitUntilReadable([descriptor, SignalPipe.readEnd]) else {
                return .interrupted(Platform.Signal.hangUp)
            }
            if ready[1].readable, let signal = SignalPipe.next() {
                switch signal {
                case Platform.Signal.resize: return .resized
                case Platform.Signal.terminalStop:
                    suspend()
                    // Continued: the screen is drawn again (at the size it has now).
                    return .resized
                default: return .interrupted(signal)
                }
            }
            guard ready[0].woke else { continue }
            if let key = readKey() { return .key(key) }
            // Readable but no byte: the terminal hung up (or the read failed); waiting on would spin.
            if ready[0].hungUp { return .interrupted(Platform.Signal.hangUp) }
        }
    }

    func write(_ text: String) {
        StandardOutputFailure.write(text)
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
        Platform.readByte(descriptor)
    }
}

/// What a signal handler may touch: the saved terminal state. Set only while a full-screen command runs.
private enum TerminalRestore {
    nonisolated(unsafe) static var descriptor: Int32 = -1
    nonisolated(unsafe) static let original = Platform.HeldTerminalSettings()

    /// A resize, Ctrl-Z and the signals that end the screen come to `Terminal.next()` through the signal pipe; a second
    /// interruption (the screen did not take the first) restores the terminal and exits from the handler.
    static func install(descriptor: Int32, original: Platform.TerminalSettings) {
        Self.descriptor = descriptor
        Self.original.hold(original)
        SignalPipe.open(
            interrupts: [
                Platform.Signal.interrupt, Platform.Signal.terminate, Platform.Signal.hangUp, Platform.Signal.quit,
            ],
            also: [Platform.Signal.terminalStop], lastResort: restoreAndExit)
    }

    static func uninstall() {
        SignalPipe.close()
        descriptor = -1
    }
}

/// The last resort of a second interruption. Async-signal-safe: only write, tcsetattr and _exit.
private func restoreAndExit(_ signal: Int32) {
    Platform.writeFromSignalHandler(1, "\u{1B}[?25h\u{1B}[?1049l")
    if TerminalRestore.descriptor >= 0 {
        TerminalRestore.original.restore(on: TerminalRestore.descriptor, discardingTypedInput: true)
    }
    Platform.exitAtOnce(128 + signal)
}
