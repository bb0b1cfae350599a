import NavGraphCore

/// Reads what Swift's `dump(_:name:)` and lldb's `po` print of an app's navigation state (routers with a
/// `path: [Route]` and a `presentedSheet: Sheet?`, a dictionary of per-tab routers with a `selectedTab`), mapped to
/// navigation by property names (`DumpPropertyNames`). Each dump is a snapshot of a window or of a part of one (see
/// `DumpWindows`); successive dumps make the history. Dumps carry no lifecycle, so nothing here starts or finishes.
///
/// A dump starts at a `▿` line at the left margin and takes every indented dump line after it; other output in
/// between is skipped. It is complete at the next dump or at the end of input — not at a pause: a live log pauses
/// wherever a pipe's writes happen to stop, mid-dump too, and where reads stop must not change what is read.
///
/// The reading itself is `SwiftDumpReading`; this reader is what the format registry makes of it.
public struct SwiftDumpReader: NavigationReader {
    private var reading: SwiftDumpReading

    public var navigationLineCount: Int { reading.navigationLineCount }

    /// Asked for before the first dump is read, the snapshots are left to it (`DumpSnapshots`); asked later, the
    /// reader goes on making them itself (its windows' changes so far were not recorded).
    public var completion: EventCompletion? { mutating get { reading.completion() } }

    public init(names: DumpPropertyNames = .standard, verbose: Bool = false, diagnostics: DiagnosticHandler) {
        reading = SwiftDumpReading(names: names, verbose: verbose, diagnostics: diagnostics)
    }

    /// `remembersDumps: false` reads every dump, the straightforward way the remembering reader is checked against.
    init(names: DumpPropertyNames, verbose: Bool, remembersDumps: Bool, diagnostics: DiagnosticHandler) {
        reading = SwiftDumpReading(
            names: names, verbose: verbose, remembersDumps: remembersDumps, diagnostics: diagnostics)
    }

    /// How many dumps repeated one read lately and were not read again (for tests).
    var reusedDumps: Int { reading.recent?.reused ?? 0 }

    public static func recognizes(_ line: ByteLine) -> Bool {
        SwiftDumpLine.startsDump(line)
    }

    public mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        reading.read(line, info: info, into: &events)
    }

    public mutating func finish(into events: inout [NavEvent]) { reading.flush(into: &events) }

    public mutating func provisional(into events: inout [NavEvent]) { reading.provisional(into: &events) }

    public mutating func begin(after previous: ByteLine, number: Int) {
        reading.lldbExpression = Self.lldbExpression(previous)
    }

    /// The expression of the lldb command on `line`, when it is one that prints a value: `po router`, `p router`,
    /// `expression router` (after its options) — the dump that follows is named by it, as `dump(router, name:)`
    /// would be. Other lines: `nil`.
    static func lldbExpression(_ line: ByteLine) -> String? {
        let prompt: StaticString = "(lldb) "
        guard line.count > prompt.utf8CodeUnitCount, line.hasPrefix(prompt) else { return nil }
        var words = line.dropFirst(prompt.utf8CodeUnitCount).text
            .split(separator: " ", omittingEmptySubsequences: true)
        guard let command = words.first, ["po", "p", "print", "expression", "expr", "e"].contains(command) else {
            return nil
        }
        words.removeFirst()
        // `expression -O -- router`: the expression follows `--`; without it, options are words starting with `-`.
        if let end = words.firstIndex(of: "--") {
            words.removeSubrange(...end)
        } else {
            while words.first?.hasPrefix("-") == true { words.removeFirst() }
        }
        var expression = Substring(words.joined(separator: " "))
        while let last = expression.last, last == "\r" || last == "\t" || last == " " {
            expression = expression.dropLast()
        }
        return expression.isEmpty ? nil : String(expression)
    }
}
