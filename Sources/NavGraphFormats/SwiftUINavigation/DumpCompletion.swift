import Foundation
import NavGraphCore

/// Kind inference for the SwiftUINavigation reader's snapshots, done where they are consumed.
///
/// The reader is the slower side of pipelined reading, and kind inference is work that needs nothing the reader keeps
/// afterwards: the reader hands each dump's models
/// over here, in order, and emits the snapshot with every kind `screen` and no edges; `complete` fills them in
/// before the snapshot is applied.
final class DumpCompletion: EventCompletion, @unchecked Sendable {
    /// Each emitted dump's models, oldest first (from `head`). The reader appends, the consumer takes: the only
    /// state both threads touch, so the only one behind the lock (taken once per dump, not per line; a pthread
    /// mutex, which ThreadSanitizer understands).
    private let lock = NSLock()
    private var pendingModels: [[Identity]] = []
    private var head = 0
    // Only the consuming thread touches this.
    private var inference = KindInference()

    /// The reader: the models of the snapshot it emits next.
    func enqueue(_ models: [Identity]) {
        lock.lock()
        pendingModels.append(models)
        lock.unlock()
    }

    func complete(_ event: inout NavEvent) {
        guard case .snapshot(var snapshots) = event.action else { return }
        lock.lock()
        let models = pendingModels[head]
        pendingModels[head] = []
        head += 1
        // Drop what was taken now and then, so the queue stays as short as the batches in flight.
        if head >= 64 && head * 2 >= pendingModels.count {
            pendingModels.removeFirst(head)
            head = 0
        }
        lock.unlock()
        // Taken out of the event first, so the entries are not shared while they are filled in.
        event.action = .snapshot([])
        inference.infer(models: models, into: &snapshots[0].entries)
        event.action = .snapshot(snapshots)
    }
}
