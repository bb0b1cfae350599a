import Foundation
import NavGraphTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output that does not arrive is a failure: `> /dev/full` exited 0 with nothing written, for every command.
@Suite("Standard output that cannot be written")
struct OutputFailureTests {
    static let message = "navgraph: error: cannot write to standard output: No space left on device"

    /// Every command that writes to stdout, each way it writes (buffered text, a drawing's bytes, the live loop).
    static let commands: [[String]] = [
        ["tree", example("leaky-session.log")],
        ["tree", "--format", "json", example("leaky-session.log")],
        ["render", example("leaky-session.log")],
        ["render", "--format", "svg", example("leaky-session.log")],
        ["render", "--format", "mermaid", example("leaky-session.log"), "-o", "-"],
        ["leaks", example("leaky-session.log")],
        ["leaks", "--format", "json", example("leaky-session.log")],
        ["history", example("leaky-session.log")],
        ["diff", example("leaky-session.log"), "--from", "3", "--to", "9"],
        ["diagram", example("leaky-session.log")],
        ["diagram", "--format", "json", example("leaky-session.log")],
        ["replay", "--steps", "3", example("leaky-session.log")],
        ["templates"],
        ["templates", "dot/light.dot.mustache"],
        ["config", "--print"],
        ["--help"],
        // Following a file ends only with Ctrl-C: the failed write must end it (timeout: it did not).
        ["tree", "--follow", example("leaky-session.jsonl")],
    ]

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")), arguments: commands)
    func aFullDiskIsAnError(_ arguments: [String]) throws {
        let run = try navgraphInShell(arguments, " > /dev/full", prefix: "exec timeout -s KILL 20 ")
        #expect(run.status == 1, "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasSuffix(Self.message + "\n"), "\(arguments): \(run.stderr)")
        // Said once, whatever the number of writes that would have followed.
        #expect(run.stderr.components(separatedBy: "cannot write").count == 2, "\(arguments): \(run.stderr)")
    }

    /// A command's own message still comes, after the write failure: `diagram --check` lists the drift on stdout
    /// and ends saying it drifted (1); the list was lost, and that is said first.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aCommandsOwnMessageFollowsTheWriteFailure() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("map.json").path
        #expect(try navgraph(["diagram", "--format", "json", example("session.log"), "-o", baseline]).status == 0)
        let drift = try navgraphInShell(
            ["diagram", "--check", baseline, example("leaky-session.log")], " > /dev/full")
        #expect(drift.status == 1)
        let lines = drift.stderr.split(separator: "\n").filter { !$0.hasPrefix("navgraph: skipped") }
        #expect(lines.count == 2, "\(drift.stderr)")
        #expect(lines.first.map(String.init) == Self.message)
        #expect(lines.last?.hasPrefix("navgraph: the navigation drifted from the baseline") == true, "\(drift.stderr)")
    }

    /// With SIGPIPE ignored (inherited from a parent that ignores it), a reader that is gone is EPIPE, not a signal:
    /// it was dropped and the command exited 0.
    @Test func aReaderGoneWhileSIGPIPEIsIgnoredIsAnError() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' PIPE; exec \"$0\" tree \"$1\"", binaryURL.path, example("session.log")]
        let output = Pipe()
        let errors = try temporaryFile("")
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        // No one reads: the first write fails with EPIPE.
        try output.fileHandleForReading.close()
        try process.run()
        process.waitUntilExit()
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(stderr)")
        #expect(stderr.contains("navgraph: error: cannot write to standard output: Broken pipe"), "\(stderr)")
    }
}

/// `-o` never writes where it should not: through a symlink to nothing (it created the link's target, wherever that
/// pointed), over the file standard input reads, or with other permissions than the file it replaces.
@Suite("-o: where and how it writes")
struct OutputFileSafetyTests {
    @Test(.tags(.draws)) func aSymlinkToNothingIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("elsewhere/later.svg")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("nav.svg").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        for command in [["render", example("launch-dump.txt"), "-o"], ["replay", example("session.log"), "--html"]] {
            let run = try navgraph(command + [link])
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(
                run.stderr.contains("\(link): error: cannot write: a symlink to nothing ('\(target.path)')"),
                "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: target.path))
        }
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for mode: mode_t in [0o600, 0o640, 0o664] {
            let path = folder.appendingPathComponent("nav-\(String(mode, radix: 8)).dot").path
            try "old".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(chmod(path, mode) == 0)
            let run = try navgraph(["render", example("launch-dump.txt"), "-o", path])
            #expect(run.status == 0, "\(run.stderr)")
            var status = stat()
            #expect(stat(path, &status) == 0)
            #expect(status.st_mode & 0o777 == mode, "\(String(status.st_mode & 0o777, radix: 8))")
            #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("digraph"))
        }
    }

    @Test func theFileStandardInputReadsIsNotOverwritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("session.svg").path
        try FileManager.default.copyItem(atPath: example("launch-dump.txt"), toPath: log)
        let original = try String(contentsOfFile: log, encoding: .utf8)
        for command in [["render", "-", "-o"], ["render", "-o"], ["replay", "-", "--html"], ["diagram", "-", "-o"]] {
            let run = try navgraphInShell(command + [log], " < '\(log)'")
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("refusing to overwrite the input file (what standard input reads)"))
            #expect(try String(contentsOfFile: log, encoding: .utf8) == original, "\(command)")
        }
        // Another file, or a device stdin also reads, is written.
        let other = folder.appendingPathComponent("other.dot").path
        #expect(try navgraphInShell(["render", "-", "-o", other], " < '\(log)'").status == 0)
        #expect(try navgraphInShell(["render", "-", "-o", "/dev/null"], " < '\(log)'").status == 0)
    }
}
