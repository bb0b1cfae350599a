import Foundation
import NavGraphTestSupport
import Testing

// Reading must not depend on how the bytes arrive. An app's console delivers its output a line at a time with pauses
// of any length (a pty), in chunks split anywhere (a pipe), or appended to a log file being written; `tree --follow`
// once closed a dump whenever a read caught up with the writer, so one dump became many. These tests feed every
// example, every corpus file and generated sessions the way consoles do — split at random points with fixed seeds,
// with pauses longer than the live view's quiet period in the middle of dumps — and require exactly what reading the
// whole input at once gives: the final state, its step number, the warnings, `history` and `leaks`.
//
// `NAVGRAPH_FOLLOW_ROUNDS=N` runs N seeds per case instead of one (scripts/follow-property: the long variant); each
// input is split one way of two in a usual run, both at full scale (`NAVGRAPH_FULL_SCALE=1`, scripts/test-full-scale).

/// How a writer splits its input.
enum SplitPattern: String, CaseIterable, Sendable {
    /// A line per write, flushed, as a console pty delivers an app's `print` output.
    case lines
    /// Random chunks of 1…512 bytes, split anywhere (a block-buffered pipe).
    case chunks
    /// One byte per write (small inputs only).
    case bytes
}

/// The input cut into writes, each with the pause that follows it.
struct SplitWrites {
    var pieces: [(bytes: Data, pause: Double)]

    /// Pauses are short (under a millisecond) except two of 0.2 s — longer than the live view's quiet period, so a
    /// provisional state is drawn mid-dump — at random places.
    init(_ data: Data, pattern: SplitPattern, seed: UInt64) {
        var random = SplitMix(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let bytes = [UInt8](data)
        var cuts: [Int] = []
        switch pattern {
        case .lines:
            for (index, byte) in bytes.enumerated() where byte == 0x0A { cuts.append(index + 1) }
        case .chunks:
            var position = 0
            while position < bytes.count {
                position = min(bytes.count, position + Int.random(in: 1...512, using: &random))
                cuts.append(position)
            }
        case .bytes:
            cuts = Array(1...max(bytes.count, 1))
        }
        if cuts.last != bytes.count { cuts.append(bytes.count) }
        let longPauses = Set((0..<2).map { _ in Int.random(in: 0..<max(cuts.count, 1), using: &random) })
        var start = 0
        pieces = []
        for (index, cut) in cuts.enumerated() where cut > start {
            let pause =
                longPauses.contains(index)
                ? 0.2 : (pattern == .bytes ? 0 : Double.random(in: 0...0.0008, using: &random))
            pieces.append((Data(bytes[start..<cut]), pause))
            start = cut
        }
    }

    /// The same splits, written as fast as the reader takes them.
    var withoutPauses: SplitWrites {
        var copy = self
        copy.pieces = pieces.map { ($0.bytes, 0) }
        return copy
    }
}

/// Waits for a process without holding a thread: the cases of these tests mostly wait (for pauses, for the
/// binary), so they run side by side.
func exited(_ process: Process) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        process.terminationHandler = { _ in continuation.resume() }
        if !process.isRunning, process.processIdentifier != 0 {
            process.terminationHandler = nil
            continuation.resume()
        }
    }
}

/// The writers' pacing (a console's pauses between writes, which the live view must not depend on) and the poll of a
/// deadline loop: never a wait for navgraph, whose output the tests wait for.
func pause(_ seconds: Double) async {
    if seconds > 0 { try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) }
}

/// Runs navgraph with its stdin a pipe that a writer feeds in `writes`.
/// The hint a slow pipe gets after a few seconds (`PipeWaitHint`, checked in `LiveCommandTests`): whether a feed
/// takes that long depends on how busy the machine is, not on what navgraph read.
func withoutPipeWaitHint(_ stderr: String) -> String {
    stderr.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("navgraph: still reading stdin:") }
        .joined(separator: "\n")
}

