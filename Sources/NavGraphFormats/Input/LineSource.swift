import NavGraphCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file or stdin in large chunks and hands out lines as byte buffers, without building a `String`
/// per line. Memory is one chunk plus the longest line (capped at `maxLineLength`).
public final class LineSource {
    /// What a reader is told about the line it gets.
    public struct LineInfo: Sendable {
        /// 1-based line number.
        public var number: Int
        /// The line was longer than `maxLineLength`; only its start is passed on.
        public var truncated: Bool
    }

    /// A pause in the input, as `forEachLine` reports it to `onIdle`.
    public enum Pause: Sendable, Equatable {
        /// Everything written so far has been passed on (possibly but a line in pieces).
        case caughtUp
        /// And nothing more has arrived for `quietPeriod`.
        case quiet
    }

    /// How long the input must stay silent after catching up to count as quiet: long enough that a console writing
    /// a dump a line at a time is not taken as done after each line, short enough that the view feels live.
    public static let quietPeriod: Double = 0.15

    /// How the input is named in diagnostics (`-` reads as `<stdin>`).
    public let name: String
    public let maxLineLength: Int
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let chunkSize: Int
    /// Bytes to read instead of a descriptor (fuzzing, tests).
    private let memory: [UInt8]?

    /// Opens `path`, or standard input for `nil` or `-`.
    public convenience init(path: String?, maxLineLength: Int = 1 << 22) throws(InputError) {
        guard let path, path != "-" else {
            self.init(descriptor: STDIN_FILENO, name: "<stdin>", ownsDescriptor: false, maxLineLength: maxLineLength)
            return
        }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw InputError.cannotOpen(path: path, reason: "is a directory")
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw InputError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        self.init(descriptor: descriptor, name: path, ownsDescriptor: true, maxLineLength: maxLineLength)
    }

    public init(
        descriptor: Int32, name: String, ownsDescriptor: Bool, maxLineLength: Int = 1 << 22, chunkSize: Int = 1 << 20
    ) {
        self.descriptor = descriptor
        self.name = name
        self.ownsDescriptor = ownsDescriptor
        self.maxLineLength = max(1, maxLineLength)
        self.chunkSize = max(1, chunkSize)
        self.memory = nil
    }

    /// Reads `bytes` from memory, in chunks as a file would be read.
    public init(bytes: [UInt8], name: String, maxLineLength: Int = 1 << 22, chunkSize: Int = 1 << 20) {
        self.descriptor = -1
        self.name = name
        self.ownsDescriptor = false
        self.maxLineLength = max(1, maxLineLength)
        self.chunkSize = max(1, chunkSize)
        self.memory = bytes
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Calls `body` with each line (without its `\n`; a `\r` before it is kept for the reader to judge).
    /// `body` returns `false` to stop early. The buffer is only valid during the call.
    ///
    /// - Parameters:
    ///   - follow: at the end of a regular file, wait for it to grow (like `tail -f`) instead of stopping; a pipe
    ///     is read until its writer closes it either way. A line is only passed on once its `\n` arrived.
    ///   - onIdle: called with `.caughtUp` whenever all input available so far has been passed on, then with `.quiet`
    ///     once nothing more arrived for `quietPeriod`; returns `false` to stop. Where the pauses fall never changes
    ///     which lines are passed on.
    public func forEachLine(
        follow: Bool = false, onIdle: ((Pause) throws -> Bool)? = nil,
        _ body: (UnsafeBufferPointer<UInt8>, LineInfo) throws -> Bool
    ) throws {
        var info = stat()
        let isRegularFile = memory != nil || (fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
        var caughtUpAt: Double?
        var quietReported = false
        var memoryOffset = 0
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        // A line that spans chunks is gathered here; a line past the cap keeps only its start.
        var carry: [UInt8] = []
        var carryTruncated = false
        var lineNumber = 0

        while true {
            let count: Int
            if let memory {
                count = min(chunkSize, memory.count - memoryOffset)
                if count > 0 {
                    _ = UnsafeMutableBufferPointer(rebasing: chunk[0..<count]).initialize(
                        from: memory[memoryOffset..<(memoryOffset + count)])
                    memoryOffset += count
                }
                if count == 0 { break }
            } else {
                count = read(descriptor, chunk.baseAddress, chunkSize)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError.readFailed(path: name, reason: String(cString: strerror(errno)))
            }
            if count == 0 {
                guard follow && isRegularFile else { break }
                // At the end of a growing file: caught up now, quiet once it has not grown for the quiet period.
                if let since = caughtUpAt {
                    if !quietReported && Self.now() - since >= Self.quietPeriod {
                        quietReported = true
                        if let onIdle, try !onIdle(.quiet) { return }
                    }
                } else {
                    caughtUpAt = Self.now()
                    if let onIdle, try !onIdle(.caughtUp) { return }
                }
                usleep(quietReported ? 200_000 : 50_000)
                continue
            }
            caughtUpAt = nil
            quietReported = false
            var start = 0
            // memchr finds each line's end many bytes at a time; a byte loop here was a tenth of reading a log.
            while start < count, let found = memchr(chunk.baseAddress! + start, 0x0A, count - start) {
                let index = chunk.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                lineNumber += 1
                let keepGoing: Bool
                if carry.isEmpty && !carryTruncated {
                    let length = min(index - start, maxLineLength)
                    keepGoing = try body(
                        UnsafeBufferPointer(rebasing: chunk[start..<(start + length)]),
                        LineInfo(number: lineNumber, truncated: index - start > maxLineLength))
                } else {
                    let truncated = append(chunk[start..<index], to: &carry) || carryTruncated
                    keepGoing = try carry.withUnsafeBufferPointer {
                        try body($0, LineInfo(number: lineNumber, truncated: truncated))
                    }
                    carry.removeAll(keepingCapacity: carry.count <= 1 << 16)
                    carryTruncated = false
                }
                if !keepGoing { return }
                start = index + 1
            }
            if start < count {
                carryTruncated = append(chunk[start..<count], to: &carry) || carryTruncated
            }
            // Caught up with a pipe or terminal: nothing more to read right now. Quiet if that lasts.
            if let onIdle, !isRegularFile, !Self.hasInput(descriptor) {
                if try !onIdle(.caughtUp) { return }
                if !Self.hasInput(descriptor, waiting: Self.quietPeriod), try !onIdle(.quiet) { return }
            }
        }
        if !carry.isEmpty || carryTruncated {
            lineNumber += 1
            _ = try carry.withUnsafeBufferPointer {
                try body($0, LineInfo(number: lineNumber, truncated: carryTruncated))
            }
        }
    }

    /// Whether a read would return data (or end of file) without waiting, or within `waiting` seconds.
    private static func hasInput(_ descriptor: Int32, waiting: Double = 0) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&request, 1, Int32(waiting * 1000))
            // A signal (a terminal resize) cuts the wait short; waiting again from the start only makes it longer.
            if result < 0 && errno == EINTR { continue }
            return result > 0
        }
    }

    /// Monotonic seconds.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Appends up to the cap; returns whether bytes were dropped.
    private func append(_ bytes: Slice<UnsafeMutableBufferPointer<UInt8>>, to carry: inout [UInt8]) -> Bool {
        let room = maxLineLength - carry.count
        if room <= 0 { return !bytes.isEmpty }
        if bytes.count <= room {
            carry.append(contentsOf: bytes)
            return false
        }
        carry.append(contentsOf: bytes.prefix(room))
        return true
    }
}
