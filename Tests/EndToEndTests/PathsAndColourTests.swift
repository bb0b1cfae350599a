import Foundation
import NavGraphTestSupport
import Testing

/// NavigationPath JSON and typed paths as the real runtime prints them, and ANSI colour, through the built binary.
@Suite("Paths from the real runtime, and coloured logs")
struct PathsAndColourTests {
    private func fixture(_ folder: String, _ name: String) -> String { generatedFixture(folder, name).path }

    @Test func navigationPathHistoryHasNoStepForAReencodedEntry() throws {
        let history = try navgraph(["history", fixture("navigation-path", "session.log")])
        #expect(history.status == 0, "\(history.stderr)")
        // Line 6 holds line 5's path encoded again, the Timer's keys in another order: no step there.
        #expect(!history.stdout.contains("line 6 "))
        #expect(history.stdout.components(separatedBy: "push Timer").count == 2)
        #expect(history.stdout.contains("push Secret (code: 7, hint: \"top shelf\") onto stack path"))
        #expect(history.stdout.contains("pop 1 from stack path: Secret (code: 7, hint: \"top shelf\")"))
        #expect(history.stdout.contains("pop 2 from stack path: Note (pinned: false"))
        // A private type's state is navigation output, with --strict too.
        let strict = try navgraph(["history", "--strict", fixture("navigation-path", "session.log")])
        #expect(strict.status == 0, "\(strict.stderr)")
        #expect(strict.stdout == history.stdout)
    }

