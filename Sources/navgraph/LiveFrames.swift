import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The frames of `tree --follow`'s live view: drawn by the reading loop on each change, and drawn again for the new
/// size when the terminal is resized. A resize can come while the input is quiet (the loop is waiting in a read), so
/// it is drawn from a thread of its own; the lock keeps the two threads' frames from interleaving.
final class LiveFrames: @unchecked Sendable {
    private let lock = NSLock()
    /// The view on screen, until the final (whole) frame: nothing redraws the end.
    private var shown: LiveView?

    func draw(_ view: LiveView, whole: Bool, first: Bool) {
        lock.lock()
        defer { lock.unlock() }
        write(view, whole: whole, first: first)
        shown = whole ? nil : view
    }

    /// Starts drawing the view again on every resize (SIGWINCH), cut to the terminal's new size.
    func redrawOnResize() {
        watchTerminalResizes { [self] in
            lock.lock()
            defer { lock.unlock() }
            if let shown { write(shown, whole: false, first: false) }
        }
    }

    private func write(_ view: LiveView, whole: Bool, first: Bool) {
        let size = terminalSize(1) ?? (24, 80)
        var frame = view.frame(rows: size.rows, columns: size.columns, whole: whole, first: first)
        frame.withUTF8 { writeAll(1, $0) }
    }
}

/// The write end of the pipe that SIGWINCH's handler writes a byte to (its only, async-signal-safe, call).
private enum ResizePipe {
    nonisolated(unsafe) static var writeEnd: Int32 = -1
}

/// Calls `onResize` on a thread of its own each time the terminal is resized: the signal handler writes a byte to a
/// pipe, the thread reads it (only a few calls are allowed in a handler; drawing is not one of them).
private func watchTerminalResizes(_ onResize: @escaping @Sendable () -> Void) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    // A burst of resizes fills the pipe at worst: the handler's write must never block.
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    ResizePipe.writeEnd = ends[1]
    setSignalHandler(SIGWINCH) { _ in
        var byte: UInt8 = 1
        _ = systemWrite(ResizePipe.writeEnd, &byte, 1)
    }
    let readEnd = ends[0]
    let thread = Thread {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            onResize()
        }
    }
    thread.start()
}
