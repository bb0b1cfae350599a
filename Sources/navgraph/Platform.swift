#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line's system calls, in one place: the only file of this module that imports the C library (Glibc on
/// Linux, Darwin on macOS) or branches on the platform, and the only one that holds a pointer. The calls are POSIX,
/// with the same names on both systems, and their types are converted with explicit initializers (`mode_t(…)`,
/// `tcflag_t(…)`), whose widths differ. Where a system differs, the branch is here and both branches declare the same
/// (`scripts/check-platform` checks that; docs/contributing.md says what else is reviewed, as no Mac builds this).
/// Names that a C function has are not given to functions here: inside `Platform` the function's own would hide it.
enum Platform {}

/// An `errno` value from a failed system call.
struct SystemError: Error, Equatable {
    let code: Int32

    /// The system's words for it (`No space left on device`).
    var reason: String { String(cString: strerror(code)) }

    /// The error of the call that just failed.
    fileprivate static var last: SystemError { SystemError(code: errno) }
}

// MARK: Writing and reading

extension Platform {
    /// Writes every byte of `text`, retrying on interruption and short writes, and waiting when the descriptor is
    /// non-blocking and full (a terminal or pipe another process set O_NONBLOCK on: dropping the rest would cut the
    /// output silently). The error when a write fails.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ text: String) -> SystemError? {
        var text = text
        return text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }

    /// The same for bytes.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> SystemError? {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Writes `text` from a signal handler: async-signal-safe (`write` and `poll` only, on constant bytes).
    static func writeFromSignalHandler(_ descriptor: Int32, _ text: StaticString) {
        _ = writeAll(descriptor, UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// One byte, one `write`, whatever it gives (a signal's number into a non-blocking pipe): async-signal-safe.
    static func writeByte(_ descriptor: Int32, _ byte: UInt8) {
        var byte = byte
        _ = write(descriptor, &byte, 1)
    }

    /// Async-signal-safe (`write` and `poll` only): the Ctrl-C handlers write through it. A function, not a stored
    /// reference to one: a global's lazy set-up is not async-signal-safe.
    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemError? {
        guard var pointer = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, pointer, remaining)
            if written < 0 {
                let error = errno
                if error == EINTR { continue }
                if error == EAGAIN || error == EWOULDBLOCK {
                    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    if poll(&waiting, 1, -1) >= 0 || errno == EINTR { continue }
                }
                return SystemError(code: error)
            }
            remaining -= written
            pointer += written
        }
        return nil
    }

    /// The next byte, after interruptions; `nil` at the end of the input, on an error, or (a terminal in raw mode)
    /// when none came in time.
    static func readByte(_ descriptor: Int32) -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// A file of no name (unlinked), read and written by descriptor: what the live view holds back from stderr.
    static func unlinkedTemporaryFile() -> Int32? {
        guard let file = tmpfile() else { return nil }
        let descriptor = dup(fileno(file))
        fclose(file)
        return descriptor >= 0 ? descriptor : nil
    }

    /// A file copied to a descriptor from a signal handler: `lseek`, `read` and `write` only, through a buffer
    /// allocated before any handler can run (allocating is not async-signal-safe).
    struct SignalSafeCopier {
        private static let size = 1 << 14
        private let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)

        /// Copies all of `file`, from its start, to `target`.
        func copyFromStart(of file: Int32, to target: Int32) {
            guard lseek(file, 0, SEEK_SET) == 0 else { return }
            while true {
                let count = read(file, buffer, Self.size)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                _ = writeAll(target, UnsafeRawBufferPointer(start: buffer, count: count))
            }
        }
    }
}

// MARK: Descriptors and files

extension Platform {
    /// Closes `descriptor`; whether it closed cleanly (a failed close can be the last write's failure, on some file
    /// systems). Not retried after EINTR: on Linux the descriptor is closed even then, and retrying could close another.
    @discardableResult
    static func closeDescriptor(_ descriptor: Int32) -> SystemError? {
        close(descriptor) == 0 ? nil : .last
    }

    /// Whether `descriptor` is open in this process.
    static func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// What a path or descriptor is, as `stat` says.
    struct FileStatus {
        enum Kind { case regular, directory, symbolicLink, pipe, socket, other }

