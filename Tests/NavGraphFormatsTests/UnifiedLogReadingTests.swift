import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// Reading an input that came through Apple's unified log: the format detected from the messages, their times, and
/// what is said of redacted lines (`<private>`).
@Suite(.tags(.memory)) struct UnifiedLogReadingTests {
    static let navigatorLines = [
        "Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured",
        "Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) adding 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home)",
    ]

    static func ndjson(_ message: String, second: Int = 12) -> String {
        #"{"timezoneName":"","messageType":"Default","timestamp":"2025-03-14 09:41:\#(second).500000+0100","#
            + #""eventMessage":"\#(UnifiedLogSession.escaped(message))","processID":4242}"#
    }

    /// The messages' format is detected as from `print`, and their events take the entry's time (in UTC).
    @Test func messagesAreDetectedAndDated() throws {
        let text = [
            "Filtering the log data using \"x\"", Self.ndjson(Self.navigatorLines[0], second: 12),
            Self.ndjson(Self.navigatorLines[1], second: 13),
        ].joined(separator: "\n")
        let result = read(text)
        #expect(result.error == nil)
        #expect(result.format == .navigator)
        #expect(result.events.count >= 2)
        #expect(result.events.first?.line == 2)
        #expect(result.events.first?.time == 1_741_941_672.5)
        #expect(result.events.last?.time == 1_741_941_673.5)
        #expect(result.skipped == [1])
    }

    /// SwiftUINavigation reads console times itself: from a `log` entry, its events still take the entry's time, a
    /// dump its first line's.
    @Test func swiftUINavigationEventsTakeTheEntrysTime() throws {
        let text = [
            Self.ndjson("[AppNavigationModel 667...]: Started", second: 10),
            Self.ndjson("<[AppNavigationModel 667...]>", second: 11),
            Self.ndjson("[Analytics] tap", second: 15),
        ].joined(separator: "\n")
        let result = read(text)
        #expect(result.format == .swiftUINavigation)
        #expect(result.events.map(\.time) == [1_741_941_670.5, 1_741_941_671.5])
    }

    @Test(arguments: [
        "Navigator <private> pushing(<private>)", "Navigator deinit: <private>", "[<private> <private>...]: Started",
        "[Model <private>...]: Finished", "\t<[<private> <private>...]>", "{\"event\":<private>}",
        "{\"event\":\"push\",\"id\":<private>}",
    ])
    func redactedNavigationIsRecognized(line: String) {
        #expect(Array(line.utf8).withByteLine { Redaction.hidden(in: $0) } == .navigation)
    }

    /// A message that is nothing but redacted values may be navigation (a library's lines forwarded to `Logger`) or
    /// any other value the app logs whole: told apart from the unmistakable shapes.
    @Test(arguments: ["<private>", " <private> <private> ", "[<private>]"])
    func aWholeRedactedMessageIsToldApart(line: String) {
        #expect(Array(line.utf8).withByteLine { Redaction.hidden(in: $0) } == .wholeMessage)
    }

    @Test(arguments: [
        "Failed to generate SecStaticCode for <private> error: 100024", "<privat>", "private", "Navigator",
        "[AppNavigationModel 667...]: Started", "user <private> signed in", "",
    ])
    func otherTextIsNotRedactedNavigation(line: String) {
        #expect(Array(line.utf8).withByteLine { Redaction.hidden(in: $0) } == nil)
    }

    /// `<private>` is found wherever it is — after other `<`s, at the very end, cut at the end — as a search for the
    /// whole word finds it.
    @Test func privateIsFoundAsASearchForItFindsIt() {
        var random = SplitMix(seed: 39)
        let pieces = ["<", "<private>", "<privat", "private>", "<<private>", "a", " ", "<p", ">"]
        for _ in 0..<20_000 {
            let line = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined()
            let bytes = Array(line.utf8)
            #expect(bytes.withByteLine { Redaction.holdsPrivate($0) } == line.contains("<private>"), "\(line)")
        }
    }

    /// Only redacted navigation: an error at the first such line, with how many; never a hierarchy of `<private>`s.
    @Test func onlyRedactedNavigationIsAnError() throws {
        let text = [
            "Filtering the log data using \"x\"", Self.ndjson("<private>"),
            Self.ndjson("[<private> <private>...]: Started"), Self.ndjson("Navigator <private> dismissed"),
        ]
        let result = read(text.joined(separator: "\n"))
        #expect(result.error == .redacted(path: "test.log", line: 2, lines: 3))
        #expect(result.events.isEmpty)
        #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty)
        // In a text style too, and named with --input-format as well.
        let compact = "2025-03-14 09:41:12.345 Df App[4242:1a2b3] [com.example.app:navigation] <private>\n"
        #expect(read(compact).error == .redacted(path: "test.log", line: 1, lines: 1))
        #expect(read(compact, format: .navigator).error == .redacted(path: "test.log", line: 1, lines: 1))
    }

    /// Some navigation read, some redacted: one warning at the first redacted line, with how many; the redacted
    /// lines are not read. A whole message redacted is the app's other logging as far as can be told: skipped.
    @Test func someRedactedNavigationIsAWarning() throws {
        let text = [
            Self.ndjson(Self.navigatorLines[0]), Self.ndjson("Navigator <private> pushing(<private>)"),
            Self.ndjson(Self.navigatorLines[1]), Self.ndjson("<private>"),
        ]
        let result = read(text.joined(separator: "\n"))
        #expect(result.error == nil)
        let warnings = result.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.line) == [2])
        #expect(warnings.map(\.topic) == [.redacted(lines: 1)])
        #expect(
            warnings.first?.message.hasPrefix("this line looks like navigation output with its values redacted") == true
        )
        #expect(!result.skipped.contains(2) && result.skipped.contains(4))
    }

    /// A NavigatorUI session in every style: the same events as its print log, apart from their lines and times.
    @Test(arguments: UnifiedLogSession.Command.allCases)
    func everyStyleGivesThePrintLogsEvents(command: UnifiedLogSession.Command) throws {
        let session = try UnifiedLogSession.fixtureSession("navigator-session")
        let printed = try read(file: URL(fileURLWithPath: example("navigator-session.log")))
        for style in UnifiedLogSession.Style.allCases {
            let (text, lineOfPrintLine) = session.render(command, style)
            let logged = read(text)
            #expect(logged.error == nil, "\(style)")
            #expect(logged.events.map(\.action) == printed.events.map(\.action), "\(style)")
            #expect(logged.events.map(\.line) == printed.events.map { lineOfPrintLine[$0.line - 1] }, "\(style)")
            #expect(logged.events.allSatisfy { $0.time != nil }, "\(style)")
        }
    }
}
