import Foundation
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a chunk ahead on another thread must hand out exactly the lines reading in turn does: the same bytes,
/// numbers and truncation, wherever the chunks split them, and stop without waiting for a pipe's writer.
@Suite("Reading a chunk ahead", .tags(.memory))
struct ChunkReadAheadTests {
    struct Line: Equatable, CustomStringConvertible {
        var text: String
        var number: Int
        var truncated: Bool
        var description: String {
            "\(number)\(truncated ? " (truncated)" : ""): \(text.prefix(60).debugDescription) (\(text.utf8.count) bytes)"
        }
    }

    private func lines(of source: LineSource, readAhead: Bool, stopAfter: Int? = nil) throws -> [Line] {
        var lines: [Line] = []
        try source.forEachLine(readAhead: readAhead) { bytes, info in
            lines.append(
                Line(text: bytes.text, number: info.number, truncated: info.truncated))
            return stopAfter.map { lines.count < $0 } ?? true
        }
        return lines
    }

    /// Lines of every length from empty to past the longest kept, some ending in `\r`, the last without `\n`.
    private static let mixedLines: [UInt8] = {
        var random = SplitMix(seed: 7)
        var text = ""
        for number in 0..<3000 {
            let length =
                number % 97 == 0 ? Int.random(in: 1000...5000, using: &random) : Int.random(in: 0...140, using: &random)
            text += String((0..<length).map { _ in "abcdef ()-:0123456789é".randomElement(using: &random)! })
            if number % 13 == 0 { text += "\r" }
            text += "\n"
        }
        return Array((text + "the last line, no newline").utf8)
    }()

    @Test(arguments: [1, 7, 64, 999, 4096, 1 << 20])
    func theLinesAreThoseReadInTurn(chunkSize: Int) throws {
        let file = try temporaryFile(Self.mixedLines)
        defer { try? FileManager.default.removeItem(at: file) }
        func source() throws -> LineSource {
            let descriptor = open(file.path, O_RDONLY)
            try #require(descriptor >= 0)
            return LineSource(
                descriptor: descriptor, name: "mixed.log", ownsDescriptor: true, maxLineLength: 1200,
                chunkSize: chunkSize)
        }
        let inTurn = try lines(of: try source(), readAhead: false)
        #expect(inTurn.count == 3001)
        #expect(inTurn.contains { $0.truncated })
        expectSame(try lines(of: try source(), readAhead: true), inTurn)
        // And as bytes in memory are read (where nothing is read ahead).
        let memory = LineSource(bytes: Self.mixedLines, name: "mixed.log", maxLineLength: 1200, chunkSize: chunkSize)
        expectSame(try lines(of: memory, readAhead: true), inTurn)
    }

    /// The same lines; on a difference, the first one (not thousands of lines).
    private func expectSame(
        _ lines: [Line], _ expected: [Line], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(lines.count == expected.count, sourceLocation: sourceLocation)
        if let index = zip(lines, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record(
                "line \(index + 1): \(lines[index]), expected \(expected[index])", sourceLocation: sourceLocation)
        }
    }

    /// Chunks of lines shorter than `shortestLinesListed` on average are split by the reader, not listed by the
    /// read-ahead: the same lines either way, including where such chunks and listed ones alternate.
    @Test func chunksOfVeryShortLinesAreSplitByTheReader() throws {
        var text = ""
        for block in 0..<40 {
            text += block % 2 == 0 ? String(repeating: "\n", count: 3000) : String(repeating: "a\r\n", count: 1500)
            text += String(repeating: "a line long enough to be listed by the read-ahead thread\n", count: 200)
        }
        let bytes = Array(text.utf8)
        let file = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: file) }
        for chunkSize in [4096, 65536] {
            let descriptor = open(file.path, O_RDONLY)
            try #require(descriptor >= 0)
            let ahead = LineSource(
                descriptor: descriptor, name: "short.log", ownsDescriptor: true, chunkSize: chunkSize)
            let inTurn = LineSource(bytes: bytes, name: "short.log", chunkSize: chunkSize)
            expectSame(try lines(of: ahead, readAhead: true), try lines(of: inTurn, readAhead: false))
        }
    }

    @Test func anEmptyFileHasNoLines() throws {
        let file = try temporaryFile([])
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try lines(of: try LineSource(path: file.path), readAhead: true).isEmpty)
    }

    /// `tree --at 3` reading a pipe whose writer is still running: stopping must not wait for more input.
    @Test func stoppingEarlyDoesNotWaitForAPipesWriter() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let text = Array((0..<100).map { "line \($0)\n" }.joined().utf8)
        #expect(text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == text.count)
        let source = LineSource(descriptor: ends[0], name: "<pipe>", ownsDescriptor: true)
        let started = Date()
        let read = try lines(of: source, readAhead: true, stopAfter: 3)
        #expect(read.map(\.text) == ["line 0", "line 1", "line 2"])
        #expect(Date().timeIntervalSince(started) < 10)
        // The read-ahead thread may wait in a read of the pipe: closing its writer lets it end.
        close(ends[1])
    }

    /// A pipe left non-blocking (by another program sharing it) reads as a blocking one: a read with nothing yet
    /// waits for input instead of failing with "Resource temporarily unavailable".
    @Test(arguments: [false, true])
    func aNonBlockingPipeIsReadAsItArrives(readAhead: Bool) throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        try #require(fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK) == 0)
        let writer = ends[1]
        let thread = Thread {
            for burst in 0..<3 {
                // Pacing, not a wait: the reader finds the pipe empty between bursts (a non-blocking read would
                // fail with EAGAIN there); the assertion is on what was read, whenever it came.
                usleep(50_000)
                let text = Array((0..<10).map { "burst \(burst) line \($0)\n" }.joined().utf8)
                _ = text.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            }
            close(writer)
        }
        thread.start()
        let source = LineSource(descriptor: ends[0], name: "<pipe>", ownsDescriptor: true)
        let read = try lines(of: source, readAhead: readAhead)
        #expect(read.count == 30)
        #expect(read.last?.text == "burst 2 line 9")
    }

    @Test func aFailedReadIsAnErrorNamingTheInput() throws {
        // Reading a folder's descriptor fails (EISDIR): `LineSource(path:)` refuses folders before, this is the
        // read itself failing.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let descriptor = open(folder.path, O_RDONLY)
        try #require(descriptor >= 0)
        let source = LineSource(descriptor: descriptor, name: "folder.log", ownsDescriptor: true)
        #expect {
            _ = try lines(of: source, readAhead: true)
        } throws: { error in
            guard case InputError.readFailed(let path, _) = error else { return false }
            return path == "folder.log"
        }
    }
}
