import Foundation
import NavGraphTestSupport
import Testing

// A transcript in the docs is a promise: every `$ …` line in a fenced block of README.md or of any page under docs/
// (in any folder) that names a file under examples/, or runs in it (`$ cd examples && …`), is run (with the built
// navgraph first on PATH, from the repository's root, stdin empty, no colour) and what it prints must be what the
// block shows below it. Lines the block shows that navgraph writes to stderr
// (`navgraph: …`, `file:line: warning: …`) are compared with stderr, the rest with stdout; `$ echo $?` shows the exit
// status of the command before it; a line `…` alone stands for any number of lines (for long outputs).

/// The documentation: README.md, then every Markdown page under docs/ and its folders, as paths from the repository's
/// root. A page moved or added anywhere under docs/ is checked without being listed.
let documentationPages: [String] = {
    let docs = repositoryRoot.appendingPathComponent("docs")
    let found = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
    return ["README.md"] + found.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
}()

/// One documented command and what the docs say it prints.
struct Transcript: CustomStringConvertible, Sendable {
    var document: String
    var line: Int
    var command: String
    var expected: [String]
    /// The block's next line is `$ echo $?`, followed by this status.
    var expectedStatus: Int32?

    var description: String { "\(document):\(line): \(command)" }

    /// Every checked transcript in the docs.
    static let all: [Transcript] = documentationPages.flatMap { name -> [Transcript] in
        let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent(name), encoding: .utf8)) ?? ""
        return parse(text, document: name)
    }

    /// Whether a documented command can be run here: it names a bundled example (not `xcrun …`, not a user's
    /// session.log).
    static func isRunnable(_ command: String) -> Bool {
        (command.contains("examples/") || command.hasPrefix("cd examples && ")) && !command.hasPrefix("xcrun")
    }

    static func parse(_ text: String, document: String) -> [Transcript] {
        var result: [Transcript] = []
        var inBlock = false
        var current: Transcript?
        func close() {
            if let done = current { result.append(done) }
            current = nil
        }
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                if inBlock { close() }
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                let command = String(line.dropFirst(2))
                if command == "echo $?", current != nil {
                    current!.expectedStatus = -1
                    continue
                }
                close()
                if isRunnable(command) {
                    current = Transcript(document: document, line: index + 1, command: command, expected: [])
                }
                continue
            }
            guard current != nil else { continue }
            if current!.expectedStatus == -1 {
                current!.expectedStatus = Int32(line.trimmingCharacters(in: .whitespaces)) ?? -2
            } else {
                current!.expected.append(line)
            }
        }
        close()
        return result
    }
}

/// Whether a shown line is one navgraph writes to stderr.
func isDiagnosticLine(_ line: String) -> Bool {
    line.hasPrefix("navgraph: ")
        || line.range(of: #"^\S+:\d+(:\d+)?: (warning|error|note): "#, options: .regularExpression) != nil
}

/// Lines without trailing spaces, without trailing blank lines.
func normalized(_ lines: [String]) -> [String] {
    var lines = lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
    while lines.last == "" { lines.removeLast() }
    return lines
}

/// Whether `actual` is what `expected` shows, where a line `…` alone stands for any number of lines.
func matches(_ actual: [String], _ expected: [String]) -> Bool {
    guard let gap = expected.firstIndex(where: { $0 == "…" }) else { return actual == expected }
    let head = Array(expected[..<gap])
    let rest = Array(expected[(gap + 1)...])
    guard actual.starts(with: head) else { return false }
    let remaining = Array(actual.dropFirst(head.count))
    return (0...remaining.count).contains { matches(Array(remaining.dropFirst($0)), rest) }
}

@Suite("The docs' transcripts are what navgraph prints")
struct ReadmeTranscriptTests {
    @Test func theDocsHaveTranscriptsToCheck() {
        // If parsing or finding the pages broke, every transcript would be skipped silently: the README has these,
        // the pages under docs/ (formats and commands in their folders) at least as many as when they moved there.
        let readme = Transcript.all.filter { $0.document == "README.md" }.map(\.command)
        #expect(readme.contains("navgraph tree examples/sheet-over-tabs.txt"), "\(readme)")
        #expect(readme.contains("navgraph leaks examples/leaky-session.log"), "\(readme)")
        let pages = Transcript.all.filter { $0.document.hasPrefix("docs/") }
        #expect(pages.count >= 17, "\(pages)")
        #expect(pages.contains { $0.document.hasPrefix("docs/formats/") })
        #expect(pages.contains { $0.document.hasPrefix("docs/commands/") })
        #expect(pages.contains { $0.command.hasPrefix("cd examples && ") })
    }

    @Test(arguments: Transcript.all)
    func transcript(_ transcript: Transcript) throws {
        let binaryFolder = binaryURL.deletingLastPathComponent().path
        let path = binaryFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try runTool(
            URL(fileURLWithPath: "/bin/sh"), ["-c", transcript.command],
            environment: ["PATH": path, "NO_COLOR": "1", "COLUMNS": "120"])
        let expected = transcript.expected
        let expectedOut = normalized(expected.filter { !isDiagnosticLine($0) })
        let expectedErr = normalized(expected.filter(isDiagnosticLine))
        let actualOut = normalized(run.stdout.components(separatedBy: "\n"))
        let actualErr = normalized(run.stderr.components(separatedBy: "\n"))
        #expect(
            matches(actualOut, expectedOut),
            """
            \(transcript): the docs show
            \(expectedOut.joined(separator: "\n"))
            navgraph prints
            \(actualOut.joined(separator: "\n"))
            """)
        #expect(actualErr == expectedErr, "\(transcript): stderr is\n\(actualErr.joined(separator: "\n"))")
        if let status = transcript.expectedStatus {
            #expect(run.status == status, "\(transcript): exit status")
        } else {
            #expect(run.status == 0, "\(transcript): exits \(run.status) (show it with `$ echo $?`)\n\(run.stderr)")
        }
    }
}

@Suite("The docs' diagrams are what navgraph draws", .tags(.draws))
struct DocsDiagramTests {
    @Test func theREADMEsDiagramIsCurrent() throws {
        // The README shows docs/sheet-over-tabs.svg, made by the command it names; the same input gives the same bytes.
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(
            readme.contains(
                "`navgraph render examples/sheet-over-tabs.txt --strip-suffix NavigationModel -o docs/sheet-over-tabs.svg`"
            ))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = folder.appendingPathComponent("sheet-over-tabs.svg")
        let run = try navgraph([
            "render", "examples/sheet-over-tabs.txt", "--strip-suffix", "NavigationModel", "-o", made.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let committed = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/sheet-over-tabs.svg"), encoding: .utf8)
        let drawn = try String(contentsOf: made, encoding: .utf8)
        // Byte for byte with the Graphviz that drew the committed file; with another major version (coordinates
        // differ), element for element.
        let major = { (svg: String) in svg.firstMatch(of: /Generated by graphviz version (\d+)\./)?.1 }
        if major(drawn) == major(committed) {
            #expect(
                drawn == committed,
                Comment(
                    rawValue: "docs/sheet-over-tabs.svg is out of date: navgraph render examples/sheet-over-tabs.txt "
                        + "--strip-suffix NavigationModel -o docs/sheet-over-tabs.svg")
            )
        } else {
            #expect(
                GraphvizVersionTests.outline(ofSVG: drawn) == GraphvizVersionTests.outline(ofSVG: committed),
                "docs/sheet-over-tabs.svg's elements differ from what this Graphviz draws")
        }
    }
}
