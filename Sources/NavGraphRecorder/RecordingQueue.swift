import Foundation

/// The recorder's bounded buffer and its writer thread.
///
/// Recording threads encode their event straight into `pending` under the lock (so events from one thread stay in
/// order, and the file's order is the order of their times); a writer thread takes all pending lines at once and
/// hands them to the sink, outside the lock. When `pending` holds `capacity` bytes the writer has not taken yet, new
/// events are dropped and counted, never waited for: a recording thread (often the main thread) is never blocked by
/// a slow sink. The next event that fits is preceded by a `mark` saying how many were dropped, so a log never loses
/// events silently. Memory is bounded: two buffers of about `capacity` bytes (the one filling, the one being written).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class RecordingQueue: Sendable {
    private struct State {
        /// Where lines go while recording; `nil` while stopped.
        var sink: RecordingSink?
        var filter: RecordingFilter?
        /// The lines waiting for the writer, and the writer's empty buffer between batches (`nil` while it writes).
        var pending = LineBuffer()
        var spare: LineBuffer?
        var writerSleeping = false
        var stopping = false
        /// Lines accepted, and of those, the ones the sink has been given.
        var accepted: UInt64 = 0
        var written: UInt64 = 0
        var dropped = 0
        var droppedSinceMark = 0
        var flushWaiters: [(target: UInt64, done: DispatchSemaphore)] = []
    }

    private let state = LockedState(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts a writer thread for `sink`. The queue must be stopped.
    func begin(sink: RecordingSink, filter: RecordingFilter?, capacity: Int) {
        let capacity = max(capacity, 4096)
        state.withLock { state in
            state.sink = sink
            state.filter = filter
            state.pending = LineBuffer(capacity: capacity)
            state.spare = LineBuffer(capacity: capacity)
            state.stopping = false
            state.writerSleeping = false
        }
        let thread = Thread { [self] in runWriter() }
        thread.name = "NavGraphRecorder writer"
        thread.start()
    }

    /// Filters, stamps and queues one event; drops it (counted) when it might not fit in the buffer.
    func record(_ event: EventFieldsToWrite) {
        let signal = state.withLock { state -> Bool in
            guard state.sink != nil, !state.stopping else { return false }
            guard let filter = state.filter else { return Self.append(event, to: &state) }
            guard let kept = filter(event.recordedEvent) else { return false }
            return Self.append(EventFieldsToWrite(kept), to: &state)
        }
        if signal { wake.signal() }
    }

    /// Room kept for the `mark` that reports drops (its label is short).
    private static let dropMarkRoom = 256

    /// Writes the event's line into the pending buffer (after a `mark` reporting earlier drops, if any), or counts
    /// it as dropped. Returns whether the writer is to be woken.
    private static func append(_ event: EventFieldsToWrite, to state: inout State) -> Bool {
        let time = Timespec.now()
        let reportDrops = state.droppedSinceMark > 0
        let needed = EventLineEncoder.maximumLength(event) + (reportDrops ? dropMarkRoom : 0)
        guard needed <= state.pending.free else {
            state.dropped += 1
            state.droppedSinceMark += 1
            return false
        }
        if reportDrops {
            let label = "navgraph-recorder dropped \(state.droppedSinceMark) events: its buffer was full"
            state.pending.count += EventLineEncoder.write(EventFieldsToWrite(name: .mark, label: label), time: time,
                                                          at: state.pending.end)
            state.accepted += 1
            state.droppedSinceMark = 0
        }
        state.pending.count += EventLineEncoder.write(event, time: time, at: state.pending.end)
        state.accepted += 1
        guard state.writerSleeping else { return false }
        state.writerSleeping = false
        return true
    }

    /// Events dropped because the buffer was full.
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// Returns once every event accepted before the call has been handed to the sink.
    func flush() {
        let done = DispatchSemaphore(value: 0)
        let (waiting, signal) = state.withLock { state -> (Bool, Bool) in
            guard state.written < state.accepted else { return (false, false) }
            state.flushWaiters.append((state.accepted, done))
            defer { state.writerSleeping = false }
            return (true, state.writerSleeping)
        }
        if signal { wake.signal() }
        if waiting { done.wait() }
    }

    /// Writes what is pending, then ends the writer thread; events recorded after this are ignored. Returns at once
    /// when the queue is not running.
    func end() {
        let (running, signal) = state.withLock { state -> (Bool, Bool) in
            guard state.sink != nil, !state.stopping else { return (false, false) }
            state.stopping = true
            defer { state.writerSleeping = false }
            return (true, state.writerSleeping)
        }
        guard running else { return }
        if signal { wake.signal() }
        finished.wait()
        state.withLock { state in
            state.sink = nil
            state.filter = nil
            state.pending.deallocate()
            state.spare?.deallocate()
            state.spare = nil
        }
    }

    private func runWriter() {
        while true {
            let taken = state.withLock { state -> (batch: LineBuffer, lines: UInt64, sink: RecordingSink?)? in
                guard state.pending.count > 0, let spare = state.spare else {
                    if state.stopping { return (LineBuffer(), 0, nil) }
                    state.writerSleeping = true
                    return nil
                }
                // The writer's empty buffer becomes the pending one: buffers are swapped, never copied.
                let batch = state.pending
                state.pending = spare
                state.spare = nil
                return (batch, state.accepted, state.sink)
            }
            guard let taken else {
                wake.wait()
                continue
            }
            guard let sink = taken.sink else { break }
            sink.write(taken.batch.bytes)
            let satisfied = state.withLock { state -> [DispatchSemaphore] in
                var emptied = taken.batch
                emptied.count = 0
                state.spare = emptied
                state.written = taken.lines
                let satisfied = state.flushWaiters.filter { $0.target <= taken.lines }.map(\.done)
                state.flushWaiters.removeAll { $0.target <= taken.lines }
                return satisfied
            }
            for done in satisfied { done.signal() }
        }
        let waiters = state.withLock { state in
            defer { state.flushWaiters.removeAll() }
            return state.flushWaiters.map(\.done)
        }
        for done in waiters { done.signal() }
        finished.signal()
    }
}

/// A block of bytes the queue allocates when recording starts and frees when it stops. Sendable because it moves
/// between the queue's state and its writer thread: it is only ever touched under the queue's lock, or by the writer
/// while the block is out of the state (taken as a batch) and so held by the writer alone.
struct LineBuffer: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt8>?
    private(set) var capacity = 0
    var count = 0

    init() {}

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    var free: Int { capacity - count }
    var end: UnsafeMutablePointer<UInt8> { base! + count }
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    mutating func deallocate() {
        base?.deallocate()
        self = LineBuffer()
    }
}
