import NavGraphCore

/// The warnings a step has: what the reader warned of on the step's own lines (a dump cut short by `maxDepth`, an
/// event it had to correct), then the reducer's. One place, so `history` and `replay` give a step the same ones.
public enum StepWarnings {
    /// The reader's warnings about the step's lines, out of everything reported since the step before: reading
    /// reports those before the step's event, and the reducer its own (already in `change`) last. Warnings of lines
    /// before the step's (a skipped state) belong to no step.
    public static func reader(_ reported: [Diagnostic], change: StepChange, of event: NavEvent) -> [String] {
        reported.dropLast(min(change.warnings.count, reported.count))
            .filter { ($0.line ?? 0) >= event.line }
            .map(\.message)
    }
}
