import ArgumentParser
import NavGraphCore

/// `--at STEP` and `--at-time TIME` for commands that show one moment.
struct MomentOptions: ParsableArguments {
    // Unconditional, so that `--at -1` is read as a value and gets a message about steps, not "missing value".
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Show the state after this step (0 is the empty state before the first); reading stops there.",
            valueName: "step"))
    var at: Int?

    // Unconditional too: `--at-time -5s` is a time that cannot be read, not a missing value.
    @Option(
        name: .customLong("at-time"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Show the state at this time: RFC 3339 (2025-03-14T09:41:07Z), seconds since 1970, or an offset from the first event such as +12.5s.",
            valueName: "time"))
    var atTime: String?

    func validate() throws {
        if at != nil && atTime != nil { throw ValidationError("use --at or --at-time, not both") }
        if let at, at < 0 { throw ValidationError("--at \(at): a step is 0 or more") }
        if let atTime, Moment(time: atTime) == nil {
            throw ValidationError(
                "--at-time '\(atTime)': expected an RFC 3339 time (2025-03-14T09:41:07Z), seconds since 1970, or +SECONDS[s]"
            )
        }
    }

    var moment: Moment? {
        if let at { return .step(at) }
        return atTime.flatMap(Moment.init(time:))
    }
}
