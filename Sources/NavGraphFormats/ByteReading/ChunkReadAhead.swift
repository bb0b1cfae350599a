import Foundation

/// Reads a descriptor on a thread of its own, a chunk ahead of the one being split into lines: the kernel's copy
/// into the chunk and the search for each line's end (`memchr`) are taken off the reading thread, which sets the wall
/// time. Each chunk comes with the offsets of its
/// line ends, found here. At most `chunkCount` chunks exist; memory is theirs and their offset lists.
final class ChunkReadAhead: @unchecked Sendable {
    /// A chunk read: `count` bytes from `bytes`, with the offset of each `\n` in it, in order — or, in a chunk of
    /// lines shorter than `shortestLinesListed` bytes on average, `nil`: the reader finds their ends itself.
    struct Chunk {
        var bytes: UnsafeMutableBufferPointer<UInt8>
        var count = 0
        var lineEnds: [Int32]? = []
    }

    /// Below this average line length a chunk's line ends are not listed: a file of empty lines listed four bytes
    /// per byte read (16 MB for three chunks), and handing them over cost more than finding them.
    static let shortestLinesListed = 8

    /// What `next()` gives: a chunk, the end of the input, a failed read (`errno`), or that reading was cancelled.
    enum Next {
        case chunk(Chunk)
        case end
        case failed(Int32)
        case cancelled
    }

    static let chunkCount = 3

    private let descriptor: Int32
    private let condition = NSCondition()
    // Guarded by `condition`.
    @exclusivity(unchecked) private var filled: [Chunk] = []
    @exclusivity(unchecked) private var empty: [Chunk] = []
    @exclusivity(unchecked) private var ending: Next?
    @exclusivity(unchecked) private var cancelled = false

    /// Starts reading `descriptor` in chunks of `chunkSize` bytes (at most `Int32.max`). `owner` is kept alive
    /// (with the descriptor it owns) until the thread has stopped reading: a read may still be waiting on a pipe after
    /// the consumer stopped.
    init(descriptor: Int32, chunkSize: Int, owner: AnyObject) {
        self.descriptor = descriptor
        for _ in 0..<Self.chunkCount {
            let chunk = Chunk(bytes: .allocate(capacity: chunkSize))
            empty.append(chunk)
        }
        // Only kept, never used, on the reading thread.
        nonisolated(unsafe) let owner = owner
        let thread = Thread { [self] in
            withExtendedLifetime(owner) { readAll() }
        }
        thread.stackSize = 1 << 18
        thread.start()
    }

    deinit {
        for chunk in filled + empty { chunk.bytes.deallocate() }
    }

    /// The next chunk read, in order; waits for it (or for `cancel()`). Give it back with `recycle(_:)` once its
    /// lines are passed on.
    func next() -> Next {
        condition.lock()
        defer { condition.unlock() }
        while filled.isEmpty && ending == nil && !cancelled { condition.wait() }
        if cancelled { return .cancelled }
        if filled.isEmpty { return ending! }
        let chunk = filled.removeFirst()
        condition.broadcast()
        return .chunk(chunk)
    }

    /// Whether `next()` would return without waiting.
    var isReady: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !filled.isEmpty || ending != nil || cancelled
    }

    func recycle(_ chunk: Chunk) {
        condition.lock()
        empty.append(chunk)
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer stopped (from any thread): `next()` returns `.cancelled` at once, and reading stops at the next
    /// chunk (a read waiting on a pipe returns first).
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    private func readAll() {
        while true {
            condition.lock()
            while empty.isEmpty && !cancelled { condition.wait() }
            if cancelled {
                condition.unlock()
                return
            }
            var chunk = empty.removeLast()
            condition.unlock()

            var count: Int
            while true {
                count = read(descriptor, chunk.bytes.baseAddress, chunk.bytes.count)
                guard count < 0 else { break }
                if errno == EINTR { continue }
                // A descriptor left non-blocking: silent for now, as a blocking read would wait.
                guard LineSource.wouldBlock(errno) else { break }
                LineSource.waitForInput(descriptor)
            }
            let failure = count < 0 ? errno : 0
            chunk.count = max(count, 0)
            var lineEnds = chunk.lineEnds ?? []
            chunk.lineEnds = nil
            lineEnds.removeAll(keepingCapacity: true)
            if count > 0, let base = chunk.bytes.baseAddress {
                let most = count / Self.shortestLinesListed + 1
                var start = 0
                while start < count, lineEnds.count <= most,
                    let found = memchr(base + start, 0x0A, count - start)
                {
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    lineEnds.append(Int32(truncatingIfNeeded: index))
                    start = index + 1
                }
                if lineEnds.count > most {
                    // Kept small for the next chunk: a file of short lines is likely to go on with them.
                    lineEnds = []
                } else {
                    chunk.lineEnds = lineEnds
                }
            }

            condition.lock()
            defer { condition.unlock() }
            condition.broadcast()
            if count > 0 {
                filled.append(chunk)
                continue
            }
            empty.append(chunk)
            ending = count == 0 ? .end : .failed(failure)
            return
        }
    }
}