func navgraphPiped(_ arguments: [String], writes: SplitWrites) async throws -> Run {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("out")
    let errURL = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = binaryURL
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    for piece in writes.pieces {
        // A reader that stopped early (bad input) closes the pipe: the rest has nowhere to go.
        guard process.isRunning else { break }
        try? input.fileHandleForWriting.write(contentsOf: piece.bytes)
        await pause(piece.pause)
    }
    try? input.fileHandleForWriting.close()
    await exited(process)
    let out = try Data(contentsOf: outURL)
    return Run(
        status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
        stderr: withoutPipeWaitHint(String(decoding: try Data(contentsOf: errURL), as: UTF8.self)),
        stdoutBytes: Array(out))
}

/// Runs `tree --follow --format json` on a file that a writer appends `writes` to, until the last document shows
/// `finalStep` and no more arrive; returns the documents and stderr.
func navgraphFollowingGrowingFile(
    writes: SplitWrites, finalStep: Int, finalState: NSDictionary
) async throws -> (
    documents: [String], stderr: String, log: String
) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("app.log")
    let outURL = folder.appendingPathComponent("out")
    let errURL = folder.appendingPathComponent("err")
    for url in [log, outURL, errURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
    let process = Process()
    process.executableURL = binaryURL
    process.arguments = ["tree", "--follow", "--format", "json", log.path]
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    let writer = try FileHandle(forWritingTo: log)
    for piece in writes.pieces {
        try writer.seekToEnd()
        try writer.write(contentsOf: piece.bytes)
        await pause(piece.pause)
    }
    try writer.close()
    // The file does not end, as a log being written does not: wait for the last state (a dump at the very end shows
    // provisionally once the file has been quiet, and a pause while it was being appended may have shown part of it
    // at the same step first: on a loaded machine the whole one can come later than any fixed wait), then a little
    // more to see that nothing else comes. A state that never comes fails the comparison after the deadline.
    func documents() -> [String] {
        let text = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
        if let last = documents().last.flatMap(jsonObject), last["step"] as? Int == finalStep,
            stateOnly(last) == finalState
        {
            break
        }
        await pause(0.05)
    }
    await pause(0.3)
    process.terminate()
    await exited(process)
    return (documents(), (try? String(contentsOf: errURL, encoding: .utf8)) ?? "", log.path)
}

func jsonObject(_ text: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
}

/// A follow document's state: the tree document without the fields that say which moment it is.
func stateOnly(_ document: [String: Any]) -> NSDictionary {
    var state = document
    for key in ["step", "line", "provisional", "endOfInput"] { state[key] = nil }
    // The models that left and never finished are "leaked" once the input ended and "left" before (a growing file
    // never ends): the same models, named for the moment.
    if let left = state.removeValue(forKey: "left") { state["leaked"] = left }
    return state as NSDictionary
}

/// The lines of stderr that are diagnostics of single lines (warnings, errors), in order.
func lineDiagnostics(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
}

/// Every input the property is checked on: the examples, the corpus (what navgraph reads and what it rejects) and
/// generated sessions of both formats.
enum FollowInputs {
    static let examples: [String] = {
        let folder = repositoryRoot.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).path }
    }()

    static let corpus: [String] = {
        let folder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0 != "SOURCES.md" }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    /// Sessions from the benchmark's generator (Examples-app storylines with leaks and noise), made once per run. A
    /// session the generator failed to make is listed all the same: its cases fail reading it, instead of vanishing.
    static let generated: [String] = {
        let folder = (try? temporaryFolder()) ?? FileManager.default.temporaryDirectory
        var made: [String] = []
        for (format, ext, seed) in [
            ("swiftui-navigation", "log", 11), ("navgraph-events", "jsonl", 12), ("swiftui-navigation", "log", 13),
        ] {
            let path = folder.appendingPathComponent("generated-\(seed).\(ext)").path
            _ = try? runTool(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", repositoryRoot.appendingPathComponent("scripts/bench-data").path, "session",
                    "--format", format, "--size", "24K", "--seed", String(seed), "-o", path,
                ])
            made.append(path)
        }
        return made
    }()

    /// Fixtures made by the real runtime's print code (Tests/NavGraphFormatsTests/Fixtures/*/generate.swift).
    static let runtimeFixtures: [String] = ["navigation-path", "typed-path"].flatMap { folder in
        let url = repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/\(folder)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted().map { url.appendingPathComponent($0).path }
    }

    static var all: [String] { examples + corpus + generated + runtimeFixtures }

    /// Each input with how it is split: both ways at full scale (`scripts/test-full-scale`); otherwise one way,
    /// alternating over the inputs, the growing file (`offset` 1) the other way from the pipe, so that every input is
    /// still fed both ways and each way still gets every kind of input.
    static func cases(offset: Int) -> [(String, SplitPattern)] {
        all.enumerated().flatMap { index, path in
            let patterns: [SplitPattern] =
                fullScale ? [.lines, .chunks] : [(index + offset) % 2 == 0 ? .lines : .chunks]
            return patterns.map { (path, $0) }
        }
    }

    static let rounds = Int(ProcessInfo.processInfo.environment["NAVGRAPH_FOLLOW_ROUNDS"] ?? "") ?? 1

    static func seeds(for path: String, _ pattern: SplitPattern) -> [UInt64] {
        let base = UInt64(
            truncatingIfNeeded: URL(fileURLWithPath: path).lastPathComponent.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }
        )
        return (0..<UInt64(rounds)).map { base &+ $0 &* 7919 &+ (pattern == .lines ? 0 : 104_729) }
    }
}

