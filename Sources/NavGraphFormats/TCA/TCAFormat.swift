/// The Composable Architecture's `_printChanges()` output: actions and the diffs of the state they changed.
public enum TCAFormat: InputFormatDefinition {
    public static let name = "tca"
    public static let summary = "TCA _printChanges() output"
    public static let helpDescription =
        "The Composable Architecture's _printChanges() output: each action and the diff of the state "
        + "(StackState paths, @Presents destinations, alerts, tabs)"
    public static let expectedLines =
        "'received action:' then the action and the state's diff indented by two spaces, as "
        + "Reducer._printChanges() prints them"
    public static let lifecycleAdvice =
        "TCA's state holds values, not objects with a lifetime, so _printChanges() cannot show a leak; log "
        + "navigation as navgraph-events, with a start event when a model is created and a finish event when it is "
        + "deallocated"
    public static let fuzzSeeds = ["Tests/NavGraphFormatsTests/Fixtures/tca/*.log"]

    public static func recognizes(_ line: ByteLine) -> Bool { TCAReader.recognizes(line) }

    public static func makeReader(_ setup: ReaderSetup) -> any NavigationReader {
        TCAReader(rules: setup.rules, diagnostics: setup.diagnostics)
    }
}

extension InputFormat {
    public static let tca = InputFormat(TCAFormat.self)
}
