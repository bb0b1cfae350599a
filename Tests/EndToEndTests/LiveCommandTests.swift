import Foundation
import NavGraphTestSupport
import Testing

/// A write to navgraph's stdin, and what its stdout shows once navgraph has read it.
struct StreamedPiece {
    var text: String
    /// Waited for (with a deadline) before the next piece is written: the input stays quiet until navgraph has shown
    /// what a pause there shows. `nil`: the next piece follows after the feed's pacing.
    var shows: String?
}

/// Runs navgraph with stdin fed a line at a time, `pause` seconds apart, as a live console delivers it.
func navgraphStreaming(_ arguments: [String], pieces: [String], pause: Double) throws -> Run {
    try navgraphStreaming(arguments, pieces: pieces.map { StreamedPiece(text: $0) }, pause: pause)
}

/// Runs navgraph with stdin fed in pieces, as a live console delivers it. After a piece with `shows`, the next is
/// written once stdout shows it (so a pause is as long as navgraph takes to act on it, on an idle machine or a busy
/// one); after one without, `pause` seconds later: that is the feed's pacing (a user's console delivering lines), not
/// a wait for navgraph, and no assertion depends on it.
func navgraphStreaming(_ arguments: [String], pieces: [StreamedPiece], pause: Double = 0) throws -> Run {
    let process = Process()
    process.executableURL = binaryURL
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("out")
    let errURL = folder.appendingPathComponent("err")
    try createEmptyFile(outURL)
    try createEmptyFile(errURL)
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    for piece in pieces {
        input.fileHandleForWriting.write(Data(piece.text.utf8))
        if let shown = piece.shows {
            waitUntil(outURL, contains: shown)
        } else if pause > 0 {
            Thread.sleep(forTimeInterval: pause)
        }
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    let out = try Data(contentsOf: outURL)
    return Run(
        status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self), stdoutBytes: Array(out))
}

/// Starts navgraph in the background with its output going to files (created empty), for a test that changes a
/// followed file while it runs; stderr is discarded without `stderr`.
func startNavgraph(_ arguments: [String], stdout: URL, stderr: URL? = nil) throws -> Process {
    let process = Process()
    process.executableURL = binaryURL
    process.arguments = arguments
    try createEmptyFile(stdout)
    process.standardOutput = try FileHandle(forWritingTo: stdout)
    if let stderr {
        try createEmptyFile(stderr)
        process.standardError = try FileHandle(forWritingTo: stderr)
    } else {
        process.standardError = FileHandle.nullDevice
    }
    try process.run()
    return process
}

@Suite("navgraph tree --follow", .serialized)
struct FollowTests {
    /// `(cat session.log; sleep 100) | navgraph tree` — `--follow` forgotten — printed nothing until killed. After a
    /// few seconds on a pipe that stays open, stderr says it reads until the input ends and how to see it live; the
    /// tree still comes at the end.
    @Test func aPipeThatStaysOpenWithoutFollowGetsAHint() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let errURL = folder.appendingPathComponent("err")
        try createEmptyFile(errURL)
        let process = Process()
        process.executableURL = binaryURL
        process.arguments = ["tree", "--input-format", "swiftui-navigation"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        input.fileHandleForWriting.write(try Data(contentsOf: URL(fileURLWithPath: example("session.log"))))
        let hint =
            "navgraph: still reading stdin: this shows the result when the input ends; "
            + "`navgraph tree --follow` shows the hierarchy live as it comes"
        let said = waitUntil(errURL, contains: hint)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(said.contains(hint), "\(said)")
        #expect(process.terminationStatus == 0)
        // stdin from a file (`< session.log`) is read at once: no hint.
        let quick = try navgraph(["tree"], stdin: try String(contentsOfFile: example("session.log"), encoding: .utf8))
        #expect(!quick.stderr.contains("still reading"), "\(quick.stderr)")
    }

