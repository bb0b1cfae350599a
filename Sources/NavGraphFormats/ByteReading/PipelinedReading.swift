import Atomics
import Foundation
import NavGraphCore

/// Reads an input on a second thread while the calling thread consumes its events: parsing lines (the reader)
/// overlaps with applying the events (the reducer), which on two cores is close to twice as fast on big logs. The
/// bytes are read and split into lines a chunk ahead on a third thread (`ChunkReadAhead`): that work is small, and
/// taken off the reader's thread, which sets the wall time for most inputs.
///
/// Events a reader leaves a last step for (`EventCompletion`: kind inference of SwiftUINavigation dumps) are
/// completed on the calling thread, which otherwise waits for the reader.
///
/// What the reader reports travels with the events, in order, so the caller's diagnostic handler sees exactly the
/// sequence it would see without the second thread, and only ever on the calling thread. Memory stays bounded: at
/// most `maxBatchesInFlight` batches of `batchSize` items wait between the threads. When the caller stops early
/// (its body returns `false` or throws), the reading thread stops too and is waited for.
final class PipelinedReading: @unchecked Sendable, EventBatching {
    /// What the reading thread says besides events, handed over at its place among them.
    private enum Note {
        case report(Diagnostic)
        case skipped(line: Int, text: String?)
        /// An ambiguous pairing: its note is made for the first ones, up to the consumer's `ambiguityMessageLimit`.
        case ambiguous(line: Int, note: Diagnostic?)
        /// The format was detected (see `DiagnosticHandler.detected`).
        case detected(Diagnostic)
        /// The reader's last step for its events (`EventCompletion`), done here on the consuming thread; comes
        /// before the reader's first event.
        case completion(EventCompletion)
    }

    /// What one hand-over carries: events in order, in the array the reader appended them to, and the notes, each
    /// due before the event at its position (after the last event when it equals their count).
    ///
    /// Events are not wrapped one by one with the notes: each was copied (128 bytes) into a wrapper, into the list
    /// and out again on both threads.
    private struct Batch {
        var events: [NavEvent] = []
        var notes: [(position: Int, note: Note)] = []
    }

    /// What a consumed event leaves in its batch: nothing to release.
    private static let placeholder = NavEvent(.mark(""), line: 0)

    static let batchSize = 2048
    static let maxBatchesInFlight = 4

    private let input: NavigationInput
    /// Set once the consumer stopped; the reading thread checks it every line, without taking the lock. (swift-atomics,
    /// not `Synchronization.Atomic`, which needs macOS 15.)
    private let stopped = ManagedAtomic<Bool>(false)
    // Only the reading thread touches these two.
    /// The notes of the batch being filled (its events are in the array `produce` appends to).
    @exclusivity(unchecked) private var notes: [(position: Int, note: Note)] = []
    /// The number of events of the batch being filled before the line being read: a note said while a line is read
    /// comes before that line's events, as it would when read on one thread.
    @exclusivity(unchecked) private var lineStart = 0
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    @exclusivity(unchecked) private var batches: [Batch] = []
    /// Emptied event lists the consumer gives back, their storage kept for the next batches: each batch's list was
    /// allocated on one thread and freed on the other.
    @exclusivity(unchecked) private var spareLists: [[NavEvent]] = []
    @exclusivity(unchecked) private var cancelled = false
    @exclusivity(unchecked) private var result: Result<NavigationInput.Summary, Error>?

    init(input: NavigationInput) {
        self.input = input
    }

    func run(diagnostics: DiagnosticHandler, _ body: (NavEvent) throws -> Bool) throws -> NavigationInput.Summary {
        let forwarding = ForwardingDiagnostics(
            owner: self, wantsText: diagnostics.wantsSkippedText,
            ambiguityMessageLimit: diagnostics.ambiguityMessageLimit)
        let thread = Thread { [self] in produce(forwarding) }
        thread.stackSize = 1 << 20
        thread.start()

        var consumerError: Error?
        var completion: EventCompletion?
        func handle(_ note: Note) {
            switch note {
            case .report(let diagnostic):
                diagnostics.report(diagnostic)
            case .skipped(let line, let text):
                diagnostics.skipped(line: line) { text ?? "" }
            case .ambiguous(let line, let note):
                // The consumer asks for no more notes than were made (past them it only counts).
                diagnostics.ambiguous(line: line) {
                    note ?? Diagnostic(.note, line: line, "", topic: .ambiguousID(type: "", id: ""))
                }
            case .detected(let note):
                diagnostics.detected(line: note.line ?? 0) { note }
            case .completion(let readers):
                completion = readers
            }
        }
        consuming: while var batch = take() {
            var nextNote = 0
            for index in batch.events.indices {
                while nextNote < batch.notes.count, batch.notes[nextNote].position <= index {
                    handle(batch.notes[nextNote].note)
                    nextNote += 1
                }
                // Moved out, a placeholder with no strings left in its place: passed from the list, an event was
                // copied (its strings retained, then released with the copy and again with the list).
                var event = Self.placeholder
                swap(&event, &batch.events[index])
                completion?.complete(&event)
                do {
                    if try !body(event) {
                        cancel()
                        break consuming
                    }
                } catch {
                    consumerError = error
                    cancel()
                    break consuming
                }
            }
            while nextNote < batch.notes.count {
                handle(batch.notes[nextNote].note)
                nextNote += 1
            }
            giveBack(&batch.events)
        }
        let outcome = waitForResult()
        if let consumerError { throw consumerError }
        return try outcome.get()
    }

