import Foundation

/// The recorder's bounded buffer and its writer thread.
///
/// A recording thread encodes its event's body on its own stack, then, under the lock, copies it into `pending` and
/// stamps it with the time (so events from one thread stay in order, and the file's order is the order of their
/// times); a writer thread takes all pending lines at once and hands them to the sink, outside the lock. When
/// `pending` holds `capacity` bytes the writer has not taken yet, new events are dropped and counted, never waited
/// for: a recording thread (often the main thread) is never blocked by a slow sink. The next event that fits is
/// preceded by a `mark` saying how many were dropped, so a log never loses events silently. Memory is bounded: two
/// buffers of about `capacity` bytes (the one filling, the one being written).
///
/// The writer is woken by the first event after it went idle, and after writing a batch it waits up to
/// `batchWindow` for more before going idle: while events keep coming, they are written in batches of up to a
/// millisecond's worth instead of the writer being woken (a `futex` call on the recording thread, two context
/// switches) for every few events, which cost more than the writing.
final class RecordingQueue: Sendable {
    /// What the writer thread is doing, which decides whether a recording thread wakes it.
    private enum WriterPhase {
        /// Taking or writing a batch: it looks at `pending` again before it waits.
        case writing
        /// Waiting up to `batchWindow` after a batch: woken early only when `pending` is a quarter full.
        case collecting
        /// Waiting until woken: the next event wakes it.
        case idle
    }

    private struct State {
        /// Where lines go while recording; `nil` while stopped.
        var sink: RecordingSink?
        var filter: RecordingFilter?
        /// The lines waiting for the writer, and the writer's empty buffer between batches (`nil` while it writes).
        var pending = LineBuffer()
        var spare: LineBuffer?
        var writer = WriterPhase.writing
        var stopping = false
        var timeStamp = TimeStampWriter()
        /// Lines accepted, and of those, the ones the sink has been given.
        var accepted: UInt64 = 0
        var written: UInt64 = 0
        var dropped = 0
        var droppedSinceMark = 0
        var flushWaiters: [(target: UInt64, done: DispatchSemaphore)] = []

        /// Marks the writer as woken; returns whether it has to be signalled (it was waiting).
        mutating func wakeWriter() -> Bool {
            guard writer != .writing else { return false }
            writer = .writing
            return true
        }
    }

