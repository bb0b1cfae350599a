#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C signal handler: no captures, and only async-signal-safe calls inside.
typealias SignalHandler = @convention(c) (Int32) -> Void

/// Installs `handler` for `signal` (`nil`: the default action). The one place `signal` is called, so the platform's
/// module is named once: Glibc on Linux, Darwin on macOS.
func setSignalHandler(_ signal: Int32, _ handler: SignalHandler?) {
    #if canImport(Glibc)
        _ = Glibc.signal(signal, handler ?? SIG_DFL)
    #else
        _ = Darwin.signal(signal, handler ?? SIG_DFL)
    #endif
}

/// Long-running commands must be stoppable and must notice resizes whatever signal mask their parent handed down
/// (a thread of a test runner, a tmux server started by one, may block nearly everything).
func unblockInteractiveSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP] { sigaddset(&signals, signal) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
}

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
    nonisolated(unsafe) private static var interruptions: sig_atomic_t = 0
    nonisolated(unsafe) private static var lastResort: SignalHandler?
    nonisolated(unsafe) private static var handled: [Int32] = []

    /// From now on SIGWINCH, each of `interrupts` and each of `also` (signals the command acts on itself, such as
    /// Ctrl-Z's SIGTSTP) are written to the pipe; a second interruption calls `lastResort` (which must end the
    /// process, async-signal-safely). Without a pipe (no descriptors left) the signals keep their default actions.
    static func open(interrupts: [Int32], also: [Int32] = [], lastResort: @escaping SignalHandler) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        // A burst of resizes fills the pipe at worst: a handler's write must never block.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
        interruptions = 0
        Self.lastResort = lastResort
        handled = [SIGWINCH] + also + interrupts
        for signal in [SIGWINCH] + also { setSignalHandler(signal) { signal in SignalPipe.send(signal) } }
        for signal in interrupts {
            setSignalHandler(signal) { signal in
                SignalPipe.interruptions += 1
                if SignalPipe.interruptions > 1 { SignalPipe.lastResort?(signal) }
                SignalPipe.send(signal)
            }
        }
    }

    /// The signals get their default actions back and the pipe is closed.
    static func close() {
        for signal in handled { setSignalHandler(signal, nil) }
        handled = []
        for end in [readEnd, writeEnd] where end >= 0 {
            #if canImport(Glibc)
                _ = Glibc.close(end)
            #else
                _ = Darwin.close(end)
            #endif
        }
        readEnd = -1
        writeEnd = -1
    }

    /// The next signal written, waiting for one; `nil` once the pipe is closed.
    static func next() -> Int32? {
        var byte: UInt8 = 0
        while true {
            let count = read(readEnd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            return count == 1 ? Int32(byte) : nil
        }
    }

    /// Async-signal-safe: one non-blocking write.
    private static func send(_ signal: Int32) {
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = systemWrite(writeEnd, &byte, 1)
    }
}