    @Test func printsEachNewStateAndTheFinalOneFromAPipe() throws {
        let launch = try String(contentsOfFile: example("launch-dump.txt"), encoding: .utf8)
        // Each piece is written once the view shows what the quiet input before it shows. The line cut in two is
        // paced instead (0.3 s, longer than the quiet period): its first half alone shows nothing new.
        let run = try navgraphStreaming(
            ["tree", "--follow"],
            pieces: [
                StreamedPiece(text: launch, shows: "── step 1, line 1, provisional"),
                StreamedPiece(text: "[DetailNavigationModel 8C1...]: Sta"),  // arrives in pieces: parsed once complete
                StreamedPiece(text: "rted\n", shows: "── step 2, line 7 ──"),
                StreamedPiece(text: "[DetailNavigationModel 8C1...]: Finished\n", shows: "── step 3, line 8 ──"),
            ], pause: 0.3)
        #expect(run.status == 0, "\(run.stderr)")
        let headers = run.stdout.split(separator: "\n").filter { $0.hasPrefix("── step") }
        // The dump arrives whole, but only the next line can tell it has ended: until then it is shown provisionally,
        // once the input has been quiet for a moment.
        #expect(
            headers == [
                "── step 1, line 1, provisional: a dump is still being printed ──", "── step 2, line 7 ──",
                "── step 3, line 8 ──",
            ], "\(run.stdout)")
        // Shown when the input paused, the last state is not printed again at its end: only that the input ended.
        #expect(run.stdout.hasSuffix("\n── end of input (step 3, as above) ──\n"))
        #expect(
            run.stdout.contains(
                "Not yet placed: started after the last dump (1):\n  DetailNavigationModel 8C1  started line 7"))
        #expect(run.stderr.isEmpty)
    }

    /// A model that left and never finished is "not finished yet" while the input goes on and a leak once it has
    /// ended: the end prints the state again when it reads differently, not "as above".
    @Test func theEndOfAPipeGivesTheLeakVerdict() throws {
        let session = try String(contentsOfFile: example("navigator-session.log"), encoding: .utf8)
        // The input ends once its last state has been shown, not yet a leak.
        let run = try navgraphStreaming(
            ["tree", "--follow"], pieces: [StreamedPiece(text: session, shows: "── step 20, line 30 ──")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Left the hierarchy, not finished yet (1):"), "\(run.stdout)")
        let end = try #require(run.stdout.range(of: "── step 20, line 30, end of input ──\n"), "\(run.stdout)")
        #expect(run.stdout[end.upperBound...].contains("Leaked: left the hierarchy, never finished (1):"))
        #expect(!run.stdout.contains("as above"))
    }

    @Test func showsLeaksAsTheyAreFound() throws {
        let pieces = [
            "[AppNavigationModel 667...]: Started\n[DetailNavigationModel 8C1...]: Started\n<[AppNavigationModel 667...]>\n\t<[DetailNavigationModel 8C1...]>\n",
            "<[AppNavigationModel 667...]>\n",
            "[SettingsNavigationModel 5E7...]: Started\n",
        ]
        // Each piece once the one before is shown. The second dump, while open, is shown completed from the first
        // (issue 31); the line after it ends it, and the input goes on.
        let run = try navgraphStreaming(
            ["tree", "--follow"],
            pieces: [
                StreamedPiece(text: pieces[0], shows: "── step 3, line 3"),
                StreamedPiece(text: pieces[1], shows: "── step 4, line 5, provisional"),
                StreamedPiece(text: pieces[2], shows: "── step 5, line 6 ──"),
            ])
        // Once the second dump has ended, the model has left but the input has not ended: not finished *yet*.
        let ended = try #require(run.stdout.range(of: "── step 5, line 6 ──\n"), "\(run.stdout)")
        let state = String(run.stdout[ended.upperBound...]).components(separatedBy: "── step").first ?? ""
        #expect(
            state.contains("Left the hierarchy, not finished yet (1):\n  DetailNavigationModel 8C1"), "\(run.stdout)")
        #expect(
            run.stdout.hasSuffix(
                "Leaked: left the hierarchy, never finished (1):\n  DetailNavigationModel 8C1  under AppNavigationModel 667 until line 5\n\n"
            ), "\(run.stdout)")
    }

    @Test func followsAGrowingFileUntilInterrupted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("live.log")
        try createEmptyFile(log)
        let outURL = folder.appendingPathComponent("out")
        let process = try startNavgraph(["tree", "--follow", log.path], stdout: outURL)
        let writer = try FileHandle(forWritingTo: log)
        // The line after the dump is written once the dump has been shown provisionally: written together, they would
        // be read in one go, with no quiet pause in between to show (however long navgraph takes to start).
        writer.write(Data(try String(contentsOfFile: example("launch-dump.txt"), encoding: .utf8).utf8))
        waitUntil(outURL, contains: "── step 1, line 1, provisional: a dump is still being printed ──")
        writer.write(Data("[HomeNavigationModel E34...]: Started\n".utf8))
        waitUntil(outURL, contains: "HomeNavigationModel E34  started line 7")
        try writer.close()
        #expect(process.isRunning, "a followed file keeps being watched")
        // SIGTERM: the test harness may hand its children an ignored SIGINT.
        process.terminate()
        process.waitUntilExit()
        let output = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        #expect(output.contains("── step 1, line 1, provisional: a dump is still being printed ──"))
        #expect(output.contains("── step 2, line 7 ──\nwindow main"))
        #expect(output.contains("HomeNavigationModel E34  started line 7"))
    }

    /// `cp session.log rot.log; navgraph tree --follow rot.log`, then the app run again with `> rot.log`, or the log
    /// moved aside and created anew: like `tail -F`, said on stderr and shown from the new file's start.
    @Test(arguments: [false, true]) func startsOverWhenTheFileIsTruncatedOrReplaced(replacing: Bool) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("rot.log")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: example("session.log")), to: log)
        let outURL = folder.appendingPathComponent("out")
        let errURL = folder.appendingPathComponent("err")
        let process = try startNavgraph(["tree", "--follow", log.path], stdout: outURL, stderr: errURL)
        let what = replacing ? "was replaced" : "was truncated"
        // The old file read to its end (its last state shown) before it is written anew.
        waitUntil(outURL, contains: "── step 31, line 75 ──\n")
        // Longer than what was read: only the changed bytes tell that it was written anew.
        let next = try Data(contentsOf: URL(fileURLWithPath: example("per-tab-routers.log")))
        if replacing {
            try FileManager.default.moveItem(at: log, to: folder.appendingPathComponent("rot.log.1"))
        }
        try next.write(to: log)
        waitUntil(errURL, contains: "navgraph: \(log.path) \(what); reading it from the start")
        // A line after the last dump ends it, so the new file's final state is committed, not provisional.
        let writer = try FileHandle(forWritingTo: log)
        writer.seekToEndOfFile()
        writer.write(Data("done\n".utf8))
        try writer.close()
        let expected = try navgraph(["tree", example("per-tab-routers.log")]).stdout
        /// The state after the last header: the new file's final state, once its last dump has been ended.
        func lastState(_ output: String) -> String? {
            output.components(separatedBy: "── step ").last.map { String($0.drop { $0 != "\n" }.dropFirst()) }
        }
        waitUntil { lastState(currentText(of: outURL)) == expected + "\n" }
        #expect(process.isRunning, "a followed file keeps being watched")
        process.terminate()
        process.waitUntilExit()
        let output = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let errors = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        // The first state of the new file says why it starts again from step 1, as JSON's "restart" does.
        let why = replacing ? "replaced" : "truncated"
        #expect(output.contains("── step 31, line 75 ──\n"))
        #expect(output.contains(" (file \(why); read from its start) ──\n"), "\(output)")
        // One line: the message ended in a second newline, a blank line on stderr.
        #expect(errors.contains("navgraph: \(log.path) \(what); reading it from the start\n"))
        #expect(!errors.contains("\n\n"), "\(errors)")
        #expect(lastState(output) == expected + "\n", "\(output)")
        // Nothing of the old file's steps is shown again after the restart.
        let afterRestart = output.components(separatedBy: "AppState root").dropFirst().joined()
        #expect(!afterRestart.contains("AppNavigationModel"))
    }
}