    /// How long the writer waits for more events after writing a batch, before it goes idle: at most how long an
    /// event waits in memory before the writer takes it while events keep coming.
    static let batchWindow = DispatchTimeInterval.milliseconds(1)

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
            state.writer = .writing
        }
        let thread = Thread { [self] in runWriter() }
        thread.name = "NavGraphRecorder writer"
        thread.start()
    }

    /// Filters, stamps and queues one event; drops it (counted) when it does not fit in the buffer.
    /// `inline`: the sink writes inline (`RecordingSink.writesInline`), as the recorder read it with its flag.
    func record(
        inline: Bool = false, _ name: RecordedEvent.Name, id: String? = nil, type: String? = nil,
        kind: RecordedEvent.Kind? = nil,
        parent: String? = nil, window: String? = nil, style: RecordedEvent.Style? = nil, title: String? = nil,
        column: RecordedEvent.Column? = nil, count: Int? = nil, entries: [RecordedEvent.PathEntry]? = nil,
        label: String? = nil
    ) {
        let room = EventLineEncoder.maximumBodyLength(
            id: id, type: type, parent: parent, window: window, style: style,
            title: title, entries: entries, label: label)
        // Local functions, not closures in constants: they capture the parameters without copying them.
        func writeBody(at start: UnsafeMutablePointer<UInt8>) -> Int {
            EventLineEncoder.writeBody(
                name, id: id, type: type, kind: kind, parent: parent, window: window,
                style: style, title: title, column: column, count: count, entries: entries,
                label: label, at: start)
        }
        func event() -> RecordedEvent {
            RecordedEvent(
                name, id: id, type: type, kind: kind, parent: parent, window: window, style: style,
                title: title, column: column, count: count, entries: entries, label: label)
        }
        if inline {
            recordInline(event)
            return
        }
        let signal: Bool
        if room <= Self.largestBodyOnStack {
            // The body is encoded before the lock is taken, on the stack (a few hundred bytes for a usual event),
            // so that recording threads contend only for a copy.
            signal = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer -> Bool in
                let length = writeBody(at: buffer.baseAddress!)
                return state.withLock { state -> Bool in
                    guard state.sink != nil, !state.stopping else { return false }
                    guard state.filter == nil else { return Self.appendFiltered(event(), to: &state) }
                    return Self.append(room: length, to: &state) { end in
                        end.update(from: buffer.baseAddress!, count: length)
                        return length
                    }
                }
            }
        } else {
            // A long one (a label of kilobytes, say) is encoded under the lock straight into the buffer, as a
            // temporary copy of a size the buffer does not bound would let memory grow with the event.
            signal = state.withLock { state -> Bool in
                guard state.sink != nil, !state.stopping else { return false }
                guard state.filter == nil else { return Self.appendFiltered(event(), to: &state) }
                return Self.append(room: room, to: &state, writeBody)
            }
        }
        if signal { wake.signal() }
    }

    /// Writes one event's line to an inline sink on this thread, under the lock: lines from several threads keep
    /// the order of their times, and each is out before the call returns.
    private func recordInline(_ event: () -> RecordedEvent) {
        state.withLock { state in
            guard let sink = state.sink, !state.stopping else { return }
            var event = event()
            if let filter = state.filter {
                guard let kept = filter(event) else { return }
                event = kept
            }
            let room = EventLineEncoder.maximumBodyLength(event) + TimeStampWriter.maximumLength
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                let start = buffer.baseAddress!
                var length = EventLineEncoder.writeBody(event, at: start)
                length += state.timeStamp.write(Timespec.now(), at: start + length)
                sink.write(UnsafeRawBufferPointer(start: start, count: length))
            }
            state.accepted += 1
            state.written += 1
        }
    }

    /// The longest body (at its worst case) encoded on the recording thread's stack before the lock is taken.
    private static let largestBodyOnStack = 16 << 10

    /// With a filter set: filters `event` and appends what it returns, encoded straight into the buffer.
    private static func appendFiltered(_ event: RecordedEvent, to state: inout State) -> Bool {
        guard let filter = state.filter, let kept = filter(event) else { return false }
        return append(room: EventLineEncoder.maximumBodyLength(kept), to: &state) { start in
            EventLineEncoder.writeBody(kept, at: start)
        }
    }

    /// Records `event` as given.
    func record(inline: Bool = false, _ event: RecordedEvent) {
        record(
            inline: inline, event.name, id: event.id, type: event.type, kind: event.kind, parent: event.parent,
            window: event.window, style: event.style, title: event.title, column: event.column,
            count: event.count, entries: event.entries, label: event.label)
    }

    /// Room kept for the `mark` that reports drops (its label is short).
    private static let dropMarkRoom = 256

    /// Writes a line into the pending buffer (after a `mark` reporting earlier drops, if any): its body, by
    /// `writeBody`, which writes at most `room` bytes at the pointer it is given and returns how many it wrote, then
    /// the time. Counts the event as dropped when that might not fit. Returns whether the writer is to be woken.
    private static func append(
        room: Int, to state: inout State, _ writeBody: (UnsafeMutablePointer<UInt8>) -> Int
    ) -> Bool {
        let time = Timespec.now()
        let reportDrops = state.droppedSinceMark > 0
        let needed = room + TimeStampWriter.maximumLength + (reportDrops ? dropMarkRoom : 0)
        guard needed <= state.pending.free else {
            state.dropped += 1
            state.droppedSinceMark += 1
            return false
        }
        if reportDrops {
            let label = "navgraph-recorder dropped \(state.droppedSinceMark) events: its buffer was full"
            state.pending.count += EventLineEncoder.writeBody(
                RecordedEvent(.mark, label: label),
                at: state.pending.end)
            state.pending.count += state.timeStamp.write(time, at: state.pending.end)
            state.accepted += 1
            state.droppedSinceMark = 0
        }
        state.pending.count += writeBody(state.pending.end)
        state.pending.count += state.timeStamp.write(time, at: state.pending.end)
        state.accepted += 1
        switch state.writer {
        case .writing: return false
        case .collecting: return state.pending.count >= state.pending.capacity / 4 && state.wakeWriter()
        case .idle: return state.wakeWriter()
        }
    }

    /// Events dropped because the buffer was full.
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// Returns once every event accepted before the call has been handed to the sink.
    func flush() {
        let done = DispatchSemaphore(value: 0)
        let (waiting, signal) = state.withLock { state -> (Bool, Bool) in
            guard state.written < state.accepted else { return (false, false) }
            state.flushWaiters.append((state.accepted, done))
            return (true, state.wakeWriter())
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
            return (true, state.wakeWriter())
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

    /// What the writer finds when it looks at the state.
    private enum WriterTask {
        case write(batch: LineBuffer, lines: UInt64, sink: RecordingSink)
        case wait(WriterPhase)
        case stop
    }

    private func runWriter() {
        running: while true {
            let task = state.withLock { state -> WriterTask in
                guard state.pending.count > 0, let spare = state.spare, let sink = state.sink else {
                    if state.stopping { return .stop }
                    // After a batch, collect for a while; when nothing came while collecting, idle.
                    state.writer = state.writer == .writing ? .collecting : .idle
                    return .wait(state.writer)
                }
                // The writer's empty buffer becomes the pending one: buffers are swapped, never copied.
                let batch = state.pending
                state.pending = spare
                state.spare = nil
                state.writer = .writing
                return .write(batch: batch, lines: state.accepted, sink: sink)
            }
            let taken: (batch: LineBuffer, lines: UInt64, sink: RecordingSink)
            switch task {
            case .stop:
                break running
            case .wait(.collecting):
                // A signal sent just as the wait timed out wakes the next wait early: harmless, the loop looks again.
                _ = wake.wait(timeout: .now() + Self.batchWindow)
                continue
            case .wait:
                wake.wait()
                continue
            case .write(let batch, let lines, let sink):
                taken = (batch, lines, sink)
            }
            taken.sink.write(taken.batch.bytes)
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
