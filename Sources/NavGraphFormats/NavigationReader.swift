import NavGraphCore

/// The input formats navgraph reads.
public enum InputFormat: String, Sendable, CaseIterable {
    /// SwiftUINavigation console output: `printDebugGraph()` dumps and `Started`/`Finished` debug lines.
    case swiftUINavigation = "swiftui-navigation"
    /// navgraph's own JSON Lines event log, navgraph-events v1.
    case events = "navgraph-events"
    /// `NavigationPath.CodableRepresentation` JSON (`JSONEncoder().encode(path.codable)`), one state or several.
    case navigationPath = "navigation-path"
    /// NavigatorUI's (hmlongco/Navigator) default logger: `Navigator <UUID> (<name>) <event>` lines.
    case navigator = "navigator"
    /// Swift `dump()` or lldb `po` output of an app's navigation state (routers, paths, presented sheets, tabs).
    case swiftDump = "swift-dump"
    /// `print(path)` / `debugPrint(path)` of a typed path (`[Route]`): `[Shop.Route.detail(id: 42)]`, one state per line.
    case typedPath = "typed-path"
    /// The Composable Architecture's `_printChanges()` output: actions and the diffs of the state they changed.
    case tca = "tca"
}

extension InputFormat {
    /// What the format is, in a few words.
    public var summary: String {
        switch self {
        case .swiftUINavigation: "SwiftUINavigation console output"
        case .events: "navgraph-events v1"
        case .navigationPath: "NavigationPath JSON"
        case .navigator: "NavigatorUI log"
        case .swiftDump: "Swift dump() or lldb po output"
        case .typedPath: "print() of a typed path"
        case .tca: "TCA _printChanges() output"
        }
    }

    /// What the format is and where it comes from, for `navgraph --help`.
    public var helpDescription: String {
        switch self {
        case .swiftUINavigation:
            "SwiftUINavigation console output: printDebugGraph() dumps and Started/Finished lines, console prefixes "
                + "and times (Xcode, NSLog, log stream, [HH:MM:SS])"
        case .events: "navgraph's own JSON Lines log (navgraph-events v1)"
        case .navigationPath: "NavigationPath.CodableRepresentation JSON (path.codable)"
        case .navigator: "NavigatorUI's (hmlongco/Navigator) log lines"
        case .swiftDump: "Swift dump() or lldb po output of an app's navigation state (routers, paths, tabs)"
        case .typedPath: "print(path) or debugPrint(path) of a typed path ([Route]), one state per line"
        case .tca:
            "The Composable Architecture's _printChanges() output: each action and the diff of the state "
                + "(StackState paths, @Presents destinations, alerts, tabs)"
        }
    }

    /// What a line of the format looks like, for the message when no line of the input is in any format.
    public var expectedLines: String {
        switch self {
        case .swiftUINavigation:
            "printDebugGraph() lines such as '<[AppNavigationModel 667...]>' or debug lines such as "
                + "'[HomeNavigationModel E34...]: Started'"
        case .events:
            "JSON Lines such as '{\"event\":\"push\",\"id\":\"8C1F\",\"type\":\"DetailModel\",\"parent\":\"32D0\"}'"
        case .navigationPath:
            "an array of type names and values' JSON, last pushed first, such as "
                + "'[\"MyApp.Route\",\"{\\\"detail\\\":{\\\"id\\\":42}}\"]' (on one line, or pretty-printed from a line '[')"
        case .navigator:
            "'Navigator <UUID> (<name>) <event>' lines such as "
                + "'Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured' (set verbosity: .info)"
        case .swiftDump:
            "a value printed by dump(_:name:) or lldb's po, starting at the left margin with '▿', such as "
                + "'▿ home: MyApp.Router #0' and its properties indented by two spaces"
        case .typedPath:
            "an array of module-qualified values on one line, after any label, such as "
                + "'path: [Shop.Route.list(category: \"shoes\"), Shop.Route.detail(id: 42)]'"
        case .tca:
            "'received action:' then the action and the state's diff indented by two spaces, as "
                + "Reducer._printChanges() prints them"
        }
    }
}

/// Turns one input format, line by line, into `NavEvent`s. Readers own everything format-specific
/// (kind rules, id prefixes, child order); the events they produce are format-blind.
public protocol NavigationReader: AnyObject {
    static var format: InputFormat { get }
    /// How to make this format record each model's lifecycle, for a log that has none (leaks need it).
    static var lifecycleAdvice: String { get }
    /// Whether the reader stamps events with the console's time at the start of their lines itself; for the others
    /// `NavigationInput` gives each event the last console time printed at or before its line.
    static var readsConsoleTimes: Bool { get }
    /// Whether `line` is unmistakably in this format (used to detect the format).
    static func recognizes(_ line: UnsafeBufferPointer<UInt8>) -> Bool
    /// Lines of navigation output read so far (not noise).
    var navigationLineCount: Int { get }
    func read(_ line: UnsafeBufferPointer<UInt8>, info: LineSource.LineInfo, into events: inout [NavEvent])
    /// End of input: emit whatever is still pending.
    func finish(into events: inout [NavEvent])
    /// The input went quiet with something still open (a dump being printed): the events it would give if input
    /// ended now, already completed, without changing the reader's state. A pause never ends anything — where reads
    /// happen to stop must not change what is read — so these are for a live view to show, and to replace.
    func provisional(into events: inout [NavEvent])
    /// The last step of this reader's events, left to whoever consumes them (see `EventCompletion`); `nil` when its
    /// events are complete as read.
    var completion: EventCompletion? { get }
    /// The line just before the one the format was detected from (already counted as skipped), for a format where
    /// it says what follows: lldb's `(lldb) po router` names the value printed next; a lone `[` opens the
    /// NavigationPath array whose first element was recognized.
    func begin(after previous: UnsafeBufferPointer<UInt8>, number: Int)
}

extension NavigationReader {
    public static var lifecycleAdvice: String { "record when each model is created and when it is deallocated" }
    public static var readsConsoleTimes: Bool { false }
    public func provisional(into events: inout [NavEvent]) {}
    public var completion: EventCompletion? { nil }
    public func begin(after previous: UnsafeBufferPointer<UInt8>, number: Int) {}
}

/// Work a reader leaves to the consuming side: done on each event, in order, on the thread that consumes the events
/// — with pipelined reading the other core, which otherwise waits for the reader — before anyone sees the event.
public protocol EventCompletion: AnyObject {
    func complete(_ event: inout NavEvent)
}

extension InputFormat {
    /// How to make a log of this format record each model's lifecycle.
    public var lifecycleAdvice: String { NavigationInput.readerType(for: self).lifecycleAdvice }
}
