import Foundation
import NavGraphCore

/// Reads a file or stdin in large chunks and hands out lines as `ByteLine`s, without building a `String`
/// per line. Memory is one chunk plus the longest line (capped at `maxLineLength`).
public final class LineSource {
    /// What a reader is told about the line it gets.
    public struct LineInfo: Sendable {
        /// 1-based line number.
        public var number: Int
        /// The line was longer than `maxLineLength`; only its start is passed on.
        public var truncated: Bool
        /// When the line was written, where the channel it came through says so apart from the line's text (a
        /// unified log entry's `timestamp`, seconds since 1970): readers take it where a line has no console time of
        /// its own. Never set by `LineSource`.
        public var time: Double? = nil
    }

    /// A pause in the input, as `forEachLine` reports it to `onIdle`.
    public enum Pause: Sendable, Equatable {
        /// Everything written so far has been passed on (possibly but a line in pieces).
        case caughtUp
        /// And nothing more has arrived for `quietPeriod`.
        case quiet
    }

    /// Why a followed file is read again from its start, as `forEachLine` reports it to `onRestart`.
    public enum Restart: Sendable, Equatable {
        /// It became shorter than what was read, or what was read changed (`> file` again, as re-running an app
        /// does).
        case truncated
        /// Its path now names another file (moved aside and created anew, as log rotation does).
        case replaced
        /// Its path names no file any more (deleted, or moved aside and not yet created anew). Not a restart yet:
        /// reported once, and what was read still stands; reading waits, and starts over (`replaced`) when a file
        /// is there again.
        case removed
    }

    /// How long the input must stay silent after catching up to count as quiet: long enough that a console writing
    /// a dump a line at a time is not taken as done after each line, short enough that the view feels live.
    public static let quietPeriod: Double = 0.15

    /// How the input is named in diagnostics (`-` reads as `<stdin>`).
    public let name: String
    public let maxLineLength: Int
    @exclusivity(unchecked) private var descriptor: Int32
    private let ownsDescriptor: Bool
    /// The path opened, to notice when it names another file while following.
    @exclusivity(unchecked) private var path: String?
    private let chunkSize: Int
    /// Bytes to read instead of a descriptor (fuzzing, tests).
    private let memory: [UInt8]?
    /// The read-ahead of the `forEachLine` running now, for `interrupt()` from another thread.
    @exclusivity(unchecked) private var runningReadAhead: ChunkReadAhead?
    /// Guards `runningReadAhead` (set and cleared by the reading thread, read by `interrupt()`). An `NSLock`, not
    /// `Synchronization.Mutex`, which needs macOS 15; it is taken twice a read, not per line.
    private let readAheadLock = NSLock()

    /// The name standard input goes by in messages (`<stdin>: error: …`).
    public static let standardInputName = "<stdin>"

