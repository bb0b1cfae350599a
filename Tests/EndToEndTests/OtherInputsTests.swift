import Foundation
import NavGraphTestSupport
import Testing

/// NavigationPath JSON and NavigatorUI logs, read by the built binary as a user runs it.
@Suite("NavigationPath and NavigatorUI inputs")
struct OtherInputsTests {
    @Test(arguments: ["navigation-path.log", "navigator-session.log"])
    func treeAndHistoryOfTheExamples(name: String) throws {
        let tree = try navgraph(["tree", example(name)])
        #expect(tree.status == 0, "\(tree.stderr)")
        expectGolden(tree.stdout, "\(name).tree.txt")
        let json = try navgraph(["tree", "--format", "json", example(name)])
        expectGolden(json.stdout, "\(name).json")
        let history = try navgraph(["history", example(name)])
        #expect(history.status == 0)
        expectGolden(history.stdout, "\(name).history.txt")
    }

    @Test func navigationPathStatesArePopsAndPushesThatDiffSees() throws {
        let history = try navgraph(["history", example("navigation-path.log")])
        #expect(history.stdout.contains("pop 2 from stack path: Route step(2), Route recipe(id: 42)"))
        #expect(history.stdout.contains("push Route recipe(id: 7) onto stack path"))
        let diff = try navgraph(["diff", example("navigation-path.log"), "--from", "5", "--to", "9"])
        #expect(diff.status == 1)
        #expect(
            diff.stdout == """
                - Route recipe(id: 42) under NavigationStack path (push)
                - Route step(1) under NavigationStack path (push)
                + Route recipe(id: 7) under NavigationStack path (push)

                """)
        // JSON keeps the module.
        let json = try navgraph(["tree", "--format", "json", example("navigation-path.log")])
        #expect(json.stdout.contains(#""type": "Recipes.Route""#))
    }

    @Test func navigatorLeaksAreARemovedNavigatorThatNeverDeinitialized() throws {
        let leaks = try navgraph(["leaks", example("navigator-session.log")])
        #expect(leaks.status == 1)
        expectGolden(leaks.stdout, "navigator-session.log.leaks.txt")
        // The first sheet's navigator was removed and deinitialized: no leak.
        #expect(!leaks.stdout.contains("14B"))
    }

    @Test func aNavigatorLeakSaysTheLineThatTookItOutNotAnotherNavigatorsLine() throws {
        // 'about' naming itself restates the window, which places 'settings' again at line 5: that line is about's.
        let file = try temporaryFile(
            """
            Navigator C0D00000-0000-0000-0000-000000000001 (root) current C0D00000-0000-0000-0000-000000000001 (root)
            Navigator C0D00000-0000-0000-0000-000000000001 (root) adding 7A100000-0000-0000-0000-000000000002
            Navigator 7A100000-0000-0000-0000-000000000002 (settings) current 7A100000-0000-0000-0000-000000000002 (settings)
            Navigator C0D00000-0000-0000-0000-000000000001 (root) adding B2200000-0000-0000-0000-000000000003
            Navigator B2200000-0000-0000-0000-000000000003 (about) current B2200000-0000-0000-0000-000000000003 (about)
            Navigator C0D00000-0000-0000-0000-000000000001 (root) removing 7A100000-0000-0000-0000-000000000002 (settings)

            """)
        let leaks = try navgraph(["leaks", file.path])
        #expect(leaks.status == 1)
        #expect(leaks.stdout.hasPrefix("leaked settings 7A1  under root C0D until step 8, line 6; started line 2\n"))
        // The same words as tree's list of models that left.
        let tree = try navgraph(["tree", file.path])
        #expect(tree.stdout.contains("  settings 7A1  under root C0D until line 6\n"))
    }

    /// A stack pushed past its 512 tracked entries drops its oldest half as one setPath; the entry whose push trims
    /// the stack is in it, created by it (it named the entry only by key, which did not exist yet: a warning
    /// "setPath names '<UUID>/513', which does not exist" and an entry missing, so the pops after took the wrong ones).
    @Test func aStackTrimmedPastItsLimitKeepsThePushThatTrimmedIt() throws {
        let root = "CD613E30-D8F1-6ADF-91B7-584A2265B1F5"
        let home = "1E2FEB89-414C-343C-1027-C4D1C386BBC4"
        func push(_ page: Int) -> String {
            "Navigator \(home) (home) " + NavigatorLog.pushing("Demo.HomeDestinations.page(\(page))")
        }
        let lines =
            ["Navigator \(root) (root) configured", "Navigator \(root) (root) adding \(home) (home)"]
            + (1...513).map(push) + [
                "Navigator \(home) (home) popping", "Navigator \(home) (home) popping", push(1000),
            ]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("trimmed.log")
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        let tree = try navgraph(["tree", "--ascii", log.path])
        #expect(tree.status == 0)
        #expect(!tree.stderr.contains("does not exist"), "\(tree.stderr)")
        // 513 pushes keep the newest 257 (257...513); two pops take 513 and 512.
        let pages = tree.stdout.split(separator: "\n").filter { $0.contains("HomeDestinations page(") }
            .map { $0.split(separator: " ").last.map(String.init) ?? "" }
        #expect(pages == (257...511).map { "page(\($0))" } + ["page(1000)"])
        // Said once per stack, without --verbose (the tree shows fewer entries than the log pushed), and the trimming
        // step reads as the push it is (it read 'set the path of stack 1E2 to 258 entries (256 left)').
        #expect(
            tree.stderr.components(
                separatedBy: "trimmed.log:515: warning: stack 'home 1E2' holds more than 512 entries"
            )
            .count == 2, "\(tree.stderr)")
        #expect(!tree.stderr.contains("trimmed.log:518:"), "\(tree.stderr)")
        let history = try navgraph(["history", "--steps", "517..518", log.path])
        #expect(
            history.stdout.contains(
                "line 515     push HomeDestinations page(513) onto stack 1E2 (the oldest 256 entries dropped: "
                    + "HomeDestinations page(1), HomeDestinations page(2), HomeDestinations page(3), …)\n"),
            "\(history.stdout)")
        let leaks = try navgraph(["leaks", log.path])
        #expect(!leaks.stderr.contains("does not exist"), "\(leaks.stderr)")
    }

    /// A `popping` with nothing pushed and a `removing` of a navigator that is not the remover's child contradict
    /// the state: a warning, and with --strict an error. NavigatorUI's own second `removing` of a child (after its
    /// deinit) and pops of entries dropped past the stack limit are not contradictions (the drop itself is warned of).
    @Test func navigatorLinesThatContradictTheStateAreWarningsAndStrictErrors() throws {
        let root = "Navigator CD613E30-D8F1-6ADF-91B7-584A2265B1F5 (root)"
        let home = "Navigator 1E2FEB89-414C-343C-1027-C4D1C386BBC4 (home)"
        let sheet = "B2E1C3D4-0000-4000-8000-000000000001"
        let stranger = "9F9F9F9F-0000-4000-8000-000000000002"
        let push = "\(home) " + NavigatorLog.pushing("Demo.HomeDestinations.page(1)")
        let lines = [
            "\(root) configured", "\(root) adding 1E2FEB89-414C-343C-1027-C4D1C386BBC4 (home)", push,
            "\(home) popping", "\(home) popping",
            "\(home) presenting(Demo.HomeDestinations.sheet(1))", "\(home) adding \(sheet) (sheet)",
            "Navigator \(sheet) (sheet) dismissed", "\(home) removing \(sheet) (sheet)",
            "Navigator \(sheet) (sheet) deinit", "\(home) removing \(sheet) (sheet)",
            "\(home) removing \(stranger) (stranger)",
        ]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("contradictions.log")
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        let lenient = try navgraph(["tree", log.path])
        #expect(lenient.status == 0)
        let popWarning =
            "contradictions.log:5: warning: popping on navigator 'home 1E2', whose stack has nothing pushed"
        #expect(lenient.stderr.contains(popWarning), "\(lenient.stderr)")
        #expect(
            lenient.stderr.contains(
                "contradictions.log:12: warning: navigator 'home 1E2' removing 'stranger 9F9', which is not its child\n"
            ), "\(lenient.stderr)")
        // Lines 9 and 11, the sheet's two removals, are what NavigatorUI logs.
        #expect(lenient.stderr.components(separatedBy: ": warning: ").count == 3, "\(lenient.stderr)")
        let strict = try navgraph(["tree", "--strict", log.path])
        #expect(strict.status != 0)
        #expect(strict.stderr.contains("contradictions.log:5: error: popping on navigator 'home 1E2'"))
        #expect(strict.stderr.contains("contradictions.log:12: error: navigator 'home 1E2' removing 'stranger 9F9'"))
        // An error is not ignored: its message does not say so (it ended in '; ignored').
        #expect(!strict.stderr.contains("ignored"), "\(strict.stderr)")
        // Pops past the 512 tracked entries take the dropped ones, silently.
        let trimmed = (1...600).map { _ in push } + (1...600).map { _ in "\(home) popping" }
        try ((Array(lines.prefix(2)) + trimmed).joined(separator: "\n") + "\n")
            .write(to: log, atomically: true, encoding: .utf8)
        let deep = try navgraph(["tree", log.path])
        #expect(deep.status == 0, "\(deep.stderr)")
        #expect(!deep.stderr.contains("popping"), "\(deep.stderr)")
    }

    /// A navigator's line longer than the longest line kept (4 MiB: a value megabytes long pushed) is said, not
    /// skipped as the app's own output: `--strict` fails on it (it exited 0, the push unseen).
    @Test func aNavigatorLineTooLongToKeepIsSaid() throws {
        let id = "2F3CF02F-08FC-4431-ABDD-32685C6D333C"
        let log = try temporaryFile(
            "Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured\n"
                + "Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) adding \(id) (home)\n"
                + "Navigator \(id) (home) pushing(HomeDestinations.page(\"" + String(repeating: "x", count: 5_000_000)
                + "\"))\n")
        let strict = try navgraph(["tree", "--strict", log.path])
        #expect(strict.status == 2)
        #expect(
            strict.stderr.contains(
                "\(log.path):3: error: looks like a NavigatorUI line but is longer than 4194304 bytes; not read: "
                    + "'Navigator \(id) …'"), "\(strict.stderr)")
        let run = try navgraph(["tree", log.path])
        #expect(run.status == 0)
        #expect(run.stderr.contains("it looks like navigation output but cannot be read"), "\(run.stderr)")
    }

    /// A navigator's first push reads as a push, as later ones do (it was a dump of the window, as the stack's root
    /// view appears with it); only a window's root navigator, which becomes a stack then, changes by a dump.
    @Test func aStacksFirstPushReadsAsAPush() throws {
        let history = try navgraph(["history", example("navigator-session.log")]).stdout
        #expect(history.contains("     7  line 9       push home root view onto stack 2F3\n"))
        #expect(history.contains("     8  line 9       push HomeDestinations pageN(55) onto stack 2F3\n"))
        #expect(!history.contains("window main (5 nodes)"))
        // Nothing is dumped in a NavigatorUI log: the states the reader works out are named so.
        #expect(history.contains("     2  line 1       state of window main (1 node): all new\n"))
        #expect(!history.contains("dump of"))
    }

    /// A navigator that pushes after its parent removed it (a navigator still at work once out of the hierarchy:
    /// a leak in the making) shows nowhere: a warning says so, naming the removal (the push vanished without a word),
    /// and a child of it pushing names the navigator that was removed. Added again, it is warned of again.
    @Test func pushesAfterARemovalAreWarnedOf() throws {
        let root = "C0D363A8-5C28-40B3-98E8-3DBE488054BB"
        let home = "2F3CF02F-08FC-4431-ABDD-32685C6D333C"
        let detail = "DDDDDDDD-0000-0000-0000-000000000004"
        let push = NavigatorLog.pushing("Demo.X.y")
        let lines = [
            "Navigator \(root) (root) configured",
            "Navigator \(root) (root) adding \(home) (home)",
            "Navigator \(home) (home) adding \(detail) (detail)",
            "Navigator \(root) (root) removing \(home) (home)",
            "Navigator \(home) (home) \(push)",
            "Navigator \(detail) (detail) \(push)",
            "Navigator \(home) (home) \(push)",
            "Navigator \(root) (root) adding \(home) (home)",
            "Navigator \(root) (root) removing \(home) (home)",
            "Navigator \(home) (home) \(push)",
        ]
        let log = try temporaryFile(lines.joined(separator: "\n") + "\n")
        let run = try navgraph(["tree", log.path])
        #expect(run.status == 0)
        #expect(
            run.stderr
                == """
                \(log.path):5: warning: navigator 'home 2F3' pushes after its parent removed it: its stack is shown if a navigator adds it again
                \(log.path):6: warning: navigator 'detail DDD' pushes after 'home 2F3' was removed: its stack is shown if a navigator adds that one again
                \(log.path):10: warning: navigator 'home 2F3' pushes after its parent removed it: its stack is shown if a navigator adds it again

                """)
    }

    /// A navigator whose pushes come before any navigator adds it (a log begun mid-session) shows nowhere until it
    /// is added: a warning says so (its pushed value vanished from every view without a word), and once added its
    /// stack shows what it pushed.
    @Test func pushesOfANavigatorNotYetPlacedAreWarnedOfAndShownOnceItIs() throws {
        let root = "C0D363A8-5C28-40B3-98E8-3DBE488054BB"
        let stranger = "BBBBBBBB-0000-0000-0000-000000000002"
        let lines = [
            "Navigator \(root) (root) configured",
            "Navigator \(stranger) (stranger) " + NavigatorLog.pushing("Demo.X.y"),
        ]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("odd.log")
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        let tree = try navgraph(["tree", log.path])
        #expect(tree.status == 0)
        #expect(
            tree.stderr.contains("odd.log:2: warning: navigator 'stranger BBB' pushes, but the log has not placed it"),
            "\(tree.stderr)")
        // Alive and not placed, and not "after the last dump": a NavigatorUI log prints no dumps.
        #expect(tree.stdout.contains("Alive, not yet placed (1):"), "\(tree.stdout)")
        #expect(!tree.stdout.contains("dump"), "\(tree.stdout)")
        // Still not placed after the window's next state: never placed, not "in no dump".
        let later = try writeLines(
            lines + ["Navigator \(root) (root) adding 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home)"], to: "later.log",
            in: folder)
        let laterTree = try navgraph(["tree", later.path])
        #expect(laterTree.stdout.contains("Alive, never placed in a window by the log (1):"), "\(laterTree.stdout)")
        #expect(!laterTree.stdout.contains("dump"), "\(laterTree.stdout)")
        // Not followed, so not clean: leaks says so and exits 3.
        let leaks = try navgraph(["leaks", later.path])
        #expect(leaks.status == 3)
        #expect(
            leaks.stderr.contains(
                "error: leaks could not be decided for the whole log: 1 model was never placed in a window by the log"),
            "\(leaks.stderr)")
        #expect(
            leaks.stdout.contains("suspected stranger BBB  started line 2, never placed in a window by the log"),
            "\(leaks.stdout)")
        try ((lines + ["Navigator \(root) (root) adding \(stranger) (stranger)"]).joined(separator: "\n") + "\n")
            .write(to: log, atomically: true, encoding: .utf8)
        let added = try navgraph(["tree", "--ascii", log.path])
        #expect(added.stdout.contains("X y"), "\(added.stdout)")
    }

    /// A navigator that logs its name late is renamed in place: `diff` lists it (it said 'no differences').
    @Test func diffListsARenamedNavigator() throws {
        let diff = try navgraph(["diff", example("navigator-session.log"), "--from", "16", "--to", "17"])
        #expect(diff.status == 1)
        #expect(diff.stdout == "~ HomeDestinations.photoPicker E59 is now photo-picker E59\n")
        let json = try navgraph([
            "diff", "--format", "json", example("navigator-session.log"), "--from", "16", "--to", "17",
        ])
        #expect(
            json.stdout.contains(
                #"{"from": {"id": "E59", "type": "HomeDestinations.photoPicker"}, "to": {"id": "E59", "type": "photo-picker"}}"#
            ))
    }

    @Test func detectionIsNotedWithVerbose() throws {
        let run = try navgraph(["tree", "--verbose", example("navigator-session.log")])
        #expect(
            run.stderr.contains(
                "navigator-session.log:1: note: read as navigator (NavigatorUI log), detected from this line"))
        // The note about pops without a count points at the first 'popping' (it pointed at the first push, line 9).
        #expect(run.stderr.contains("navigator-session.log:12: note: NavigatorUI logs 'popping' without a count"))
        let path = try navgraph(["tree", "--verbose", example("navigation-path.log")])
        #expect(path.stderr.contains("navigation-path.log:4: note: read as navigation-path (NavigationPath JSON)"))
    }

    @Test func badNavigationPathJSONIsAnErrorWithItsLine() throws {
        let run = try navgraph(
            ["tree"],
            stdin: """
                ["MyApp.Route","{\\"a\\":{}}"]
                ["MyApp.Route","{\\"a\\":{}}","Swift.Int"]
                ["MyApp.Route","not json"]
                """)
        #expect(run.status == 2)
        #expect(run.stderr.contains("<stdin>:2: error: NavigationPath JSON has an odd number of elements (3)"))
        #expect(
            run.stderr.contains("<stdin>:3: error: NavigationPath JSON element 2, the MyApp.Route value, is not JSON"))
    }

    /// The fresh-eyes user's p1.log: one state that is not JSON no longer loses every other state with --lenient.
    @Test func lenientSkipsABadNavigationPathStateAndKeepsTheRest() throws {
        let log = """
            app started
            saved path: ["MyApp.Route","{\\"detail\\":{\\"id\\":42}}"]
            saved path: ["MyApp.Route","{not json"]
            saved path: ["MyApp.Route","{\\"detail\\":{\\"id\\":42}}","MyApp.Route","{\\"list\\":{}}"]
            saved path: [
            """
        let run = try navgraph(["tree", "--lenient", "--ascii"], stdin: log)
        #expect(run.status == 0)
        #expect(
            run.stderr.contains(
                "<stdin>:3: warning: NavigationPath JSON element 2, the MyApp.Route value, is not JSON (column 2: "))
        #expect(run.stderr.contains("; state skipped (--lenient)\n"))
        #expect(
            run.stderr.contains(
                "<stdin>:5: warning: NavigationPath JSON array opened here is not closed by the end of the input"))
        #expect(run.stdout.contains("Route detail(id: 42)") && run.stdout.contains("Route list"))
        let strict = try navgraph(["tree"], stdin: log)
        #expect(strict.status == 2 && strict.stdout.isEmpty)
        #expect(strict.stderr.contains("<stdin>:3: error: NavigationPath JSON element 2, the MyApp.Route value"))
    }

    /// A console that truncates long lines cuts a one-line state mid-array: a state that cannot be read, in the three
    /// modes as one that is not JSON (an error, with --strict too; with --lenient a warning and the state skipped).
    @Test func aOneLineStateCutShortIsAStateThatCannotBeRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("cut.log")
        try """
        saved path: ["MyApp.Route","{\\"detail\\":{\\"id\\":42}}"]
        saved path: ["MyApp.Route","{\\"list\\":{}}","MyApp.Route","{\\"deta
        saved path: ["MyApp.Route","{\\"edit\\":{}}","MyApp.Route","{\\"detail\\":{\\"id\\":42}}"]

        """.write(to: log, atomically: true, encoding: .utf8)
        let message = "cut.log:2: error: NavigationPath JSON array is not closed by the end of the line (cut short?); "
        for mode in [[], ["--strict"]] {
            let run = try navgraph(["tree"] + mode + ["cut.log"], directory: folder)
            #expect(run.status == 2, "\(mode)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix(message + "expected a closing ']'\n"), "\(mode): \(run.stderr)")
        }
        let lenient = try navgraph(["tree", "--lenient", "--ascii", "cut.log"], directory: folder)
        #expect(lenient.status == 0)
        #expect(
            lenient.stderr
                == "cut.log:2: warning: NavigationPath JSON array is not closed by the end of the line (cut short?); "
                + "expected a closing ']'; state skipped (--lenient)\n")
        #expect(lenient.stdout.contains("Route detail(id: 42)") && lenient.stdout.contains("Route edit"))
        #expect(!lenient.stdout.contains("Route list"))
    }

    /// A pretty-printed state cut short was dropped silently in every mode (only "skipped 4 lines"), and --verbose
    /// quoted '[' for each of its lines. Once its first element names a type it is a state: one that another line
    /// interrupts, or whose element ends mid-string, is an error at its `[` (a warning and skipped with --lenient).
    @Test func aPrettyPrintedStateCutShortIsAStateThatCannotBeRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unclosed = """
            path: ["A.Route","{\\"x\\":1}"]
            path: [
              "A.Route",
              "{\\"x\\":2}"
            path: ["A.Route","{\\"x\\":3}"]

            """
        let cutElement = """
            [
            "A.Route",
            "{\\"x\\":
            ]
            ["A.Route","{\\"x\\":3}"]

            """
        let interleaved = """
            ["A.Route","{}"]
            [
            "A.Route",
            "{\\"x\\":2}"
            other output
            ]

            """
        let cases = [
            (
                "e.log", unclosed, 2,
                "NavigationPath JSON array opened here is not closed: line 5 is not one of its elements (cut short?); expected a closing ']'"
            ),
            (
                "cut.log", cutElement, 1,
                "NavigationPath JSON element on line 3 is cut short (its string is not closed by the end of the line); expected each element whole on its line"
            ),
            (
                "m.log", interleaved, 2,
                "NavigationPath JSON array opened here is not closed: line 5 is not one of its elements (cut short?); expected a closing ']'"
            ),
        ]
        for (name, text, line, message) in cases {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            for mode in [[], ["--strict"]] {
                let run = try navgraph(["tree"] + mode + [name], directory: folder)
                #expect(run.status == 2, "\(name) \(mode)")
                #expect(run.stderr.hasPrefix("\(name):\(line): error: \(message)\n"), "\(name) \(mode): \(run.stderr)")
            }
            // Fed a line at a time, as from a running app, with --lenient: a warning, the other states read.
            let lenient = try navgraph(["tree", "--lenient", "--ascii"], stdin: text)
            #expect(lenient.status == 0, "\(name)")
            #expect(
                lenient.stderr.hasPrefix("<stdin>:\(line): warning: \(message); state skipped (--lenient)\n"), "\(name)"
            )
            #expect(lenient.stdout.contains("Route ("), "\(name)")
        }
        // An array of the app's own is skipped, each line quoted as it is.
        try "[\"A.Route\",\"{}\"]\nitems: [\n  1,\n]\n".write(
            to: folder.appendingPathComponent("own.log"), atomically: true, encoding: .utf8)
        let own = try navgraph(["tree", "--verbose", "own.log"], directory: folder)
        #expect(own.status == 0)
        #expect(own.stderr.contains("own.log:2: note: skipped: 'items: ['\nown.log:3: note: skipped: '  1,'\n"))
    }

    /// A complete path followed by other text on its line was skipped silently: it is read, and --verbose says what
    /// was left out. Detection takes what reading takes: a space before a comma, and a state reading rejects with a
    /// precise error (`["A.Route",42]`) rather than "no navigation output found".
    @Test func consoleTextAroundAStateIsReadOrNamed() throws {
        let trailing = try navgraph(
            ["tree", "--verbose", "--ascii"],
            stdin: "[\"A.Route\",\"{}\"]\npath: [\"A.Route\",\"{\\\"x\\\":2}\"] (1 entry)\n")
        #expect(trailing.status == 0)
        #expect(trailing.stdout.contains("Route (x: 2)"))
        #expect(
            trailing.stderr.contains(
                "<stdin>:2: note: text after the NavigationPath JSON array is not part of it: ' (1 entry)'"))
        let spaced = try navgraph(["tree", "--ascii"], stdin: "[\"A.Route\" , \"{}\"]\n")
        #expect(spaced.status == 0 && spaced.stdout.contains("Route ()"), "\(spaced.stderr)")
        let number = try navgraph(["tree"], stdin: "[\"A.Route\",42]\n")
        #expect(number.status == 2)
        #expect(
            number.stderr.hasPrefix("<stdin>:1: error: NavigationPath JSON element 2 is a number; expected a string"))
    }

    /// Some loggers and pretty printers put a space after each comma: detected and read as the compact form.
    @Test func aOneLineStateWithSpacesAfterItsCommasIsDetected() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("spaced.log")
        try """
        ["MyApp.Route", "{\\"detail\\":{\\"_0\\":42}}"]
        ["MyApp.Route", "{\\"detail\\":{\\"_0\\":43}}", "MyApp.Route", "{\\"detail\\":{\\"_0\\":42}}"]

        """.write(to: log, atomically: true, encoding: .utf8)
        let run = try navgraph(["tree", "--verbose", "--ascii", "spaced.log"], directory: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("spaced.log:1: note: read as navigation-path (NavigationPath JSON)"))
        #expect(run.stdout.hasSuffix("|-- Route detail(42)\n`-- Route detail(43)\n"), "\(run.stdout)")
    }

    @Test func inputInNoFormatListsEveryFormatTried() throws {
        let run = try navgraph(["tree"], stdin: "hello\n[\n]\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        for format in ["swiftui-navigation", "navgraph-events", "navigation-path", "navigator"] {
            #expect(run.stderr.contains("\n  \(format) ("), "\(format) missing from \(run.stderr)")
        }
        #expect(run.stderr.contains("set verbosity: .info"))
    }

    @Test func theInputFormatOptionNamesEveryFormat() throws {
        let run = try navgraph(["tree", "--help"])
        #expect(run.stdout.contains("navigation-path"))
        #expect(run.stdout.contains("navigator"))
        let forced = try navgraph(["tree", "--input-format", "navigator", example("navigation-path.log")])
        #expect(forced.status == 2)
    }

    /// Every format `--input-format` accepts (argument parsing lists `InputFormats.all`) is described under
    /// "Input formats" in `navgraph --help`, each once.
    /// A navigator that logs its name late ("HomeDestinations.photoPicker E59" becomes "photo-picker E59"): trace,
    /// the HTML drawing and the diagram name it as the tree and leaks do, by its last name; the diagram draws one node.
    @Test func aRenamedModelIsNamedByItsLastNameEverywhere() throws {
        let log = example("navigator-session.log")
        let trace = try navgraph(["render", "--format", "trace", log])
        #expect(trace.stdout.contains("\"name\": \"photo-picker E59 (leaked)\""))
        #expect(!trace.stdout.contains("\"name\": \"HomeDestinations.photoPicker E59 (leaked)\""))
        let diagram = try navgraph(["diagram", "--format", "json", log])
        #expect(!diagram.stdout.contains("\"HomeDestinations.photoPicker\""))
        #expect(diagram.stdout.contains("{\"type\": \"photo-picker\", \"kind\": \"stack\", \"count\": 1}"))
        #expect(
            diagram.stdout.contains(
                "{\"relation\": \"presented\", \"from\": \"home\", \"to\": \"photo-picker\", \"style\": \"presented\""))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("replay.html")
        #expect(try navgraph(["replay", "--html", page.path, log]).status == 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("{\"id\":\"E59\",\"type\":\"photo-picker\","))
    }

    @Test func topLevelHelpListsEveryInputFormat() throws {
        let option = try navgraph(["tree", "--help"]).stdout
        let values = try #require(
            option.components(separatedBy: "(values:").dropFirst().first?.split(separator: ")").first)
        let formats = values.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        #expect(formats.count >= 5 && formats.contains("swift-dump"))
        let help = try navgraph(["--help"]).stdout
        let section = try #require(
            help.components(separatedBy: "Input formats (detected, or named with --input-format):\n").last?
                .components(separatedBy: "\n\n").first)
        let listed = section.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .map { String($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(listed == formats)
        for line in help.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }
}
