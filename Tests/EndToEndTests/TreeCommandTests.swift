import Foundation
import NavGraphTestSupport
import Testing

@Suite("navgraph tree, as a user runs it", .tags(.memory))
struct TreeCommandTests {
    @Test(arguments: ["session.log", "launch-dump.txt", "sheet-over-tabs.txt", "console-prefixed.log", "legacy-1x.log"])
    func printsTheExampleTree(name: String) throws {
        let run = try navgraph(["tree", example(name)])
        #expect(run.status == 0, "\(run.stderr)")
        expectGolden(run.stdout, "\(name).tree.txt")
        #expect(!run.stdout.contains("\u{1B}"), "no colour into a pipe")
    }

    @Test func readsStdinWhenNoFileOrDashIsGiven() throws {
        let text = try String(contentsOfFile: example("session.log"), encoding: .utf8)
        let expected = try golden("session.log.tree.txt")
        let implicit = try navgraph(["tree"], stdin: text)
        #expect(implicit.status == 0)
        #expect(implicit.stdout == expected)
        let dash = try navgraph(["tree", "-"], stdin: text)
        #expect(dash.stdout == expected)
    }

    /// `app | navgraph tree --at 2`: once step 2 is read, the tree is printed, without waiting for the app to print
    /// again (or to end). The app here has printed its session and stays silent with its end of the pipe open.
    @Test func aMomentReachedInALivePipeIsPrintedWithoutWaitingForMore() throws {
        let file = example("navigator-session.log")
        let expected = try navgraph(["tree", "--at", "2", file])
        #expect(expected.status == 0)
        let app = Pipe()
        let process = Process()
        process.executableURL = binaryURL
        process.arguments = ["tree", "--at", "2", "-"]
        process.standardInput = app
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        app.fileHandleForWriting.write(try Data(contentsOf: URL(fileURLWithPath: file)))
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let finishedInTime = !process.isRunning
        try app.fileHandleForWriting.close()  // ends it either way
        process.waitUntilExit()
        #expect(finishedInTime, "navgraph waited for more input after step 2")
        #expect(process.terminationStatus == 0)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed == expected.stdout)
    }