    /// Opens `path`, or standard input for `nil` or `-`.
    public convenience init(path: String?, maxLineLength: Int = 1 << 22) throws(InputError) {
        guard let path, path != "-" else {
            self.init(
                descriptor: STDIN_FILENO, name: Self.standardInputName, ownsDescriptor: false,
                maxLineLength: maxLineLength)
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
        self.path = path
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
    /// `body` returns `false` to stop early. The line is only valid during the call.
    ///
    /// - Parameters:
    ///   - follow: at the end of a regular file, wait for it to grow (like `tail -f`) instead of stopping; a pipe
    ///     is read until its writer closes it either way. A line is only passed on once its `\n` arrived.
    ///   - onIdle: called with `.caughtUp` whenever all input available so far has been passed on, then with `.quiet`
    ///     once nothing more arrived for `quietPeriod`; returns `false` to stop. Where the pauses fall never changes
    ///     which lines are passed on.
    ///   - onRestart: following, the file was truncated or replaced (like `tail -F`): called before its lines are
    ///     passed on again from line 1; or its path names no file any more (`removed`, once until a file is there
    ///     again). Without it a truncated file is read on from where reading was.
    ///   - readAhead: read the next chunks and find their line ends on another thread (`ChunkReadAhead`) while
    ///     `body` works through the lines of this one. Only where nothing waits on pauses: not when following or with
    ///     `onIdle`, and not for bytes in memory. After an early stop (`body` returns `false`), that thread may still
    ///     wait in a read of a pipe until its writer writes or closes it; the descriptor stays open until then.
    ///   - onWait: reading ahead, called before waiting for a chunk that is not read yet (a pipe whose writer is
    ///     silent): a consumer that holds lines' results back to hand them on in batches hands them on now.
    public func forEachLine(
        follow: Bool = false, onIdle: ((Pause) throws -> Bool)? = nil,
        onRestart: ((Restart) throws -> Void)? = nil, readAhead readsAhead: Bool = false,
        onWait: (() throws -> Void)? = nil,
        _ body: (ByteLine, LineInfo) throws -> Bool
    ) throws {
        try withoutActuallyEscaping(body) { body in
            var handler = LineClosures(onLine: body, onIdle: onIdle, onRestart: onRestart, onWait: onWait)
            try forEachLine(follow: follow, readAhead: readsAhead, &handler)
        }
    }

    /// `forEachLine` with one value that takes the lines, pauses, restarts and waits (`LineHandling`), as the
    /// closures do above.
    public func forEachLine<Handler: LineHandling>(
        follow: Bool = false, readAhead readsAhead: Bool = false, _ handler: inout Handler
    ) throws {
        var info = stat()
        let isRegularFile = memory != nil || (fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
        var memoryOffset = 0
        let readAhead =
            readsAhead && !follow && !handler.watchesPauses && memory == nil
            ? ChunkReadAhead(descriptor: descriptor, chunkSize: min(chunkSize, Int(Int32.max)), owner: self) : nil
        if let readAhead { readAheadLock.withLock { runningReadAhead = readAhead } }
        defer { if readAhead != nil { readAheadLock.withLock { runningReadAhead = nil } } }
        // The chunk read into here, or the read-ahead's chunk whose lines are being passed on.
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: readAhead == nil ? chunkSize : 0)
        defer { buffer.deallocate() }
        var chunk = buffer
        var readChunk: ChunkReadAhead.Chunk?
        defer {
            if let readChunk { readAhead?.recycle(readChunk) }
            readAhead?.cancel()
        }
        /// The current chunk's line ends, when the read-ahead listed them (`endsListed`).
        var lineEnds: [Int32] = []
        var endsListed = false
        var progress = Progress()

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
            } else if let readAhead {
                if let done = readChunk {
                    // Its line ends let go first, so the read-ahead thread refills the list in place.
                    lineEnds = []
                    readChunk = nil
                    readAhead.recycle(done)
                }
                if handler.watchesWaits, !readAhead.isReady { try handler.wait() }
                switch readAhead.next() {
                case .chunk(let next):
                    readChunk = next
                    chunk = next.bytes
                    endsListed = next.lineEnds != nil
                    lineEnds = next.lineEnds ?? []
                    count = next.count
                case .end:
                    count = 0
                case .failed(let code):
                    throw InputError.readFailed(path: name, reason: String(cString: strerror(code)))
                case .cancelled:
                    return  // `interrupt()`: what is left unread (a line in pieces too) is not passed on
                }
            } else {
                count = read(descriptor, chunk.baseAddress, chunkSize)
            }
            if count < 0 {
                if errno == EINTR { continue }
                if Self.wouldBlock(errno) {
                    Self.waitForInput(descriptor)
                    continue
                }
                throw InputError.readFailed(path: name, reason: String(cString: strerror(errno)))
            }
            if count == 0 {
                guard follow && isRegularFile else { break }
                guard try waitAtEnd(&progress, &handler) else { return }
                continue
            }
            if follow && memory == nil { progress.noteRead(UnsafeBufferPointer(rebasing: chunk[0..<count])) }
            progress.caughtUpAt = nil
            progress.quietReported = false
            guard
                try passLines(of: chunk, count: count, listedEnds: endsListed ? lineEnds : nil, &progress, &handler)
            else { return }
            // Caught up with a pipe or terminal: nothing more to read right now. Quiet if that lasts.
            if handler.watchesPauses, !isRegularFile, !Self.hasInput(descriptor) {
                if try !handler.idle(.caughtUp) { return }
                if !Self.hasInput(descriptor, waiting: Self.quietPeriod), try !handler.idle(.quiet) { return }
            }
        }
        if !progress.carry.isEmpty || progress.carryTruncated {
            progress.lineNumber += 1
            let info = LineInfo(number: progress.lineNumber, truncated: progress.carryTruncated)
            _ = try progress.carry.withUnsafeBufferPointer { try handler.line(ByteLine($0), info) }
        }
    }

