import Foundation
import Synchronization

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
        var capacity = 0
        var pending: [UInt8] = []
        var writerSleeping = false
        var stopping = false
        /// Lines accepted, and of those, the ones the sink has been given.
        var accepted: UInt64 = 0
        var written: UInt64 = 0
        var dropped = 0
        var droppedSinceMark = 0
        var flushWaiters: [(target: UInt64, done: DispatchSemaphore)] = []
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts a writer thread for `sink`. The queue must be stopped.
    func begin(sink: RecordingSink, filter: RecordingFilter?, capacity: Int) {
        state.withLock { state in
            state.sink = sink
            state.filter = filter
            state.capacity = max(capacity, 4096)
            state.pending.reserveCapacity(state.capacity)
            state.stopping = false
            state.writerSleeping = false
        }
        let thread = Thread { [self] in runWriter() }
        thread.name = "NavGraphRecorder writer"
        thread.start()
    }

    /// Filters, stamps and queues one event; drops it (counted) when the buffer is full.
    func record(_ event: RecordedEvent) {
        var signal = false
        state.withLock { state in
            guard state.sink != nil, !state.stopping else { return }
            guard let event = state.filter.map({ $0(event) }) ?? event else { return }
            let time = Timespec.now()
            let before = state.pending.count
            var lines: UInt64 = 1
            if state.droppedSinceMark > 0 {
                let label = "navgraph-recorder dropped \(state.droppedSinceMark) events: its buffer was full"
                EventLineEncoder.append(RecordedEvent(.mark, label: label), time: time, to: &state.pending)
                lines = 2
            }
            EventLineEncoder.append(event, time: time, to: &state.pending)
            if state.pending.count > state.capacity {
                state.pending.removeSubrange(before...)
                state.dropped += 1
                state.droppedSinceMark += 1
                return
            }
            state.accepted += lines
            state.droppedSinceMark = 0
            if state.writerSleeping {
                state.writerSleeping = false
                signal = true
            }
        }
        if signal { wake.signal() }
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
        }
    }

    private func runWriter() {
        var batch: [UInt8] = []
        while true {
            let taken = state.withLock { state -> (count: UInt64, sink: RecordingSink?)? in
                if state.pending.isEmpty {
                    if state.stopping { return (0, nil) }
                    state.writerSleeping = true
                    return nil
                }
                // The writer's emptied buffer becomes the pending one: no allocation once both have grown.
                swap(&batch, &state.pending)
                return (state.accepted, state.sink)
            }
            guard let taken else {
                wake.wait()
                continue
            }
            guard let sink = taken.sink else { break }
            batch.withUnsafeBytes { sink.write($0) }
            batch.removeAll(keepingCapacity: true)
            let satisfied = state.withLock { state -> [DispatchSemaphore] in
                state.written = taken.count
                let satisfied = state.flushWaiters.filter { $0.target <= taken.count }.map(\.done)
                state.flushWaiters.removeAll { $0.target <= taken.count }
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
