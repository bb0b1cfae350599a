import Foundation
import NavGraphCore
import Synchronization

/// Reads an input on a second thread while the calling thread consumes its events: reading bytes, splitting lines
/// and parsing them (the reader) overlaps with applying the events (the reducer), which on two cores is close to
/// twice as fast on big logs.
///
/// Events a reader leaves a last step for (`EventCompletion`: kind inference of SwiftUINavigation dumps) are
/// completed on the calling thread, which otherwise waits for the reader.
///
/// What the reader reports travels with the events, in order, so the caller's diagnostic handler sees exactly the
/// sequence it would see without the second thread, and only ever on the calling thread. Memory stays bounded: at
/// most `maxBatchesInFlight` batches of `batchSize` items wait between the threads. When the caller stops early
/// (its body returns `false` or throws), the reading thread stops too and is waited for.
final class PipelinedReading: @unchecked Sendable {
    /// One thing the reading thread hands over.
    private enum Item {
        case event(NavEvent)
        case report(Diagnostic)
        case skipped(line: Int, text: String?)
        /// An ambiguous pairing: its note is made for the first ones, up to the consumer's `ambiguityMessageLimit`.
        case ambiguous(line: Int, note: Diagnostic?)
        /// The format was detected (see `DiagnosticHandler.detected`).
        case detected(Diagnostic)
        /// The reader's last step for its events (`EventCompletion`), done here on the consuming thread; comes
        /// before the reader's first event.
        case completion(EventCompletion)
        /// In a batch, where an item was taken out.
        case taken
    }

    static let batchSize = 2048
    static let maxBatchesInFlight = 4

    private let input: NavigationInput
    /// Set once the consumer stopped; the reading thread checks it every line, without taking the lock.
    private let stopped = Atomic<Bool>(false)
    /// The batch being filled; only the reading thread touches it.
    private var filling: [Item] = []
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var batches: [[Item]] = []
    private var cancelled = false
    private var result: Result<NavigationInput.Summary, Error>?

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
        consuming: while var batch = take() {
            for index in batch.indices {
                // Moved out of the batch, so an event the completion changes is not shared (and copied).
                var item = Item.taken
                swap(&item, &batch[index])
                switch item {
                case .event(var event):
                    item = .taken  // The event's only holder now: a completion changes it in place.
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
                case .taken:
                    break
                }
            }
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
                handOver: { _ = self.enqueue(.completion($0)) },
                { (event: consuming NavEvent) in enqueue(.event(consume event)) })
            outcome = .success(summary)
        } catch {
            outcome = .failure(error)
        }
        // What was read before the end (or the error) is delivered first: nothing read is lost.
        if !filling.isEmpty { _ = put() }
        condition.lock()
        result = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// Adds an item to the batch being filled, handing the batch over when full; `false` once the consumer stopped.
    ///
    /// Takes the item and the event in it over (moved, not copied: a copy retained each of the event's strings and the
    /// original released them, with the event's copy and destruction about a tenth of the reading thread, perf).
    private func enqueue(_ item: consuming Item) -> Bool {
        filling.append(consume item)
        return filling.count < Self.batchSize || put()
    }

    /// Hands the filled batch over, waiting while too many are in flight; `false` (and the batch dropped) once the
    /// consumer stopped.
    private func put() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.maxBatchesInFlight && !cancelled { condition.wait() }
        if cancelled {
            filling.removeAll()
            return false
        }
        batches.append(filling)
        filling = []
        filling.reserveCapacity(Self.batchSize)
        condition.broadcast()
        return true
    }

    // MARK: The calling thread

    /// The next batch, or `nil` once the reading thread is done and everything was taken.
    private func take() -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && result == nil { condition.wait() }
        if batches.isEmpty { return nil }
        let batch = batches.removeFirst()
        condition.broadcast()
        return batch
    }

    private func cancel() {
        stopped.store(true, ordering: .relaxed)
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
        private var ambiguityMessages = 0

        init(owner: PipelinedReading, wantsText: Bool, ambiguityMessageLimit: Int?) {
            self.owner = owner
            self.wantsText = wantsText
            self.ambiguityMessageLimit = ambiguityMessageLimit
        }

        func report(_ diagnostic: Diagnostic) { _ = owner.enqueue(.report(diagnostic)) }
        func skipped(line: Int, text: () -> String) {
            _ = owner.enqueue(.skipped(line: line, text: wantsText ? text() : nil))
        }
        var wantsSkippedText: Bool { wantsText }

        func detected(line: Int, note: () -> Diagnostic) { _ = owner.enqueue(.detected(note())) }

        func ambiguous(line: Int, note: () -> Diagnostic) {
            var made: Diagnostic?
            if ambiguityMessageLimit.map({ ambiguityMessages < $0 }) ?? true {
                ambiguityMessages += 1
                made = note()
            }
            _ = owner.enqueue(.ambiguous(line: line, note: made))
        }
    }
}
