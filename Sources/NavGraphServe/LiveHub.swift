import Foundation
import NavGraphCore

/// What `navgraph serve` has read so far, between the thread that reads the log and the server's tasks.
///
/// The reader never waits for a browser: it appends each step under a lock held only for the append, and wakes
/// whoever is waiting for a change. Only the latest state is kept (no queue per client): a client that is slow, or
/// away, takes the latest `snapshot()` when it gets round to it, whatever happened in between. A snapshot is a copy
/// of the timeline (copy-on-write: taking one costs nothing, and the reader's next append copies it once), so the
/// server renders outside the lock.
///
/// Of a long log only the latest steps are kept (`keptSteps` at least): a session that runs for hours keeps its
/// memory, and the reader stays as fast as `tree --follow`, which keeps none (keeping every event of a 100 MB log made
/// reading 1.3–1.4 times as slow). The state after the last forgotten step stays.
///
/// Steps are forgotten up to a checkpoint of the timeline, and checkpoints (copies of the whole state) are spaced by
/// `keptSteps` and by four steps per model in the state (`Timeline`), so the steps held are fewer than
/// `4 × keptSteps`, or than `keptSteps + 4 ×` the most models the state held in the latest `keptSteps` steps (a
/// hierarchy that keeps growing keeps its steps: one event each, against a copy of the whole state per checkpoint).
/// Memory is in proportion to `keptSteps` and the state's size. Spacing checkpoints by `keptSteps` alone would keep
/// fewer steps but copy the state far more often: reading 20,000 pushes onto one stack took 100 MB instead of 54 MB
/// with `--keep-steps 100`, and 34 s instead of 1–2 s with `--keep-steps 1` (debug builds, a loaded 2-core machine).
public final class LiveHub: @unchecked Sendable {
    /// The state at one moment, for the server to render at its own pace.
    public struct Snapshot: Sendable {
        /// Counts every change published (a step, a restart, the end): a client that has seen version `v` needs
        /// nothing until it grows.
        public var version: Int
        /// Counts the times the followed file was read again from its start: steps count from 1 again.
        public var restarts: Int
        public var timeline: Timeline
        /// Warnings about the lines of a step, by step (only steps that have some).
        public var readerWarnings: [Int: [String]]
        /// The input ended: the last step is the final state.
        public var ended: Bool
        /// The events of a dump still being printed when the input went quiet, as if it had ended (not steps yet:
        /// the page shows them marked provisional, `/state` does not).
        public var provisional: [NavEvent] = []
        /// What the input's format advises logging where leaks cannot be told from it (`LeakReport.cannotBeTold`);
        /// `nil` while no format is known (nothing read yet): no advice, rather than another format's.
        public var lifecycleAdvice: String?
    }

    private let lock = NSLock()
    private var state: Snapshot
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter: UInt64 = 0

    /// Tells this server's versions from another's: a tab that reconnects to a navgraph serve started again (on the
    /// same port) names a version of the one before, which says nothing about this one's.
    public let instance: String = String(UInt64.random(in: 1..<UInt64.max), radix: 36)

    /// The fewest steps kept (`Timeline.forget`), and the steps between the timeline's checkpoints: a checkpoint is
    /// a copy of the whole state, made as seldom as forgetting needs one (`/state?step=N` replays at most this many
    /// steps from one: milliseconds).
    public let keptSteps: Int

    /// The default `keptSteps`: more than a page shows comfortably (`HTMLReplayPage`'s runs, a list of rows).
    public static let defaultKeptSteps = 10_000

    /// The advice before any format is detected: the format given (`--input-format`), or none.
    private let givenLifecycleAdvice: String?

    public init(lifecycleAdvice: String?, keptSteps: Int = defaultKeptSteps) {
        self.keptSteps = max(keptSteps, 1)
        givenLifecycleAdvice = lifecycleAdvice
        state = Snapshot(
            version: 0, restarts: 0, timeline: Timeline(interval: self.keptSteps), readerWarnings: [:],
            ended: false,
            lifecycleAdvice: lifecycleAdvice)
    }

