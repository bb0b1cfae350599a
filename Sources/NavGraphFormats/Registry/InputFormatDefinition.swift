import NavGraphCore

/// Everything navgraph knows about one input format, declared in one place: a caseless enum in the format's own
/// folder, listed once in `InputFormats.all`. Detection, `--input-format` and its help, the message when nothing in an
/// input is in any format, and fuzzing (`navgraph-fuzz <name>`, `scripts/fuzz <name>`) all read it from there, so a
/// new format touches nothing else (see "How to add an input format" in this folder's README).
public protocol InputFormatDefinition: Sendable {
    /// The format's name: `--input-format`'s value, the name messages and help give it, the fuzz target's name.
    static var name: String { get }
    /// Other names `--input-format` takes for it (an older name kept working).
    static var aliases: [String] { get }
    /// What the format is, in a few words ("NavigatorUI log").
    static var summary: String { get }
    /// What the format is and where it comes from, for the list of formats in `navgraph --help`.
    static var helpDescription: String { get }
    /// What a line of the format looks like, for the message when no line of an input is in it.
    static var expectedLines: String { get }
    /// How to make a log of this format record each model's lifecycle, for a log that has none (leaks need it).
    static var lifecycleAdvice: String { get }
    /// What the reader skips with a warning when reading leniently ("navgraph-events lines"), for the help of the
    /// option that asks for it; `nil` when leniency changes nothing in this format.
    static var lenientSkips: String? { get }
    /// Whether `line` (terminal escapes taken out, not blank) is unmistakably in this format. Asked of each line until
    /// a format recognises one, in the order of `InputFormats.all` — a format whose lines others might also claim
    /// comes after them — so it must be cheap and must not claim another format's lines or the app's own output.
    static func recognizes(_ line: ByteLine) -> Bool
    /// A reader for one input, made once the format is known (detected, or named).
    static func makeReader(_ setup: ReaderSetup) -> any NavigationReader
    /// Files the fuzzer starts from and the fuzz regression test replays: paths relative to the repository, a `*`
    /// in the last component standing for any run of characters (`examples/*.log`).
    static var fuzzSeeds: [String] { get }
    /// Something worth saying once an input of this format is read, about what it held (`nil`: nothing).
    static func remark(on hierarchy: Hierarchy, showsEverything: Bool) -> InputRemark?
}

extension InputFormatDefinition {
    public static var aliases: [String] { [] }
    public static var lifecycleAdvice: String { "record when each model is created and when it is deallocated" }
    public static var lenientSkips: String? { nil }
    public static func remark(on hierarchy: Hierarchy, showsEverything: Bool) -> InputRemark? { nil }
}

/// What a reader is made with: the input's settings, whichever apply to its format.
public struct ReaderSetup {
    public var diagnostics: DiagnosticHandler
    /// Which models are which kind of container (SwiftUINavigation names models, not kinds).
    public var rules: ModelKindRules
    /// Skip what cannot be read with a warning instead of an error.
    public var lenient: Bool
    /// Which property names mean navigation in `dump()` output.
    public var dumpPropertyNames: DumpPropertyNames
    /// Show everything read as a node, not only navigation (every dumped property).
    public var showsEverything: Bool

    public init(
        diagnostics: DiagnosticHandler, rules: ModelKindRules = .swiftUINavigation, lenient: Bool = false,
        dumpPropertyNames: DumpPropertyNames = .standard, showsEverything: Bool = false
    ) {
        self.diagnostics = diagnostics
        self.rules = rules
        self.lenient = lenient
        self.dumpPropertyNames = dumpPropertyNames
        self.showsEverything = showsEverything
    }
}

/// Something a format says about an input once it is read, as data: the command line words it.
public enum InputRemark: Sendable, Equatable {
    /// dump() output whose property names mean no navigation: each window shows its root alone.
    case dumpsHoldNoNavigation
}
