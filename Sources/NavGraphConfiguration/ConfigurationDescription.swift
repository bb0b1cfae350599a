import NavGraphCore
import NavGraphFormats

/// The configuration in force as YAML (so it can be copied into a `.navgraph.yml`), each value followed by a comment
/// saying where it came from: `built-in`, or the file and line.
public struct ConfigurationDescription {
    public let text: String

    public init(_ configuration: NavGraphConfiguration) {
        var lines = [Self.header(configuration)]
        let builtIn = NavGraphConfiguration.builtIn
        var kinds: [(String, String)] = []
        var presentations: [(String, String)] = []
        let rules = configuration.kindRules + ModelKindRules.swiftUINavigation.rules.map { ($0, builtIn) }
        for (rule, origin) in rules {
            if let kind = rule.kind { kinds.append(("  \(Self.quoted(rule.pattern)): \(kind.rawValue)", origin)) }
            if let style = rule.presentation {
                presentations.append(("  \(Self.quoted(rule.pattern)): \(style.name)", origin))
            }
        }
        lines.append("kinds:  # first match wins")
        lines += Self.aligned(kinds)
        lines.append("presentations:")
        lines += Self.aligned(presentations)
        if configuration.allowed.isEmpty {
            lines.append("allowed: []  # \(builtIn)")
        } else {
            lines.append("allowed:")
            lines += Self.aligned(configuration.allowed.map { ("  - \(Self.quoted($0.pattern))", $0.origin) })
        }
        let names = configuration.dumpPropertyNames
        let origins = configuration.dumpPropertyNamesOrigin
        lines.append("dump:")
        lines += Self.aligned([
            ("  stack: \(Self.list(names.stack))", origins.stack),
            ("  presentation: \(Self.list(names.presentation))", origins.presentation),
            ("  selection: \(Self.list(names.selection))", origins.selection),
        ])
        let defaults = configuration.defaults
        lines.append("defaults:")
        lines += Self.aligned([
            (
                defaults.theme.map { "  theme: \(Self.quoted($0.path))" }
                    ?? "  # theme: the built-in light theme",
                defaults.theme?.origin ?? builtIn
            ),
            (
                "  direction: \(defaults.direction?.value ?? NavGraphConfiguration.Defaults.builtInDirection)",
                defaults.direction?.origin ?? builtIn
            ),
            (
                "  max-nodes: \(defaults.maxNodes?.value ?? NavGraphConfiguration.Defaults.builtInMaxNodes)",
                defaults.maxNodes?.origin ?? builtIn
            ),
            (
                defaults.stripSuffix.map { "  strip-suffix: \(Self.quoted($0.value))" }
                    ?? "  # strip-suffix: none, type names drawn whole",
                defaults.stripSuffix?.origin ?? builtIn
            ),
        ])
        lines.append("diagram:")
        if configuration.diagramCollapse.isEmpty {
            lines.append("  collapse: []  # \(builtIn): hub containers are collapsed automatically")
        } else {
            lines.append("  collapse:")
            lines += Self.aligned(configuration.diagramCollapse.map { ("    - \(Self.quoted($0.pattern))", $0.origin) })
        }
        text = lines.joined(separator: "\n") + "\n"
    }

    /// Which file is in force, and where it was looked for: a file above the repository's root is not read, and
    /// this says where the search stopped.
    private static func header(_ configuration: NavGraphConfiguration) -> String {
        let file = configuration.file.map(TerminalText.escaped)
        guard let search = configuration.search else {
            return "# configuration in force: \(file ?? "none"), then navgraph's built-in behaviour"
        }
        let start = TerminalText.escaped(search.folders[0])
        let end = TerminalText.escaped(search.lastFolder)
        let stop =
            switch search.boundary {
            case .repositoryRoot: "the repository's root"
            case .home: "the home folder"
            case .workingFolder: "no repository and no home folder above it"
            }
        let range =
            search.folders.count > 1
            ? "searched from \(start) up to \(stop), \(end)"
            : search.boundary == .workingFolder(search.lastFolder)
                ? "searched in \(start) only: \(stop)" : "searched in \(start), \(stop)"
        guard let file else { return "# no .navgraph.yml (\(range)): navgraph's built-in behaviour" }
        return "# configuration in force: \(file) (\(range)), then navgraph's built-in behaviour"
    }

    private static func aligned(_ rows: [(String, String)]) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0 + String(repeating: " ", count: width - $0.0.count) + "  # " + $0.1 }
    }

    private static func list(_ globs: [String]) -> String {
        "[" + globs.map(quoted).joined(separator: ", ") + "]"
    }

    /// Double-quoted YAML: globs start with `*`, which YAML would read as an alias.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\x" + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
