import Foundation
import NavGraphTestSupport
import Testing

/// What a folder around a repository, or a configuration's theme, cannot make navgraph do: a `.navgraph.yml` above the
/// repository allowed every leak of every log below it, and a theme could be any file — `/dev/zero` read without end.
@Suite("Configuration boundaries")
struct ConfigurationBoundaryTests {
    let workspace: URL
    var repository: URL { workspace.appendingPathComponent("repo") }

    init() throws {
        workspace = try temporaryFolder()
        try FileManager.default.createDirectory(
            at: workspace.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: workspace.appendingPathComponent("repo/app"), withIntermediateDirectories: true)
    }

    /// Runs navgraph in `folder` with a memory limit and a deadline: a theme read without end fails the run, and
    /// never the machine.
    private func bounded(_ arguments: [String], in folder: URL, input: String = "") throws -> (Run, Duration) {
        let quoted = ([binaryURL.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let clock = ContinuousClock()
        let start = clock.now
        let run = try runTool(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "cd '\(folder.path)' && ulimit -v 2000000 && \(input)exec timeout -s KILL 20 \(quoted)"])
        return (run, clock.now - start)
    }

    @Test func aFolderAboveTheRepositoryAllowsNothingInIt() throws {
        defer { try? FileManager.default.removeItem(at: workspace) }
        try "allowed: [\"*\"]\n".write(
            to: workspace.appendingPathComponent(".navgraph.yml"), atomically: true, encoding: .utf8)
        for folder in [repository, repository.appendingPathComponent("app")] {
            let run = try navgraph(["leaks", example("leaky-session.log")], directory: folder)
            #expect(run.status == 1, "\(run.stdout)")
            #expect(run.stdout.hasSuffix("5 leaked, 0 suspected; 3 alive, 1 not yet placed, 14 finished\n"))
            let print = try navgraph(["config", "--print"], directory: folder)
            #expect(print.stdout.hasPrefix("# no .navgraph.yml (searched "), "\(print.stdout)")
            #expect(print.stdout.contains("up to the repository's root, \(repository.path))") || folder == repository)
        }
        // Where it is the working folder's own file, it applies, and says so: on stdout and on stderr.
        let there = try navgraph(["leaks", example("leaky-session.log")], directory: workspace)
        #expect(there.status == 0)
        #expect(there.stdout.hasSuffix(", 5 allowed by ./.navgraph.yml\n"), "\(there.stdout)")
        #expect(
            there.stderr.contains(
                "navgraph: 5 models that leaked or are suspected are not reported: allowed by ./.navgraph.yml "
                    + "(\"*\" at line 1)"), "\(there.stderr)")
        // The repository's own file, found from below.
        try "allowed: [\"Segmented*\"]\n".write(
            to: repository.appendingPathComponent(".navgraph.yml"), atomically: true, encoding: .utf8)
        let own = try navgraph(
            ["leaks", "--format", "json", example("leaky-session.log")],
            directory: repository.appendingPathComponent("app"))
        #expect(own.status == 1)
        #expect(own.stderr.contains("1 model that leaked or is suspected is not reported: allowed by ../.navgraph.yml"))
    }

    @Test(arguments: ["/dev/zero", "../outside.dot.mustache", "/etc/hostname", "./zero.dot.mustache"])
    func aThemeOutsideTheFolderIsAnErrorAtOnce(_ theme: String) throws {
        defer { try? FileManager.default.removeItem(at: workspace) }
        try FileManager.default.createSymbolicLink(
            atPath: repository.appendingPathComponent("zero.dot.mustache").path, withDestinationPath: "/dev/zero")
        try "digraph {}\n".write(
            to: workspace.appendingPathComponent("outside.dot.mustache"), atomically: true, encoding: .utf8)
        let config = repository.appendingPathComponent(".navgraph.yml")
        try "defaults:\n  theme: \(theme)\n".write(to: config, atomically: true, encoding: .utf8)
        for command in [["tree", example("launch-dump.txt")], ["render", example("launch-dump.txt")]] {
            let (run, took) = try bounded(command, in: repository)
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(
                run.stderr.hasPrefix("\(config.path):2: error: 'defaults.theme': theme '\(theme)' "), "\(run.stderr)")
            #expect(run.stderr.contains("outside this file's folder"), "\(run.stderr)")
            #expect(took < .seconds(10), "\(took)")
        }
    }

    /// The configuration itself, and a theme given on the command line, are regular files under the limit too.
    @Test func devicesAndPipesAreNotReadAsFiles() throws {
        defer { try? FileManager.default.removeItem(at: workspace) }
        let config = repository.appendingPathComponent(".navgraph.yml")
        try FileManager.default.createSymbolicLink(atPath: config.path, withDestinationPath: "/dev/zero")
        let (linked, _) = try bounded(["tree", example("launch-dump.txt")], in: repository)
        #expect(linked.status == 2)
        #expect(
            linked.stderr.hasPrefix(
                "\(config.path): error: cannot read the configuration: not a regular file but a character device"))
        try FileManager.default.removeItem(at: config)
        let (zero, _) = try bounded(["render", example("launch-dump.txt"), "--theme", "/dev/zero"], in: repository)
        #expect(zero.status == 2)
        #expect(zero.stderr.hasPrefix("/dev/zero: error: cannot read theme (--theme): not a regular file"))
        // The log piped to navgraph stays the log: /dev/stdin is a pipe, not a theme.
        let (piped, _) = try bounded(
            ["render", "--theme", "/dev/stdin"], in: repository, input: "cat '\(example("launch-dump.txt"))' | ")
        #expect(piped.status == 2, "\(piped.stderr)")
        #expect(piped.stderr.hasPrefix("/dev/stdin: error: cannot read theme (--theme): not a regular file but a FIFO"))
    }
}