/// The followed file truncated, then deleted and created again, with pauses between (as a user's shell does): stderr
/// says each once, like `tail -F` (the removal was not said at all), and with `--format json` the first document after
/// each restart says why, so that a program reading the JSON Lines knows the earlier states are gone.
@Suite struct FollowRemovalTests {
    @Test func aRemovedFileIsSaidOnceAndFollowedAgainWhenItComesBack() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("live.jsonl")
        let lines = try String(contentsOfFile: example("leaky-session.jsonl"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).prefix(4).map { $0 + "\n" }
        try lines.prefix(3).joined().write(to: log, atomically: false, encoding: .utf8)
        let outURL = folder.appendingPathComponent("out")
        let errURL = folder.appendingPathComponent("err")
        let process = try startNavgraph(
            ["tree", "--follow", "--format", "json", log.path], stdout: outURL, stderr: errURL)
        /// Each change is made once navgraph has shown the one before: the documents so far, one a line.
        func documentsShown(_ count: Int) {
            let shown = waitUntil { currentText(of: outURL).split(separator: "\n").count >= count }
            #expect(shown, "\(count) documents expected: \(currentText(of: outURL))")
        }
        documentsShown(3)
        let writer = try FileHandle(forWritingTo: log)
        try writer.truncate(atOffset: 0)
        waitUntil(errURL, contains: "was truncated")
        documentsShown(4)
        writer.write(Data(lines.prefix(2).joined().utf8))
        try writer.close()
        documentsShown(6)
        try FileManager.default.removeItem(at: log)
        waitUntil(errURL, contains: "was removed")
        // The user's pause before the file comes back, long enough for several looks (every 50-200 ms) while it is
        // gone: the assertion is that they say nothing more, which no condition can be waited for.
        Thread.sleep(forTimeInterval: 0.8)
        try lines.joined().write(to: log, atomically: false, encoding: .utf8)
        waitUntil(errURL, contains: "is back")
        documentsShown(11)
        #expect(process.isRunning, "a removed file is waited for")
        process.terminate()
        process.waitUntilExit()
        let errors = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        #expect(
            errors == """
                navgraph: \(log.path) was truncated; reading it from the start
                navgraph: \(log.path) was removed; waiting for it to come back
                navgraph: \(log.path) is back; reading it from the start

                """)
        let documents = String(decoding: try Data(contentsOf: outURL), as: UTF8.self).split(separator: "\n")
        let moments = try documents.map { document in
            let object = try #require(jsonObject(String(document)))
            return "\(object["step"] as? Int ?? -1)" + ((object["restart"] as? String).map { " " + $0 } ?? "")
        }
        // The empty state is written at once at each restart, before the new file's first line comes.
        #expect(moments == ["1", "2", "3", "0 truncated", "1", "2", "0 replaced", "1", "2", "3", "4"])
        // Spaced on one line as the fields of an object are (`"roots": [],"unplaced"` was uneven).
        #expect(
            documents[3]
                == #"{"step": 0, "line": 0, "provisional": false, "endOfInput": false, "restart": "truncated", "roots": [], "unplaced": [], "suspected": [], "left": []}"#
        )
    }
}

@Suite("navgraph replay")
struct ReplayPrintTests {
    @Test func withoutATerminalItPrintsEveryStep() throws {
        let run = try navgraph(["replay", "examples/leaky-session.jsonl"])
        #expect(run.status == 0)
        #expect(
            run.stdout.components(separatedBy: "navgraph replay  examples/leaky-session.jsonl  step ").count - 1 == 69)
        let range = try navgraph(["replay", "--steps", "22..23", "examples/leaky-session.jsonl"])
        #expect(
            range.stdout.hasPrefix(
                "navgraph replay  examples/leaky-session.jsonl  step 22/69  line 22  2025-03-14T09:41:16.400Z\npush ActionableListNavigationModel B80"
            ))
        #expect(range.stdout.contains("+    │  └─ ActionableListNavigationModel B800000A"))
        #expect(range.stdout.contains("step 23/69  line 23"))
        #expect(range.stdout.contains("- DefaultStackRootNavigationModel 9C200008"))
        #expect(!range.stdout.contains("step 24/69"))
    }
}

/// `../shared/tools/trickle`: a file written the way a console delivers it (a line per write, with pauses).
let trickle = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/tools/trickle")