@Suite("Reading does not depend on how the input arrives")
struct FollowPropertyTests {
    /// What reading the whole input at once gives, through stdin (so diagnostics name `<stdin>` as the pipe's do).
    struct Reference {
        var tree: Run
        var history: Run
        var leaks: Run
        var finalStep: Int?

        /// Each input's reference, made once for all the cases that read it.
        nonisolated(unsafe) private static var made: [String: Reference] = [:]
        private static let lock = NSLock()

        static func of(_ path: String) throws -> Reference {
            lock.lock()
            let known = made[path]
            lock.unlock()
            if let known { return known }
            let reference = try Reference(path)
            lock.lock()
            made[path] = reference
            lock.unlock()
            return reference
        }

        private init(_ path: String) throws {
            let data = try String(decoding: Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            tree = try navgraph(["tree", "--format", "json"], stdin: data, environment: ["NO_COLOR": "1"])
            history = try navgraph(["history", "--format", "json"], stdin: data, environment: ["NO_COLOR": "1"])
            leaks = try navgraph(["leaks", "--all"], stdin: data, environment: ["NO_COLOR": "1"])
            let steps = (try? JSONSerialization.jsonObject(with: Data(history.stdout.utf8))) as? [[String: Any]]
            finalStep = steps?.last?["step"] as? Int ?? (history.status == 0 ? 0 : nil)
        }
    }

    @Test("a pipe fed a line at a time or in random chunks", arguments: FollowInputs.cases(offset: 0))
    func pipe(path: String, pattern: SplitPattern) async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let reference = try Reference.of(path)
        for seed in FollowInputs.seeds(for: path, pattern) {
            let writes = SplitWrites(data, pattern: pattern, seed: seed)
            let context = "\(path) split by \(pattern.rawValue), seed \(seed)"
            // history and leaks read the same splits without pausing: only the live view acts on pauses.
            async let history = navgraphPiped(["history", "--format", "json"], writes: writes.withoutPauses)
            async let leaks = navgraphPiped(["leaks", "--all"], writes: writes.withoutPauses)
            try await checkFollow(writes: writes, reference: reference, context: context)
            let (historyRun, leaksRun) = try await (history, leaks)
            try compare(historyRun, leaksRun, with: reference, context: context)
        }
    }

    private func compare(_ history: Run, _ leaks: Run, with reference: Reference, context: String) throws {
        #expect(history.status == reference.history.status, "\(context)")
        #expect(history.stdout == reference.history.stdout, "history: \(context)")
        #expect(history.stderr == reference.history.stderr, "history's diagnostics: \(context)")
        #expect(leaks.status == reference.leaks.status, "\(context)")
        #expect(leaks.stdout == reference.leaks.stdout, "leaks: \(context)")
        #expect(leaks.stderr == reference.leaks.stderr, "leaks' diagnostics: \(context)")
    }

