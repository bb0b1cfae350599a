/// NavigatorUI's (hmlongco/Navigator) default logger: `Navigator <UUID> (<name>) <event>` lines.
public enum NavigatorFormat: InputFormatDefinition {
    public static let name = "navigator"
    public static let summary = "NavigatorUI log"
    public static let helpDescription = "NavigatorUI's (hmlongco/Navigator) log lines"
    public static let expectedLines =
        "'Navigator <UUID> (<name>) <event>' lines such as "
        + "'Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured' (set verbosity: .info)"
    public static let fuzzSeeds = [
        "examples/navigator-session.log", "Tests/NavGraphFormatsTests/Fixtures/corpus/navigator-*.txt",
        "Tests/NavGraphFormatsTests/Fixtures/navigator/*.log",
    ]

    public static func recognizes(_ line: ByteLine) -> Bool { NavigatorReader.recognizes(line) }

    public static func makeReader(_ setup: ReaderSetup) -> any NavigationReader {
        NavigatorReader(diagnostics: setup.diagnostics)
    }
}

extension InputFormat {
    public static let navigator = InputFormat(NavigatorFormat.self)
}
