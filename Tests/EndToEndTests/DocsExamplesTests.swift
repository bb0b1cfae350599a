import Foundation
import NavGraphTestSupport
import Testing

/// The examples committed under docs/ are what navgraph makes today: each file, and each block of a page between
/// `<!-- navgraph ARGS -->` and `<!-- /navgraph -->`, is compared with a run of the built binary from the
/// repository's root. `NAVGRAPH_RECORD=1` rewrites them (then review the diff).
@Suite("Committed docs examples", .tags(.draws))
struct DocsExamplesTests {
    /// Example files: the command that makes each, writing to stdout.
    static let files: [(path: String, arguments: [String])] = [
        ("docs/diagram/navigation-map.svg", ["diagram", "--format", "svg"] + mapLogs),
        ("docs/diagram/navigation.json", ["diagram", "--format", "json"] + mapLogs),
        ("docs/trace/leaky-session.trace.json", ["render", "--format", "trace", "examples/leaky-session.log"]),
    ]
    static let mapLogs = [
        "examples/session.log", "examples/sheet-over-tabs.txt", "examples/leaky-session.log",
        "examples/leaky-session.jsonl",
    ]
    static let pages = ["docs/diagram.md", "docs/mermaid.md"]
    static var recording: Bool { ProcessInfo.processInfo.environment["NAVGRAPH_RECORD"] == "1" }

    @Test(arguments: files.map(\.path))
    func exampleFile(path: String) throws {
        let arguments = Self.files.first { $0.path == path }!.arguments
        let run = try navgraph(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let url = repositoryRoot.appendingPathComponent(path)
        if Self.recording {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(run.stdoutBytes).write(to: url)
            return
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(
            GraphvizVersionTests.sameDrawings(run.stdout, committed),
            Comment(
                rawValue: "\(path) is not what `navgraph \(arguments.joined(separator: " "))` makes today "
                    + "(NAVGRAPH_RECORD=1 rewrites it)"))
    }

    @Test(arguments: pages)
    func pageBlocks(page: String) throws {
        let url = repositoryRoot.appendingPathComponent(page)
        var text = try String(contentsOf: url, encoding: .utf8)
        var searchFrom = text.startIndex
        var blocks = 0
        while let open = text.range(of: "<!-- navgraph ", range: searchFrom..<text.endIndex),
            let openEnd = text.range(of: " -->\n", range: open.upperBound..<text.endIndex),
            let close = text.range(of: "<!-- /navgraph -->", range: openEnd.upperBound..<text.endIndex)
        {
            blocks += 1
            let arguments = text[open.upperBound..<openEnd.lowerBound].split(separator: " ").map(String.init)
            let run = try navgraph(arguments)
            #expect(run.status == 0, "\(page): navgraph \(arguments.joined(separator: " ")): \(run.stderr)")
            if Self.recording {
                text.replaceSubrange(openEnd.upperBound..<close.lowerBound, with: run.stdout)
                searchFrom = text.index(openEnd.upperBound, offsetBy: run.stdout.count + "<!-- /navgraph -->".count)
            } else {
                #expect(
                    String(text[openEnd.upperBound..<close.lowerBound]) == run.stdout,
                    Comment(
                        rawValue: "\(page): the block of `navgraph \(arguments.joined(separator: " "))` "
                            + "is not what it makes today"))
                searchFrom = close.upperBound
            }
        }
        #expect(blocks > 0, "\(page) has no navgraph example block")
        if Self.recording { try Data(text.utf8).write(to: url) }
    }
}
