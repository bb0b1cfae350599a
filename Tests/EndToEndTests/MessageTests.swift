import Foundation
import NavGraphTestSupport
import Testing

/// A corpus file, as the formats' tests keep them.
private func corpus(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/corpus/\(name)").path
}

@Suite("What a new user is told")
struct MessageTests {
    /// A contradiction in the events is a warning that says what reading did (`; ignored`, `; popped 0`); with
    /// --strict it is an error, and the input is rejected rather than read that way: the error does not say it.
    @Test func strictErrorsDoNotSayTheyAreIgnored() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("odd.jsonl")
        try """
        {"event":"root","id":"A","type":"Root","kind":"stack","window":"main"}
        {"event":"pop","parent":"Nowhere","count":1}
        {"event":"pop","parent":"A","count":5}

        """.write(to: log, atomically: true, encoding: .utf8)
        let lenient = try navgraph(["tree", log.path])
        #expect(lenient.status == 0)
        #expect(
            lenient.stderr.contains(
                "odd.jsonl:2: warning: pop on 'Nowhere', which is not a stack in the hierarchy; ignored\n"),
            "\(lenient.stderr)")
        let strict = try navgraph(["tree", "--strict", log.path])
        #expect(strict.status != 0)
        #expect(
            strict.stderr.contains("odd.jsonl:2: error: pop on 'Nowhere', which is not a stack in the hierarchy\n"),
            "\(strict.stderr)")
        #expect(!strict.stderr.contains("ignored"), "\(strict.stderr)")
        // What any of the reducer's warnings says it did (here `popped 0`) is left out of the error.
        #expect(
            lenient.stderr.contains(
                "odd.jsonl:3: warning: pop of 5 from stack 'A', which has 0 entries above its root; popped 0\n"))
        #expect(
            strict.stderr.contains("odd.jsonl:3: error: pop of 5 from stack 'A', which has 0 entries above its root\n"))
    }

    /// A warning that quotes a huge id (200,000 characters, twice) stays the size of a screen: its start and end, and
    /// how much is left out.
    @Test func aWarningAboutAHugeIdIsKeptShort() throws {
        let id = String(repeating: "x", count: 200_000)
        let line = "{\"event\":\"start\",\"id\":\"\(id)\",\"type\":\"A\"}\n"
        let log = try temporaryFile(line + line, suffix: ".jsonl")
        defer { try? FileManager.default.removeItem(at: log) }
        let run = try navgraph(["tree", log.path])
        let warning = try #require(run.stderr.split(separator: "\n").first { $0.contains("warning:") })
        #expect(warning.count < 1100)
        #expect(warning.hasPrefix("\(log.path):2: warning: start of 'xxx"))
        #expect(warning.contains(" characters not shown) … "))
        #expect(warning.hasSuffix("xxx', which is already alive; ignored"))
    }

    @Test func anUnknownCommandGetsASuggestion() throws {
        let run = try navgraph(["leak", example("leaky-session.log")])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("navgraph: error: unknown command 'leak'; did you mean 'leaks'?\n"))
        #expect(try navgraph(["histroy"]).stderr.contains("did you mean 'history'?"))
        #expect(try navgraph(["rep"]).stderr.contains("did you mean 'replay'?"))
    }

    @Test func aFileWithoutACommandNamesTheCommandsThatReadOne() throws {
        let run = try navgraph([example("session.log")])
        #expect(run.status == 64)
        #expect(
            run.stderr.contains(
                "is a file; say what to do with it first: tree, render, diagram, leaks, history, diff, replay "
                    + "and serve read a log, e.g. navgraph tree "))
    }

    @Test func wrongValuesSayWhatIsWrong() throws {
        let at = try navgraph(["tree", "--at", "-1", example("session.log")])
        #expect(at.status == 64)
        #expect(at.stderr.contains("--at -1: a step is 0 or more"))
        #expect(!at.stderr.contains("Missing value"))
        let from = try navgraph(["diff", example("session.log"), "--from", "-2"])
        #expect(from.status == 64 && from.stderr.contains("--from -2: a step is 0 or more"))
        let backwards = try navgraph(["history", "--steps", "5..2", example("session.log")])
        #expect(backwards.status == 64)
        #expect(
            backwards.stderr.contains(
                "'5..2' is invalid for '--steps <range>': the range runs backwards; did you mean 2..5?"))
        let replay = try navgraph(["replay", "--steps", "x", example("session.log")])
        #expect(replay.stderr.contains("expected a step (15) or a range of steps (10..20, 10.., ..20)"))
    }

    /// `--steps 0` selected only the empty state before the first step, which no listing prints: nothing, exit 0. Every
    /// step and count option now says what it accepts, a negative value included (it was "Missing value").
    @Test func stepAndCountOptionsSayWhatTheyAccept() throws {
        let session = example("session.log")
        let zero = "steps are numbered from 1 (step 0 is the empty state before the first)"
        for (arguments, message) in [
            (["history", "--steps", "0"], "'0' is invalid for '--steps <range>': " + zero),
            (["history", "--steps", "0..3"], "'0..3' is invalid for '--steps <range>': " + zero),
            (["replay", "--steps", "0"], "'0' is invalid for '--steps <range>': " + zero),
            (["replay", "--start", "-1"], "navgraph: error: --start -1: a step is 0 or more"),
            (["render", "--max-nodes", "-1"], "navgraph: error: --max-nodes -1: must be 0 (all) or more"),
            (
                ["replay", "--html", "x.html", "--max-nodes", "-1"],
                "navgraph: error: --max-nodes -1: must be 0 (all) or more"
            ),
            (
                ["diagram", "--focus", "AppNavigationModel", "--depth", "-1"],
                "navgraph: error: --depth -1: must be 0 or more"
            ),
            (["diagram", "--min-count", "0"], "navgraph: error: --min-count 0: must be 1 or more"),
            (["diagram", "--min-count", "-2"], "navgraph: error: --min-count -2: must be 1 or more"),
            // A negative step, range or time is read as a value (it was "Missing value for '--steps <range>'").
            (["history", "--steps", "-3"], "'-3' is invalid for '--steps <range>': " + zero),
            (["history", "--steps", "-3..5"], "'-3..5' is invalid for '--steps <range>': " + zero),
            (["replay", "--steps", "-1"], "'-1' is invalid for '--steps <range>': " + zero),
            (["tree", "--at-time", "-5s"], "navgraph: error: --at-time '-5s': expected an RFC 3339 time"),
            (["tree", "--at", "-2"], "navgraph: error: --at -2: a step is 0 or more"),
            (["diff", "--from", "-1"], "navgraph: error: --from -1: a step is 0 or more"),
            (["diff", "--from", "0", "--to", "-4"], "navgraph: error: --to -4: a step is 0 or more"),
            // Options that only mean something together with another, or that contradict each other.
            (["diagram", "--depth", "2"], "navgraph: error: --depth needs --focus"),
            (["tree", "--strict", "--lenient"], "navgraph: error: --strict and --lenient: give one"),
            (["leaks", "--lenient", "--strict"], "navgraph: error: --strict and --lenient: give one"),
        ] {
            let run = try navgraph(arguments + [session])
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        let first = try navgraph(["history", "--steps", "1", session])
        #expect(first.status == 0 && first.stdout.hasPrefix("     1  line 3"))
        let focused = try navgraph(["diagram", "--focus", "AppNavigationModel", "--depth", "2", session])
        #expect(focused.status == 0)
    }

    /// One model is not "models"; replay's last step is not followed by the blank line that separates steps.
    @Test func countsAndSeparatorsReadRight() throws {
        let session = example("session.log")
        let render = try navgraph(["render", "--max-nodes", "1", "-o", "/dev/null", "--format", "dot", session])
        #expect(render.stderr.contains("navgraph: drew 1 model; 3 more are folded"), "\(render.stderr)")
        let three = try navgraph(["render", "--max-nodes", "3", "-o", "/dev/null", "--format", "dot", session])
        #expect(three.stderr.contains("navgraph: drew 3 models; 1 more is folded"), "\(three.stderr)")
        let one = try navgraph(["replay", "--steps", "20", session])
        #expect(one.status == 0 && !one.stdout.hasSuffix("\n\n") && one.stdout.hasSuffix("\n"))
        let two = try navgraph(["replay", "--steps", "20..21", session])
        #expect(two.stdout.components(separatedBy: "\n\nnavgraph replay ").count == 2)
        #expect(!two.stdout.hasSuffix("\n\n"))
    }

    /// Steps past the end are an error as `tree --at 999` is, not an empty success; `replay --start` without a
    /// terminal is where the printed steps begin, not ignored.
    /// What a configuration set wrong is reported at its line there: a missing theme, an own style name.
    @Test func configurationMistakesNameTheirLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent(".navgraph.yml")
        try "defaults:\n  theme: x.dot.mustache\n".write(to: config, atomically: true, encoding: .utf8)
        let render = try navgraph(["render", example("session.log")], directory: folder)
        #expect(render.status == 2)
        #expect(render.stderr.contains("\(config.path):2: error: 'defaults.theme': theme '"))
        #expect(render.stderr.contains("x.dot.mustache': cannot read it: No such file or directory"))
        // Given on the command line, the theme's own path is where to look.
        try "defaults:\n  direction: LR\n".write(to: config, atomically: true, encoding: .utf8)
        let given = try navgraph(["render", "--theme", "nope.dot", example("session.log")], directory: folder)
        #expect(given.stderr.contains("nope.dot: error: cannot read theme (--theme): No such file or directory"))
        try "presentations:\n  \"*Picker\": my sheet\n".write(to: config, atomically: true, encoding: .utf8)
        let style = try navgraph(["config", "--print"], directory: folder)
        #expect(style.status == 2)
        #expect(style.stderr.contains("a name of your own: a letter, then letters, digits or '_' (such as mySheet"))
    }

    /// Only the first mistake was reported: a user fixed one, ran again, and met the next. Every mistake — an unknown
    /// key, a bad glob, a bad value — is one `file:line: error:` line, in file order, before exit status 2.
    @Test func everyConfigurationMistakeIsReportedInFileOrder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent(".navgraph.yml")
        try """
        kinds:
          "*Tabs": tabs
          "Home[0-9]": stack
        colours: red
        defaults:
          direction: up
          max-nodes: 10

        """.write(to: config, atomically: true, encoding: .utf8)
        for command in [["config", "--print"], ["tree", example("session.log")]] {
            let run = try navgraph(command, directory: folder)
            #expect(run.status == 2, "\(command)")
            #expect(run.stdout.isEmpty, "\(command)")
            #expect(
                run.stderr == """
                    \(config.path):3: error: bad glob 'Home[0-9]': '[' is not allowed; a glob is a name with * for any run of characters
                    \(config.path):4: error: unknown key 'colours' in the configuration; expected allowed, defaults, diagram, dump, kinds, presentations
                    \(config.path):6: error: 'defaults.direction': 'up' is not a direction; expected TB or LR

                    """, "\(command)")
        }
    }

    /// A theme that is no built-in one and no file was accepted by `config --print` and failed `render` as a
    /// command-line mistake (exit 64, with render's usage); `null` and `5` under `allowed:` became the globs "null"
    /// and "5". Each is a mistake at its line of the file, from every command.
    @Test func aBadThemeOrANonTextGlobIsAMistakeInTheFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent(".navgraph.yml")
        try "defaults:\n  theme: nosuch\nallowed:\n  - null\n  - 5\n  - \"5\"\n  - ~\n"
            .write(to: config, atomically: true, encoding: .utf8)
        for command in [["config", "--print"], ["render", example("session.log")], ["tree", example("session.log")]] {
            let run = try navgraph(command, directory: folder)
            #expect(run.status == 2, "\(command)")
            #expect(
                run.stderr == """
                    \(config.path):2: error: 'defaults.theme': no built-in theme 'nosuch'; expected one of dark, light or a theme file's path (relative to this file, e.g. ./nosuch)
                    \(config.path):4: error: expected a glob (a type or property name), found null 'null'
                    \(config.path):5: error: expected a glob (a type or property name), found a number '5'
                    \(config.path):7: error: expected a glob (a type or property name), found null '~'

                    """, "\(command)")
        }
        try "defaults:\n  theme: ./missing.mustache\n".write(to: config, atomically: true, encoding: .utf8)
        let print = try navgraph(["config", "--print"], directory: folder)
        #expect(print.status == 2)
        #expect(
            print.stderr
                == "\(config.path):2: error: 'defaults.theme': theme './missing.mustache': cannot read it: No such file or directory\n"
        )
    }

    /// A file name or a configuration's glob holding an escape sequence or a newline reached the terminal raw in
    /// `…: error:` lines (colouring it, or starting a line of its own): escaped as other untrusted text is.
    @Test func namesAndGlobsInErrorsAreEscapedForTheTerminal() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "bad\u{1B}[31mname\n.log"
        try "path: [\"A.Route\",42]\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let shown = "bad\\u{1B}[31mname\\n.log"
        for arguments in [["tree", name], ["tree", "--strict", name], ["tree", "missing\u{1B}[2J"], [name]] {
            let run = try navgraph(arguments, directory: folder)
            #expect(run.status != 0, "\(arguments)")
            #expect(!run.stderr.contains("\u{1B}"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("\\u{1B}"), "\(arguments): \(run.stderr)")
        }
        let tree = try navgraph(["tree", name], directory: folder)
        #expect(
            tree.stderr == """
                \(shown):1: error: NavigationPath JSON element 2 is a number; expected a string (type names and values' JSON alternate, all strings)
                \(shown): error: 1 error in input

                """)
        // A notice that names a file, not an error, is escaped too.
        let baseline = try navgraph(
            ["diagram", "--check", "base\u{1B}[31m.json", "--update", example("session.log")], directory: folder)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        #expect(baseline.stderr.contains("navgraph: wrote the baseline base\\u{1B}[31m.json ("), "\(baseline.stderr)")
        try "kinds: {\"\\u001b[31mX\": stack}\n".write(
            to: folder.appendingPathComponent(".navgraph.yml"), atomically: true, encoding: .utf8)
        let config = try navgraph(["config", "--print"], directory: folder)
        #expect(config.status == 2)
        #expect(
            config.stderr.hasSuffix(
                ":1: error: bad glob '\\u{1B}[31mX': '\\u{1B}' is not allowed; a glob is a name with * for any run of characters\n"
            ))
    }

    @Test func stepsPastTheEndAreAnErrorLikeAt() throws {
        let session = example("session.log")
        for arguments in [
            ["history", "--steps", "100..200"], ["history", "--steps", "100..", "--format", "json"],
            ["replay", "--steps", "99"], ["replay", "--start", "999"],
        ] {
            let run = try navgraph(arguments + [session])
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            let option = arguments[1] + " " + arguments[2]
            #expect(run.stderr.contains("session.log: error: \(option): the input has only 31 steps"), "\(arguments)")
        }
        let last = try navgraph(["history", "--steps", "31..40", session])
        #expect(last.status == 0 && last.stdout.contains("31  line 75"))
        let start = try navgraph(["replay", "--start", "30", session])
        #expect(start.status == 0)
        #expect(start.stdout.hasPrefix("navgraph replay  ") && start.stdout.contains("step 30/31"))
        #expect(!start.stdout.contains("step 29/31"))
        #expect(start.stdout == (try navgraph(["replay", "--steps", "30..", session])).stdout)
        let both = try navgraph(["replay", "--start", "3", "--steps", "4", session])
        #expect(both.status == 64 && both.stderr.contains("--start and --steps: give one"))
    }

    /// swift-argument-parser's usage errors began `Error: ` while navgraph's own began `navgraph: error: `: a script
    /// or a reader of a CI log looking for one missed the other. Every usage error now begins with navgraph's, in
    /// lower case as navgraph's own words are, keeps the lines argument-parser adds after it, exits 64, prints nothing
    /// on stdout.
    @Test func everyUsageErrorBeginsNavgraphError() throws {
        let session = example("session.log")
        for (arguments, first) in [
            (["tree", "--at", "x", session], "navgraph: error: the value 'x' is invalid for '--at <step>'"),
            (["render", "--bogus", session], "navgraph: error: unknown option '--bogus'"),
            (["tree", session, "--at"], "navgraph: error: missing value for '--at <step>'"),
            (["diagram"], "navgraph: error: missing expected argument '<file> ...'"),
            (["leaks", session, "b", "c"], "navgraph: error: 2 unexpected arguments: 'b', 'c'"),
            (["history", "--steps", "5..2", session], "navgraph: error: the value '5..2' is invalid for '--steps "),
            // A ValidationError of navgraph's own, thrown while parsing and while running.
            (["tree", "--strict", "--lenient", session], "navgraph: error: --strict and --lenient: give one"),
            (["templates", "no-such-theme"], "navgraph: error: no built-in template 'no-such-theme'"),
            // Not a command: navgraph's own words, as before.
            (["bogus"], "navgraph: error: unknown command 'bogus'"),
        ] {
            let run = try navgraph(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.first?.hasPrefix(first) == true, "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("Error:"), "\(arguments): \(run.stderr)")
            #expect(lines.dropFirst().contains { $0.hasPrefix("Usage: navgraph") }, "\(arguments): \(run.stderr)")
        }
        // A near miss of an option still gets argument-parser's suggestion, after navgraph's prefix.
        let typo = try navgraph(["tree", session, "--foo"])
        #expect(typo.stderr.hasPrefix("navgraph: error: unknown option '--foo'. Did you mean '--at'?\n"))
        // Help and --version are not errors: stdout, exit 0, nothing on stderr.
        for arguments in [["--help"], ["tree", "--help"], ["help", "render"], ["--version"]] {
            let run = try navgraph(arguments)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
            #expect(!run.stdout.isEmpty && !run.stdout.hasPrefix("navgraph: error"), "\(arguments)")
        }
        #expect(try navgraph(["--version"]).stdout.hasPrefix("0.1.0 (Graphviz "))
        // `help WORD` with no such command says so, as `navgraph WORD` does.
        let helpTypo = try navgraph(["help", "leak"])
        #expect(helpTypo.status == 64 && helpTypo.stdout.isEmpty, "\(helpTypo.stdout)")
        #expect(helpTypo.stderr.hasPrefix("navgraph: error: unknown command 'leak'; did you mean 'leaks'?"))
    }

    @Test func aCommandsErrorShowsThatCommandsUsage() throws {
        let parse = try navgraph(["history", "--steps", "5..2", example("session.log")])
        #expect(parse.stderr.contains("Usage: navgraph history [<file>]"))
        // Found while the command ran, not while its arguments were parsed.
        let run = try navgraph(["templates", "no-such-theme"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("navgraph: error: no built-in template 'no-such-theme'"))
        #expect(run.stderr.contains("Usage: navgraph templates [<name>]"))
        #expect(run.stderr.contains("See 'navgraph templates --help'"))
    }

    /// The warning quoted in a Markdown note is named as the warning, not as Markdown: it says what went wrong.
    @Test func theCodableRepresentationWarningIsNamedWhereverItShows() throws {
        let note =
            "# Notes\n\nThe app printed:\n\n> Cannot create CodableRepresentation of navigation path, "
            + "because presented value of type \"User\" is not Codable.\n"
        let run = try navgraph(["tree"], stdin: note)
        #expect(run.status == 2)
        #expect(run.stderr.contains("<stdin>:5: error: no navigation output found; this looks like SwiftUI's warning"))
    }

    @Test(arguments: [
        ("navpath-print-swiftforums-58857-8-eager.txt", "NavigationPath's print() output"),
        ("navpath-print-barbaratozier-day44-ocr.txt", "NavigationPath's print() output"),
        ("navpath-warning-gemwallet-issue1759.txt", "SwiftUI's warning that a NavigationPath has no Codable"),
        ("navpath-warning-pointfree-blog78-not-codable.txt", "SwiftUI's warning that a NavigationPath has no"),
    ])
    func inputThatIsNotNavigationOutputIsNamed(file: String, looksLike: String) throws {
        let run = try navgraph(["tree", corpus(file)])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: no navigation output found; this looks like \(looksLike)"), "\(run.stderr)")
        #expect(run.stderr.contains("Instead, "))
    }

    @Test func sourceCodeAndMarkdownAreNamedToo() throws {
        let swift = try navgraph(["tree"], stdin: "// A view\nimport SwiftUI\n\nstruct HomeView: View {\n}\n")
        #expect(
            swift.stderr.contains("<stdin>:2: error: no navigation output found; this looks like Swift source code"))
        let markdown = try navgraph(["tree"], stdin: "# Notes\n\nThe sheet opens twice.\n")
        #expect(markdown.stderr.contains("<stdin>:1: error: no navigation output found; this looks like Markdown text"))
        // A declaration with its access level and attributes in front, and a page that starts with prose.
        let extensionFirst = try navgraph(["tree"], stdin: "public extension Route {\n    var title: String\n}\n")
        #expect(extensionFirst.stderr.contains("<stdin>:1: error: no navigation output found; this looks like Swift"))
        let attributed = try navgraph(["tree"], stdin: "@MainActor final class Router {\n}\n")
        #expect(attributed.stderr.contains("<stdin>:1: error: no navigation output found; this looks like Swift"))
        let prose = try navgraph(
            ["tree"], stdin: "The sheet opens twice; see [the log](https://example.com/log).\n\n### Steps\n")
        #expect(prose.stderr.contains("<stdin>:1: error: no navigation output found; this looks like Markdown text"))
        let notes = try navgraph(["tree"], stdin: "Some notes\nwith no markup at all\n")
        #expect(!notes.stderr.contains("this looks like"), "\(notes.stderr)")
    }

    /// navgraph's own configuration given as the log: its `#` comments read as Markdown headings, but it is named
    /// for what it is, with where it goes.
    @Test func theConfigurationFileGivenAsTheLogIsNamed() throws {
        let run = try navgraph(["tree", example("navgraph.yml")])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "navgraph.yml:7: error: no navigation output found; this looks like navgraph's own configuration file "
                    + "(.navgraph.yml). Instead, give it with --config FILE"), "\(run.stderr)")
    }

    /// A dump line cut short (a console that stopped mid-line) is skipped like the app's own output, but said apart:
    /// what it held is missing.
    @Test func aLineThatLooksLikeNavigationButCannotBeReadIsSaidApart() throws {
        let dump = try String(contentsOfFile: example("launch-dump.txt"), encoding: .utf8)
        let cut = String(dump.utf8.prefix(180))!
        let run = try navgraph(["tree"], stdin: cut)
        #expect(run.status == 0)
        #expect(
            run.stderr.contains(
                "navgraph: skipped 1 line that is not navigation output (--verbose lists them); it looks like "
                    + "navigation output but cannot be read (line 5: looks like SwiftUINavigation output"),
            "\(run.stderr)")
        #expect(try navgraph(["tree", "--strict"], stdin: cut).status != 0)
        // The app's own lines alone say nothing more.
        let plain = try navgraph(["tree"], stdin: dump + "[Analytics] screen_view id=443\n")
        #expect(!plain.stderr.contains("cannot be read"), "\(plain.stderr)")
    }

    /// A log that ends inside a dump (the app killed, the console cut mid-line): the dump it was printing is not
    /// applied — what it did not print read as gone, and `leaks` failed a CI job with models that never left
    /// (fresh-eyes finding). The state stays as the last whole dump left it, and a warning says so.
    @Test func aLogEndingInsideADumpKeepsTheLastWholeDump() throws {
        let log = try String(contentsOfFile: example("leaky-session.log"), encoding: .utf8)
        let cut = String(log.utf8.prefix(1200))!
        #expect(cut.hasSuffix("\t<[DefaultStackRootNavigati"))
        let leaks = try navgraph(["leaks"], stdin: cut)
        // Nothing leaked in what was read, but the cut dump was not: leaks cannot be decided for the whole log.
        #expect(leaks.status == 3, "\(leaks.stdout)\(leaks.stderr)")
        #expect(
            leaks.stderr.contains(
                "<stdin>: error: leaks could not be decided for the whole log: 1 line looks like navigation output "
                    + "but could not be read"), "\(leaks.stderr)")
        #expect(leaks.stdout.hasPrefix("0 leaked"), "\(leaks.stdout)")
        #expect(
            leaks.stderr.contains(
                "<stdin>:25: warning: the input ends inside this dump (line 27 is cut short): the dump is not applied, "
                    + "and the state stays as the last whole dump left it"), "\(leaks.stderr)")
        let tree = try navgraph(["tree"], stdin: cut)
        #expect(tree.stdout.contains("   ├─ DefaultStackRootNavigationModel 32D [stack] tab 1"), "\(tree.stdout)")
        #expect(try navgraph(["leaks", "--strict"], stdin: cut).status == 2)
        // A dump followed by a cut line of another kind (an event) is whole, and applied.
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        let whole = lines.prefix(24).joined(separator: "\n") + "\n[HomeNavigationModel E3"
        #expect(!(try navgraph(["tree"], stdin: whole)).stderr.contains("the input ends inside this dump"))
    }

    @Test func leaksAdviceFitsTheFormat() throws {
        let events = try navgraph(
            ["leaks"],
            stdin: """
                {"event":"root","id":"A","type":"AppModel"}
                {"event":"push","id":"B","type":"DetailModel","parent":"A"}

                """)
        #expect(events.status == 3)
        #expect(events.stderr.contains("write a start event when a model is created and a finish event"))
        #expect(!events.stderr.contains("isDebugPrintEnabled"))
        let dump = try navgraph(["leaks", example("launch-dump.txt")])
        #expect(dump.stderr.contains("enable NavigationConfig.shared.isDebugPrintEnabled"))
    }

    @Test func everyCommandsHelpHasExamplesAndTheTopNamesTheFormats() throws {
        let top = try navgraph(["--help"])
        #expect(top.stdout.contains("Input formats"))
        #expect(top.stdout.contains("swiftui-navigation") && top.stdout.contains("navgraph-events"))
        for command in ["tree", "render", "leaks", "history", "diff", "replay", "templates"] {
            let help = try navgraph([command, "--help"])
            #expect(help.stdout.contains("navgraph \(command) "), "\(command) --help has no example")
            #expect(help.stdout.contains("Example"), "\(command) --help has no example")
        }
    }
}

