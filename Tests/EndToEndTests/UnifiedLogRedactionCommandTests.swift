import Foundation
import NavGraphTestSupport
import Testing

/// What the commands say of navigation output a unified log redacted (`<private>`: a `Logger` message's values with
/// the default privacy, no debugger attached), and that no command passes such a log.
@Suite("Redacted unified log, end to end")
struct UnifiedLogRedactionCommandTests {
    /// A session logged with the default privacy reads `<private>` throughout: an error at the first line, naming the
    /// redaction, how many lines, and the ways out.
    @Test(arguments: [UnifiedLogSession.Style.ndjson, .json, .default])
    func onlyRedactedNavigationFails(style: UnifiedLogSession.Style) throws {
        var session = try UnifiedLogSession.fixtureSession("navigator-session")
        session.redacting = { _ in true }
        let (text, lineOfPrintLine) = session.render(.stream, style)
        let logged = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: logged) }
        for command in ["tree", "leaks", "history"] {
            let run = try navgraph([command, logged.path])
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(
                run.stderr.hasPrefix(
                    "\(logged.path):\(lineOfPrintLine[0]): error: the navigation output is redacted: 30 lines look like "
                        + "navigation output with their values shown as <private> by the unified log"),
                "\(run.stderr)")
            for wayOut in ["privacy: .public", "debugger attached", "standard output", "NAVGRAPH_LOG", "docs/ci.md"] {
                #expect(run.stderr.contains(wayOut), "\(wayOut): \(run.stderr)")
            }
        }
    }

    /// Some lines redacted: a warning with how many, at the first; `leaks` cannot pass the log (undecided, 3, where
    /// it finds no leak); `--strict` makes the warning an error.
    @Test func someRedactedNavigationIsAWarning() throws {
        var session = UnifiedLogSession(
            printLog: """
                Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured
                Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) adding 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home)
                Navigator 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home) pushing(HomeDestinations.page3)
                Navigator 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home) current 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home)
                """)
        session.redacting = { $0 == 2 }
        session.redactedText = "Navigator <private> pushing(<private>)"
        let (text, lineOfPrintLine) = session.render(.stream, .ndjson)
        let logged = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: logged) }
        let warning =
            "\(logged.path):\(lineOfPrintLine[2]): warning: this line looks like navigation output with its values "
            + "redacted (<private>) by the unified log, and is not read"
        let tree = try navgraph(["tree", logged.path])
        #expect(tree.status == 0)
        #expect(tree.stderr.hasPrefix(warning), "\(tree.stderr)")
        #expect(tree.stderr.contains("privacy: .public"))
        #expect(tree.stdout.contains("home 2F3"), "\(tree.stdout)")
        let leaks = try navgraph(["leaks", logged.path])
        #expect(leaks.status == 3, "\(leaks.stdout)\(leaks.stderr)")
        #expect(
            leaks.stderr.contains("1 line of navigation output is redacted (<private>) and could not be read"),
            "\(leaks.stderr)")
        let strict = try navgraph(["tree", "--strict", logged.path])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains(": error: this line looks like navigation output with its values redacted"))
        // A whole message redacted among navigation read is the app's other logging as far as can be told (any value
        // logged whole reads so): skipped and counted, and no gate is held by it.
        session.redactedText = "<private>"
        let (other, _) = session.render(.stream, .ndjson)
        let otherLogged = try temporaryFile(other)
        defer { try? FileManager.default.removeItem(at: otherLogged) }
        let otherLeaks = try navgraph(["leaks", otherLogged.path])
        #expect(otherLeaks.status == 0, "\(otherLeaks.stderr)")
        #expect(!otherLeaks.stderr.contains("redacted"), "\(otherLeaks.stderr)")
    }

    /// Watched live (`log stream … | navgraph tree --follow`, an input that may never end), the first redacted line is
    /// said when it comes, with the ways out — not only in the count at the end of the input.
    @Test func aRedactedLineIsSaidWhenItComesWhileFollowing() throws {
        var session = try UnifiedLogSession.fixtureSession("navigator-session")
        session.redacting = { $0 == 3 }
        session.redactedText = "Navigator <private> pushing(<private>)"
        let (text, lineOfPrintLine) = session.render(.stream, .compact)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let errURL = folder.appendingPathComponent("err")
        try createEmptyFile(errURL)
        let process = Process()
        process.executableURL = binaryURL
        process.arguments = ["tree", "--follow"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        // The log so far, up to the redacted line and a little past it; the pipe stays open, as log stream's does.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let upTo = min(lines.count, lineOfPrintLine[3] + 2)
        input.fileHandleForWriting.write(Data((lines[..<upTo].joined(separator: "\n") + "\n").utf8))
        let said = waitUntil(
            errURL,
            contains: "<stdin>:\(lineOfPrintLine[3]): warning: this line looks like navigation output with its "
                + "values redacted (<private>) by the unified log")
        #expect(said.contains("privacy: .public"), "\(said)")
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// `log` output with no entry (its predicate let nothing through): said as such, with what to check.
    @Test func logOutputWithNoEntryIsSaidAsSuch() throws {
        let empty = """
            Filtering the log data using "subsystem == \"com.example.app\""
            Skipping info and debug messages, pass --info and/or --debug to include.
            Timestamp                       Thread     Type        Activity             PID    TTL
            --------------------------------------------------------------------------------------------------------------------
            Log      - Default:          0, Info:                0, Debug:             0, Error:          0, Fault:          0
            Activity - Create:           0, Transition:          0, Actions:           0

            """
        for command in ["tree", "leaks"] {
            let run = try navgraph([command], stdin: empty)
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(
                run.stderr.hasPrefix("<stdin>: error: this is Apple's log output with no entry in it"), "\(run.stderr)")
            #expect(run.stderr.contains("--predicate") && run.stderr.contains("--info"), "\(run.stderr)")
        }
        // An entry that is not navigation: the usual message.
        let other = try navgraph(
            ["tree"],
            stdin: empty.replacingOccurrences(
                of: "--------", with: "2026-12-02 10:00:00.000000+0000 0x1  Default  0x0  42  0  App: hello\n--------",
                options: [], range: empty.range(of: "--------")))
        #expect(other.stderr.contains("no navigation output found"), "\(other.stderr)")
    }
}
