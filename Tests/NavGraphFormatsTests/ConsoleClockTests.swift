import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The time a console wrote at the start of a line, in every form, read in a run of lines and each alone: a full date
/// and time reads the same whatever came before it.
@Suite("Console times", .tags(.memory))
struct ConsoleClockTests {
    private func times(_ lines: [String]) -> [Double?] {
        var clock = ConsoleClock()
        return lines.map { line in
            line.withByteLine { clock.time(at: $0) }
        }
    }

    @Test func everyFormReadsTheSameInARunAndAlone() {
        let lines = [
            "2025-03-14 09:41:12.345 App[1:2] a",
            "2025-03-14 09:41:12.5 App[1:2] b",
            "2025-03-14 09:41:12 App[1:2] c",
            "2025-03-14 09:41:12.250+0100 d",
            "2025-03-14 09:41:12Z e",
            "2025-03-14 09:41:12.x f",
            "2025-03-14 09:41:12.1-01:30",
            "2025-03-14T09:41:12.125 g",
            "2025-03-14 09:41:12",
            "2025-03-14 09:41:1",
            "2025-03-14 09:41:13.000 h",
            "[09:41:14.500] i",
        ]
        let together = times(lines)
        let alone = lines.map { times([$0])[0] }
        let day = 1_741_910_400.0  // 2025-03-14T00:00:00Z
        let expected: [Double?] = [
            day + 34_872.345, day + 34_872.5, day + 34_872, day + 34_872.25 - 3_600, day + 34_872, nil,
            day + 34_872.1 + 5_400, day + 34_872.125, day + 34_872, nil, day + 34_873, day + 34_874.5,
        ]
        for index in lines.indices {
            #expect(together[index] == expected[index], "line \(index + 1): \(lines[index])")
            // Alone, the bracketed time of day has no date before it (1970-01-01).
            if index < lines.count - 1 { #expect(alone[index] == expected[index], "line \(index + 1) alone") }
        }
    }
}
