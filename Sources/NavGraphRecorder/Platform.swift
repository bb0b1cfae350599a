// C's `stdout` is a global `var` to Swift; it is set before `main` and never changes, and `fflush`/`setvbuf` take the
// FILE's own lock, so using it from any thread is safe.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// The recorder's system calls, in one place: the only file of the module that imports the C library, Glibc or Darwin
/// (the calls it makes are POSIX, the same on both; `scripts/check-platform` keeps any branch here and only here).
/// Every call retries after `EINTR` (a signal the app handles must not break the console capture's copy) and reports
/// failure by its result, never by trapping: the recorder must not crash the app it observes.
enum Platform {
    /// The system's words for an `errno` value (`No such file or directory`).
    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Opens `path` for appending, creating it (0644) when missing; close-on-exec, so a process the app spawns does
    /// not hold the file. Returns the descriptor, or `errno`.
    static func openForAppending(_ path: String) -> Result<Int32, SystemError> {
        while true {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return .success(descriptor) }
            if errno != EINTR { return .failure(SystemError(code: errno)) }
        }
    }

    /// A pipe whose two ends are close-on-exec: a process the app spawns inherits the redirected standard output
    /// (fd 1, which `dup2` makes inheritable) but not these. Not atomic (Darwin has no `pipe2`, and Glibc declares it
    /// only for `_GNU_SOURCE`): a process spawned by another thread in between may inherit an end, which is harmless,
    /// as the capture never waits for the pipe's end of file.
    static func makePipe() -> Result<(read: Int32, write: Int32), SystemError> {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .failure(SystemError(code: errno)) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return .success((ends[0], ends[1]))
    }

    /// A new descriptor for what `descriptor` refers to, close-on-exec (the capture keeps the original destination of
    /// fd 1 and fd 2 this way while it redirects them).
    static func duplicate(_ descriptor: Int32) -> Result<Int32, SystemError> {
        while true {
            let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
            if copy >= 0 { return .success(copy) }
            if errno != EINTR { return .failure(SystemError(code: errno)) }
        }
    }

    /// Makes `target` (1 or 2) refer to what `source` refers to. Returns the error when it could not.
    @discardableResult
    static func redirect(_ target: Int32, to source: Int32) -> SystemError? {
        while true {
            if dup2(source, target) >= 0 { return nil }
            if errno != EINTR { return SystemError(code: errno) }
        }
    }

    /// Reads on `descriptor` return at once, with `EAGAIN` when there is nothing to read.
    @discardableResult
    static func setNonBlocking(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) >= 0
    }

    static func closeDescriptor(_ descriptor: Int32) {
        // Not retried after EINTR: on Linux the descriptor is closed even then, and retrying could close another.
        _ = close(descriptor)
    }

    /// Writes every byte, after interruptions and short writes. Returns the error that stopped it otherwise (a full
    /// disk, a closed console), having written what it could; `nil` when all was written.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemError? {
        guard var next = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return SystemError(code: errno)
            }
            next += written
            remaining -= written
        }
        return nil
    }

    /// One byte on a non-blocking pipe, to wake the thread that polls it; when the pipe is full it is awake already.
    static func wake(_ descriptor: Int32) {
        var byte: UInt8 = 1
        while write(descriptor, &byte, 1) < 0, errno == EINTR {}
    }

    /// What a read of a non-blocking descriptor gave.
    enum ReadResult {
        /// This many bytes, at the start of the buffer.
        case bytes(Int)
        /// Nothing now (`EAGAIN`).
        case nothingYet
        /// End of file: every writer closed its end; or an error, which ends the copy the same way.
        case end
    }

    static func readAvailable(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .nothingYet : .end
        }
    }

    /// Reads a non-blocking descriptor until it is empty, keeping nothing (the bytes that woke a thread).
    static func drain(_ descriptor: Int32, using buffer: UnsafeMutableRawBufferPointer) {
        while case .bytes = readAvailable(descriptor, into: buffer) {}
    }

    /// Waits until one of `descriptors` can be read (or its writers are gone); returns, for each, whether it can.
    /// A negative descriptor is ignored (`poll` skips it).
    static func waitUntilReadable(_ descriptors: [Int32]) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while poll(&entries, nfds_t(entries.count), -1) < 0 {
            if errno != EINTR { return descriptors.map { $0 >= 0 } }
        }
        return entries.map { $0.revents != 0 }
    }

    /// Hands what C's `stdout` holds to fd 1 (`print`, `printf` and `fputs` write through it).
    static func flushStandardOutput() {
        fflush(stdout)
    }

    /// C's `stdout` writes at each end of line. On a terminal it already does; on the capture's pipe it would
    /// otherwise hold `print`'s lines in a 4 KiB buffer until it filled (or the app exited), so the file and the
    /// console would lag, and lines written with `FileHandle` (fd 1 directly) would overtake them.
    static func lineBufferStandardOutput() {
        _ = setvbuf(stdout, nil, _IOLBF, 0)
    }

    /// Runs `handler` when the process calls `exit` (or returns from `main`), before C flushes its streams.
    static func runAtExit(_ handler: @convention(c) () -> Void) {
        _ = atexit(handler)
    }

    /// Writes whole lines to C's `stdout` with it locked, as `print` writes, then flushes it: the recorder's lines
    /// and the app's `print`s never split each other.
    static func writeStandardOutputLocked(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let stream = stdout
        flockfile(stream)
        fwrite(base, 1, bytes.count, stream)
        fflush(stream)
        funlockfile(stream)
    }

    /// The wall-clock time (`CLOCK_REALTIME`): seconds since 1970 and nanoseconds.
    static func wallClock() -> (seconds: Int, nanoseconds: Int) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return (Int(spec.tv_sec), Int(spec.tv_nsec))
    }

    /// A pthread mutex, at an address of its own (a mutex must not move once used): `LockedState`'s lock. Not
    /// `Synchronization.Mutex` nor `NSLock`: `LockedState` says why.
    struct Mutex {
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>

        init() {
            mutex = .allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
        }

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }

        /// Frees it; it must not be used again.
        func destroy() {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }
    }
}

/// An `errno` value from a failed system call.
struct SystemError: Error {
    var code: Int32
    var message: String { Platform.describe(code) }
}
