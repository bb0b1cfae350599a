import Foundation
import NavGraphTestSupport
import Testing

@Suite("navgraph leaks", .tags(.memory))
struct LeaksCommandTests {
    @Test func textListsEachLeakWithItsSubtreeAndExits1() throws {
        let run = try navgraph(["leaks", example("leaky-session.log")])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                leaked ActionableListNavigationModel B80  under DefaultStackRootNavigationModel 9C2 until step 14, line 37; started line 22
                leaked SegmentedTabsNavigationModel 5EA  under DefaultStackRootNavigationModel 19A until step 21, line 66; started line 48
                  ├─ leaked ArchitectureExampleNavigationModel A11; started line 49
                  ├─ leaked ArchitectureExampleNavigationModel B22; started line 50
                  └─ leaked ArchitectureExampleNavigationModel C33; started line 51

                5 leaked, 0 suspected; 3 alive, 1 not yet placed, 14 finished

                """)
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let run = try navgraph(["leaks", "--format", "json", example("leaky-session.jsonl")])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let leaks = try #require(object["leaks"] as? [[String: Any]])
        #expect(leaks.count == 2)
        #expect(leaks[0]["status"] as? String == "leaked")
        #expect(leaks[0]["type"] as? String == "ActionableListNavigationModel")
        #expect((leaks[0]["id"] as? String)?.hasPrefix("B80") == true)
        #expect(
            leaks[0]["startedLine"] as? Int == 21 && leaks[0]["lastSeenLine"] as? Int == 22
                && leaks[0]["leftAtLine"] as? Int == 23)
        #expect((leaks[1]["children"] as? [[String: Any]])?.count == 3)
        #expect(object["alive"] as? Int == 4 && object["unplaced"] as? Int == 0 && object["finished"] as? Int == 14)
        #expect((object["ambiguous"] as? [Any])?.isEmpty == true)
    }

    /// A model that started before the window's last dump and is in no dump: the only window the log knows showed
    /// its whole state after the model started, yet the model may live in a window the app never dumps — suspected,
    /// not leaked, and the gate still fails (suspected fails by default).
    @Test func inNoDumpOfTheOnlyWindowIsSuspected() throws {
        let log =
            "[WaitingNavigationModel A0B...]: Started\n[AppNavigationModel 667...]: Started\n<[AppNavigationModel 667...]>\n"
        let run = try navgraph(["leaks", "--format", "json"], stdin: log)
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let leak = try #require((object["leaks"] as? [[String: Any]])?.first)
        #expect(leak["status"] as? String == "suspected")
        #expect(leak["reason"] as? String == "inNoDump")
        #expect(leak["parent"] is NSNull && leak["leftAtLine"] is NSNull)
        let text = try navgraph(["leaks"], stdin: log)
        #expect(text.status == 1)
        #expect(
            text.stdout.contains(
                "suspected WaitingNavigationModel A0B  started line 1, in no dump since, though every window printed "
                    + "one: it may live in a window the app does not dump"),
            "\(text.stdout)")
        let tree = try navgraph(["tree"], stdin: log)
        #expect(
            tree.stdout.contains(
                "Suspected: in no dump since it started, though every window printed one, never finished; it may live "
                    + "in a window the app does not dump (1):"),
            "\(tree.stdout)")
    }

    /// Started lines and no dump at all: nothing shows whether a model left, so the gate does not pass (it said
    /// "0 leaked", exit 0; fresh-eyes finding).
    @Test func startedLinesWithoutAnyDumpAreUndecided() throws {
        let log = "[AppNavigationModel 667...]: Started\n[DetailNavigationModel ABC...]: Started\n"
        let run = try navgraph(["leaks"], stdin: log)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                "<stdin>: error: leaks could not be decided for the whole log: nothing in the log placed a model in a "
                    + "window (no dump), so whether the 2 alive models left the hierarchy cannot be told"),
            "\(run.stderr)")
    }

    /// Suspected stays for what the log cannot decide: a second window printed no dump since the model started.
    /// It fails by default (a gate fails closed); --no-fail-on-suspected lets it pass.
    @Test func suspectedNamesTheWindowAndFailsUnlessToldNot() throws {
        let log = """
            [AppNavigationModel 667...]: Started
            [InspectorNavigationModel 1A1...]: Started
            <[AppNavigationModel 667...]>
            <[InspectorNavigationModel 1A1...]>
            [WaitingNavigationModel A0B...]: Started
            <[AppNavigationModel 667...]>

            """
        let run = try navgraph(["leaks", "--format", "json"], stdin: log)
        #expect(run.status == 1, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let leak = try #require((object["leaks"] as? [[String: Any]])?.first)
        #expect(leak["status"] as? String == "suspected")
        #expect(leak["reason"] as? String == "mayLiveInAnotherWindow")
        let text = try navgraph(["leaks"], stdin: log)
        #expect(
            text.stdout.contains(
                "suspected WaitingNavigationModel A0B  started line 5, in no dump; may live in window "),
            "\(text.stdout)")
        let lenient = try navgraph(["leaks", "--no-fail-on-suspected"], stdin: log)
        #expect(lenient.status == 0, "\(lenient.stdout)")
    }

    @Test func aCleanLogExits0AndAllListsTheRest() throws {
        let run = try navgraph(["leaks", "--all", example("session.log")])
        #expect(run.status == 0)
        #expect(run.stdout.contains("alive AppNavigationModel 667"))
        #expect(run.stdout.contains("unplaced OnboardingQuestionNavigationModel 5D1"))
        #expect(run.stdout.hasSuffix("0 leaked, 0 suspected; 4 alive, 1 not yet placed, 11 finished\n"))
    }

    @Test func aLogWithoutLifecycleCannotTellLeaks() throws {
        let run = try navgraph(["leaks", example("launch-dump.txt")])
        #expect(run.status == 3)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("launch-dump.txt: error: the input records no lifecycle"))
    }

    @Test func ambiguousPrefixesAreListed() throws {
        let log = """
            [StackRootNavigationModel 1A1...]: Started
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Started
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            \t<[DetailNavigationModel E34...]>
            <[StackRootNavigationModel 1A1...]>
            [DetailNavigationModel E34...]: Finished

            """
        let run = try navgraph(["leaks", "--format", "json"], stdin: log)
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let ambiguous = try #require(object["ambiguous"] as? [[String: Any]])
        #expect(ambiguous.map { $0["line"] as? Int } == [3, 8])
        #expect((object["leaks"] as? [Any])?.count == 1)
    }

    @Test func ambiguousPairingsPastAThousandAreCounted() throws {
        // 1,201 live models of one type sharing a prefix: every Started after the first is ambiguous.
        let log = String(repeating: "[DetailNavigationModel E34...]: Started\n", count: 1201)
        let run = try navgraph(["leaks", "--format", "json"], stdin: log)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["ambiguous"] as? [Any])?.count == 1000)
        #expect(object["ambiguousNotListed"] as? Int == 200)
        let text = try navgraph(["leaks"], stdin: log)
        #expect(text.stdout.contains("ambiguous on 200 more lines, not listed"))
    }

    @Test func atAStepBeforeTheLeak() throws {
        let run = try navgraph(["leaks", "--at", "10", example("leaky-session.log")])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("0 leaked"))
    }
}

@Suite("navgraph history, --at and diff")
struct HistoryCommandTests {
    @Test func diffPastTheEndNamesItsOption() throws {
        let run = try navgraph(["diff", example("leaky-session.log"), "--from", "3", "--to", "999"])
        #expect(run.status == 2)
        #expect(run.stderr.hasSuffix("leaky-session.log: error: --to 999: the input has only 46 steps\n"))
    }

    @Test func historyListsEveryStep() throws {
        let run = try navgraph(["history", example("leaky-session.jsonl")])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 69)
        #expect(lines[0] == "     1  line 1       2025-03-14T09:41:07.000Z  mark: launch")
        #expect(lines[22].contains("dismiss DefaultStackRootNavigationModel 9C2"))
        let console = try navgraph(["history", "--steps", "7..7", example("leaky-session.log")])
        #expect(console.stdout == "     7  line 10      dump of window main (6 nodes): all new\n")
        let json = try navgraph(["history", "--format", "json", "--steps", "..3", example("leaky-session.jsonl")])
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(steps.map { $0["step"] as? Int } == [1, 2, 3])
        #expect(steps[1]["event"] as? String == "start")
    }

    @Test func historyShowsWarnings() throws {
        let run = try navgraph(
            ["history"],
            stdin: "{\"event\":\"root\",\"id\":\"a\",\"type\":\"App\"}\n{\"event\":\"pop\",\"parent\":\"a\"}\n")
        #expect(run.stdout.contains("warning: pop on 'a', which is not a stack in the hierarchy; ignored"))
        #expect(run.stderr.contains("<stdin>:2: warning: pop on 'a'"))
    }

    @Test func treeAtAStepAndAtATime() throws {
        let atStep = try navgraph(["tree", "--at", "23", example("leaky-session.jsonl")])
        #expect(atStep.status == 0)
        #expect(atStep.stdout.contains("Left the hierarchy, not finished yet (3):"))
        let byOffset = try navgraph(["tree", "--at-time", "+5s", example("leaky-session.jsonl")])
        let byTime = try navgraph(["tree", "--at-time", "2025-03-14T09:41:12Z", example("leaky-session.jsonl")])
        let byStep = try navgraph(["tree", "--at", "14", example("leaky-session.jsonl")])
        #expect(byOffset.stdout == byStep.stdout && byTime.stdout == byStep.stdout)
        let empty = try navgraph(["tree", "--at", "0", example("leaky-session.jsonl")])
        #expect(empty.stdout.contains("No hierarchy yet"))
    }

    @Test func atProblems() throws {
        let beyond = try navgraph(["tree", "--at", "500", example("leaky-session.jsonl")])
        #expect(beyond.status == 2)
        #expect(beyond.stderr.contains("--at 500: the input has only 69 steps"))
        let noTimes = try navgraph(["tree", "--at-time", "+1s", example("leaky-session.log")])
        #expect(noTimes.status == 2)
        #expect(noTimes.stderr.contains("no step in the input has a time; use --at STEP"))
        let badTime = try navgraph(["tree", "--at-time", "soon", example("leaky-session.jsonl")])
        #expect(badTime.status == 64)
    }

    @Test func renderAtAStepDrawsLeftModels() throws {
        let run = try navgraph(["render", "--at", "23", example("leaky-session.jsonl")])
        #expect(run.status == 0)
        #expect(run.stdout.contains("label=\"left, not finished\""))
        // At the end: the leaked models drawn red and dashed (their parents finished, so they float).
        let end = try navgraph(["render", example("leaky-session.jsonl")])
        let leakedNodes = end.stdout.split(separator: "\n").filter {
            $0.contains("ArchitectureExampleNavigationModel") && $0.contains("penwidth=1.6")
        }
        #expect(leakedNodes.count == 3)
        #expect(end.stdout.contains("[label=\"\", style=dashed, color=\"#cc79a7\""))
    }

    @Test func diffOfTwoSteps() throws {
        let run = try navgraph(["diff", example("leaky-session.jsonl"), "--from", "22", "--to", "36"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("- DefaultStackRootNavigationModel 9C2"))
        #expect(run.stdout.contains("* MainTabsNavigationModel F1A"))
        let same = try navgraph(["diff", example("leaky-session.jsonl"), "--from", "30", "--to", "30"])
        #expect(same.status == 0)
        #expect(same.stdout == "no differences\n")
    }

    @Test func diffOfTwoFilesAsJSON() throws {
        let run = try navgraph(["diff", "--format", "json", example("launch-dump.txt"), example("sheet-over-tabs.txt")])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["added"] as? [[String: Any]])?.map { $0["id"] as? String } == ["9C2", "A41", "C3F"])
        #expect((object["removed"] as? [Any])?.isEmpty == true)
        #expect(object["moved"] is [Any] && object["selection"] is [Any])
    }

    /// Two files each have their own skipped lines: the totals say which file they are of.
    @Test func diffOfTwoFilesNamesEachFilesSkippedLines() throws {
        let run = try navgraph(["diff", example("session.log"), example("leaky-session.log")])
        #expect(
            run.stderr == """
                navgraph: \(example("session.log")): skipped 19 lines that are not navigation output (--verbose lists them)
                navgraph: \(example("leaky-session.log")): skipped 26 lines that are not navigation output (--verbose lists them)

                """)
        // One file's totals stay as they are.
        let one = try navgraph(["diff", example("leaky-session.log"), "--from", "3", "--to", "5"])
        #expect(one.stderr == "navgraph: skipped 1 line that is not navigation output (--verbose lists them)\n")
    }

    @Test func diffUsage() throws {
        #expect(try navgraph(["diff", example("session.log")]).status == 64)
        #expect(try navgraph(["diff", example("session.log"), example("session.log"), "--from", "1"]).status == 64)
        #expect(try navgraph(["diff", example("session.log"), "--from", "5", "--to", "2"]).status == 64)
    }
}

@Suite("navgraph-events v1 from the command line", .tags(.memory))
struct EventLogCommandTests {
    static let broken = """
        {"event":"root","id":"app","type":"App","kind":"tabs"}
        {"event":"push","id":"x","type":"X","parent":"app"}
        {"event":"pop","parent":"app","count":"2"}
        {"event":"push","id":"y",
        not json at all: app output, skipped

        """

    @Test func errorsExit2WithLinesAndLenientSkips() throws {
        let run = try navgraph(["tree"], stdin: Self.broken)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.contains(
                "<stdin>:2: warning: push onto 'app', a tabs container, not a stack; attached as a plain child"))
        #expect(
            run.stderr.contains(
                "<stdin>:3: error: 'pop': \"count\" must be a whole number of at least 1, found the string '2'"))
        #expect(
            run.stderr.contains(
                "<stdin>:4: error: not valid JSON at column 26: expected a member name in double quotes, found the end of the line"
            ))
        let lenient = try navgraph(["tree", "--lenient"], stdin: Self.broken)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("App app [tabs]"))
        // A line that is not JSON at all is the app's output in a console: skipped and counted, not an error.
        #expect(lenient.stderr.contains("navgraph: skipped 1 line that is not navigation output"))
        // Together they contradict each other (one fails on what the other skips): a usage error, not --strict winning.
        let both = try navgraph(["tree", "--lenient", "--strict"], stdin: Self.broken)
        #expect(both.status == 64 && both.stderr.contains("--strict and --lenient: give one"))
    }

    @Test func examplesValidateAgainstTheSchema() throws {
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let validator = repositoryRoot.appendingPathComponent("scripts/validate-events").path
        let good = try runTool(env, ["python3", validator, example("leaky-session.jsonl")])
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")

        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.jsonl")
        try "{\"event\":\"push\",\"id\":\"a\",\"type\":\"X\"}\n".write(to: bad, atomically: true, encoding: .utf8)
        let check = try runTool(env, ["python3", validator, bad.path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("bad.jsonl:1: error: (line): 'parent' is a required property"))
    }
}
