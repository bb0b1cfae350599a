import NavGraphCore

/// One step of `navgraph history`: where it came from, when, and what it changed.
public struct HistoryEntry: Sendable, Equatable {
    public var step: Int
    public var line: Int
    /// Seconds since 1970, when the input says.
    public var time: Double?
    /// The event's name in navgraph-events v1 (`snapshot` for a dump).
    public var event: String
    /// What the step did, in words (`StepDescription`).
    public var description: String
    public var added: Int
    public var removed: Int
    /// The contradictions the step resolved, each as its message (`history` puts the reader's warnings about the
    /// step's lines in front).
    public var warnings: [String]

    /// The entry for `event`, which made `change` and left `after`.
    public init(_ event: NavEvent, change: StepChange, after: Hierarchy) {
        step = after.step
        line = event.line
        time = event.time
        self.event = event.action.name
        description = StepDescription.describe(event, change: change, after: after)
        added = change.added.count
        removed = change.removed.count
        warnings = change.warnings.map(\.message)
    }
}
