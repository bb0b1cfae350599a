/// How many lines a reading skipped as not navigation output (a console log is mostly the app's own output), and how
/// many of those looked like navigation output but could not be read: what a client sums up in one line instead of
/// one per line, and, over several inputs read as one run, in one line instead of one per input.
public struct SkippedLines: Sendable, Equatable {
    public static func == (a: SkippedLines, b: SkippedLines) -> Bool {
        a.lines == b.lines && a.unreadable == b.unreadable && a.inputs == b.inputs
            && a.firstUnreadable?.line == b.firstUnreadable?.line
            && a.firstUnreadable?.reason == b.firstUnreadable?.reason
    }

    /// Every skipped line, the unreadable ones included.
    public private(set) var lines = 0
    /// Of `lines`, those that look like navigation output but cannot be read (cut short, not valid JSON, …).
    public private(set) var unreadable = 0
    /// The first unreadable line and why it could not be read, for the summary: a guess at the reason misleads
    /// where the reader knew it.
    public private(set) var firstUnreadable: (line: Int, reason: String)?
    /// How many inputs skipped any line: 0 or 1 for one reading, up to the number of inputs in a sum.
    public private(set) var inputs = 0

    public init() {}

    /// One more line of one reading skipped; `unreadable` when it looked like navigation output.
    public mutating func count(unreadable isUnreadable: Bool = false, line: Int? = nil, reason: String? = nil) {
        lines += 1
        if isUnreadable {
            unreadable += 1
            if firstUnreadable == nil, let line, let reason { firstUnreadable = (line, reason) }
        }
        inputs = 1
    }

    /// What several readings skipped, together.
    public static func sum(_ readings: some Sequence<SkippedLines>) -> SkippedLines {
        readings.reduce(into: SkippedLines()) { total, reading in
            total.lines += reading.lines
            total.unreadable += reading.unreadable
            total.inputs += reading.inputs
            if total.firstUnreadable == nil { total.firstUnreadable = reading.firstUnreadable }
        }
    }
}
