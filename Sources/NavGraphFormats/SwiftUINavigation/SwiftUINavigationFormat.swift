import NavGraphCore

/// SwiftUINavigation console output: `printDebugGraph()` dumps and `Started`/`Finished` debug lines.
public enum SwiftUINavigationFormat: InputFormatDefinition {
    public static let name = "swiftui-navigation"
    public static let summary = "SwiftUINavigation console output"
    public static let helpDescription =
        "SwiftUINavigation console output: printDebugGraph() dumps and Started/Finished lines, console prefixes "
        + "and times (Xcode, NSLog, log stream, [HH:MM:SS])"
    public static let expectedLines =
        "printDebugGraph() lines such as '<[AppNavigationModel 667...]>' or debug lines such as "
        + "'[HomeNavigationModel E34...]: Started'"
    public static let lifecycleAdvice =
        "enable NavigationConfig.shared.isDebugPrintEnabled, so that each model prints Started and Finished"
    public static let lenientSkips: String? = "SwiftUINavigation lines with invalid UTF-8"
    public static let fuzzSeeds = [
        "examples/*.log", "examples/*.txt", "Tests/NavGraphFormatsTests/Fixtures/corpus/snav-*.txt",
    ]

    public static func recognizes(_ line: ByteLine) -> Bool {
        SwiftUINavigationReader.recognizes(line)
    }

    public static func makeReader(_ setup: ReaderSetup) -> any NavigationReader {
        SwiftUINavigationReader(rules: setup.rules, diagnostics: setup.diagnostics, lenient: setup.lenient)
    }
}

extension InputFormat {
    public static let swiftUINavigation = InputFormat(SwiftUINavigationFormat.self)
}