        var kind: Kind
        /// The device and inode: the same pair is the same file.
        var identity: (device: UInt64, inode: UInt64)
        /// The permission bits (`0o644`), without the set-id bits.
        var permissions: UInt32

        fileprivate init(_ status: stat) {
            switch status.st_mode & S_IFMT {
            case S_IFREG: kind = .regular
            case S_IFDIR: kind = .directory
            case S_IFLNK: kind = .symbolicLink
            case S_IFIFO: kind = .pipe
            case S_IFSOCK: kind = .socket
            default: kind = .other
            }
            identity = (UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino))
            permissions = UInt32(status.st_mode & 0o777)
        }

        func isSameFile(as other: FileStatus) -> Bool { identity == other.identity }
    }

    /// What `path` names, a symlink followed (`nil` when it names nothing, or a symlink to nothing).
    static func status(ofPath path: String) -> FileStatus? {
        var status = stat()
        return stat(path, &status) == 0 ? FileStatus(status) : nil
    }

    /// What `path` is itself: a symlink is one.
    static func linkStatus(ofPath path: String) -> FileStatus? {
        var status = stat()
        return lstat(path, &status) == 0 ? FileStatus(status) : nil
    }

    /// What the open `descriptor` refers to.
    static func status(of descriptor: Int32) -> FileStatus? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? FileStatus(status) : nil
    }

    /// How `openForWriting` opens a file.
    enum Creation {
        /// Created (0644) when missing, emptied when it exists.
        case truncating
        /// A new file that must not exist yet, with these permissions.
        case exclusive(permissions: UInt32)
    }

    /// Opens `path` for writing, close-on-exec; the descriptor or the error.
    static func openForWriting(_ path: String, _ creation: Creation) -> Result<Int32, SystemError> {
        let descriptor =
            switch creation {
            case .truncating: open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            case .exclusive(let permissions):
                open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
            }
        return descriptor >= 0 ? .success(descriptor) : .failure(.last)
    }

    /// Sets the permission bits of the open file.
    static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) -> SystemError? {
        fchmod(descriptor, mode_t(permissions)) == 0 ? nil : .last
    }

    /// Renames `source` to `target`, atomically replacing what `target` named.
    static func renameFile(_ source: String, to target: String) -> SystemError? {
        rename(source, target) == 0 ? nil : .last
    }

    /// Removes the name `path` (a file left behind by a failed write).
    static func removeFile(_ path: String) { _ = unlink(path) }

    /// This process's id.
    static var processID: Int32 { getpid() }

    /// The file a symlink finally points to, the path made absolute.
    static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where a symlink points, as it says.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The value of environment variable `name`, if set.
    static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The program that opens a URL in the user's browser (`serve --open`).
    static var urlOpener: String {
        #if canImport(Darwin)
            "open"
        #else
            "xdg-open"
        #endif
    }
}

// MARK: Terminals

