import Foundation

/// How long a test waits for what it waits for before it fails: far longer than it takes on an idle machine
/// (milliseconds), because a debug build on a machine shared with other builds can take seconds to start or run.
public let waitTimeout: Double = 30

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass; returns whether it held. Tests wait on what
/// they wait for (output appeared, a process ended, a thread got somewhere) instead of pausing a fixed time, which a
/// loaded machine outlasts and an idle one wastes.
@discardableResult
public func waitUntil(timeout: Double = waitTimeout, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        usleep(20_000)
    }
}

/// What `work` returns, run on a thread of its own; `nil` when it has not returned within `timeout` seconds. Work
/// that never ends (a read without end, a loop that does not stop) fails the test instead of hanging the run; the
/// thread is left to the process's end.
public func resultWithin<Value: Sendable>(
    _ timeout: Double = waitTimeout, _ work: @escaping @Sendable () -> Value
) -> Value? {
    let box = DeliveredValue<Value>()
    Thread { box.set(work()) }.start()
    return box.wait(until: Date(timeIntervalSinceNow: timeout))
}

private final class DeliveredValue<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func set(_ delivered: Value) {
        condition.lock()
        value = delivered
        condition.broadcast()
        condition.unlock()
    }

    func wait(until deadline: Date) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while value == nil, condition.wait(until: deadline) {}
        return value
    }
}
