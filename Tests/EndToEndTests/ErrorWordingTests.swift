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