    @Test("a pipe fed one byte at a time")
    func pipeByteByByte() async throws {
        for name in ["sheet-over-tabs.txt", "legacy-1x.log"] {
            let path = example(name)
            let reference = try Reference.of(path)
            let writes = SplitWrites(try Data(contentsOf: URL(fileURLWithPath: path)), pattern: .bytes, seed: 1)
            try await checkFollow(writes: writes, reference: reference, context: "\(name) a byte at a time")
        }
    }

    @Test("a growing log file", arguments: FollowInputs.cases(offset: 1))
    func growingFile(path: String, pattern: SplitPattern) async throws {
        let reference = try Reference.of(path)
        // A file navgraph rejects when read whole (nothing in it is navigation, or a line it cannot read) is watched
        // until interrupted, showing nothing: there is no state to compare. A rejection it must be, said as one (exit
        // status 2 and an error), not a crash or a failing history.
        guard reference.tree.status == 0, let finalStep = reference.finalStep else {
            #expect(reference.tree.status == 2, "reading \(path) whole: exit \(reference.tree.status)")
            #expect(reference.tree.stderr.contains("error: "), "reading \(path) whole: \(reference.tree.stderr)")
            return
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        for seed in FollowInputs.seeds(for: path, pattern) {
            let context = "\(path) appended by \(pattern.rawValue), seed \(seed)"
            let writes = SplitWrites(data, pattern: pattern, seed: seed)
            let finalState = stateOnly(try #require(jsonObject(reference.tree.stdout)))
            let (documents, stderr, log) = try await navgraphFollowingGrowingFile(
                writes: writes, finalStep: finalStep, finalState: finalState)
            let last = try #require(documents.last.flatMap(jsonObject), "no state shown: \(context)")
            #expect(last["step"] as? Int == finalStep, "final step: \(context)")
            #expect(
                stateOnly(last) == stateOnly(try #require(jsonObject(reference.tree.stdout))), "final state: \(context)"
            )
            // Diagnostics are said as they are found (the skipped-lines count comes at the end, which a followed
            // file never reaches); they name the file instead of <stdin>.
            let expected = lineDiagnostics(reference.tree.stderr).map {
                $0.replacingOccurrences(of: "<stdin>", with: log)
            }
            #expect(lineDiagnostics(stderr).map(String.init) == expected, "warnings: \(context)")
            checkSteps(documents, finalStep: finalStep, context: context)
        }
    }

    /// `tree --follow --format json` through a pipe: JSON Lines whose last document is the final state, with the same
    /// step, the same diagnostics and the same exit status as reading the whole input.
    private func checkFollow(writes: SplitWrites, reference: Reference, context: String) async throws {
        let run = try await navgraphPiped(["tree", "--follow", "--format", "json"], writes: writes)
        #expect(run.status == reference.tree.status, "exit status: \(context)\n\(run.stderr)")
        #expect(run.stderr == reference.tree.stderr, "diagnostics: \(context)")
        guard reference.tree.status == 0 else {
            #expect(run.stdout.isEmpty, "\(context)")
            return
        }
        let documents = run.stdout.split(separator: "\n").map(String.init)
        let last = try #require(documents.last.flatMap(jsonObject), "no final state: \(context)")
        #expect(last["endOfInput"] as? Bool == true, "\(context)")
        #expect(last["provisional"] as? Bool == false, "\(context)")
        #expect(last["step"] as? Int == reference.finalStep, "final step: \(context)")
        #expect(
            stateOnly(last) == stateOnly(try #require(jsonObject(reference.tree.stdout))), "final state: \(context)")
        checkSteps(documents, finalStep: reference.finalStep ?? 0, context: context)
    }

    /// Every document is one JSON object on one line; committed steps only go forward and never past the final one.
    private func checkSteps(_ documents: [String], finalStep: Int, context: String) {
        var lastCommitted = 0
        for document in documents {
            guard let object = jsonObject(document), let step = object["step"] as? Int else {
                Issue.record("not a JSON document: \(document.prefix(200)) — \(context)")
                return
            }
            #expect(step <= finalStep, "step \(step) past the final step \(finalStep): \(context)")
            if object["provisional"] as? Bool == false {
                #expect(step >= lastCommitted, "steps went backwards: \(context)")
                lastCommitted = step
            }
        }
    }
}
