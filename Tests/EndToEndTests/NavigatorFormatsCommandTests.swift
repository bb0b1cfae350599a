import Foundation
import NavGraphTestSupport
import Testing

/// NavigatorUI logs of every released format (fixtures made by `Fixtures/navigator-generator/generate.swift` from
/// the logging code of each tag), read by the built binary as a user runs it: from a file, and fed a line at a time
/// through a pipe.
@Suite("NavigatorUI log formats, end to end")
struct NavigatorFormatsCommandTests {
    static let tags = ["0.8.0", "0.9.2", "0.9.12", "0.9.25", "1.4.6", "2.0.2"]

    static func fixture(_ tag: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/navigator/navigator-\(tag).log").path
    }

    /// The UUID of the navigator dismissed last (`dismissed`, `dimsissing:`), which never logs `deinit`.
    static func leakedNavigator(_ tag: String) throws -> String {
        let lines = try String(contentsOfFile: fixture(tag), encoding: .utf8).split(separator: "\n")
        let dismissed = try #require(lines.last { $0.contains("dismissed") || $0.contains("dimsissing: ") })
        return dismissed.contains("dimsissing: ")
            ? String(dismissed.suffix(36)) : String(dismissed.dropFirst(10).prefix(36))
    }

    @Test(arguments: tags)
    func treeHistoryAndLeaksOfEachRelease(tag: String) throws {
        let name = "navigator-\(tag).log"
        let tree = try navgraph(["tree", Self.fixture(tag)])
        #expect(tree.status == 0, "\(tree.stderr)")
        expectGolden(tree.stdout, "\(name).tree.txt")
        let history = try navgraph(["history", Self.fixture(tag)])
        #expect(history.status == 0, "\(history.stderr)")
        expectGolden(history.stdout, "\(name).history.txt")
        // The sheet's navigator dismissed and never deinitialized is a leak, named, and the exit status says so.
        let leaks = try navgraph(["leaks", Self.fixture(tag)])
        #expect(leaks.status == 1, "\(leaks.stdout)\(leaks.stderr)")
        expectGolden(leaks.stdout, "\(name).leaks.txt")
        let leaked = String(try Self.leakedNavigator(tag).prefix(3))
        #expect(leaks.stdout.hasPrefix("leaked "), "\(leaks.stdout)")
        #expect(leaks.stdout.contains("photoPicker \(leaked)  under "), "\(leaks.stdout)")
        #expect(
            leaks.stdout.contains("1 leaked, 0 suspected; 3 alive, 0 not yet placed, 1 finished"), "\(leaks.stdout)")
    }

    /// 1.x (0.9.26–2.0.1): the lifecycle printed as the raw enum; it said `0 leaked, 0 suspected` with exit 0, three
    /// navigators "not yet placed".
    @Test func aOneXLogsLeakedSheetNavigatorFailsTheGate() throws {
        let leaks = try navgraph(["leaks", Self.fixture("1.4.6")])
        #expect(leaks.status == 1)
        #expect(
            leaks.stdout.hasPrefix(
                "leaked HomeDestinations.photoPicker \(try Self.leakedNavigator("1.4.6").prefix(3))  under Navigator 797"
            ),
            "\(leaks.stdout)")
        #expect(!leaks.stdout.contains("not yet placed: "), "\(leaks.stdout)")
        let json = try navgraph(["leaks", "--format", "json", Self.fixture("1.4.6")])
        #expect(json.status == 1)
        #expect(json.stdout.contains(#"{"type": "HomeDestinations.photoPicker", "id": "751", "status": "leaked""#))
    }

    /// 0.8's pushes name no navigator: said once, on stderr, without --verbose; the leak is still found.
    @Test func theOldestFormatSaysWhatItCannotPlace() throws {
        let tree = try navgraph(["tree", Self.fixture("0.8.0")])
        #expect(
            tree.stderr.contains(
                "navigator-0.8.0.log:5: warning: NavigatorUI before 0.9.12 logs 'navigating to: …, via: push' without "
                    + "saying which navigator pushes: these pushes are not shown"), "\(tree.stderr)")
        #expect(tree.stderr.components(separatedBy: "warning:").count == 2, "\(tree.stderr)")
        #expect(tree.stdout.contains("Leaked: left the hierarchy, never finished (1):"))
    }

    /// Fed a line at a time through a pipe (as a running app's console delivers it), each fixture reads as the whole
    /// file does; `tree --follow` ends with the same leak.
    @Test(arguments: tags)
    func aLineAtATimeThroughAPipeReadsAsTheFile(tag: String) throws {
        let text = try String(contentsOfFile: Self.fixture(tag), encoding: .utf8)
        let pieces = text.split(separator: "\n").map { String($0) + "\n" }
        for command in [["leaks"], ["history"], ["tree"]] {
            let file = try navgraph(command + [Self.fixture(tag)])
            let piped = try navgraphStreaming(command, pieces: pieces, pause: 0.01)
            #expect(piped.status == file.status, "\(command) \(piped.stderr)")
            #expect(piped.stdout == file.stdout, "\(command)")
        }
        let follow = try navgraphStreaming(["tree", "--follow"], pieces: pieces, pause: 0.01)
        #expect(follow.status == 0, "\(follow.stderr)")
        let end = try #require(follow.stdout.range(of: "end of input ──\n"), "\(follow.stdout)")
        let tree = try navgraph(["tree", Self.fixture(tag)])
        // The last state, as tree prints it, then the blank line that ends each of follow's states.
        #expect(String(follow.stdout[end.upperBound...]) == tree.stdout + "\n", "\(follow.stdout)")
    }
}
