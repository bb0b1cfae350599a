/// How the long-running commands take a resize or Ctrl-C: not in the handler, which may only call async-signal-safe
/// functions (no drawing, no locks), but where the command waits. Each handler writes its signal's number to a pipe,
/// and the command reads the pipe: the live view on a thread of its own (the reading loop may be waiting in a read),
/// replay in its key loop, beside the terminal (`Terminal.next()`). A second interruption ends the process from the
/// handler with the command's last resort, in case the first is never read (a terminal stopped with Ctrl-S holds a
/// frame being written).
enum SignalPipe {
    /// Touched by the handlers: set before they are installed, and only by `open` and `close`.
    nonisolated(unsafe) private(set) static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var interruptions: Platform.SignalCounter = 0
    nonisolated(unsafe) private static var lastResort: Platform.SignalHandler?
    nonisolated(unsafe) private static var handled: [Int32] = []

    /// From now on SIGWINCH, each of `interrupts` and each of `also` (signals the command acts on itself, such as
    /// Ctrl-Z's SIGTSTP) are written to the pipe; a second interruption calls `lastResort` (which must end the
    /// process, async-signal-safely). Without a pipe (no descriptors left) the signals keep their default actions.
    static func open(interrupts: [Int32], also: [Int32] = [], lastResort: @escaping Platform.SignalHandler) {
        guard let ends = Platform.makeSignalPipe() else { return }
        readEnd = ends.read
        writeEnd = ends.write
        interruptions = 0
        Self.lastResort = lastResort
        handled = [Platform.Signal.resize] + also + interrupts
        for signal in [Platform.Signal.resize] + also {
            Platform.setSignalHandler(signal) { signal in SignalPipe.send(signal) }
        }
        for signal in interrupts {
            Platform.setSignalHandler(signal) { signal in
                SignalPipe.interruptions += 1
                if SignalPipe.interruptions > 1 { SignalPipe.lastResort?(signal) }
                SignalPipe.send(signal)
            }
        }
    }

    /// The signals get their default actions back and the pipe is closed.
    static func close() {
        for signal in handled { Platform.setSignalHandler(signal, nil) }
        handled = []
        for end in [readEnd, writeEnd] where end >= 0 { Platform.closeDescriptor(end) }
        readEnd = -1
        writeEnd = -1
    }

    /// The next signal written, waiting for one; `nil` once the pipe is closed.
    static func next() -> Int32? {
        Platform.readByte(readEnd).map(Int32.init)
    }

    /// Async-signal-safe: one non-blocking write.
    private static func send(_ signal: Int32) {
        Platform.writeByte(writeEnd, UInt8(truncatingIfNeeded: signal))
    }
}
