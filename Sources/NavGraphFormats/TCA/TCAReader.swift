import NavGraphCore

/// Reads The Composable Architecture's `Reducer._printChanges()` output (DebugReducer.swift): for each action,
/// `received action:`, the action dumped by swift-custom-dump with an indent of two, then the `diff` of the state
/// (a marker column `-`/`+`/space, then the lines indented by two) or `  (No state changes)`. The reader follows the
/// navigation in the state through the diffs (see `TCAStateMerge`, `TCANavigation`) and emits the state of window
/// `main` after each action that changed it, described by the action; a tab selected, as a `select`.
public struct TCAReader: NavigationReader {
    /// What reading has found so far.
    private var reading: TCAReading
    public var navigationLineCount: Int { reading.navigationLineCount }

    public init(rules: ModelKindRules = ModelKindRules(rules: []), diagnostics: DiagnosticHandler) {
        reading = TCAReading(styles: TCAPresentationStyles(rules: rules), diagnostics: diagnostics)
    }

    static let marker = "received action:"

    /// Where the line ends but for a CR and spaces after it.
    private static func contentEnd(of line: ByteLine) -> Int {
        line.startOfRun { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: " ") }
    }

    static func endsInColon(_ line: ByteLine) -> Bool {
        line[contentEnd(of: line) - 1] == UInt8(ascii: ":")
    }

    public static func recognizes(_ line: ByteLine) -> Bool {
        // Cheap first: the line must end in `:` (a CR or spaces after it aside).
        let end = contentEnd(of: line)
        guard end >= marker.utf8.count, line[end - 1] == UInt8(ascii: ":") else { return false }
        let text = line.prefix(end).text
        return text.hasSuffix(marker) && !text.contains("\"")
    }

    public mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        reading.read(line, info: info, into: &events)
    }

    /// Where `received action:` starts when the line ends with it (spaces after it aside).
    static func marker(in text: ByteLine) -> Int? {
        let marker = Self.marker.utf8.count
        let end = text.startOfRun { $0 == UInt8(ascii: " ") }
        // The first `received action:` of the line, which must be the one it ends with.
        guard end >= marker else { return nil }
        var start = 0
        while start + marker <= end {
            guard let first = text.firstIndex(of: UInt8(ascii: "r"), from: start) else { return nil }
            start = first
            if start + marker > end { return nil }
            if text.matches("received action:", at: start) { return start + marker == end ? start : nil }
            start += 1
        }
        return nil
    }

    enum ConsolePrefix { case matches, differs, decide }

    /// Whether `text` starts with a console prefix like the one in front of its action: the same bytes but for the
    /// digits (each line has its own time, `2026-11-26 19:40:01.123 SyncUps[4242:9111] `); `decide` where that
    /// depends on non-ASCII characters.
    static func consolePrefix(of text: ByteLine, like prefix: [UInt8]) -> ConsolePrefix {
        for (index, expected) in prefix.enumerated() {
            guard let got = text[index] else { return .differs }
            if got == expected || (got.isASCIIDigit && expected.isASCIIDigit) { continue }
            return got >= 0x80 || expected >= 0x80 ? .decide : .differs
        }
        return .matches
    }

    static func side(_ marker: UInt8) -> TCADiffNode.Side? {
        switch marker {
        case UInt8(ascii: " "): .both
        case UInt8(ascii: "-"): .old
        case UInt8(ascii: "+"): .new
        default: nil
        }
    }

    public mutating func finish(into events: inout [NavEvent]) {
        reading.finish(into: &events)
    }
}
