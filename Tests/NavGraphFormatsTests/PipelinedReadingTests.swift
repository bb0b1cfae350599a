import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading on a second thread must be invisible: the same events, the same diagnostics in the same order, the
/// same errors, and a prompt stop.
@Suite("Reading on a second thread", .tags(.memory))
struct PipelinedReadingTests {
    /// Everything a handler is told, in order.
    final class Transcript: DiagnosticHandler {
        var entries: [String] = []
        let wantsSkippedText: Bool
        init(wantsText: Bool) { wantsSkippedText = wantsText }
        func report(_ diagnostic: Diagnostic) { entries.append("report \(diagnostic)") }
        func skipped(line: Int, text: () -> String) {
            entries.append("skipped \(line)" + (wantsSkippedText ? " \(text())" : ""))
        }
        /// Lists the first few ambiguous pairings with their message, like `leaks` does, and counts the rest.
        var ambiguityMessageLimit: Int? { 3 }
        private var listed = 0
        func ambiguous(line: Int, note: () -> Diagnostic) {
            if listed < 3 {
                listed += 1
                entries.append("ambiguous \(note())")
            } else {
                entries.append("ambiguous \(line)")
            }
        }
    }

    struct Outcome: Equatable {
        var events: [NavEvent]
        var transcript: [String]
        var error: String?
    }

    private func read(_ bytes: [UInt8], concurrent: Bool, wantsText: Bool = true, stopAfter: Int? = nil) -> Outcome {
        read(
            LineSource(bytes: bytes, name: "test.log"), concurrent: concurrent, wantsText: wantsText,
            stopAfter: stopAfter)
    }

    private func read(_ source: LineSource, concurrent: Bool, wantsText: Bool = true, stopAfter: Int? = nil) -> Outcome
    {
        var input = NavigationInput(source: source)
        input.concurrent = concurrent
        let transcript = Transcript(wantsText: wantsText)
        var events: [NavEvent] = []
        var failure: String?
        do {
            try input.read(diagnostics: transcript) { event in
                events.append(event)
                // In the transcript too: what the reader says must come between the same events either way.
                transcript.entries.append("event \(event.line)")
                return stopAfter.map { events.count < $0 } ?? true
            }
        } catch {
            failure = "\(error)"
        }
        return Outcome(events: events, transcript: transcript.entries, error: failure)
    }

    /// Many dumps, events and noise: more than a few batches' worth.
    private static let bigSession: [UInt8] = {
        var text = ""
        for round in 0..<3000 {
            text += "[ListNavigationModel \(String(format: "%03X", round % 4096))...]: Started\n"
            text += "noise line \(round)\n"
            text += "<[AppNavigationModel 667...]>\n\t<[DefaultStackRootNavigationModel 32D...]>\n"
            text += "\t\t<[ListNavigationModel \(String(format: "%03X", round % 4096))...]>\n"
            if round % 7 == 0 { text += "\t\t\t\t<[DeepNavigationModel 1A1...]>\n" }  // a warning: too deep
            text += "[ListNavigationModel \(String(format: "%03X", round % 4096))...]: Finished\n"
        }
        return Array(text.utf8)
    }()

    @Test func theExamplesReadTheSameEitherWay() throws {
        let examples = repositoryRoot.appendingPathComponent("examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
        #expect(names.count >= 5)
        for name in names {
            let bytes = Array(try Data(contentsOf: examples.appendingPathComponent(name)))
            #expect(read(bytes, concurrent: true) == read(bytes, concurrent: false), "\(name)")
        }
    }

    /// From a file, the concurrent reading also reads ahead on a third thread (`ChunkReadAhead`).
    @Test(arguments: [1 << 20, 4096, 61])
    func filesReadTheSameWithTheBytesReadAhead(chunkSize: Int) throws {
        let examples = repositoryRoot.appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted().map {
            examples.appendingPathComponent($0)
        }
        let big = try temporaryFile(Self.bigSession)
        defer { try? FileManager.default.removeItem(at: big) }
        for file in files + [big] {
            let bytes = Array(try Data(contentsOf: file))
            let descriptor = open(file.path, O_RDONLY)
            try #require(descriptor >= 0)
            let source = LineSource(
                descriptor: descriptor, name: "test.log", ownsDescriptor: true, chunkSize: chunkSize)
            #expect(read(source, concurrent: true) == read(bytes, concurrent: false), "\(file.lastPathComponent)")
        }
    }

    @Test func aBigSessionWithNoiseAndWarningsReadsTheSameEitherWay() {
        let inline = read(Self.bigSession, concurrent: false)
        #expect(inline.events.count > 3 * PipelinedReading.batchSize)
        #expect(inline.transcript.contains { $0.hasPrefix("report") })
        #expect(inline.transcript.contains { $0.hasPrefix("skipped") && $0.contains("noise line") })
        #expect(read(Self.bigSession, concurrent: true) == inline)
        // A handler that only counts gets no text made for it.
        let counted = read(Self.bigSession, concurrent: true, wantsText: false)
        #expect(counted.transcript.allSatisfy { !$0.contains("noise line") })
    }

    /// Models sharing a prefix make ambiguous pairings: the handler gets the first messages it asks for, then
    /// only the pairings, in the same order either way.
    @Test func ambiguousPairingsArriveInOrderWithTheMessagesAskedFor() {
        var text = ""
        for round in 0..<50 {
            text += "[DetailNavigationModel E34...]: Started\n[DetailNavigationModel E34...]: Started\n"
            text +=
                "<[AppNavigationModel 667...]>\n\t<[DetailNavigationModel E34...]>\n\t<[DetailNavigationModel E34...]>\n"
            if round % 2 == 0 { text += "[DetailNavigationModel E34...]: Finished\n" }
        }
        let bytes = Array(text.utf8)
        let inline = read(bytes, concurrent: false)
        let ambiguous = inline.transcript.filter { $0.hasPrefix("ambiguous") }
        #expect(ambiguous.count > 10)
        #expect(ambiguous.prefix(3).allSatisfy { $0.contains("live models") })
        #expect(ambiguous.dropFirst(3).allSatisfy { !$0.contains("live models") })
        #expect(read(bytes, concurrent: true) == inline)
    }

    @Test func stoppingEarlyStopsTheReadingThread() {
        let stopped = read(Self.bigSession, concurrent: true, stopAfter: 10)
        #expect(stopped.events.count == 10)
        #expect(stopped.events == Array(read(Self.bigSession, concurrent: false).events.prefix(10)))
        #expect(stopped.error == nil)
    }

    @Test func errorsArriveAfterEverythingReadBeforeThem() {
        // Only noise: the reader's error comes at the end, after every skipped line was reported.
        let noise = Array(String(repeating: "not navigation output\n", count: 5000).utf8)
        let concurrent = read(noise, concurrent: true)
        #expect(concurrent == read(noise, concurrent: false))
        #expect(concurrent.error != nil)
        #expect(concurrent.transcript.count == 5000)
    }

    @Test func anErrorThrownByTheConsumerIsRethrown() {
        struct Stop: Error {}
        var input = NavigationInput(source: LineSource(bytes: Self.bigSession, name: "test.log"))
        input.concurrent = true
        var seen = 0
        #expect(throws: Stop.self) {
            try input.read(diagnostics: DiagnosticCollector()) { _ in
                seen += 1
                if seen == 100 { throw Stop() }
                return true
            }
        }
        #expect(seen == 100)
    }
}