extension Platform {
    /// The controlling terminal, opened for reading keys and writing frames (`/dev/tty`, so a log can still arrive on
    /// stdin); `nil` when the process has none.
    static func openControllingTerminal() -> Int32? {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Rows and columns of the terminal on `descriptor`, or `nil` when it is not one (or says it has no size).
    static func terminalSize(_ descriptor: Int32) -> (rows: Int, columns: Int)? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
            return nil
        }
        return (Int(window.ws_row), Int(window.ws_col))
    }

    /// A terminal's settings (`termios`), as read from it, changed as a full-screen command needs.
    struct TerminalSettings {
        fileprivate var settings: termios

        /// The settings of the terminal on `descriptor`; `nil` when it is not one.
        init?(of descriptor: Int32) {
            var settings = termios()
            guard tcgetattr(descriptor, &settings) == 0 else { return nil }
            self.settings = settings
        }

        /// Raw input: keys come one at a time, unechoed, Ctrl-S/Ctrl-Q and Ctrl-V not taken by the terminal, Enter as
        /// `\r`. A read returns after 100 ms without a byte: an escape sequence's bytes come together, a lone Escape
        /// key comes alone.
        var raw: TerminalSettings {
            var raw = self
            raw.settings.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
            raw.settings.c_iflag &= ~tcflag_t(IXON | ICRNL)
            withUnsafeMutableBytes(of: &raw.settings.c_cc) { bytes in
                bytes[Int(VMIN)] = 0
                bytes[Int(VTIME)] = 1
            }
            return raw
        }

        /// Control characters typed are not echoed (`^C`); typed text still is.
        var withoutControlEcho: TerminalSettings {
            var quiet = self
            quiet.settings.c_lflag &= ~tcflag_t(ECHOCTL)
            return quiet
        }

        /// Sets them on the terminal on `descriptor`: at once, or (`discardingTypedInput`) once the output is written,
        /// dropping what was typed and not read yet. Whether it took them.
        @discardableResult
        func apply(to descriptor: Int32, discardingTypedInput: Bool) -> Bool {
            var settings = settings
            return tcsetattr(descriptor, discardingTypedInput ? TCSAFLUSH : TCSANOW, &settings) == 0
        }
    }

    /// Terminal settings kept for a signal handler to put back: `restore` is async-signal-safe (`tcsetattr` alone).
    /// On the heap, allocated once: a C struct copied into a Swift global trips AddressSanitizer's size check.
    struct HeldTerminalSettings {
        private let storage = UnsafeMutablePointer<termios>.allocate(capacity: 1)

        func hold(_ settings: TerminalSettings) { storage.initialize(to: settings.settings) }

        func restore(on descriptor: Int32, discardingTypedInput: Bool) {
            tcsetattr(descriptor, discardingTypedInput ? TCSAFLUSH : TCSANOW, storage)
        }
    }

    /// What waiting on a descriptor found.
    struct Readiness {
        /// There is something to read.
        var readable: Bool
        /// Anything happened (readable, hung up, failed).
        var woke: Bool
        /// The other end hung up, or the descriptor failed: reading will not wait.
        var hungUp: Bool
    }

    /// Waits, as long as it takes, until one of `descriptors` can be read or hangs up (after interruptions);
    /// what each found, or `nil` when waiting failed.
    static func waitUntilReadable(_ descriptors: [Int32]) -> [Readiness]? {
        var waiting = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while poll(&waiting, nfds_t(waiting.count), -1) < 0 {
            if errno != EINTR { return nil }
        }
        return waiting.map { entry in
            Readiness(
                readable: entry.revents & Int16(POLLIN) != 0, woke: entry.revents != 0,
                hungUp: entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0)
        }
    }
}

// MARK: Signals and the process

extension Platform {
    /// A C signal handler: no captures, and only async-signal-safe calls inside.
    typealias SignalHandler = @convention(c) (Int32) -> Void

    /// What a handler counts in (`sig_atomic_t`: read and written whole, even by a handler).
    typealias SignalCounter = sig_atomic_t

    /// The signals the long-running commands take, by what they mean here.
    enum Signal {
        /// Ctrl-C.
        static let interrupt = SIGINT
        static let terminate = SIGTERM
        /// The terminal went away.
        static let hangUp = SIGHUP
        /// Ctrl-\.
        static let quit = SIGQUIT
        /// The terminal was resized.
        static let resize = SIGWINCH
        /// Ctrl-Z.
        static let terminalStop = SIGTSTP
    }

    /// Installs `handler` for signal `number` (`nil`: the default action).
    static func setSignalHandler(_ number: Int32, _ handler: SignalHandler?) {
        _ = signal(number, handler ?? SIG_DFL)
    }

    /// Long-running commands must be stoppable and must notice resizes whatever signal mask their parent handed down
    /// (a thread of a test runner, a tmux server started by one, may block nearly everything).
    static func unblockInteractiveSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// A pipe for signal handlers to write to, its write end non-blocking (a burst of resizes fills it at worst: a
    /// handler's write must never block); `nil` when no descriptors are left.
    static func makeSignalPipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    /// Stops the process as Ctrl-Z would have (`SIGSTOP`, which cannot be caught); returns once it continues (`fg`).
    static func stopProcess() {
        kill(getpid(), SIGSTOP)
    }

    /// Ends the process at once, with no clean-up (`_exit`): async-signal-safe.
    static func exitAtOnce(_ status: Int32) -> Never {
        _exit(status)
    }
}
