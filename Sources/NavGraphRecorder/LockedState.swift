import Foundation

/// A value behind a pthread mutex (`NSLock`). Not `Synchronization.Mutex`: on Linux that locks with futexes that
/// ThreadSanitizer cannot see, so every access to the state would be reported as a race and the recorder's
/// concurrency could not be checked.
final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held. Every access to the value goes through here.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
