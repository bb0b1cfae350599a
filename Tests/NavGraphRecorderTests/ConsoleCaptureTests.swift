import Foundation
import NavGraphRecorder
import NavGraphTestSupport
import Testing

/// The console capture, checked in a child process (`console-capture-probe`): redirecting the test runner's own
/// standard output would capture Swift Testing's report, and other tests running at the same time.
@Suite("Console capture", .tags(.memory))
struct ConsoleCaptureTests {
    static let probe = builtProduct("console-capture-probe")

    /// A line the probe wrote: `out t2 41 printf` — stream, thread, number, method.
    struct ProbeLine: Equatable {
        var thread: String
        var number: Int

        init?(_ line: Substring) {
            let fields = line.split(separator: " ")
            guard fields.count == 4, let number = Int(fields[2]) else { return nil }
            thread = fields[0] + " " + fields[1]
            self.number = number
        }
    }

    /// The lines of `text`, the last one with or without its end.
    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
    }

    /// Every thread's lines, numbers 0..<count in order, and nothing else but the lines in `others`.
    static func expectComplete(
        _ lines: [Substring], threads: [String], count: Int, others: [Substring] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var numbers: [String: [Int]] = [:]
        var unknown: [Substring] = []
        for line in lines {
            if let parsed = ProbeLine(line), threads.contains(parsed.thread) {
                numbers[parsed.thread, default: []].append(parsed.number)
            } else {
                unknown.append(line)
            }
        }
        for thread in threads {
            let seen = numbers[thread] ?? []
            // In order and none missing: exactly 0, 1, 2, … (a short message: the arrays would be thousands long)
            let firstWrong = zip(seen, 0..<count).first { $0 != $1 }.map { "line \($0.1) is \($0.0)" } ?? "none"
            let complete = seen == Array(0..<count)
            #expect(
                complete, "\(thread): \(seen.count) of \(count) lines; first out of place: \(firstWrong)",
                sourceLocation: sourceLocation)
        }
        #expect(unknown == others, sourceLocation: sourceLocation)
    }

    /// Where two lists of lines part, in a few words (`#expect` would print them whole).
    static func firstDifference(_ console: [Substring], _ file: [Substring]) -> String {
        let index =
            zip(console, file).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(console.count, file.count)
        let shown = { (lines: [Substring]) in index < lines.count ? "'\(lines[index])'" : "nothing" }
        return "\(console.count) lines on the console, \(file.count) in the file; line \(index + 1): "
            + "\(shown(console)) on the console, \(shown(file)) in the file"
    }

    @Test func everyLineOfEveryThreadReachesTheFileAndTheConsoleInOrder() throws {
        let probe = try #require(Self.probe, "console-capture-probe is not built")
        let log = TemporaryLog()
        defer { log.remove() }
        let count = 2000
        let run = try runTool(probe, ["threads", "4", "2", "\(count)"], environment: ["NAVGRAPH_LOG": log.path])
        #expect(run.status == 0, "\(run.stderr.suffix(500))")
        let copied = log.text
        let copiedOut = Self.lines(copied).filter { $0.hasPrefix("out ") }
        let copiedErr = Self.lines(copied).filter { $0.hasPrefix("err ") }
        // Whole lines only: a line of stdout and one of stderr never mixed into one.
        #expect(copiedOut.count + copiedErr.count == Self.lines(copied).count)
        Self.expectComplete(
            copiedOut, threads: ["out t0", "out t1", "out t2", "out t3"], count: count,
            others: ["out main last", "out main tail without end of line"])
        Self.expectComplete(copiedErr, threads: ["err e0", "err e1"], count: count)
        // The last line, written without its end just before the probe returned from main, is in the file: the
        // capture's atexit handler copied it.
        #expect(copied.hasSuffix("\nout main tail without end of line"))
        // The console got the same lines, in the same order the file has them.
        let consoleOut = Self.lines(run.stdout)
        let consoleErr = Self.lines(run.stderr)
        let sameOut = consoleOut == copiedOut
        let sameErr = consoleErr == copiedErr
        #expect(sameOut, "stdout: \(Self.firstDifference(consoleOut, copiedOut))")
        #expect(sameErr, "stderr: \(Self.firstDifference(consoleErr, copiedErr))")
        #expect(run.stdout.hasSuffix("\nout main tail without end of line"))
    }

    @Test func flushWritesEverythingSoFarAndStopGivesTheConsoleBack() throws {
        let probe = try #require(Self.probe, "console-capture-probe is not built")
        let log = TemporaryLog()
        defer { log.remove() }
        // The probe itself checks that after flush() the file holds all 500 lines (else it exits 3).
        let run = try runTool(probe, ["flush-stop", "500"], environment: ["NAVGRAPH_LOG": log.path])
        #expect(run.status == 0, "\(run.stderr)")
        Self.expectComplete(Self.lines(log.text), threads: ["out t0"], count: 500)
        Self.expectComplete(Self.lines(run.stdout), threads: ["out t0"], count: 500, others: ["out after stop"])
    }

    @Test func aFileThatCannotBeOpenedIsSaidOnceAndTheOutputLeftAsItWas() throws {
        let probe = try #require(Self.probe, "console-capture-probe is not built")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("no-such-folder/run.log").path
        let run = try runTool(probe, ["threads", "1", "1", "20"], environment: ["NAVGRAPH_LOG": path])
        #expect(run.status == 0)
        let said =
            "navgraph-recorder: cannot copy the console to \(path): No such file or directory; output left as it was"
        let errLines = Self.lines(run.stderr)
        #expect(errLines.first.map(String.init) == said)
        Self.expectComplete(Array(errLines.dropFirst()), threads: ["err e0"], count: 20)
        // stdout is the probe's as without a capture: every line, the `print`ed ones perhaps later (block-buffered).
        let outLines = Self.lines(run.stdout)
        #expect(outLines.count == 22)
        #expect(Set(outLines.compactMap(ProbeLine.init).map(\.number)) == Set(0..<20))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func withoutTheVariableNothingStarts() {
        #expect(ConsoleCapture.startFromEnvironment([:]) == nil)
        #expect(ConsoleCapture.startFromEnvironment(["NAVGRAPH_LOG": ""]) == nil)
        #expect(ConsoleCapture.current == nil)
    }

    @Test func startingThrowsWhenTheFileCannotBeOpened() {
        // Fails before any descriptor is touched, so it is safe in the test process.
        let error = #expect(throws: ConsoleCaptureError.self) {
            try ConsoleCapture.start(toPath: "/nonexistent-navgraph-folder/run.log")
        }
        #expect(
            error?.description
                == "cannot copy the console to /nonexistent-navgraph-folder/run.log: No such file or directory")
        #expect(ConsoleCapture.current == nil)
    }
}