let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// A tmux server of its own, so tests never touch a user's sessions.
struct Tmux {
    let socket = "navgraph-test-\(UUID().uuidString.prefix(8))"

    /// Runs a tmux client with posix_spawn and waitpid (Foundation's Process can miss the exit of a client whose
    /// server forks off), with an empty signal mask so the server and its panes start as from a shell.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var actions = newSpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = newSpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([tmuxPath!, "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, tmuxPath!, &actions, &attributes, argv, spawnEnvironment) == 0 else {
            throw CocoaError(.executableNotLoadable)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    /// Runs `command` in a new window. After it, the shell prints its exit status and the terminal's mode, then keeps
    /// the window open (`sleep 30`: not a wait of the test's, which reads the screen and kills the server at once).
    func start(_ command: String, width: Int = 110, height: Int = 32) throws {
        try run([
            "new-session", "-d", "-s", "t", "-x", String(width), "-y", String(height),
            "cd '\(repositoryRoot.path)' && \(command); echo EXIT:$?; stty -a | grep -o -- '-\\?icanon'; sleep 30",
        ])
    }

    func keys(_ keys: String...) throws { try run(["send-keys", "-t", "t"] + keys) }

    /// The screen, once it contains `text` (waits up to 10 s; the screen as it is then, for the test to fail on).
    func screen(containing text: String) throws -> String {
        try screen { $0.contains(text) }
    }

    /// The screen, once `condition` holds for it (waits up to 10 s; the screen as it is then, for the test to fail on).
    func screen(where condition: (String) -> Bool) throws -> String {
        var screen = ""
        try waitUntil(timeout: 10) {
            screen = try run(["capture-pane", "-p", "-t", "t"])
            return condition(screen)
        }
        return screen
    }

    /// A file the shell in the window waits for (`until [ -e FILE ]`): a pipe feeding navgraph stays open, as an app
    /// still running keeps it, until the test has seen what it waits for and calls `open(_:)`.
    func gate() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-gate").path
    }

    /// Lets the shell waiting for `gate()` go on.
    func open(_ gate: String) throws {
        try createEmptyFile(URL(fileURLWithPath: gate))
    }

    func stop() {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(atPath: gate())
    }

    /// The command ended with `exit` and left the terminal usable: canonical input on again (`stty` after it says
    /// `icanon`, not `-icanon`).
    func expectEnded(exit: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let after = try screen(containing: "icanon")
        #expect(after.contains("EXIT:\(exit)"), "\(after)", sourceLocation: sourceLocation)
        #expect(after.contains("icanon") && !after.contains("-icanon"), "\(after)", sourceLocation: sourceLocation)
    }
}

