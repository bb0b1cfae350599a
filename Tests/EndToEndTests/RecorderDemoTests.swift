import Foundation
import NavGraphTestSupport
import Testing

/// The docs' `recorder-demo` transcripts (docs/recorder.md, "The demo") are what the binaries print.
@Suite("recorder-demo and its docs")
struct RecorderDemoTests {
    /// A block in the docs (README.md or a page under docs/) that starts with `$ swift run recorder-demo | navgraph …`:
    /// the arguments, the stdout and stderr shown (stderr: the `navgraph:` lines), whether only the end of stdout is
    /// shown (after a `…` line), and the exit status (`$ echo $?`, else 0).
    struct Transcript {
        var arguments: [String]
        var stdout: String
        var stderr: String
        var showsTail: Bool
        var status: Int32 = 0
    }

    static func transcripts() throws -> [Transcript] {
        let docs = try documentationPages.map {
            try String(contentsOf: repositoryRoot.appendingPathComponent($0), encoding: .utf8)
        }
        let prompt = "$ swift run recorder-demo | navgraph "
        var result: [Transcript] = []
        var lines = docs.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix(prompt) else { continue }
            var body: [Substring] = []
            var status: Int32 = 0
            while let next = lines.popFirst(), next != "```" {
                if next == "$ echo $?", let shown = lines.popFirst() {
                    status = Int32(shown) ?? -1
                } else {
                    body.append(next)
                }
            }
            let showsTail = body.first == "…"
            if showsTail { body.removeFirst() }
            let out = body.filter { !$0.hasPrefix("navgraph: ") }
            let err = body.filter { $0.hasPrefix("navgraph: ") }
            result.append(
                Transcript(
                    arguments: line.dropFirst(prompt.count).split(separator: " ").map(String.init),
                    stdout: out.map { $0 + "\n" }.joined(), stderr: err.map { $0 + "\n" }.joined(),
                    showsTail: showsTail,
                    status: status))
        }
        return result
    }

    static let demoURL = binaryURL.deletingLastPathComponent().appendingPathComponent("recorder-demo")
    /// The demo leaks a view model on purpose (that is what `navgraph leaks` finds); under AddressSanitizer its exit
    /// must not fail on that.
    static let leaksOnPurpose = ["ASAN_OPTIONS": "detect_leaks=0"]

    @Test func theDocsTranscriptsAreWhatTheBinariesPrint() throws {
        let transcripts = try Self.transcripts()
        #expect(transcripts.map { $0.arguments.joined(separator: " ") } == ["tree --follow", "tree --at 33", "leaks"])
        #expect(transcripts.map(\.status) == [0, 0, 1])
        let demo = try runTool(Self.demoURL, ["--pace", "0"], environment: Self.leaksOnPurpose)
        #expect(demo.status == 0 && demo.stderr.isEmpty)
        for transcript in transcripts {
            let run = try navgraph(transcript.arguments, stdin: demo.stdout)
            #expect(run.status == transcript.status, "\(transcript.arguments)")
            if transcript.showsTail {
                #expect(run.stdout.hasSuffix(transcript.stdout), "\(transcript.arguments):\n\(run.stdout)")
            } else {
                #expect(run.stdout == transcript.stdout, "\(transcript.arguments):\n\(run.stdout)")
            }
            #expect(run.stderr == transcript.stderr, "\(transcript.arguments)")
        }
    }

    /// The demo's lines are the recorder's events among ordinary app output; the log validates against the schema.
    @Test func theDemoWritesValidEventsAmongAppOutput() throws {
        let demo = try runTool(Self.demoURL, ["--pace", "0"], environment: Self.leaksOnPurpose)
        let lines = demo.stdout.split(separator: "\n")
        let events = lines.filter { $0.hasPrefix(#"{"event":"#) }
        #expect(lines.count - events.count == 8)
        #expect(
            Set(events.map { $0.split(separator: "\"")[3] }).isSuperset(of: [
                "start", "finish", "root", "switch", "tab", "push", "pop", "setPath", "select", "present", "dismiss",
            ]))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("demo.jsonl")
        try events.joined(separator: "\n").write(to: log, atomically: true, encoding: .utf8)
        let validator = repositoryRoot.appendingPathComponent("scripts/validate-events").path
        let check = try runTool(URL(fileURLWithPath: "/usr/bin/env"), ["python3", validator, log.path])
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// `NAVGRAPH_LOG=FILE recorder-demo` (docs/recorder.md, "Copying the console to a file"): the console shows what
    /// it shows without it, FILE holds the same bytes, and `navgraph leaks FILE` finds the leak as the docs show.
    @Test func navgraphLogCopiesTheConsoleToAFileThatLeaksReads() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("run.log")
        var environment = Self.leaksOnPurpose
        environment["NAVGRAPH_LOG"] = log.path
        let captured = try runTool(Self.demoURL, ["--pace", "0"], environment: environment)
        #expect(captured.status == 0 && captured.stderr.isEmpty, "\(captured.stderr)")
        #expect(try Data(contentsOf: log) == Data(captured.stdoutBytes))
        // The events are stamped with the time they were recorded; all else is the same as without the capture.
        let plain = try runTool(Self.demoURL, ["--pace", "0"], environment: Self.leaksOnPurpose)
        let withoutTimes = { (text: String) in text.replacing(/,"time":[0-9.]+/, with: "") }
        #expect(withoutTimes(captured.stdout) == withoutTimes(plain.stdout))
        #expect(captured.stdout.split(separator: "\n").count == 57)

        let leaks = try navgraph(["leaks", log.path])
        #expect(leaks.status == 1)
        let shown = try Self.capturedLeaksTranscript()
        #expect(leaks.stdout == shown.stdout)
        #expect(leaks.stderr == shown.stderr)
    }

    /// What docs/recorder.md shows `navgraph leaks run.log` print after `NAVGRAPH_LOG=run.log swift run recorder-demo`:
    /// stdout, and the `navgraph:` lines of stderr.
    static func capturedLeaksTranscript() throws -> (stdout: String, stderr: String) {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/recorder.md"), encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "$ navgraph leaks run.log"), "docs/recorder.md has no transcript")
        let shown = lines[(start + 1)...].prefix { $0 != "$ echo $?" && $0 != "```" }
        let stderr = shown.filter { $0.hasPrefix("navgraph: ") }
        let stdout = shown.filter { !$0.hasPrefix("navgraph: ") }
        return (stdout.map { $0 + "\n" }.joined(), stderr.map { $0 + "\n" }.joined())
    }

    @Test func aBadArgumentIsAUsageError() throws {
        let run = try runTool(Self.demoURL, ["--pace", "soon"])
        #expect(run.status == 2)
        #expect(run.stderr == "recorder-demo: --pace needs a number of seconds from 0 to 60, such as 0.5\n")
        #expect(run.stdout.isEmpty)
    }
}
