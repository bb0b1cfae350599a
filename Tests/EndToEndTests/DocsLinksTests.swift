import Foundation
import NavGraphTestSupport
import Testing

/// The docs are spread over README.md and pages under docs/ that link to each other, to examples/ and to sections of
/// other pages; a page moved or a heading reworded must not leave a link pointing nowhere. Every relative link and
/// image (outside code) must name a file or folder that exists, and its `#fragment` a heading of that page, as GitHub
/// spells heading anchors.
@Suite("The docs' links resolve")
struct DocsLinksTests {
    struct Link: CustomStringConvertible, Sendable {
        var page: String
        var line: Int
        var target: String
        var description: String { "\(page):\(line): \(target)" }
    }

    /// Every relative link of every page.
    static let links: [Link] = documentationPages.flatMap { page in
        links(in: (try? text(of: page)) ?? "", page: page)
    }

    static func text(of page: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(page), encoding: .utf8)
    }

    /// The lines of a page outside fenced code blocks, with their numbers, and inline code left out (a link shown as
    /// code, `[x](y)`, is not a link).
    static func prose(_ text: String) -> [(number: Int, text: String)] {
        var inBlock = false
        var result: [(Int, String)] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            if !inBlock { result.append((index + 1, line.replacing(/(`+).*?\1/, with: ""))) }
        }
        return result
    }

    static func links(in text: String, page: String) -> [Link] {
        prose(text).flatMap { line in
            line.text.matches(of: /\]\(([^)\s]+)\)/).map { Link(page: page, line: line.number, target: String($0.1)) }
                .filter { !$0.target.contains(":") }  // https:, mailto:
        }
    }

    /// The anchors GitHub gives a page's headings (outside code blocks): lower-cased, punctuation left out (the text
    /// of inline code kept), spaces as `-`; a repeated one gets `-1`, `-2`, …
    static func anchors(of text: String) -> Set<String> {
        var inBlock = false
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inBlock.toggle() }
            guard !inBlock, let heading = line.firstMatch(of: /^#{1,6} +(.*)$/) else { continue }
            let kept = heading.1.lowercased().filter { $0.isLetter || $0.isNumber || " -_".contains($0) }
            let slug = kept.replacingOccurrences(of: " ", with: "-")
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            result.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return result
    }

    @Test func thePagesHaveLinksToCheck() {
        // If finding the pages or their links broke, every link would pass unchecked.
        #expect(Self.links.filter { $0.page == "README.md" }.count >= 20)
        #expect(Self.links.contains { $0.target.contains("#") })
        #expect(
            Self.anchors(of: "## The demo: `recorder-demo`\n## Commands\n## Commands") == [
                "the-demo-recorder-demo", "commands", "commands-1",
            ])
    }

    @Test(arguments: links)
    func linkResolves(_ link: Link) throws {
        let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let page = repositoryRoot.appendingPathComponent(link.page)
        let url =
            parts[0].isEmpty
            ? page : page.deletingLastPathComponent().appendingPathComponent(String(parts[0])).standardizedFileURL
        #expect(FileManager.default.fileExists(atPath: url.path), "\(link): no such file or folder")
        guard parts.count == 2, url.pathExtension == "md", FileManager.default.fileExists(atPath: url.path) else {
            return
        }
        let anchors = Self.anchors(of: try String(contentsOf: url, encoding: .utf8))
        #expect(anchors.contains(String(parts[1])), "\(link): no heading #\(parts[1]) in \(url.lastPathComponent)")
    }
}
