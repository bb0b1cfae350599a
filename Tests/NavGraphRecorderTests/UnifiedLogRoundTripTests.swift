import NavGraphTestSupport
import Testing

@testable import NavGraphRecorder

/// An app that sends the recorder's lines to `Logger` (`.lines { logger.notice("\($0, privacy: .public)") }`) and
/// reads them back with `log stream`/`log show`: every style reads as the lines themselves — titles with quotes and
/// newlines (escaped twice in the JSON styles: in the event, then in `eventMessage`) and non-ASCII type names too.
@Suite("Recorder lines through Apple's unified log", .tags(.memory))
struct UnifiedLogRoundTripTests {
    @Test(arguments: UnifiedLogSession.Command.allCases)
    func everyStyleReadsAsTheLines(command: UnifiedLogSession.Command) throws {
        let lines = LockedLines()
        let recorder = NavigationRecorder()
        recorder.startRecording(to: .lines { lines.append($0) })
        RoundTripTests.scriptedSession(recorder)
        recorder.stopRecording()
        let session = UnifiedLogSession(printLog: lines.all.joined(separator: "\n"))
        for style in UnifiedLogSession.Style.allCases {
            let result = try readBack(Array(session.render(command, style).text.utf8))
            #expect(result.diagnostics.isEmpty, "\(style): \(result.diagnostics)")
            #expect(result.outline == RoundTripTests.expectedOutline, "\(style)")
            #expect(result.leaked == ["list"], "\(style)")
        }
    }
}
