/// Text that navgraph does not read but can name: what people give it by mistake. When nothing in an input is
/// navigation output, the first line that matches a row says what the input looks like and what to give instead.
/// A row per kind of text; readers come first (a line any reader recognizes is never asked about).
public struct Lookalike: Sendable, Equatable {
    /// What the text looks like, as the error names it ("TCA's _printChanges() output").
    public var name: String
    /// What navgraph reads instead, or how to get it.
    public var instead: String
    /// Says more than any other row wherever it shows: named even when a line before it matched another row (a
    /// warning quoted in Markdown is that warning).
    public var isDecisive = false
    let matches: @Sendable (Substring) -> Bool

    public static func == (lhs: Lookalike, rhs: Lookalike) -> Bool { lhs.name == rhs.name }

    /// The first row that `line` matches.
    public static func matching(_ line: Substring) -> Lookalike? { all.first { $0.matches(line) } }

    /// Lines of an input looked at before giving up on naming it: what people paste shows itself early.
    static let linesToLookAt = 200

    static let all: [Lookalike] = [
        // SwiftUI logs this when a value on the path is not Codable: `path.codable` is nil, so there is nothing for
        // navgraph to read. Straight or curly quotes, as people paste it.
        Lookalike(
            name: "SwiftUI's warning that a NavigationPath has no CodableRepresentation (a value on it is not Codable, "
                + "so path.codable is nil)",
            instead: "make every type on the path Codable and print `path.codable` encoded as JSON (JSONEncoder), "
                + "which navgraph reads as navigation-path; or log navigation as navgraph-events",
            isDecisive: true,
            matches: { $0.contains("Cannot create CodableRepresentation of navigation path") }),
        Lookalike(
            name: "NavigationPath's print() output (SwiftUI's private storage: the types on the path, not its values)",
            instead: "print `path.codable` encoded as JSON (JSONEncoder), which navgraph reads as navigation-path",
            matches: {
                $0.contains("NavigationPath(") || $0.contains("NavigationPath_items")
                    || $0.contains("CodableItemBox<") || $0.contains("Representation.eager")
            }),
        Lookalike(
            name: "Swift source code",
            instead: "run the app and give navgraph what it prints (its console output, or a navgraph-events log)",
            matches: { line in
                // A declaration may start with its access level and attributes (`public extension Route`,
                // `@MainActor final class Router`): they are looked past.
                var line = line
                while true {
                    if line.hasPrefix("@"), let space = line.firstIndex(of: " "),
                        !["@main", "@Observable"].contains(line[..<space])
                    {
                        line = line[line.index(after: space)...]
                        continue
                    }
                    guard let modifier = Self.declarationModifiers.first(where: { line.hasPrefix($0) }) else { break }
                    line = line.dropFirst(modifier.count)
                }
                for start in [
                    "import SwiftUI", "import Foundation", "import UIKit", "struct ", "class ", "enum ", "protocol ",
                    "actor ", "func ", "@main", "@Observable", "extension ",
                ] where line.hasPrefix(start) { return true }
                return line.hasPrefix("import ")
                    && line.dropFirst(7).allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            }),
        configurationFile,
        Lookalike(
            name: "Markdown text",
            instead: "copy the console lines out of it (a fenced block's content) into a file of their own",
            matches: { line in
                // A heading (`#` to `######`), a fence, or a link: a page that starts with prose shows one of them
                // within the lines looked at. A dump's `- name: value` lines look like list items, so lists do not
                // count.
                let hashes = line.prefix { $0 == "#" }.count
                if (1...6).contains(hashes), line.dropFirst(hashes).first == " " { return true }
                return line.hasPrefix("```") || line.hasPrefix("~~~") || line.contains("](http")
                    || line.contains("](./") || line.contains("](#")
            }),
    ]

    // Its `#` comments read as Markdown headings: the top-level keys say more, wherever they come.
    public static let configurationFile = Lookalike(
        name: "navgraph's own configuration file (.navgraph.yml)",
        instead: "give it to navgraph as its configuration (or keep it as .navgraph.yml in the folder you run navgraph "
            + "in, or a parent), and give navgraph an app's log to read",
        isDecisive: true,
        matches: { ["kinds:", "presentations:", "allowed:", "dump:", "defaults:"].contains($0) })

    /// Words a Swift declaration may start with before what it declares.
    static let declarationModifiers = [
        "public ", "private ", "fileprivate ", "internal ", "open ", "package ", "final ", "nonisolated ",
        "indirect ",
    ]
}
