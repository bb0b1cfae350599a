import Foundation

/// The first write to stdout that failed. Output that does not arrive is a failure, said and exited with: a full disk
/// (`> /dev/full`: ENOSPC), an I/O error, a reader gone while SIGPIPE is ignored (EPIPE; with SIGPIPE's default the
/// signal ends the process first, as for any tool at the head of `| head`). Writes were dropped without a word and
/// the command exited 0. After a failure nothing more is written (the rest would fail too, or land after a gap);
/// the command ends with `check()` — at its end (`NavGraphCommand`), or at once while following a log.
enum StandardOutputFailure {
    /// Guarded by `lock`: the live view draws from a thread of its own.
    nonisolated(unsafe) private static var error: SystemError?
    private static let lock = NSLock()

    /// Writes `bytes` to stdout, unless a write failed before; records the failure.
    static func write(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        guard error == nil else { return }
        error = Platform.writeAll(1, bytes)
    }

    /// The same for text.
    static func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard error == nil else { return }
        error = Platform.writeAll(1, text)
    }

    /// Why stdout could not be written (`No space left on device`), when it could not.
    static var reason: String? {
        lock.lock()
        defer { lock.unlock() }
        return error?.reason
    }

    /// Throws the failure when a write failed: exit status 1, `navgraph: error: cannot write to standard output: …`.
    static func check() throws {
        if let failure { throw failure }
    }

    static var failure: CommandFailure? {
        reason.map { CommandFailure(.outputFailed, message: "navgraph: error: cannot write to standard output: \($0)") }
    }
}