    // MARK: The reading thread

    private func produce(_ forwarding: ForwardingDiagnostics) {
        var outcome: Result<NavigationInput.Summary, Error>
        do {
            let summary = try input.produce(
                diagnostics: forwarding, isStopped: { self.stopped.load(ordering: .relaxed) },
                handOver: { self.note(.completion($0)) }, batching: self, readAhead: true, { _ in true })
            outcome = .success(summary)
        } catch {
            outcome = .failure(error)
        }
        condition.lock()
        result = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// `EventBatching`: hands the events over with the notes once there are a batch's worth.
    func lineEnded(_ events: inout [NavEvent]) -> Bool {
        lineStart = events.count
        guard events.count + notes.count >= Self.batchSize else { return true }
        return put(&events)
    }

    /// `EventBatching`: what was read before the end (or an error) is delivered first: nothing read is lost.
    func finished(_ events: inout [NavEvent]) {
        _ = flush(&events)
    }

    /// `EventBatching`: the input is silent for now (a live pipe); what was read goes over without waiting for a
    /// batch's worth.
    func flush(_ events: inout [NavEvent]) -> Bool {
        guard !events.isEmpty || !notes.isEmpty else { return true }
        return put(&events)
    }

    /// Adds a note at its place among the events; with no events waiting, hands a batch's worth of notes over (a log
    /// of noise makes notes only).
    private func note(_ note: Note) {
        notes.append((lineStart, note))
        if lineStart == 0, notes.count >= Self.batchSize {
            var none: [NavEvent] = []
            _ = put(&none)
        }
    }

    /// Hands `events` and the notes over as a batch, leaving `events` empty (with a spare list's storage), waiting
    /// while too many are in flight; `false` (and the batch dropped) once the consumer stopped.
    private func put(_ events: inout [NavEvent]) -> Bool {
        var batch = Batch()
        swap(&batch.events, &events)
        swap(&batch.notes, &notes)
        notes.reserveCapacity(16)
        lineStart = 0
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.maxBatchesInFlight && !cancelled { condition.wait() }
        if cancelled { return false }
        batches.append(batch)
        if let spare = spareLists.popLast() {
            events = spare
        } else {
            events.reserveCapacity(Self.batchSize + 64)
        }
        condition.broadcast()
        return true
    }

    // MARK: The calling thread

    /// The next batch, or `nil` once the reading thread is done and everything was taken.
    private func take() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && result == nil { condition.wait() }
        if batches.isEmpty { return nil }
        let batch = batches.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Empties a consumed batch's events (on this thread, which holds their only copies) and keeps the list's
    /// storage for the reading thread.
    private func giveBack(_ events: inout [NavEvent]) {
        events.removeAll(keepingCapacity: true)
        condition.lock()
        if spareLists.count < Self.maxBatchesInFlight { spareLists.append(events) }
        condition.unlock()
        events = []
    }

    private func cancel() {
        stopped.store(true, ordering: .relaxed)
        // The reading thread may be waiting for input that is not needed any more (a pipe whose writer is silent).
        input.source.interrupt()
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func waitForResult() -> Result<NavigationInput.Summary, Error> {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }

    /// The reader's diagnostic handler on the reading thread: queues what it is told, in order with the events.
    private final class ForwardingDiagnostics: DiagnosticHandler, @unchecked Sendable {
        unowned let owner: PipelinedReading
        let wantsText: Bool
        let ambiguityMessageLimit: Int?
        /// Ambiguity messages made so far: the consumer sees the notes in this order, so it asks for the first ones.
        @exclusivity(unchecked) private var ambiguityMessages = 0

        init(owner: PipelinedReading, wantsText: Bool, ambiguityMessageLimit: Int?) {
            self.owner = owner
            self.wantsText = wantsText
            self.ambiguityMessageLimit = ambiguityMessageLimit
        }

        func report(_ diagnostic: Diagnostic) { owner.note(.report(diagnostic)) }
        func skipped(line: Int, text: () -> String) {
            owner.note(.skipped(line: line, text: wantsText ? text() : nil))
        }
        var wantsSkippedText: Bool { wantsText }

        func detected(line: Int, note: () -> Diagnostic) { owner.note(.detected(note())) }

        func ambiguous(line: Int, note: () -> Diagnostic) {
            var made: Diagnostic?
            if ambiguityMessageLimit.map({ ambiguityMessages < $0 }) ?? true {
                ambiguityMessages += 1
                made = note()
            }
            owner.note(.ambiguous(line: line, note: made))
        }
    }
}