    @Test func navigationPathTreeAtAStepAndDiff() throws {
        let tree = try navgraph(["tree", "--ascii", "--at", "6", fixture("navigation-path", "session.log")])
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(tree.stdout.hasSuffix("`-- Secret (code: 7, hint: \"top shelf\")\n"), "\(tree.stdout)")
        // From the first Timer to its re-encoding and back after the Secret: nothing changed.
        let same = try navgraph(["diff", fixture("navigation-path", "session.log"), "--from", "5", "--to", "7"])
        #expect(same.status == 0, "\(same.stdout)")
        let diff = try navgraph(["diff", fixture("navigation-path", "session.log"), "--from", "6", "--to", "8"])
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("- Secret (code: 7, hint: \"top shelf\") under NavigationStack path (push)"))
        #expect(
            diff.stdout.contains("+ Note (pinned: false, text: \"buy \\\"vanilla\\\"\") under NavigationStack path"))
    }

    /// NavigationBackport's mangled names read as SwiftUI's readable ones: the same history, the same JSON tree.
    @Test func mangledNamesReadAsTheReadableOnes() throws {
        for arguments in [["history"], ["tree", "--format", "json", "--at", "8"]] {
            let readable = try navgraph(arguments + [fixture("navigation-path", "session.log")])
            let mangled = try navgraph(arguments + [fixture("navigation-path", "backport.log")])
            #expect(mangled.status == 0, "\(mangled.stderr)")
            #expect(mangled.stdout == readable.stdout, "\(arguments)")
        }
        let json = try navgraph(["tree", "--format", "json", "--at", "6", fixture("navigation-path", "backport.log")])
        #expect(json.stdout.contains(#""type": "Recipes.Secret""#))
    }

    @Test func typedPathIsDetectedAndReadAsAStack() throws {
        let log = fixture("typed-path", "session.log")
        let history = try navgraph(["history", "--verbose", log])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stderr.contains("session.log:3: note: read as typed-path (print() of a typed path)"))
        #expect(history.stdout.contains("push Route item(Item(name: \"Sneaker \\\"Air\\\"\", n: 1)) onto stack path"))
        #expect(history.stdout.contains("pop 3 from stack path: Route settings, Route detail(id: 42)"))
        #expect(history.stdout.contains("push Route detail(id: 7)#2 onto stack path"))
        let tree = try navgraph(["tree", "--ascii", "--at", "9", log])
        #expect(
            tree.stdout.hasSuffix(
                """
                |-- Route tab(Tab.search(query: "red\\nshoes"))
                |-- Route note("café ☕", pinned: nil)
                `-- Route note("x", pinned: Optional(true))

                """), "\(tree.stdout)")
        let diff = try navgraph(["diff", log, "--from", "9", "--to", "11"])
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("+ Route settings under NavigationStack path (push)"))
        #expect(diff.stdout.contains("- Route note(\"x\", pinned: Optional(true)) under NavigationStack path (push)"))
        // Told the format, the first line's `[]` is the first state already.
        let forced = try navgraph(["history", "--input-format", "typed-path", log])
        #expect(forced.status == 0)
        #expect(forced.stdout.hasPrefix("     1  line 2       root of window main: NavigationStack path\n"))
        #expect(forced.stdout.hasSuffix(history.stdout.split(separator: "\n", maxSplits: 2)[2]))
        let json = try navgraph(["tree", "--format", "json", fixture("typed-path", "private.log")])
        #expect(json.stdout.contains(#""type": "Shop.Promo""#))
        let help = try navgraph(["--help"])
        #expect(help.stdout.contains("typed-path"))
    }

    /// Fed through a pipe a line at a time, as a console delivers `print` output: what reading the whole file gives.
    @Test(arguments: [
        ("navigation-path", "session.log"), ("navigation-path", "backport.log"), ("typed-path", "session.log"),
        ("typed-path", "structs.log"),
    ])
    func aLineAtATimeReadsAsTheWholeFile(folder: String, name: String) async throws {
        let path = fixture(folder, name)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let whole = try navgraph(["history", "--format", "json"], stdin: String(decoding: data, as: UTF8.self))
        #expect(whole.status == 0)
        let piped = try await navgraphPiped(
            ["history", "--format", "json"], writes: SplitWrites(data, pattern: .lines, seed: 3).withoutPauses)
        #expect(piped.status == whole.status)
        #expect(piped.stdout == whole.stdout)
    }

    /// Every line of `text` coloured as consoles and loggers do, in turn: wrapped whole, its first word (a timestamp,
    /// a level) coloured, a title sequence before it, or left plain.
    static func coloured(_ data: Data) -> Data {
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        let escape: [UInt8] = [0x1B]
        for index in lines.indices where !lines[index].isEmpty {
            let line = lines[index]
            switch index % 4 {
            case 0: lines[index] = escape + Array("[1;32m".utf8) + line + escape + Array("[0m".utf8)
            case 1:
                let space = line.firstIndex(of: 0x20) ?? line.count
                lines[index] =
                    escape + Array("[38;5;244m".utf8) + line[..<space] + escape + Array("[m".utf8) + line[space...]
            case 2: lines[index] = escape + Array("]0;app\u{7}".utf8) + line + escape + Array("[K".utf8)
            default: break
            }
        }
        return Data(Array(lines.joined(separator: [0x0A])))
    }

    static let examples: [String] = {
        let folder = repositoryRoot.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasSuffix(".yml") && !$0.hasSuffix(".swift") }.sorted()
    }()

    @Test(arguments: examples)
    func aColouredCopyReadsAsThePlainOne(name: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain-" + name)
        let coloured = folder.appendingPathComponent("color-" + name)
        let data = try Data(contentsOf: URL(fileURLWithPath: example(name)))
        try data.write(to: plain)
        try Self.coloured(data).write(to: coloured)
        #expect(try Data(contentsOf: coloured).contains(0x1B))
        for command in [["history"], ["tree", "--format", "json"], ["leaks", "--all"]] {
            let expected = try navgraph(command + [plain.path])
            let run = try navgraph(command + [coloured.path])
            #expect(run.status == expected.status, "\(name) \(command)")
            #expect(run.stdout == expected.stdout, "\(name) \(command)")
            #expect(
                run.stderr.replacingOccurrences(of: "color-", with: "plain-") == expected.stderr, "\(name) \(command)")
        }
    }

    /// The same for the real runtime's path fixtures.
    @Test(arguments: [("navigation-path", "session.log"), ("typed-path", "session.log")])
    func colouredPathsReadAsPlainOnes(folder: String, name: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture(folder, name)))
        let plain = try navgraph(["history"], stdin: String(decoding: data, as: UTF8.self))
        let coloured = try navgraph(["history"], stdin: String(decoding: Self.coloured(data), as: UTF8.self))
        #expect(coloured.status == 0)
        #expect(coloured.stdout == plain.stdout)
    }
}
