/// Every step of an input, and the state after any of them without replaying from the start: a checkpoint of the
/// hierarchy is kept every `interval` steps at least, so reaching a step replays only the events since the checkpoint
/// before it.
///
/// A checkpoint is a copy of the whole state, and the state includes every model still alive — leaked ones pile up
/// in a long session. So checkpoints are also spaced by at least four times the size of the state: their total memory
/// stays below one state entry per four steps instead of growing with steps × state, and a move replays at most that
/// many steps (a few milliseconds per thousand).
///
/// A live reader that runs for hours may `forget` the oldest steps: their events go, the state after the last step
/// forgotten stays (as the first checkpoint), and steps keep their numbers.
public struct Timeline: Sendable {
    /// The events of the steps after `firstStep` (all of them unless some were forgotten).
    public private(set) var events: [NavEvent] = []
    /// The steps forgotten (`forget`): the timeline holds the state after this step and the steps that follow.
    public private(set) var firstStep = 0
    /// The state after the last appended step.
    public private(set) var latest = Hierarchy()
    /// `checkpoints[i]` is the state after step `checkpointSteps[i]` (ascending, starting with step 0).
    private var checkpoints: [Hierarchy] = [Hierarchy()]
    private var checkpointSteps: [Int] = [0]
    public let interval: Int

    public init(interval: Int = 512) {
        self.interval = max(1, interval)
    }

    /// Number of steps (step 0, the empty state, not counted), forgotten ones included.
    public var count: Int { firstStep + events.count }

    @discardableResult
    public mutating func append(_ event: NavEvent) -> StepChange {
        events.append(event)
        let change = latest.apply(event)
        let size = latest.placedCount + latest.aliveCount
        if count - checkpointSteps[checkpointSteps.count - 1] >= max(interval, 4 * size) {
            checkpoints.append(latest)
            checkpointSteps.append(count)
        }
        return change
    }

    /// The state after `step` (`firstStep`…count).
    public func state(after step: Int) -> Hierarchy {
        let step = min(max(step, firstStep), count)
        if step == count { return latest }
        let low = checkpoint(atOrBefore: step)
        var state = checkpoints[low]
        var current = checkpointSteps[low]
        while current < step {
            state.apply(events[current - firstStep])
            current += 1
        }
        return state
    }

    /// The index of the last checkpoint at or before `step` (binary search; the first is always at or before it).
    private func checkpoint(atOrBefore step: Int) -> Int {
        var low = 0
        var high = checkpointSteps.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if checkpointSteps[middle] <= step { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Forgets the oldest steps, keeping at least the last `recent`: the events before the last checkpoint at or
    /// before them go (so that a state is still reached from a checkpoint), and `firstStep` is that checkpoint's.
    public mutating func forget(keepingAtLeast recent: Int) {
        let cut = count - max(recent, 0)
        guard cut > firstStep else { return }
        let low = checkpoint(atOrBefore: cut)
        let step = checkpointSteps[low]
        guard step > firstStep else { return }
        events.removeFirst(step - firstStep)
        checkpoints.removeFirst(low)
        checkpointSteps.removeFirst(low)
        firstStep = step
    }

    /// The state after `step` and what that step changed (step ≥ 1).
    public func change(at step: Int) -> (state: Hierarchy, change: StepChange) {
        var state = self.state(after: step - 1)
        let change = state.apply(events[step - 1])
        return (state, change)
    }

    /// The event of `step` (`firstStep` + 1…count).
    public func event(at step: Int) -> NavEvent { events[step - firstStep - 1] }

    /// The first step whose time is after `time`, minus one: the state at that time. `nil` when no step has a time.
    public func lastStep(atOrBefore time: Double) -> Int? {
        guard events.contains(where: { $0.time != nil }) else { return nil }
        var last = firstStep
        for (index, event) in events.enumerated() {
            if let eventTime = event.time, eventTime > time { break }
            last = firstStep + index + 1
        }
        return last
    }
}
