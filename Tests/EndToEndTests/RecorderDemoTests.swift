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

    @Test func aBadArgumentIsAUsageError() throws {
        let run = try runTool(Self.demoURL, ["--pace", "soon"])
        #expect(run.status == 2)
        #expect(run.stderr == "recorder-demo: --pace needs a number of seconds from 0 to 60, such as 0.5\n")
        #expect(run.stdout.isEmpty)
    }
}