    /// What one `forEachLine` keeps from chunk to chunk.
    private struct Progress {
        var lineNumber = 0
        /// A line that spans chunks is gathered here; a line past the cap keeps only its start.
        var carry: [UInt8] = []
        var carryTruncated = false
        /// Following: bytes read from the descriptor, and the last of them: if those change, the file was written
        /// anew.
        var offset = 0
        var lastBytes: [UInt8] = []
        /// Following: when reading caught up with the file's end (`nil` since it grew), and whether it was reported
        /// quiet since.
        var caughtUpAt: Double?
        var quietReported = false
        /// The path named no file at the last look, and `onRestart` was told.
        var removalReported = false

        /// Following: `bytes` were read.
        mutating func noteRead(_ bytes: UnsafeBufferPointer<UInt8>) {
            offset += bytes.count
            lastBytes.append(contentsOf: bytes[max(0, bytes.count - LineSource.comparedBytes)...])
            if lastBytes.count > LineSource.comparedBytes {
                lastBytes.removeFirst(lastBytes.count - LineSource.comparedBytes)
            }
        }
    }

    /// Passes on the lines of the first `count` bytes of `chunk` that end in it (the first one completing `carry`),
    /// and keeps the start of the last one if it goes on in the next chunk; `listedEnds`: the line ends the
    /// read-ahead thread found, if it did. Whether `body` wants more. The loop every byte of the input goes through:
    /// kept in `forEachLine` (inlined), only apart to read.
    @inline(__always)
    private func passLines<Handler: LineHandling>(
        of chunk: UnsafeMutableBufferPointer<UInt8>, count: Int, listedEnds: [Int32]?, _ progress: inout Progress,
        _ handler: inout Handler
    ) throws -> Bool {
        var start = 0
        var nextEnd = 0
        /// Where the line from `start` ends: found by the read-ahead thread, or here.
        func lineEnd() -> Int? {
            if let listedEnds {
                guard nextEnd < listedEnds.count else { return nil }
                nextEnd += 1
                return Int(listedEnds[nextEnd - 1])
            }
            // memchr finds each line's end many bytes at a time (a byte loop costs far more).
            guard start < count, let found = memchr(chunk.baseAddress! + start, 0x0A, count - start) else {
                return nil
            }
            return chunk.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        while let index = lineEnd() {
            progress.lineNumber += 1
            let keepGoing: Bool
            if progress.carry.isEmpty && !progress.carryTruncated {
                let length = min(index - start, maxLineLength)
                keepGoing = try handler.line(
                    ByteLine(UnsafeBufferPointer(rebasing: chunk[start..<(start + length)])),
                    LineInfo(number: progress.lineNumber, truncated: index - start > maxLineLength))
            } else {
                let truncated = append(chunk[start..<index], to: &progress.carry) || progress.carryTruncated
                let info = LineInfo(number: progress.lineNumber, truncated: truncated)
                keepGoing = try progress.carry.withUnsafeBufferPointer { try handler.line(ByteLine($0), info) }
                progress.carry.removeAll(keepingCapacity: progress.carry.count <= 1 << 16)
                progress.carryTruncated = false
            }
            if !keepGoing { return false }
            start = index + 1
        }
        if start < count {
            progress.carryTruncated = append(chunk[start..<count], to: &progress.carry) || progress.carryTruncated
        }
        return true
    }

    /// At the end of a followed regular file: reports it caught up, then quiet once it has not grown for the quiet
    /// period, waits a little, and starts over if the file was truncated or replaced. Whether to go on.
    private func waitAtEnd<Handler: LineHandling>(_ progress: inout Progress, _ handler: inout Handler) throws -> Bool {
        if let since = progress.caughtUpAt {
            if !progress.quietReported && Self.now() - since >= Self.quietPeriod {
                progress.quietReported = true
                if handler.watchesPauses, try !handler.idle(.quiet) { return false }
            }
        } else {
            progress.caughtUpAt = Self.now()
            if handler.watchesPauses, try !handler.idle(.caughtUp) { return false }
        }
        usleep(progress.quietReported ? 200_000 : 50_000)
        let restart =
            handler.watchesRestarts ? restartNeeded(offset: progress.offset, lastBytes: progress.lastBytes) : nil
        if restart == .removed {
            if !progress.removalReported { try handler.restart(.removed) }
            progress.removalReported = true
            return true
        }
        progress.removalReported = false
        if let restart {
            if restart == .replaced {
                // Not there yet (moved aside, not yet created anew): look again after the next pause.
                let reopened = path.map { open($0, O_RDONLY) } ?? -1
                guard reopened >= 0 else { return true }
                close(descriptor)
                descriptor = reopened
            } else {
                lseek(descriptor, 0, SEEK_SET)
            }
            progress = Progress()
            try handler.restart(restart)
        }
        return true
    }

    /// Stops a `forEachLine(readAhead: true)` running on another thread: it returns at once if it waits for input
    /// (a pipe whose writer is still running but silent), else before its next chunk, without passing on what is left.
    /// A consumer that has what it needs (`tree --at 5` reading an app's output) need not wait for the app to print
    /// again. Nothing without read-ahead is interrupted.
    public func interrupt() {
        readAheadLock.withLock { runningReadAhead?.cancel() }
    }

    /// How many of the last bytes read are compared with the file to notice it was written anew though no shorter.
    fileprivate static let comparedBytes = 64

    /// Whether the followed file is no longer what was read: its path names another file (only if this one opened
    /// it), it is shorter than what was read, or the last bytes read are no longer there (truncated and written
    /// again past that length between two looks).
    private func restartNeeded(offset: Int, lastBytes: [UInt8]) -> Restart? {
        var open = stat()
        guard fstat(descriptor, &open) == 0 else { return nil }
        if ownsDescriptor, let path {
            var named = stat()
            if stat(path, &named) != 0 {
                if errno == ENOENT { return .removed }
            } else if named.st_ino != open.st_ino || named.st_dev != open.st_dev {
                return .replaced
            }
        }
        if Int(open.st_size) < offset { return .truncated }
        guard !lastBytes.isEmpty else { return nil }
        var now = [UInt8](repeating: 0, count: lastBytes.count)
        let count = now.withUnsafeMutableBytes {
            pread(descriptor, $0.baseAddress, $0.count, off_t(offset - lastBytes.count))
        }
        return count == lastBytes.count && now != lastBytes ? .truncated : nil
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

    /// A read of a descriptor left non-blocking (by whatever shares the terminal or pipe) has nothing yet: not an
    /// error, the input is only silent for now.
    static func wouldBlock(_ error: Int32) -> Bool {
        error == EAGAIN || error == EWOULDBLOCK
    }

    /// Waits until `descriptor` can be read (or is at its end), as a blocking read would.
    static func waitForInput(_ descriptor: Int32) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&request, 1, -1) < 0 && errno == EINTR {}
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

/// What `LineSource.forEachLine` hands the lines of its input to, and tells of pauses, restarts and waits: one value,
/// changed in place. What a reader keeps from line to line then lives in it, and Swift checks its uses for exclusive
/// access when it compiles them; state shared by several closures (one per callback) is boxed, and each of its uses
/// was checked at run time, at every line (`swift_beginAccess`: 1–3% of reading, callgrind).
public protocol LineHandling {
    /// Whether pauses are told (`idle`); reading ahead is only done when they are not.
    var watchesPauses: Bool { get }
    /// Whether a followed file read again from its start, or gone, is told (`restart`); when not, a truncated file
    /// is read on from where reading was.
    var watchesRestarts: Bool { get }
    /// Whether waits for a chunk not read yet are told (`wait`), when reading ahead.
    var watchesWaits: Bool { get }
    /// A line, without its `\n` (only valid during the call); `false` stops reading.
    mutating func line(_ line: ByteLine, _ info: LineSource.LineInfo) throws -> Bool
    /// A pause (see `forEachLine`'s `onIdle`); `false` stops reading.
    mutating func idle(_ pause: LineSource.Pause) throws -> Bool
    /// A followed file is read again from its start, or is gone (see `forEachLine`'s `onRestart`).
    mutating func restart(_ why: LineSource.Restart) throws
    /// Reading ahead waits for a chunk not read yet (see `forEachLine`'s `onWait`).
    mutating func wait() throws
}

/// `forEachLine`'s closures as a `LineHandling`.
private struct LineClosures: LineHandling {
    let onLine: (ByteLine, LineSource.LineInfo) throws -> Bool
    let onIdle: ((LineSource.Pause) throws -> Bool)?
    let onRestart: ((LineSource.Restart) throws -> Void)?
    let onWait: (() throws -> Void)?

    var watchesPauses: Bool { onIdle != nil }
    var watchesRestarts: Bool { onRestart != nil }
    var watchesWaits: Bool { onWait != nil }

    func line(_ line: ByteLine, _ info: LineSource.LineInfo) throws -> Bool { try onLine(line, info) }
    func idle(_ pause: LineSource.Pause) throws -> Bool { try onIdle?(pause) ?? true }
    func restart(_ why: LineSource.Restart) throws { try onRestart?(why) }
    func wait() throws { try onWait?() }
}
