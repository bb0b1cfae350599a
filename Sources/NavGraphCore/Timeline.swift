/// Every step of an input, and the state after any of them without replaying from the start: a checkpoint of the
/// hierarchy is kept every `interval` steps, so reaching step k replays at most `interval` events.
public struct Timeline: Sendable {
    public private(set) var events: [NavEvent] = []
    /// The state after the last appended step.
    public private(set) var latest = Hierarchy()
    /// `checkpoints[i]` is the state after step `i * interval`.
    private var checkpoints: [Hierarchy] = [Hierarchy()]
    public let interval: Int

    public init(interval: Int = 512) {
        self.interval = max(1, interval)
    }

    /// Number of steps (step 0, the empty state, not counted).
    public var count: Int { events.count }

    @discardableResult
    public mutating func append(_ event: NavEvent) -> StepChange {
        events.append(event)
        let change = latest.apply(event)
        if events.count % interval == 0 { checkpoints.append(latest) }
        return change
    }

    /// The state after `step` (0…count).
    public func state(after step: Int) -> Hierarchy {
        let step = min(max(step, 0), count)
        if step == count { return latest }
        var state = checkpoints[step / interval]
        var current = (step / interval) * interval
        while current < step {
            state.apply(events[current])
            current += 1
        }
        return state
    }

    /// The state after `step` and what that step changed (step ≥ 1).
    public func change(at step: Int) -> (state: Hierarchy, change: StepChange) {
        var state = self.state(after: step - 1)
        let change = state.apply(events[step - 1])
        return (state, change)
    }

    /// The event of `step` (1…count).
    public func event(at step: Int) -> NavEvent { events[step - 1] }

    /// The first step whose time is after `time`, minus one: the state at that time. `nil` when no step has a time.
    public func lastStep(atOrBefore time: Double) -> Int? {
        guard events.contains(where: { $0.time != nil }) else { return nil }
        var last = 0
        for (index, event) in events.enumerated() {
            if let eventTime = event.time, eventTime > time { break }
            last = index + 1
        }
        return last
    }
}
