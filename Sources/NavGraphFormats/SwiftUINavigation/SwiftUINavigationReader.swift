import NavGraphCore

/// Reads SwiftUINavigation console output — `printDebugGraph()` dumps and `Started`/`Finished` (or the older
/// `Init`/`Deinit`) debug lines, mixed with whatever else the app printed — into `NavEvent`s: a `snapshot` per
/// dump (one window at that moment) and `start`/`finish` per debug line, in input order.
///
/// A dump is a run of dump lines, each at most one level deeper than the one before. Other output between its
/// lines is skipped; an event line or a new line at the dump's root depth ends it.
public struct SwiftUINavigationReader: NavigationReader {
    /// Its own clock dates each Started/Finished line and dump.
    public static let readsConsoleTimes = true

    private var reading: SwiftUINavigationReading

    public var navigationLineCount: Int { reading.navigationLineCount }

    /// Off only in tests, to check that the hints change nothing.
    var usesPreviousDumpHints: Bool {
        get { reading.usesPreviousDumpHints }
        set { reading.usesPreviousDumpHints = newValue }
    }

    /// Kind inference of each dump (see `DumpCompletion`).
    public var completion: EventCompletion? { reading.completion }

    /// - Parameter lenient: skip navigation lines with invalid UTF-8 with a warning instead of an error.
    public init(rules: ModelKindRules = .swiftUINavigation, diagnostics: DiagnosticHandler, lenient: Bool = false) {
        reading = SwiftUINavigationReading(rules: rules, diagnostics: diagnostics, lenient: lenient)
    }

    public static func recognizes(_ line: ByteLine) -> Bool {
        SwiftUINavigationLine.recognizes(line)
    }

    public mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        reading.read(line, info: info, into: &events)
    }

    public mutating func finish(into events: inout [NavEvent]) { reading.finish(into: &events) }

    /// The snapshot of the dump being printed, as if it ended now (see `SwiftUINavigationReading.provisional`).
    public mutating func provisional(into events: inout [NavEvent]) { reading.provisional(into: &events) }
}
