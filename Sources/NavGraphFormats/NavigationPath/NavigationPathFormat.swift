/// `NavigationPath.CodableRepresentation` JSON (`JSONEncoder().encode(path.codable)`), one state or several.
public enum NavigationPathFormat: InputFormatDefinition {
    public static let name = "navigation-path"
    public static let summary = "NavigationPath JSON"
    public static let helpDescription = "NavigationPath.CodableRepresentation JSON (path.codable)"
    public static let expectedLines =
        "an array of type names and values' JSON, last pushed first, such as "
        + "'[\"MyApp.Route\",\"{\\\"detail\\\":{\\\"id\\\":42}}\"]' (on one line, or pretty-printed from a line '[')"
    public static let lifecycleAdvice =
        "a NavigationPath holds values, not models with a lifetime; log navigation as navgraph-events, with a start "
        + "event when a model is created and a finish event when it is deallocated"
    public static let lenientSkips: String? = "NavigationPath states"
    public static let fuzzSeeds = [
        "examples/navigation-path.log", "Tests/NavGraphFormatsTests/Fixtures/corpus/navpath-*.txt",
        "Tests/NavGraphFormatsTests/Fixtures/navigation-path/*.log",
    ]

    public static func recognizes(_ line: ByteLine) -> Bool {
        NavigationPathReader.recognizes(line)
    }

    public static func makeReader(_ setup: ReaderSetup) -> any NavigationReader {
        NavigationPathReader(diagnostics: setup.diagnostics, lenient: setup.lenient)
    }
}

extension InputFormat {
    public static let navigationPath = InputFormat(NavigationPathFormat.self)
}
