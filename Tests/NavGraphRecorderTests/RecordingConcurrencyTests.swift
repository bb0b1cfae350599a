import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphTestSupport
import Testing

@testable import NavGraphRecorder

/// Many tasks recording at once: nothing lost, no line broken into or mixed with another, each task's order kept.
/// Also run under ThreadSanitizer (`scripts/test-sanitized thread --filter NavGraphRecorderTests`).
@Suite("Recording from many tasks at once", .tags(.memory))
struct RecordingConcurrencyTests {
    static let tasks = 16
    static let eventsPerTask = 2_000

    /// Each task marks `t<task>-<n>` in order, with a label long enough that torn writes would show.
    static func recordFromManyTasks(_ recorder: NavigationRecorder) async {
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    let padding = String(repeating: "x", count: task * 7)
                    for number in 0..<eventsPerTask { recorder.mark("t\(task)-\(number) \(padding)") }
                }
            }
        }
    }

    /// Every line is an event; per task, the numbers are 0, 1, 2, … in order.
    static func check(_ lines: [Substring]) {
        #expect(lines.count == tasks * eventsPerTask)
        var next = [Int](repeating: 0, count: tasks)
        var broken = 0
        var outOfOrder = 0
        for line in lines {
            guard line.hasPrefix(#"{"event":"mark","label":"t"#), line.hasSuffix("}"),
                let labelEnd = line.range(of: #"","time":"#)
            else {
                broken += 1
                continue
            }
            let label = line[line.index(line.startIndex, offsetBy: 26)..<labelEnd.lowerBound]
            let parts = label.split(separator: " ")[0].split(separator: "-")
            guard parts.count == 2, let task = Int(parts[0]), let number = Int(parts[1]), task < tasks,
                label == "\(task)-\(number) " + String(repeating: "x", count: task * 7)
            else {
                broken += 1
                continue
            }
            if number != next[task] { outOfOrder += 1 }
            next[task] = number + 1
        }
        #expect(broken == 0)
        #expect(outOfOrder == 0)
        #expect(next == [Int](repeating: eventsPerTask, count: tasks))
    }

    @Test func toAFileNothingIsLostOrInterleaved() async throws {
        let log = TemporaryLog()
        defer { log.remove() }
        let recorder = NavigationRecorder()
        // Room for everything: this test is about order and whole lines, not overflow.
        recorder.startRecording(to: try .file(atPath: log.path), bufferCapacity: 64 << 20)
        await Self.recordFromManyTasks(recorder)
        recorder.stopRecording()
        #expect(recorder.droppedEventCount == 0)
        Self.check(log.lines)
        // And navgraph reads every line.
        let result = try readBack(log)
        #expect(result.diagnostics.isEmpty)
        #expect(result.events.count == Self.tasks * Self.eventsPerTask)
    }

    @Test func toAClosureEachLineArrivesWhole() async {
        let lines = LockedLines()
        let recorder = NavigationRecorder()
        recorder.startRecording(to: .lines { lines.append($0) }, bufferCapacity: 64 << 20)
        await Self.recordFromManyTasks(recorder)
        recorder.flush()
        Self.check(lines.all.map { Substring($0) })
        recorder.stopRecording()
    }

    @Test func startingAndStoppingWhileTasksRecordIsSafe() async throws {
        let log = TemporaryLog()
        defer { log.remove() }
        let recorder = NavigationRecorder()
        let sink = try RecordingSink.file(atPath: log.path)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for index in 0..<20_000 { recorder.mark("m\(index)") } }
            group.addTask {
                for _ in 0..<20 {
                    recorder.startRecording(to: sink)
                    recorder.flush()
                    recorder.stopRecording()
                }
            }
        }
        // Whatever was recorded while on is whole.
        let result = try readBack(Array(log.text.utf8) + Array(#"{"event":"mark","label":"end"}"#.utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.skipped.isEmpty)
    }
}
