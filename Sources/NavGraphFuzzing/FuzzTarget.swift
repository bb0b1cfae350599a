import NavGraphFormats

/// What one run of `navgraph-fuzz` fuzzes: one format's reader (the input read as that format), or `console`, the
/// path every real console takes — the format detected from whatever the app printed before its navigation.
public enum FuzzTarget: Equatable {
    case format(InputFormat)
    case console

    /// Every target's name: the formats', then `console`.
    public static var names: [String] { InputFormats.all.map(\.name) + ["console"] }

    public init?(name: String) {
        if name == "console" {
            self = .console
        } else if let format = InputFormat(name: name) {
            self = .format(format)
        } else {
            return nil
        }
    }

    /// The format the input is read as; `nil` detects it.
    public var format: InputFormat? {
        if case .format(let format) = self { return format }
        return nil
    }

    /// The console's seeds besides every format's own: what apps print around their navigation (pretty-printed
    /// JSON, crash reports, runtime warnings, Apple's `log` in each style, binary, long lines, invalid UTF-8), alone
    /// and around each example.
    public static let consoleSeeds = [
        "Tests/FuzzSeeds/console/*", "examples/*.ndjson",
        "Tests/NavGraphFormatsTests/Fixtures/unified-log/navigator-session.*",
        "Tests/NavGraphFormatsTests/Fixtures/unified-log/leaky-session.show-*",
    ]

    /// The seed files under `root` (the repository).
    public func seeds(in root: String) -> [String] {
        switch self {
        case .format(let format):
            return FuzzSeeds.paths(for: format.fuzzSeeds, in: root)
        case .console:
            let all = InputFormats.all.flatMap(\.fuzzSeeds) + Self.consoleSeeds
            var seen = Set<String>()
            return FuzzSeeds.paths(for: all, in: root).filter { seen.insert($0).inserted }
        }
    }
}