    @Test func countsSkippedLinesOnStderrAndListsThemWithVerbose() throws {
        let run = try navgraph(["tree", example("session.log")])
        #expect(run.stderr == "navgraph: skipped 19 lines that are not navigation output (--verbose lists them)\n")
        let verbose = try navgraph(["tree", "--verbose", example("session.log")])
        #expect(
            verbose.stderr.contains(
                "examples/session.log:1: note: skipped: 'Examples launched (build 2.2.2, iOS 18.2 simulator)'"))
        #expect(verbose.stderr.split(separator: "\n").filter { $0.contains("note: skipped") }.count == 19)
    }

    @Test func jsonFormat() throws {
        let run = try navgraph(["tree", "--format", "json", example("session.log")])
        #expect(run.status == 0)
        expectGolden(run.stdout, "session.log.json")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect((object?["roots"] as? [Any])?.count == 1)
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() throws {
        let always = try navgraph(["tree", "--color", "always", example("launch-dump.txt")])
        #expect(always.stdout.contains("\u{1B}[36m[tabs]\u{1B}[0m"))
        let never = try navgraph(["tree", "--color", "never", example("launch-dump.txt")])
        #expect(!never.stdout.contains("\u{1B}"))
        let ascii = try navgraph(["tree", "--ascii", example("launch-dump.txt")])
        #expect(ascii.stdout.contains("`-- MainTabsNavigationModel F1A [tabs]"))
    }

    @Test func strictFailsOnUnreadableNavigationLinesNeverOnAppOutput() throws {
        // session.log is full of the app's own prints: normal in a console log, so --strict passes it.
        let app = try navgraph(["tree", "--strict", example("session.log")])
        #expect(app.status == 0)
        #expect(app.stderr.contains("skipped 19 lines that are not navigation output"))
        let cut =
            "<[AppNavigationModel 667...]>\n\t<[HomeNavigationModel F0F...]>\n\t<[DetailNavigationModel 8C\nhello\n"
        let run = try navgraph(["tree", "--strict"], stdin: cut)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.contains(
                "<stdin>:3: error: looks like SwiftUINavigation output but cannot be read: '\\t<[DetailNavigationModel 8C'"
            ))
        #expect(!run.stderr.contains("hello"))
        #expect(run.stderr.hasSuffix("error: 1 error in input (--strict)\n"))
        let lax = try navgraph(["tree"], stdin: cut)
        #expect(lax.status == 0)
        #expect(lax.stderr.contains("skipped 2 lines"))
        let verbose = try navgraph(["tree", "--verbose"], stdin: cut)
        #expect(verbose.stderr.contains("<stdin>:3: note: looks like SwiftUINavigation output but cannot be read"))
        let clean = try navgraph(["tree", "--strict", example("launch-dump.txt")])
        #expect(clean.status == 0)
    }

    @Test func warningsNameTheLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("jump.txt")
        try "<[AppNavigationModel 667...]>\n\t\t<[HomeNavigationModel F0F...]>\n".write(
            to: file, atomically: true, encoding: .utf8)
        let run = try navgraph(["tree", file.path])
        #expect(run.status == 0)
        #expect(run.stderr.contains("jump.txt:2: warning: dump line is 2 levels deeper than the line above"))
        let strict = try navgraph(["tree", "--strict", file.path])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("jump.txt:2: error: dump line is 2 levels deeper"))
    }

    @Test func malformedInputIsAClearErrorWithStatus2() throws {
        let run = try navgraph(["tree"], stdin: "hello\nworld\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("<stdin>: error: no navigation output found in 2 lines"))
        // Every format tried, each with what it expected.
        #expect(
            run.stderr.contains(
                "tried every format:\n  swiftui-navigation (SwiftUINavigation console output): "
                    + "expected printDebugGraph() lines such as '<[AppNavigationModel 667...]>'"))
        let empty = try navgraph(["tree"], stdin: "")
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("<stdin>: error: the input is empty; expected navigation output in one of"))
    }

    @Test func missingFileAndDirectory() throws {
        let missing = try navgraph(["tree", "no/such/file.log"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "no/such/file.log: error: cannot open: No such file or directory\n")
        let folder = try navgraph(["tree", "examples"])
        #expect(folder.status == 2)
        #expect(folder.stderr == "examples: error: cannot open: is a directory\n")
    }

    @Test func logWithoutADumpSaysSo() throws {
        let run = try navgraph(
            ["tree"], stdin: "[HomeNavigationModel E34...]: Started\n[DetailNavigationModel 8C1...]: Started\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("No hierarchy in the input: nothing placed a model in a window"))
        #expect(run.stdout.contains("HomeNavigationModel E34"))
        #expect(run.stdout.contains("DetailNavigationModel 8C1"))
        #expect(run.stdout.contains("a SwiftUINavigation printDebugGraph() dump"))
        // A NavigatorUI log that starts after its root's `configured` line: what would have placed it is named too.
        let navigator = try navgraph(
            ["tree"],
            stdin: "Navigator 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home) current "
                + "2F3CF02F-08FC-4431-ABDD-32685C6D333C (home)\n")
        #expect(navigator.status == 0)
        #expect(navigator.stdout.contains("No hierarchy in the input"))
        #expect(navigator.stdout.contains("a NavigatorUI 'configured' line"))
    }

    /// A model alive and not placed is "after the last dump" only where the app printed dumps.
    @Test func anUnplacedModelIsAfterTheLastDumpOnlyWhereThereWasADump() throws {
        let events = try navgraph(
            ["tree"],
            stdin: #"{"event":"root","id":"app","type":"App","kind":"stack","window":"main"}"# + "\n"
                + #"{"event":"start","id":"detail","type":"Detail"}"# + "\n")
        #expect(events.status == 0, "\(events.stderr)")
        #expect(events.stdout.contains("Alive, not yet placed (1):"), "\(events.stdout)")
        #expect(!events.stdout.contains("dump"), "\(events.stdout)")
        let dumped = try navgraph(
            ["tree"],
            stdin: "<[AppNavigationModel 667...]>\n[DetailNavigationModel 8C1...]: Started\n")
        #expect(dumped.status == 0, "\(dumped.stderr)")
        #expect(dumped.stdout.contains("Not yet placed: started after the last dump (1):"), "\(dumped.stdout)")
    }

    @Test func usageErrorsExit64() throws {
        let run = try navgraph(["tree", "--format", "xml", example("session.log")])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--format"))
        let unknown = try navgraph(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown command 'frobnicate'; the commands are tree, render, diagram, leaks"))
    }
}

@Suite("navgraph as a whole")
struct GeneralCommandTests {
    @Test func versionAndHelp() throws {
        let version = try navgraph(["--version"])
        #expect(version.status == 0)
        // The release, then the Graphviz it was built against: `0.1.0 (Graphviz 14.1.4)`.
        #expect(
            version.stdout.wholeMatch(of: /\d+\.\d+\.\d+ \(Graphviz \d+\.\d+(\.\d+)?\)\n/) != nil, "\(version.stdout)")
        let help = try navgraph(["--help"])
        #expect(help.status == 0)
        for word in ["tree", "render", "templates", "SwiftUINavigation"] { #expect(help.stdout.contains(word)) }
        let treeHelp = try navgraph(["tree", "--help"])
        for word in ["--strict", "--verbose", "--input-format", "--format", "--ascii", "--color"] {
            #expect(treeHelp.stdout.contains(word))
        }
    }

    @Test func templatesListAndPrint() throws {
        let list = try navgraph(["templates"])
        #expect(list.stdout.contains("dot/light.dot.mustache"))
        #expect(list.stdout.contains("dot/dark.dot.mustache"))
        #expect(list.stdout.contains("html/dark.html.mustache"))
        let theme = try navgraph(["templates", "dot/light.dot.mustache"])
        #expect(theme.stdout.hasPrefix("{{% CONTENT_TYPE: DOT}}"))
        #expect(
            theme.stdout
                == (try String(
                    contentsOf: repositoryRoot.appendingPathComponent("templates/dot/light.dot.mustache"),
                    encoding: .utf8)))
        let missing = try navgraph(["templates", "nope"])
        #expect(missing.status == 64)
    }
}
