/// A point in the history: after a step, or at a time (`--at`, `--at-time`).
public enum Moment: Sendable, Equatable {
    case step(Int)
    /// Seconds since 1970.
    case time(Double)
    /// Seconds after the first event that has a time.
    case offset(Double)

    /// An RFC 3339 time (`2025-03-14T09:41:07Z`), seconds since 1970, or `+SECONDS[s]` after the first event
    /// with a time; `nil` for anything else.
    public init?(time text: String) {
        if text.hasPrefix("+") {
            var number = text.dropFirst()
            if number.hasSuffix("s") { number = number.dropLast() }
            guard let seconds = Double(number), seconds.isFinite, seconds >= 0 else { return nil }
            self = .offset(seconds)
        } else if let seconds = Double(text), seconds.isFinite {
            self = .time(seconds)
        } else if let seconds = Timestamp.parseRFC3339(text) {
            self = .time(seconds)
        } else {
            return nil
        }
    }
}

/// Where reading stops for a moment: asked before each event is applied, it says whether the event still belongs
/// to the state at that moment. Events come in order, so the first one that does not ends the reading.
public struct MomentCutOff: Sendable {
    public let moment: Moment?
    private var firstTime: Double?
    /// Whether any event had a time: without one, `--at-time` cannot be answered.
    public private(set) var sawTime = false

    /// `nil` reads to the end.
    public init(_ moment: Moment?) { self.moment = moment }

    /// Whether `event` is part of the state at the moment, given the number of steps applied so far.
    public mutating func admits(_ event: NavEvent, afterStep step: Int) -> Bool {
        if let time = event.time {
            sawTime = true
            if firstTime == nil { firstTime = time }
        }
        switch moment {
        case .step(let last)?:
            return step < last
        case .time(let limit)?:
            return (event.time ?? -.infinity) <= limit
        case .offset(let offset)?:
            // An event without a time belongs to the moment of the one before it.
            guard let time = event.time, let firstTime else { return true }
            return time - firstTime <= offset
        case nil:
            return true
        }
    }

    /// Why the moment was not in the input, once it has been read to the end (or to the cut-off) with `steps`
    /// steps; `nil` when it was.
    public func unreached(steps: Int) -> Unreached? {
        switch moment {
        case .step(let step)? where steps < step: .stepBeyondEnd(step: step, steps: steps)
        case .time?, .offset?: sawTime ? nil : .noTimes
        default: nil
        }
    }

    public enum Unreached: Sendable, Equatable {
        /// `--at` past the last step.
        case stepBeyondEnd(step: Int, steps: Int)
        /// `--at-time` on an input whose events have no time.
        case noTimes
    }
}
