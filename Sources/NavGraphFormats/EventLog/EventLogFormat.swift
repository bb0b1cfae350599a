/// navgraph's own JSON Lines event log, navgraph-events v1 (what `NavGraphRecorder` writes).
public enum EventLogFormat: InputFormatDefinition {
    public static let name = "navgraph-events"
    public static let summary = "navgraph-events v1"
    public static let helpDescription = "navgraph's own JSON Lines log (navgraph-events v1)"
    public static let expectedLines =
        "JSON Lines such as '{\"event\":\"push\",\"id\":\"8C1F\",\"type\":\"DetailModel\",\"parent\":\"32D0\"}'"
    public static let lifecycleAdvice =
        "write a start event when a model is created and a finish event when it is deallocated (from its deinit)"
    public static let lenientSkips: String? = "navgraph-events lines"
    public static let fuzzSeeds = ["examples/*.jsonl"]

    public static func recognizes(_ line: ByteLine) -> Bool { EventLogReader.recognizes(line) }

    public static func makeReader(_ setup: ReaderSetup) -> any NavigationReader {
        EventLogReader(diagnostics: setup.diagnostics, lenient: setup.lenient)
    }
}

extension InputFormat {
    public static let events = InputFormat(EventLogFormat.self)
}
