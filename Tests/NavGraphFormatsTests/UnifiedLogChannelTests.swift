import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// What `UnifiedLogChannel` hands the readers of each `log` layout, line by line: the app's message lines, numbered
/// where the message is, dated by the entry; `log`'s own lines counted as skipped; anything else as it was.
@Suite(.tags(.memory)) struct UnifiedLogChannelTests {
    struct Handed: Equatable, CustomStringConvertible {
        var text: String
        var number: Int
        var time: Double?
        var description: String { "\(number): \(text) @\(time.map { String($0) } ?? "-")" }
    }

    /// Runs `bytes` through a channel as `NavigationInput` does: what it hands on, and what it reported.
    static func channel(_ bytes: [UInt8], maxLineLength: Int = 1 << 22) throws -> (
        handed: [Handed], collector: DiagnosticCollector
    ) {
        let channel = UnifiedLogChannel()
        let collector = DiagnosticCollector()
        var handed: [Handed] = []
        let deliver: UnifiedLogChannel.Deliver = { line, info in
            handed.append(Handed(text: line.text, number: info.number, time: info.time))
            return true
        }
        try LineSource(bytes: bytes, name: "test.log", maxLineLength: maxLineLength, chunkSize: 7).forEachLine {
            line, info in
            try channel.take(line, info, diagnostics: collector, deliver)
        }
        _ = try channel.finish(diagnostics: collector, deliver)
        return (handed, collector)
    }

    static func channel(_ text: String) throws -> (handed: [Handed], collector: DiagnosticCollector) {
        try channel(Array(text.utf8))
    }

    /// 2025-03-14 09:41:12.345678+0100 in seconds since 1970.
    static let time = 1_741_941_672.345678

    @Test func anNDJSONEntryIsItsMessageAtItsLineAndTime() throws {
        let (handed, collector) = try Self.channel(
            """
            Filtering the log data using "subsystem == "com.example.app""
            {"timezoneName":"","messageType":"Default","timestamp":"2025-03-14 09:41:12.345678+0100","eventMessage":"Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured","processImageUUID":"0CE9AAA6-7282-3923-B74D-7A1CAD26B8F8","processID":4242}

            """)
        #expect(handed.map(\.text) == ["Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured"])
        #expect(handed.map(\.number) == [2])
        #expect(abs(try #require(handed.first?.time) - Self.time) < 1e-6)
        #expect(collector.skippedLines == [1])
        #expect(collector.diagnostics.isEmpty, "\(collector.diagnostics)")
    }

    /// `--style json`: each entry pretty-printed over many lines, a nested `backtrace`, `},{` between entries, `}]`
    /// after the last: one entry each, at its `eventMessage` line.
    @Test func aPrettyPrintedEntryIsOneEntry() throws {
        let (handed, collector) = try Self.channel(
            """
            [{
              "timezoneName" : "",
              "messageType" : "Default",
              "backtrace" : {
                "frames" : [
                  {
                    "imageOffset" : 215404,
                    "imageUUID" : "0CE9AAA6-7282-3923-B74D-7A1CAD26B8F8"
                  }
                ]
              },
              "processImagePath" : "\\/Applications\\/App.app\\/App",
              "timestamp" : "2025-03-14 09:41:12.345678+0100",
              "eventMessage" : "first },{ [ ] \\"quoted\\"",
              "processID" : 4242
            },{
              "traceID" : 1234,
              "eventMessage" : "second",
              "timestamp" : "2025-03-14 09:41:13.000000+0100"
            }]

            """)
        #expect(handed.map(\.text) == [#"first },{ [ ] "quoted""#, "second"])
        #expect(handed.map(\.number) == [14, 18])
        #expect(abs(try #require(handed.last?.time) - 1_741_941_673) < 1e-6)
        #expect(collector.diagnostics.isEmpty && collector.skippedLines.isEmpty, "\(collector.diagnostics)")
    }

    @Test func escapesAreDecoded() throws {
        let message = #"a\/b \"c\" \\d\te \u00e9 \ud83d\ude00 \ud800 \u001b[32mgreen\u001b[0m"#
        let (handed, _) = try Self.channel(
            #"{"traceID":1,"eventMessage":"\#(message)","timestamp":"2025-03-14 09:41:12.345678+0100"}"#)
        #expect(handed.map(\.text) == ["a/b \"c\" \\d\te é 😀 \u{FFFD} green"])
    }

    /// A message with newlines is a line each, all at the entry's line (in the text styles the lines after the first
    /// come unprefixed, and keep the entry's time).
    @Test func aMessageWithNewlinesIsSeveralLines() throws {
        let json = try Self.channel(
            #"{"traceID":1,"eventMessage":"<[App 667...]>\n\t<[Tabs F1A...]>\n","timestamp":"2025-03-14 09:41:12.345678+0100"}"#
        )
        #expect(json.handed.map(\.text) == ["<[App 667...]>", "\t<[Tabs F1A...]>", ""])
        #expect(json.handed.map(\.number) == [1, 1, 1])
        let text = try Self.channel(
            """
            2025-03-14 09:41:12.345678+0100 0x1a2b3    Default     0x0                  4242   0    App: <[App 667...]>
            \t<[Tabs F1A...]>

            """)
        #expect(text.handed.map(\.text) == ["<[App 667...]>", "\t<[Tabs F1A...]>"])
        #expect(text.handed.allSatisfy { abs(($0.time ?? 0) - Self.time) < 1e-6 }, "\(text.handed)")
    }

    /// Every text style: the message alone, whatever columns, library and subsystem come before it.
    @Test(arguments: [
        "2025-03-14 09:41:12.345678+0100 0x1a2b3    Default     0x0                  4242   0    App: MESSAGE",
        "2025-03-14 09:41:12.345678+0100 0x1a2b3    Info        0x0                  4242   0    My App: (NavigatorUI) [com.example.app:navigation] MESSAGE",
        // Before macOS 10.13, no TTL column.
        "2025-03-14 09:41:12.345678+0100 0x1daa15   Activity    0x80000000000ab54b   48240  Ur iOS AppName: (UIKit) MESSAGE",
        "2025-03-14 09:41:12.345678+0100 0x1590e Signpost 0x0 1766 0 [spid 0x291385ea6c83b460, process, begin] bluetoothd: [com.apple.bluetooth:HID Dispatch] MESSAGE",
        "2025-03-14 09:41:12.345 Df App[4242:1a2b3] [com.example.app:navigation] MESSAGE",
        "2025-03-14 09:41:12.345 E  My App[4242:1a2b3] (Library) MESSAGE",
        "2025-03-14 09:41:12.345678+0100  localhost App[4242]: [com.example.app:navigation] MESSAGE",
        "2025-03-14 09:41:12.345678+0100  localhost launchd[1]: [system:] MESSAGE",
    ])
    func aTextStyleLineIsItsMessage(line: String) throws {
        for message in ["[AppNavigationModel 667...]: Started", "Navigator (root) configured", "{\"event\":\"mark\"}"] {
            let (handed, _) = try Self.channel(line.replacingOccurrences(of: "MESSAGE", with: message))
            #expect(handed.map(\.text) == [message], "\(line)")
            #expect(handed.first?.time != nil)
        }
    }

    /// NSLog's and Xcode's prefix has no type column: not `log`'s, read as it is (readers read that prefix).
    @Test(arguments: [
        "2025-03-14 09:41:07.201 MailApp[4242:9111] [AppNavigationModel 4B0...]: Started",
        "2025-03-14 09:41:12.345678+0100 0x1a2b3 Default",
        "2025-03-14 09:41:12.345678+0100  localhost App: no process id",
        "[{\"a\":1}]", "[", "}", "]", "},", "{\"event\":\"start\",\"id\":\"1\",\"type\":\"T\"}",
    ])
    func otherLinesAreHandedOnAsTheyAre(line: String) throws {
        let (handed, collector) = try Self.channel(line)
        #expect(handed.map(\.text) == [line])
        #expect(collector.diagnostics.isEmpty && collector.skippedLines.isEmpty)
    }

    /// `log`'s header lines, and `log show`'s summary after its entries, are skipped (counted), not errors.
    @Test func headersAndSummaryAreSkipped() throws {
        let (handed, collector) = try Self.channel(
            """
            Filtering the log data using "subsystem == "com.example.app""
            Skipping info and debug messages, pass --info and/or --debug to include.
            Timestamp                       Thread     Type        Activity             PID    TTL  
            2025-03-14 09:41:12.345678+0100 0x1a2b3    Default     0x0                  4242   0    App: one
            --------------------------------------------------------------------------------------------------------------------
            Log      - Default:          1, Info:                0, Debug:             0, Error:          0, Fault:          0
            Activity - Create:           0, Transition:          0, Actions:           0
            Timestamp               Ty Process[PID:TID]
            Timestamp                       (process)[PID]    

            """)
        #expect(handed.map(\.text) == ["one"])
        #expect(collector.skippedLines == [1, 2, 3, 5, 6, 7, 8, 9])
        #expect(collector.diagnostics.isEmpty)
        // Before any line of `log`, a rule of dashes and a count line are the app's.
        let app = try Self.channel("----------------------------------------\nLog      - Default:          1\n")
        #expect(app.handed.count == 2)
    }

    /// A lone `{` opens an entry only when `log`'s members follow; the app's own pretty-printed JSON (JSONEncoder's
    /// `"key" : value` too) is handed on line by line, numbered as it was.
    @Test func theAppsOwnJSONIsHandedOn() throws {
        let text = """
            {
              "user" : "ann",
              "items" : [
                1
              ]
            }
            {
              "category" : "not log's: no other member of an entry"
            }
            {"event":"start","id":"32D0","type":"Home"}

            """
        let (handed, collector) = try Self.channel(text)
        #expect(handed.map(\.text) == text.split(separator: "\n").map(String.init))
        #expect(handed.map(\.number) == Array(1...10))
        #expect(collector.diagnostics.isEmpty && collector.skippedLines.isEmpty)
    }

    /// `log stream --style json` stopped: the `},{` after its last entry opened nothing; nothing is said of it.
    @Test func anInterruptedStreamEndsQuietly() throws {
        let (handed, collector) = try Self.channel(
            "[{\n  \"traceID\" : 1,\n  \"eventMessage\" : \"one\"\n},{\n")
        #expect(handed.map(\.text) == ["one"])
        #expect(collector.diagnostics.isEmpty)
    }

    /// A `log` entry that cannot be read says where and what was expected, and reading goes on: unreadable, as a
    /// line that looks like navigation output but cannot be read (an error with --strict; `leaks` cannot pass the
    /// log), not an error that ends the read — a capture cut short by the end of a job leaves such an entry.
    @Test func aBrokenEntryIsSaidAtItsLine() throws {
        let (handed, collector) = try Self.channel(
            """
            [{
              "traceID" : 1,
              "eventMessage" : "one" "two"
            },{
              "eventMessage" : "three",
              "traceID" : 2
            },{
              "traceID" : 3,
            Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured
            {"timezoneName":"","eventMessage":"four",}

            """)
        #expect(handed.map(\.text) == ["three", "Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured"])
        #expect(
            collector.diagnostics.map { "\($0.severity) \($0.line ?? 0) \($0.message)" } == [
                "note 3 not a unified log entry (log --style json, begun at line 1): expected ',' or '}' after a "
                    + "member, found '\"'; entry not read",
                "note 7 this unified log entry (log --style json) is not closed before line 9; expected its members "
                    + "on indented lines up to its closing '}': entry not read",
                "note 10 not a unified log entry (log --style ndjson): expected a member name in double quotes, "
                    + "found '}' at column 42; line not read",
            ])
    }

    /// An entry past `entryLimit` is followed to its end and not kept; an ndjson line cut short by the line limit is
    /// not read either; both are said, and what follows is read.
    @Test func aHugeEntryIsSkippedAndSaid() throws {
        let huge = String(repeating: "x", count: UnifiedLogChannel.entryLimit)
        var text = "[{\n  \"traceID\" : 1,\n  \"eventMessage\" : \"\(huge)\"\n},{\n  \"eventMessage\" : \"after\",\n"
        text += "  \"traceID\" : 2\n}]\n"
        let (handed, collector) = try Self.channel(text)
        #expect(handed.map(\.text) == ["after"])
        #expect(collector.diagnostics.map(\.line) == [1])
        #expect(collector.diagnostics.first?.topic == .unreadableLine)
        let line = "{\"timezoneName\":\"\",\"eventMessage\":\"\(String(repeating: "y", count: 5000))\"}\nnext\n"
        let cut = try Self.channel(Array(line.utf8), maxLineLength: 1000)
        #expect(cut.handed.map(\.text) == ["next"])
        #expect(cut.collector.diagnostics.first?.topic == .unreadableLine)
    }

    /// Invalid UTF-8 in a message is handed on as it is, for the reader to judge as it judges `print`'s.
    @Test func invalidUTF8InAMessageIsKept() throws {
        let bytes = Array(#"{"traceID":1,"eventMessage":"a"#.utf8) + [0xFF, 0xC3] + Array(#"b"}"#.utf8)
        let channel = UnifiedLogChannel()
        var handed: [[UInt8]] = []
        try LineSource(bytes: bytes, name: "t").forEachLine { line, info in
            try channel.take(line, info, diagnostics: DiagnosticCollector()) { line, _ in
                handed.append(Array(line))
                return true
            }
        }
        #expect(handed == [[0x61, 0xFF, 0xC3, 0x62]])
    }

    /// Whatever comes — JSON cut anywhere, brackets alone, random bytes — the channel never traps, every line is
    /// handed on, skipped or reported, and an input without `log`'s lines is handed on unchanged.
    @Test func anyInputIsTakenWithoutATrap() throws {
        let pieces = [
            "[{", "},{", "}]", "{", "}", "[", "]", "  \"eventMessage\" : \"m\\n\\u00", "  \"traceID\" : 1,",
            "{\"timezoneName\":\"\",\"eventMessage\":\"x", "\"", "\\", "\\u", "  \"backtrace\" : {", "    [", "\u{FF}",
            "2025-03-14 09:41:12.345678+0100 0x1 Default 0x0 1 0 A: m", "2025-03-14 09:41:12.3 Df A[1:f] m", "\t",
            "Filtering the log data", "Timestamp  Thread", "-----------------", "Log - Default: 1", " ", "",
        ]
        var random = SplitMix(seed: 37)
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                bytes += Array(pieces.randomElement(using: &random)!.utf8)
                if Bool.random(using: &random) { bytes.append(0x0A) }
                if Int.random(in: 0..<8, using: &random) == 0 {
                    bytes.append(UInt8.random(in: 0...255, using: &random))
                }
            }
            let (handed, collector) = try Self.channel(bytes)
            // A line gives at most its own lines back, or, ending a cut entry, those it kept of it.
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
            #expect(handed.count + collector.skippedLines.count <= lines * 12, "\(bytes)")
            // And the whole reading, detection and readers after the channel, ends in events or an input error.
            let input = NavigationInput(source: LineSource(bytes: bytes, name: "t", chunkSize: 5))
            do {
                try input.read(diagnostics: DiagnosticCollector()) { _ in true }
            } catch is InputError {}
        }
    }
}
