import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphTestSupport
import Testing

@testable import NavGraphRecorder

@Suite("Recording: off, filters, a full buffer", .tags(.memory))
struct RecordingOptionsTests {
    @Test func offWritesNothing() throws {
        let lines = LockedLines()
        let recorder = NavigationRecorder()
        #expect(!recorder.isRecording)
        recorder.push("a", type: "A", onto: "s")
        recorder.startRecording(to: .lines { lines.append($0) })
        #expect(recorder.isRecording)
        recorder.push("b", type: "B", onto: "s")
        recorder.stopRecording()
        recorder.push("c", type: "C", onto: "s")
        recorder.flush()
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains(#""id":"b""#) == true)
    }

    @Test func aFilterDropsAndRedacts() throws {
        let lines = LockedLines()
        let recorder = NavigationRecorder()
        recorder.startRecording(
            to: .lines { lines.append($0) },
            filter: { event in
                if event.name == .mark { return nil }
                var event = event
                if event.title != nil { event.title = "…" }
                if event.type?.hasPrefix("Secret") == true { event.type = "Redacted" }
                return event
            })
        recorder.root("tabs", type: "Tabs", kind: .tabs)
        recorder.tab("t", type: "SecretProjectTab", in: "tabs", title: "Ann's diary")
        recorder.mark("user typed: hunter2")
        recorder.stopRecording()
        #expect(lines.all.count == 2)
        #expect(!lines.all.joined().contains("Secret") && !lines.all.joined().contains("diary"))
        let result = try readBack(Array(lines.all.joined(separator: "\n").utf8))
        #expect(result.outline == ["main: 0 tabs Tabs tabs root", "main: 1 t Redacted screen tab"])
    }

    /// An inline sink (standard output is one) gets each event before the call returns, so the app's own output
    /// written to the same stream keeps its place: the console's order is the order things happened.
    @Test func anInlineSinkKeepsEventsAmongTheAppsOwnLines() throws {
        #expect(RecordingSink.standardOutput.writesInline)
        #expect(!RecordingSink.standardOutputInBatches.writesInline)
        let lines = LockedLines()
        let recorder = NavigationRecorder()
        recorder.startRecording(
            to: .init(writesInline: true) { bytes in
                for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") { lines.append(String(line)) }
            })
        lines.append("app: launched")
        recorder.rootEntry("home", type: "HomeModel", of: "stack")
        lines.append("app: tapped a row")
        recorder.push("detail", type: "DetailModel", onto: "stack")
        recorder.pop(from: "stack")
        lines.append("app: back")
        recorder.stopRecording()
        let seen = lines.all.map { $0.hasPrefix("app:") ? $0 : String($0.prefix(while: { $0 != "," })) }
        #expect(
            seen == [
                "app: launched", "{\"event\":\"push\"", "app: tapped a row", "{\"event\":\"push\"",
                "{\"event\":\"pop\"", "app: back",
            ])
    }

    /// A sink slower than the events: the buffer stays bounded, drops are counted, and the log says how many.
    @Test func aFullBufferDropsNewEventsCountsThemAndSaysSo() throws {
        let lines = LockedLines()
        let gate = LockedState(false)
        let stuck = LockedState(false)
        let recorder = NavigationRecorder()
        recorder.startRecording(
            to: .lines { line in
                // The sink is stuck until the test has overfilled the buffer.
                stuck.withLock { $0 = true }
                waitUntil { gate.withLock { $0 } }
                lines.append(line)
            }, bufferCapacity: 4096)
        recorder.mark("first")
        // The writer has taken `first` and is stuck in the sink: every event from now on waits in the buffer.
        #expect(waitUntil { stuck.withLock { $0 } })
        for index in 0..<1000 { recorder.mark("event \(index)") }
        let dropped = recorder.droppedEventCount
        #expect(dropped > 900)
        gate.withLock { $0 = true }
        recorder.flush()
        recorder.mark("after")
        recorder.stopRecording()
        let written = lines.all
        // first + what fitted + a mark naming the drops + after.
        #expect(written.count == 1 + (1000 - dropped) + 2)
        #expect(written[written.count - 2].contains("navgraph-recorder dropped \(dropped) events: its buffer was full"))
        #expect(written.last?.contains(#""label":"after""#) == true)
        #expect(try readBack(Array(written.joined(separator: "\n").utf8)).diagnostics.isEmpty)
    }

    /// The writer takes events without a `flush()`: the first after it went idle wakes it, and those that come while
    /// it waits for more after a batch are taken when that wait ends (`RecordingQueue.batchWindow`).
    @Test func eventsReachTheSinkWithoutAFlush() {
        let lines = LockedLines()
        let recorder = NavigationRecorder()
        recorder.startRecording(to: .lines { lines.append($0) })
        defer { recorder.stopRecording() }
        // Pauses in microseconds before each event: none (the writer is collecting after the last batch), or long
        // enough for it to have gone idle. They pace the events, as an app's would come; the assertion waits for each
        // event with a deadline.
        for (index, pause) in [0, 0, 0, 20_000, 0, 20_000, 20_000, 0].enumerated() {
            usleep(UInt32(pause))
            recorder.mark("m\(index)")
            // Within a batch window once the writer runs; a loaded machine may take far longer to run it.
            let deadline = ContinuousClock.now + .seconds(10)
            while lines.all.count <= index, ContinuousClock.now < deadline { usleep(200) }
            #expect(lines.all.count == index + 1)
        }
    }

    /// An event too long to be encoded on the stack before the lock (a label of about 100 KB) is encoded straight
    /// into the buffer, whole, with a filter or without; one too long for the buffer is dropped and counted.
    @Test(arguments: [false, true])
    func aLongEventIsWrittenWholeOrDropped(filtered: Bool) throws {
        let label = String(repeating: "a \"quoted\" word\n", count: 6_000)
        let lines = LockedLines()
        let recorder = NavigationRecorder()
        let keepEverything: RecordingFilter = { $0 }
        recorder.startRecording(to: .lines { lines.append($0) }, filter: filtered ? keepEverything : nil)
        recorder.mark(label)
        recorder.mark(String(repeating: "x", count: 2 << 20))
        recorder.mark("short")
        recorder.stopRecording()
        #expect(recorder.droppedEventCount == 1)
        let result = try readBack(Array(lines.all.joined(separator: "\n").utf8))
        #expect(result.diagnostics.isEmpty)
        let labels = result.events.compactMap { event -> String? in
            if case .mark(let label) = event.action { return label }
            return nil
        }
        #expect(labels == [label, "navgraph-recorder dropped 1 events: its buffer was full", "short"])
    }

    @Test func aFileSinkAppends() throws {
        let log = TemporaryLog()
        defer { log.remove() }
        try "earlier line\n".write(to: log.url, atomically: false, encoding: .utf8)
        let recorder = NavigationRecorder()
        recorder.startRecording(to: try .file(atPath: log.path))
        recorder.mark("one")
        recorder.stopRecording()
        recorder.startRecording(to: try .file(atPath: log.path))
        recorder.mark("two")
        recorder.stopRecording()
        #expect(log.lines.count == 3)
        #expect(log.lines.first == "earlier line")
    }

    @Test func aFileThatCannotBeOpenedIsAnError() {
        #expect(throws: RecordingSinkError.self) { try RecordingSink.file(atPath: "/nonexistent-folder/x.log") }
    }
}