    /// The state now (cheap: the timeline is shared until the reader's next append).
    public func snapshot() -> Snapshot {
        lock.withLock { state }
    }

    /// The version now.
    public var version: Int { lock.withLock { state.version } }

    // MARK: The reader's side

    /// A step read: applied to the timeline; its change is returned for the reader's diagnostics.
    @discardableResult
    public func append(_ event: NavEvent) -> StepChange {
        let (change, woken) = lock.withLock {
            // The real events replace what was shown provisionally.
            state.provisional = []
            let change = state.timeline.append(event)
            // Forgotten a few times per `keptSteps` at most: what is kept moves down each time (while the state
            // grows faster than checkpoints are made, nothing can go: see above).
            if state.timeline.count - state.timeline.firstStep >= 4 * keptSteps {
                let first = state.timeline.firstStep
                state.timeline.forget(keepingAtLeast: keptSteps)
                if state.timeline.firstStep != first {
                    state.readerWarnings = state.readerWarnings.filter { $0.key > state.timeline.firstStep }
                }
            }
            return (change, publish())
        }
        for waiter in woken { waiter.resume() }
        return change
    }

    /// The input went quiet with a dump still being printed: its events as if it had ended (`[]`: none open).
    public func setProvisional(_ events: [NavEvent]) {
        let woken: [CheckedContinuation<Void, Never>] = lock.withLock {
            guard events != state.provisional else { return [] }
            state.provisional = events
            return publish()
        }
        for waiter in woken { waiter.resume() }
    }

    /// The format of the input is known (detected from a line): its advice, before its first step is appended.
    public func setLifecycleAdvice(_ advice: String) {
        lock.withLock { state.lifecycleAdvice = advice }
    }

    /// Warnings about the lines of the last step (`StepWarnings.reader`), for the page's event list.
    public func setReaderWarnings(_ warnings: [String]) {
        lock.withLock { state.readerWarnings[state.timeline.count] = warnings }
    }

    /// The followed file was truncated or replaced: what was read is gone, and the new file is read from its start.
    public func restart() {
        let woken = lock.withLock {
            state.timeline = Timeline(interval: keptSteps)
            state.readerWarnings = [:]
            state.provisional = []
            state.restarts += 1
            // The new file's format is detected anew.
            state.lifecycleAdvice = givenLifecycleAdvice
            state.ended = false
            return publish()
        }
        for waiter in woken { waiter.resume() }
    }

    /// The input ended: what was read is the final state (`lifecycleAdvice`: the advice of the format read).
    public func end(lifecycleAdvice: String? = nil) {
        let woken = lock.withLock {
            state.ended = true
            state.provisional = []
            if let lifecycleAdvice { state.lifecycleAdvice = lifecycleAdvice }
            return publish()
        }
        for waiter in woken { waiter.resume() }
    }

    /// A new version; the waiters to wake (outside the lock). Called with the lock held.
    private func publish() -> [CheckedContinuation<Void, Never>] {
        state.version += 1
        guard !waiters.isEmpty else { return [] }
        defer { waiters.removeAll(keepingCapacity: true) }
        return Array(waiters.values)
    }

    // MARK: The server's side

    /// Returns once the version is past `version` (at once when it already is), or when the task is cancelled.
    public func waitForChange(after version: Int) async {
        let id = lock.withLock {
            nextWaiter += 1
            return nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = lock.withLock {
                    if state.version > version || Task.isCancelled { return true }
                    waiters[id] = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = lock.withLock { waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }

    /// `waitForChange`, giving up after `seconds`: `true` when the version moved past `version`.
    public func waitForChange(after version: Int, atMost seconds: Double) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.waitForChange(after: version)
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first && self.version > version
        }
    }
}