@Suite("Console logs as people paste them")
struct ConsoleLogTests {
    @Test func aDumpLineWithTextAfterItIsRead() throws {
        let dump = """
            <[AppNavigationModel 667...]>
            \t<[MainTabsNavigationModel F1A...]>
            \t\t<[DefaultStackRootNavigationModel 32D...]>        (the sheet)
            \t\t\t<[ActionableListNavigationModel F0F...]>  // the list

            """
        let run = try navgraph(["tree"], stdin: dump)
        #expect(run.status == 0)
        #expect(run.stdout.contains("ActionableListNavigationModel F0F"))
        #expect(run.stdout.contains("DefaultStackRootNavigationModel 32D"))
        #expect(!run.stderr.contains("skipped"))
        let verbose = try navgraph(["tree", "--verbose"], stdin: dump)
        #expect(verbose.stderr.contains("<stdin>:3: note: text after the dump line ignored: '(the sheet)'"))
        #expect(verbose.stderr.contains("<stdin>:4: note: text after the dump line ignored: '// the list'"))
    }

    @Test func consoleTimesBecomeTheStepsTimes() throws {
        let history = try navgraph(["history", "--steps", "1..2", example("console-prefixed.log")])
        #expect(history.stdout.contains("     1  line 1       2025-03-14T09:41:07.201Z  start AppNavigationModel 4B0"))
        let bracketed = """
            [09:41:12.345] [AppNavigationModel 667...]: Started
            [09:41:13.000] <[AppNavigationModel 667...]>
            [09:41:14.500] \t<[HomeNavigationModel E34...]>
            [09:41:20.000] [HomeNavigationModel E34...]: Started

            """
        let steps = try navgraph(["history"], stdin: bracketed)
        #expect(steps.stdout.contains("1  line 1       1970-01-01T09:41:12.345Z  start AppNavigationModel 667"))
        #expect(steps.stdout.contains("2  line 2       1970-01-01T09:41:13.000Z"))
        let early = try navgraph(["tree", "--at-time", "+0.5s"], stdin: bracketed)
        #expect(early.status == 0)
        #expect(early.stdout.contains("AppNavigationModel 667") && !early.stdout.contains("HomeNavigationModel"))
        let late = try navgraph(["tree", "--at-time", "1970-01-01T09:41:15Z"], stdin: bracketed)
        #expect(late.stdout.contains("HomeNavigationModel E34"))
    }
}
