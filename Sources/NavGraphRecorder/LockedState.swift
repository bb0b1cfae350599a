/// A value behind a pthread mutex. Not `Synchronization.Mutex`: on Linux that locks with futexes that
/// ThreadSanitizer cannot see, so every access to the state would be reported as a race and the recorder's
/// concurrency could not be checked. Not `NSLock` either, which wraps the same mutex: a lock and unlock took 77
/// instructions through it and 57 without it (callgrind), on a path of about 1,200 for a recorded event.
///
/// The value lives in memory of its own rather than in a stored property: a class's `var` accessed `inout` is
/// checked for exclusive access at run time (`swift_beginAccess`), which cost about 65 instructions an event; the
/// lock already makes access exclusive.
final class LockedState<Value>: @unchecked Sendable {
    private let mutex = Platform.Mutex()
    private let value: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        mutex.destroy()
    }

    /// Runs `body` with the value, the lock held. Every access to the value goes through here.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&value.pointee)
    }
}
