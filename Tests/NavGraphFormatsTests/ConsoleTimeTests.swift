import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

@Suite("Console times at the start of a line", .tags(.memory))
struct ConsoleTimeTests {
    private func times(_ lines: [String]) -> [Double?] {
        var clock = ConsoleClock()
        return lines.map { line in Array(line.utf8).withByteLine { clock.time(at: $0) } }
    }

    private let morning = Timestamp.parseRFC3339("2025-03-14T09:41:12.345Z")!

    @Test func xcodeAndNSLog() {
        let read = times([
            "2025-03-14 09:41:12.345 App[4242:9111] [HomeNavigationModel E34...]: Started",
            "2025-03-14T09:41:12.345Z [HomeNavigationModel E34...]: Started",
        ])
        #expect(read == [morning, morning])
    }

    @Test func logStreamWithItsZone() throws {
        let read = times([
            "2025-03-14 09:41:12.345678+0100 0x1f2 Default 0x0 4242 0 App: [X E34...]: Started",
            "2025-03-14 09:41:12.345-05:30 [X E34...]: Started",
        ])
        #expect(abs(try #require(read[0]) - (morning - 3600 + 0.000678)) < 1e-6)
        #expect(abs(try #require(read[1]) - (morning + 5.5 * 3600)) < 1e-6)
    }

    @Test func bracketedTimesTakeTheLastDateAndPassMidnight() throws {
        let read = times([
            "[23:59:59.500] [X E34...]: Started", "[00:00:00.250] [X E34...]: Finished",
            "2025-03-14 09:41:12.345 noise", "[09:41:13.345] [X E34...]: Started",
        ])
        #expect(read[0] == 86_399.5)
        #expect(read[1] == 86_400.25)
        #expect(read[3] == morning + 1)
    }

    @Test func otherStartsAreNoTime() {
        let read = times([
            "", "[HomeNavigationModel E34...]: Started", "2025-03-14: hello", "[09:41] x",
            "2025-03-14 09:41:12.345x", "12:00:00 [X E34...]: Started", "[09:41:12.345]x",
        ])
        #expect(read.allSatisfy { $0 == nil })
    }

    @Test func eventsAndDumpsCarryTheTimeOfTheirLine() {
        let result = read(
            """
            2025-03-14 09:41:12.345 App[1:2] [AppNavigationModel 667...]: Started
            2025-03-14 09:41:13.345 App[1:2] <[AppNavigationModel 667...]>
            2025-03-14 09:41:13.346 App[1:2] \t<[HomeNavigationModel E34...]>
            [HomeNavigationModel E34...]: Started
            """)
        #expect(result.events.map(\.time) == [morning, morning + 1, nil])
    }
}
