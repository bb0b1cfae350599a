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
