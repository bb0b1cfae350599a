import Foundation
import NavGraphCore

/// The swift-dump reader's snapshots, made where they are consumed (`EventCompletion`).
///
/// Reading a log of dumps on two threads, the reading thread is the slower side by far, and making each dump's
/// snapshot — every node of its window copied into an entry — is work that needs nothing the reader keeps. So the reader records how each
/// dump changed its windows (`DumpWindows.Change`: the nodes it read, shared, not copied) and emits the snapshot
/// with no entries; `complete` makes the same changes to a copy of the windows and fills the entries in from it
/// before the snapshot is applied. A snapshot the reader made whole (a provisional one) is left as it is.
final class DumpSnapshots: EventCompletion, @unchecked Sendable {
    /// Each emitted dump's changes and its window, oldest first (from `head`). The reader appends, the consumer
    /// takes: the only state both threads touch, so the only one behind the lock (taken once per dump).
    private let lock = NSLock()
    private var pending: [(changes: [DumpWindows.Change], window: Int)] = []
    private var head = 0
    // Only the consuming thread touches this.
    private var windows = DumpWindows()

    /// The reader: the changes of the dump whose snapshot of `window` it emits next.
    func enqueue(_ changes: [DumpWindows.Change], window: Int) {
        lock.lock()
        pending.append((changes, window))
        lock.unlock()
    }

    func complete(_ event: inout NavEvent) {
        guard case .snapshot(let snapshots) = event.action, snapshots.count == 1, snapshots[0].entries.isEmpty
        else { return }
        lock.lock()
        let (changes, window) = pending[head]
        pending[head] = ([], 0)
        head += 1
        // Drop what was taken now and then, so the queue stays as short as the batches in flight.
        if head >= 64 && head * 2 >= pending.count {
            pending.removeFirst(head)
            head = 0
        }
        lock.unlock()
        for change in changes { windows.make(change) }
        event.action = .snapshot([windows.snapshot(of: window)])
    }
}