@Suite("navgraph replay on a terminal (tmux)", .enabled(if: tmuxPath != nil, "tmux is not installed"), .serialized)
struct ReplayTerminalTests {
    @Test func stepsFindsListsLeaksAndRestoresTheTerminal() throws {
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start("'\(binaryURL.path)' replay examples/leaky-session.log 2>/dev/null")
        // It opens where there is something to show: the first dump, not the Started lines before it.
        let opening = try tmux.screen(containing: "step 7/46")
        #expect(opening.contains("dump of window main (6 nodes): all new"))
        #expect(opening.contains("step 7: the first with a hierarchy (Home: step 0)"))
        try tmux.keys("Home", "Right")
        #expect(try tmux.screen(containing: "step 1/46").contains("start AppNavigationModel 667"))
        try tmux.keys("Right", "Right")
        #expect(try tmux.screen(containing: "step 3/46").contains("step 3/46  line 4"))
        try tmux.keys("End")
        let end = try tmux.screen(containing: "step 46/46")
        #expect(end.contains("Leaked: left the hierarchy, never finished (5):"))
        try tmux.keys("Home", "PageDown")
        #expect(try tmux.screen(containing: "step 10/46").contains("step 10/46"))
        try tmux.keys("/", "Segment", "Enter")
        let found = try tmux.screen(containing: "found 'Segment'")
        #expect(found.contains("step 16/46") && found.contains("start SegmentedTabsNavigationModel 5EA"))
        try tmux.keys("Right", "Right", "Right", "Right")
        let dump = try tmux.screen(containing: "step 20/46")
        #expect(dump.contains("dump of window main (11 nodes): push SegmentedTabsNavigationModel 5EA onto stack 19A"))
        #expect(dump.contains("+       └─ SegmentedTabsNavigationModel 5EA [tabs]"))
        #expect(dump.contains("+          ├─ ArchitectureExampleNavigationModel A11 tab 1"))
        try tmux.keys("l")
        let leaks = try tmux.screen(containing: "Leaks at the end of the log (5)")
        #expect(leaks.contains("▸ ActionableListNavigationModel B80  leaked, left at step 14 (line 37)"))
        #expect(leaks.contains("  SegmentedTabsNavigationModel 5EA  leaked, left at step 21 (line 66)"))
        #expect(leaks.contains("    ArchitectureExampleNavigationModel A11  leaked, left at step 21"))
        try tmux.keys("Down", "Enter")
        let left = try tmux.screen(containing: "left the hierarchy here")
        #expect(left.contains("step 21/46  line 66"))
        #expect(left.contains("step 21: SegmentedTabsNavigationModel 5EA left the hierarchy here"))
        try tmux.keys("/", "Segment", "Enter")
        #expect(
            try tmux.screen(containing: "found 'Segment'").contains(
                "found 'Segment' at step 16 (search wrapped to the start) (n: next)"))
        // The dump that pushed it names it too.
        try tmux.keys("n")
        #expect(try tmux.screen(containing: "step 20/46").contains("found 'Segment' at step 20 (n: next)"))
        try tmux.keys("/", "as confirmationDialog", "Enter")
        #expect(try tmux.screen(containing: "found 'as confirmationDialog'").contains("step 35/46"))
        try tmux.keys("n")
        #expect(
            try tmux.screen(containing: "no further match").contains(
                "no further match for 'as confirmationDialog': step 35 is the only one"))
        try tmux.keys("x")
        let bar = try tmux.screen(containing: "q quit")
        #expect(
            bar.contains("←/→ step  PgUp/PgDn ±10  Home/End first/last  ↑/↓ scroll  / find  n next  l leaks  q quit"))
        try tmux.keys("q")
        try tmux.expectEnded(exit: 0)
    }

    /// A dump() log records no lifecycle: the leaks key says what `navgraph leaks` says, not "No leaks".
    @Test func leaksKeySaysLeaksCannotBeToldWithoutALifecycle() throws {
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start("'\(binaryURL.path)' replay examples/per-tab-routers.log 2>/dev/null", width: 100)
        _ = try tmux.screen(containing: "navgraph replay")
        try tmux.keys("l")
        let screen = try tmux.screen(containing: "Leaks cannot be told")
        #expect(!screen.contains("No leaks"))
        let leaks = try navgraph(["leaks", "examples/per-tab-routers.log"])
        #expect(leaks.status == 3)
        let reason = try #require(leaks.stderr.components(separatedBy: "error: ").last)
        // The same words, wrapped to the terminal's width.
        let shown = screen.split(separator: "\n").dropFirst().joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        let expected = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(shown.lowercased().contains(expected.lowercased()), "\(screen)")
        for line in screen.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
        // A resize wraps the words again for the new width (they kept their first wrapping, cut at the edge).
        try tmux.run(["resize-window", "-t", "t", "-x", "40", "-y", "30"])
        // The words were already on screen: what shows the redraw is every line fitting the new width.
        let narrow = try tmux.screen {
            $0.contains("Leaks cannot be told") && $0.split(separator: "\n").allSatisfy { $0.count <= 40 }
        }
        let narrowText = narrow.split(separator: "\n").dropFirst().joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(narrowText.lowercased().contains(expected.lowercased()), "\(narrow)")
        try tmux.keys("x", "q")
        #expect(try tmux.screen(containing: "EXIT:").contains("EXIT:0"))
    }

    @Test func keysComeFromTheTerminalWhenTheLogIsOnStdin() throws {
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start("cat examples/leaky-session.jsonl | '\(binaryURL.path)' replay")
        #expect(try tmux.screen(containing: "/69").contains("navgraph replay  <stdin>"))
        try tmux.keys("End")
        #expect(try tmux.screen(containing: "step 69/69").contains("Leaked"))
        try tmux.keys("q")
        #expect(try tmux.screen(containing: "EXIT:").contains("EXIT:0"))
    }

    /// A pipe that stays open: the screen opens only at its end, and until then stderr says why nothing shows.
    @Test func aLogStillComingOnStdinIsSaidToBeRead() throws {
        let tmux = Tmux()
        defer { tmux.stop() }
        let gate = tmux.gate()
        try tmux.start(
            "(cat examples/leaky-session.jsonl; until [ -e '\(gate)' ]; do sleep 0.05; done) | '\(binaryURL.path)' replay"
        )
        #expect(
            try tmux.screen(containing: "navgraph: reading").contains(
                "navgraph: reading the log from stdin; the replay opens when it ends"))
        // The pipe ends once the message has been seen.
        try tmux.open(gate)
        #expect(try tmux.screen(containing: "/69").contains("navgraph replay  <stdin>"))
        try tmux.keys("q")
        #expect(try tmux.screen(containing: "EXIT:").contains("EXIT:0"))
    }

    @Test func ctrlCAndResizeLeaveTheTerminalUsable() throws {
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start("'\(binaryURL.path)' replay examples/leaky-session.log 2>/dev/null")
        _ = try tmux.screen(containing: "step 7/46")
        try tmux.run(["resize-window", "-t", "t", "-x", "60", "-y", "20"])
        let narrow = try tmux.screen(containing: "navgraph replay")
        for line in narrow.split(separator: "\n") { #expect(line.count <= 60, "\(line)") }
        try tmux.keys("C-c")
        try tmux.expectEnded(exit: 130)
    }

    /// A resize while the find prompt is open redraws it at once, prompt and all; SIGTERM ends the screen as Ctrl-C
    /// does, with the terminal restored and the signal's exit status.
    @Test func aResizeInThePromptRedrawsAndSIGTERMRestoresTheTerminal() throws {
        let folder = try temporaryFolder()
        let log = folder.appendingPathComponent("sigterm-\(getpid()).log").path
        try FileManager.default.copyItem(atPath: example("leaky-session.log"), toPath: log)
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start("'\(binaryURL.path)' replay '\(log)' 2>/dev/null")
        _ = try tmux.screen(containing: "step 7/46")
        try tmux.keys("/", "S", "h")
        _ = try tmux.screen(containing: "find: Sh")
        try tmux.run(["resize-window", "-t", "t", "-x", "50", "-y", "16"])
        let narrow = try tmux.screen(containing: "find: Sh")
        for line in narrow.split(separator: "\n") { #expect(line.count <= 50, "\(line)") }
        // Enter finds 'Sh'; `/` and Enter alone find it again, from there on (as in less and vim).
        try tmux.keys("Enter")
        let first = try tmux.screen(containing: "found 'Sh'")
        let firstStep = first.split(separator: "\n").last { $0.contains("found 'Sh'") }
        try tmux.keys("/", "Enter")
        // 'found' was on screen already: what shows the second find is a line that says it differently.
        let again = try tmux.screen {
            let line = $0.split(separator: "\n").last { $0.contains("found 'Sh'") }
            return line != nil && line != firstStep
        }
        let againStep = again.split(separator: "\n").last { $0.contains("found 'Sh'") }
        #expect(firstStep != nil && againStep != nil && firstStep != againStep, "\(again)")
        // Anchored at the binary: tmux's server and the shell carry the command in their own arguments.
        _ = try tmux.run(["run-shell", "pkill -TERM -f '^\(binaryURL.path) replay .*sigterm-\(getpid())'"])
        try tmux.expectEnded(exit: 143)
    }

    /// Ctrl-Z gives the terminal back to the shell (main screen, cursor shown, cooked input); `fg` takes the screen
    /// again and redraws it, and keys move it as before (they arrived as `^[[C` and needed Enter).
    @Test func ctrlZGivesTheTerminalBackAndFgTakesItAgain() throws {
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start("PS1='$ ' bash --norc -i")
        try tmux.keys("'\(binaryURL.path)' replay examples/leaky-session.log 2>/dev/null", "Enter")
        _ = try tmux.screen(containing: "step 7/46")
        #expect(try tmux.run(["display", "-p", "-t", "t", "#{alternate_on} #{cursor_flag}"]) == "1 0\n")
        try tmux.keys("C-z")
        #expect(try tmux.screen(containing: "Stopped").contains("Stopped"))
        #expect(try tmux.run(["display", "-p", "-t", "t", "#{alternate_on} #{cursor_flag}"]) == "0 1\n")
        try tmux.keys("fg", "Enter")
        _ = try tmux.screen(containing: "step 7/46")
        #expect(try tmux.run(["display", "-p", "-t", "t", "#{alternate_on} #{cursor_flag}"]) == "1 0\n")
        try tmux.keys("Right")
        #expect(try tmux.screen(containing: "step 8/46").contains("step 8/46"))
        try tmux.keys("q")
        // Typed only once the screen is left: leaving discards what is typed ahead (TCSAFLUSH), as less does.
        // The shell in the foreground again (navgraph has exited) and the main screen shown.
        let state = { try tmux.run(["display", "-p", "-t", "t", "#{alternate_on} #{pane_current_command}"]) }
        var now = ""
        let left = try waitUntil(timeout: 10) {
            now = try state()
            return now == "0 bash\n"
        }
        #expect(left, "\(now)")
        try tmux.keys("echo EXIT:$?", "Enter")
        #expect(try tmux.screen(containing: "EXIT:").contains("EXIT:0"))
    }

    @Test func readingStdinFromATerminalSaysSo() throws {
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start("'\(binaryURL.path)' tree")
        #expect(try tmux.screen(containing: "reading from stdin").contains("navgraph: reading from stdin; Ctrl-D ends"))
        try tmux.keys("C-d")
        let after = try tmux.screen(containing: "EXIT:")
        #expect(after.contains("<stdin>: error: the input is empty; expected navigation output in one of"))
        #expect(after.contains("EXIT:2"))
    }
}

/// `tree --follow FILE` on a terminal, as `watch` and `top` draw: the step header stays the top line, a tree taller
/// than the window is cut at the bottom with how much was left out, navgraph's notices are a line of the view (on
/// stderr the next redraw painted over them), and redrawing leaves no copies in the scrollback (each `ESC[2J` left
/// one in tmux's).
@Suite("navgraph tree --follow on a terminal (tmux)", .enabled(if: tmuxPath != nil, "tmux is not installed"))
struct FollowTerminalTests {
    /// Only app output so far: the view said nothing, and Ctrl-C exited 130 without a word. Now it says what it
    /// waits for and how much it skipped, and Ctrl-C before any navigation says why nothing was shown.
    @Test func aLogWithoutNavigationSaysWhatItWaitsFor() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("noise.log")
        try "App launched\n[Network] GET /items 200\nuser tapped row 3\n".write(
            to: log, atomically: true, encoding: .utf8)
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start("'\(binaryURL.path)' tree --follow '\(log.path)'", width: 200, height: 12)
        let waiting = try tmux.screen(containing: "waiting for navigation output")
        // One line on stderr, wrapped by the 200-column window.
        let joined = waiting.replacingOccurrences(of: "\n", with: "")
        #expect(
            joined.contains(
                "navgraph: waiting for navigation output (3 lines of other output skipped so far): printDebugGraph() "
                    + "dumps, Started/Finished lines, NavigatorUI logs, NavigationPath JSON, dump() output or "
                    + "navgraph-events"), "\(waiting)")
        try tmux.keys("C-c")
        let ended = try tmux.screen(containing: "EXIT:")
        #expect(
            ended.contains("navgraph: stopped before any navigation output was read"), "\(ended)")
        // The terminal echoes Ctrl-C as `^C` (the view is not drawing yet, so echo is on) in a race with the note:
        // sometimes before it, sometimes just before the shell's `EXIT:`.
        #expect(ended.split(separator: "\n").contains { $0.hasPrefix("EXIT:130") || $0 == "^CEXIT:130" }, "\(ended)")
    }

    /// Fed a line at a time (as `simctl launch --console-pty` delivers), app output first: the waiting note shows
    /// while only that has come, and no frame drawn once navigation began still carries it (every frame after the
    /// first step said "waiting for navigation output" to the end of input).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: trickle.path), "../shared/tools/trickle is absent"))
    func theWaitingNoteGoesOnceNavigationArrives() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("console.log")
        let session = try String(contentsOfFile: example("session.log"), encoding: .utf8)
        try ("App launched\n[Network] GET /items 200\n" + session).write(to: log, atomically: true, encoding: .utf8)
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start(
            "python3 '\(trickle.path)' --lines --pause 0.08 '\(log.path)' | '\(binaryURL.path)' tree --follow",
            width: 200, height: 40)
        var frames: [String] = []
        try waitUntil(timeout: 30) {
            let screen = try tmux.run(["capture-pane", "-p", "-t", "t"])
            if frames.last != screen { frames.append(screen) }
            return screen.contains("EXIT:")
        }
        let navigating = frames.filter { $0.range(of: #"── step [1-9]"#, options: .regularExpression) != nil }
        #expect(navigating.count >= 3, "too few frames seen to tell: \(frames)")
        for frame in navigating {
            #expect(!frame.contains("waiting for navigation output"), "\(frame)")
        }
        #expect(frames.contains { $0.contains("waiting for navigation output") }, "\(frames.prefix(3))")
    }

    @Test func redrawsInPlaceWithItsHeaderNoticesAndACutTree() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("live.log")
        // 14 lines of tree: taller than the 10-row window.
        try FileManager.default.copyItem(at: URL(fileURLWithPath: example("leaky-session.log")), to: log)
        let tmux = Tmux()
        defer { tmux.stop() }
        // Wide enough for the temporary path in the notices (longer lines are cut at the window's edge).
        try tmux.start("'\(binaryURL.path)' tree --follow '\(log.path)'", width: 200, height: 10)
        let tall = try tmux.screen(containing: "more lines")
        let rows = tall.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.first == "── step 46, line 134 ──", "\(tall)")
        #expect(rows.count >= 10 && rows[9] == "… 6 more lines", "\(tall)")

        // Truncated to empty: the fresh state at once, saying why, with the notice under the header.
        try FileHandle(forWritingTo: log).truncate(atOffset: 0)
        let empty = try tmux.screen(containing: "step 0, line 0")
        let emptyRows = empty.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(emptyRows.first == "── step 0, line 0 (file truncated; read from its start) ──", "\(empty)")
        #expect(emptyRows.dropFirst().first == "\(log.path) was truncated; reading it from the start", "\(empty)")
        #expect(!empty.contains("AppNavigationModel"), "\(empty)")

        try FileManager.default.removeItem(at: log)
        let removed = try tmux.screen(containing: "was removed")
        #expect(
            removed.split(separator: "\n").dropFirst().first
                == "\(log.path) was removed; waiting for it to come back", "\(removed)")

        // Ctrl-C ends the view on a line of its own (the cut frame's last line had no newline).
        try tmux.keys("C-c")
        let ended = try tmux.screen(containing: "EXIT:")
        #expect(ended.split(separator: "\n").contains { $0.hasPrefix("EXIT:130") }, "\(ended)")
        // Three frames were drawn, each over the last: the scrollback and the screen hold only the one on screen.
        let history = try tmux.run(["capture-pane", "-p", "-t", "t", "-S", "-", "-E", "-"])
        #expect(history.components(separatedBy: "── step").count - 1 == 1, "\(history)")
        #expect(!history.contains("AppNavigationModel 667"), "\(history)")
    }
    /// Chinese, Japanese and emoji take two columns: a line of them is cut where it reaches the window's edge, its `…`
    /// shown (counted one column each, the line ran past the edge and the terminal clipped it, `…` and all). A
    /// resize redraws the view for the new size at once, though the input is quiet; Ctrl-C leaves the whole state.
    @Test func wideCharactersAreCutAtTheirColumnsAndAResizeRedraws() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("wide.log")
        let dish = String(repeating: "寿司", count: 10)
        try #"path: ["App.Route","{\"dish\":{\"name\":\"\#(dish)\"}}","App.Route","{\"menu\":{}}"]"#.appending("\n")
            .write(to: log, atomically: true, encoding: .utf8)
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start("'\(binaryURL.path)' tree --follow '\(log.path)'", width: 50, height: 10)
        let wide = try tmux.screen(containing: "寿司")
        let row = wide.split(separator: "\n").first { $0.contains("寿司") } ?? ""
        // 21 columns of `└─ Route dish(name: "`, 14 characters of two columns, and `…` in the last column.
        #expect(row == #"└─ Route dish(name: "寿司寿司寿司寿司寿司寿司寿司…"#, "\(wide)")

        try tmux.run(["resize-window", "-t", "t", "-x", "30", "-y", "5"])
        let small = try tmux.screen(containing: "more lines")
        let rows = small.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.first == "── step 4, line 1 ──", "\(small)")
        #expect(rows.count >= 5 && rows[4] == "… 2 more lines", "\(small)")
        // Ctrl-C ends the view with the whole state, its lines whole (wrapped by the terminal): following a file
        // ends only this way, and the cut frame was all that was left.
        try tmux.keys("C-c")
        #expect(try tmux.screen(containing: "EXIT:").contains("EXIT:130"))
        let history = try tmux.run(["capture-pane", "-p", "-J", "-t", "t", "-S", "-", "-E", "-"])
        #expect(history.contains(#"└─ Route dish(name: "\#(dish)")"#), "\(history)")
        // (Shrinking the window pushed the top of the frame on screen into tmux's scrollback: that copy is tmux's.)
        let end = history.components(separatedBy: "── step 4, line 1 ──").last ?? ""
        #expect(end.contains("├─ Route menu"), "\(history)")
        #expect(!end.contains("more lines"), "\(history)")
    }

    /// NavigatorUI output with three lines to warn about: popping on an empty stack (lines 3 and 6) and removing a
    /// navigator that is not a child (line 7). Lines 8 and 9 come later.
    static let oddNavigatorLog = [
        "Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured",
        "Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) adding 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home)",
        "Navigator 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home) popping",
        "Navigator 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home) pushing(NavigatorUI.AnyNavigationDestination(wrapped: Demo.HomeDestinations.page1, method: NavigatorUI.NavigationMethod.push))",
        "Navigator 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home) popping",
        "Navigator 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home) popping",
        "Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) removing AAAAAAAA-0000-0000-0000-000000000001 (ghost)",
        "Navigator BBBBBBBB-0000-0000-0000-000000000002 (stranger) pushing(NavigatorUI.AnyNavigationDestination(wrapped: Demo.X.y, method: NavigatorUI.NavigationMethod.push))",
        "Navigator 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home) pushing(NavigatorUI.AnyNavigationDestination(wrapped: Demo.HomeDestinations.page2, method: NavigatorUI.NavigationMethod.push))",
    ]

    /// Warnings about the input while the view is up are its notice (on stderr the next frame painted over them),
    /// the latest with how many came before, cut to the window with `…` but keeping the count; at the end of input
    /// all of them are on stderr.
    @Test func warningsAreTheNoticeAndAllAreOnStderrAtTheEnd() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("odd.log")
        try (Self.oddNavigatorLog.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        let tmux = Tmux()
        defer { tmux.stop() }
        // The last two lines come once the test has seen the first seven's view: the app paused, its console open.
        let gate = tmux.gate()
        try tmux.start(
            "(head -7 '\(log.path)'; until [ -e '\(gate)' ]; do sleep 0.05; done; tail -2 '\(log.path)') "
                + "| '\(binaryURL.path)' tree --follow", width: 100, height: 15)
        let paused = try tmux.screen(containing: "more warnings")
        let rows = paused.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.first == "── step 7, line 5 ──", "\(paused)")
        #expect(
            rows.dropFirst().first
                == "line 7: warning: navigator 'root C0D' removing 'ghost AAA', which is not its chi… (+2 more warnings)",
            "\(paused)")
        #expect(!paused.contains("<stdin>:"), "\(paused)")

        try tmux.open(gate)
        let ended = try tmux.screen(containing: "EXIT:")
        let history = try tmux.run(["capture-pane", "-p", "-J", "-t", "t", "-S", "-", "-E", "-"])
        #expect(history.contains("EXIT:0"), "\(ended)")
        // The final frame's notice is whole, as its other lines are (it stayed cut at the width).
        #expect(
            history.contains(
                "line 8: warning: navigator 'stranger BBB' pushes, but the log has not placed it (no 'configured', and "
                    + "no navigator's 'adding' it): its stack is shown once a navigator adds it (+3 more warnings)"),
            "\(history)")
        #expect(history.contains("<stdin>:3: warning: popping on navigator 'home 2F3'"), "\(history)")
        #expect(history.contains("<stdin>:6: warning: popping on navigator 'home 2F3'"), "\(history)")
        #expect(history.contains("<stdin>:7: warning: navigator 'root C0D' removing 'ghost AAA'"), "\(history)")
        // Said once each: held while the view was up, not also written under it.
        #expect(history.components(separatedBy: "<stdin>:3:").count == 2, "\(history)")
    }

    /// Following a file ends with Ctrl-C: the warnings the view held are written then. A line wider than the window
    /// ends in `…` (the terminal cut it mid-word, with nothing to say so).
    @Test func ctrlCWritesTheHeldWarningsAndCutLinesSayTheyAreCut() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("odd.log")
        try (Self.oddNavigatorLog.prefix(7).joined(separator: "\n") + "\n").write(
            to: log, atomically: true, encoding: .utf8)
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start("'\(binaryURL.path)' tree --follow '\(log.path)'", width: 50, height: 15)
        let paused = try tmux.screen(containing: "more warnings")
        #expect(
            paused.split(separator: "\n").dropFirst().first == "line 7: warning: navigator 'ro… (+2 more warnings)",
            "\(paused)")

        try FileHandle(forWritingTo: log).truncate(atOffset: 0)
        let empty = try tmux.screen(containing: "No hierarchy yet")
        #expect(empty.contains("No hierarchy yet: nothing has placed a model in a…"), "\(empty)")

        try tmux.keys("C-c")
        _ = try tmux.screen(containing: "EXIT:")
        let history = try tmux.run(["capture-pane", "-p", "-J", "-t", "t", "-S", "-", "-E", "-"])
        #expect(history.contains("EXIT:130"), "\(history)")
        #expect(history.contains("\(log.path):3: warning: popping on navigator 'home 2F3'"), "\(history)")
        #expect(history.contains("\(log.path):6: warning: popping on navigator 'home 2F3'"), "\(history)")
        #expect(history.contains("\(log.path):7: warning: navigator 'root C0D' removing"), "\(history)")
    }
}
