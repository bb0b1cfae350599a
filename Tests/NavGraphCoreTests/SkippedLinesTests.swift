import NavGraphCore
import NavGraphTestSupport
import Testing

/// What readings skipped, counted per reading and summed over the inputs of one run (`diagram A B C`).
@Suite(.tags(.memory)) struct SkippedLinesTests {
    static func reading(skipped: Int, unreadable: Int) -> SkippedLines {
        var lines = SkippedLines()
        for index in 0..<skipped { lines.count(unreadable: index < unreadable) }
        return lines
    }

    @Test func oneReadingCountsItsLinesAndTheUnreadableOnes() {
        let none = SkippedLines()
        #expect(none.lines == 0 && none.unreadable == 0 && none.inputs == 0)
        let some = Self.reading(skipped: 5, unreadable: 2)
        #expect(some.lines == 5 && some.unreadable == 2 && some.inputs == 1)
    }

    @Test func aSumCountsTheInputsThatSkippedAny() {
        let total = SkippedLines.sum([
            Self.reading(skipped: 19, unreadable: 0), Self.reading(skipped: 0, unreadable: 0),
            Self.reading(skipped: 26, unreadable: 3), Self.reading(skipped: 4, unreadable: 1),
        ])
        #expect(total.lines == 49 && total.unreadable == 4 && total.inputs == 3)
        #expect(SkippedLines.sum([]) == SkippedLines())
    }
}
