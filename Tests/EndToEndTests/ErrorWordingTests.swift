import Foundation
import NavGraphTestSupport
import Testing

/// The command line words the library's errors (which carry data, not sentences): the `file:line: error:` form and
/// the options that change the outcome are its own.
@Suite("Library errors worded by the command line")
struct ErrorWordingTests {
    @Test func aNamedFormatWithNoLineOfItNamesTheOption() throws {
        let file = try temporaryFile("▿ Shop.Router #0\n  - path: 0 elements\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try navgraph(["tree", "--input-format", "navigator", file.path])
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "\(file.path): error: --input-format navigator: none of its 2 lines is NavigatorUI log; expected "
                    + "'Navigator <UUID> (<name>) <event>' lines"))
        #expect(run.stderr.contains(". Without --input-format, navgraph detects the format"))
    }

    /// UTF-16 on stdin: the way out is a command to run as it is — the conversion in the pipe, before navgraph as
    /// it was run — not a file named `<stdin>`; a file's is converted into a new one, its name quoted for the shell.
    @Test func theUTF16ConversionIsACommandToRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: example("session.log"), encoding: .utf8)
        let utf16 = folder.appendingPathComponent("app log.txt")
        try Data([0xFF, 0xFE] + Array(try #require(text.data(using: .utf16LittleEndian)))).write(to: utf16)
        let quoted = "'" + utf16.path + "'"

        let piped = try navgraphInShell(["tree", "--format", "json"], " < \(quoted)")
        #expect(piped.status == 2)
        let hint = try #require(piped.stderr.components(separatedBy: "convert it first: ").last)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(hint == "… | iconv -f UTF-16 -t UTF-8 | navgraph tree --format json", "\(piped.stderr)")
        // Run as given, with what fed it in place of the `…`: it reads as the UTF-8 log does.
        let path =
            binaryURL.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let converted = try runTool(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "cat \(quoted) " + hint.dropFirst(2)], environment: ["PATH": path])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stdout == (try navgraph(["tree", "--format", "json", example("session.log")])).stdout)

        let named = try navgraph(["tree", utf16.path])
        #expect(named.stderr.contains("convert it first: iconv -f UTF-16 -t UTF-8 \(quoted) > log-utf8.txt"))
    }

    @Test func aConfigurationFileGivenAsTheLogNamesTheConfigOption() throws {
        let file = try temporaryFile("# rules\nkinds:\n  AppModel: tabs\n", suffix: ".yml")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try navgraph(["tree", file.path])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("\(file.path):2: error: no navigation output found; this looks like navgraph's"))
        #expect(run.stderr.contains("Instead, give it with --config FILE (or keep it as .navgraph.yml"))
        #expect(run.stderr.contains("(navgraph --help)"))
    }

    @Test func configurationMistakesAreFileLineErrors() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("bad.yml")
        try "kinds:\n  A: screen\ndefaults:\n  direction: up\n".write(to: config, atomically: true, encoding: .utf8)
        let run = try navgraph(["tree", "--config", config.path, example("session.log")])
        #expect(run.status == 2)
        #expect(
            run.stderr.split(separator: "\n").map { $0.prefix { $0 != "'" } }
                == ["\(config.path):2: error: ", "\(config.path):4: error: "])
    }

    @Test func theLenientHelpNamesWhatEachFormatSkips() throws {
        let help = try navgraph(["tree", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        #expect(
            help.contains(
                "Skip what cannot be read, with a warning, instead of failing: SwiftUINavigation lines with invalid "
                    + "UTF-8, navgraph-events lines, NavigationPath states."))
    }
}
