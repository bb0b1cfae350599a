import NavGraphCore

/// Reads The Composable Architecture's `Reducer._printChanges()` output (DebugReducer.swift): for each action,
/// `received action:`, the action dumped by swift-custom-dump with an indent of two, then the `diff` of the state
/// (a marker column `-`/`+`/space, then the lines indented by two) or `  (No state changes)`. The reader follows the
/// navigation in the state through the diffs (see `TCAStateMerge`, `TCANavigation`) and emits the state of window
/// `main` after each action that changed it, described by the action; a tab selected, as a `select`.
public final class TCAReader: NavigationReader {
    private let diagnostics: DiagnosticHandler
    private let styles: TCAPresentationStyles
    public private(set) var navigationLineCount = 0

    private enum Phase { case idle, action, stateStart, diff }
    private var phase = Phase.idle
    /// What a console put in front of `received action:` (a timestamp, `App[pid:tid]`), taken off the block's lines.
    private var prefix: [UInt8] = []
    private var action = TCAActionText()
    private var tree = TCADiffTreeBuilder()
    private var blockLine = 0
    private var root: TCAFeature?
    private var lastEntries: [Snapshot.Entry] = []
    private var lastSelections: [String: String] = [:]
    private var reportedUnknowns = Set<String>()

    public init(rules: ModelKindRules = ModelKindRules(rules: []), diagnostics: DiagnosticHandler) {
        styles = TCAPresentationStyles(rules: rules)
        self.diagnostics = diagnostics
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

    public func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        var text = line
        if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
        // Only a line that ends in `:` can be an action's first.
        if Self.endsInColon(line), let at = Self.marker(in: text) {
            if phase != .idle {
                diagnostics.report(
                    Diagnostic(
                        .warning, line: blockLine,
                        "the action printed from here ends before its state diff; it is not read"))
            }
            prefix = Array(text.prefix(at))
            phase = .action
            action.reset()
            tree.reset()
            blockLine = info.number
            navigationLineCount += 1
            return
        }
        guard !prefix.isEmpty else { return read(text, line, info, into: &events) }
        switch Self.consolePrefix(of: text, like: prefix) {
        case .matches:
            read(text.dropFirst(prefix.count), line, info, into: &events)
        case .differs:
            skip(line, info)
        case .decide:
            // Another script's characters where the prefix is: decided as characters (digits of any script match).
            let string = text.text
            let prefixString = String(decoding: prefix, as: UTF8.self)
            guard TCAText.hasConsolePrefix(Substring(string), like: Substring(prefixString)) else {
                return skip(line, info)
            }
            String(string.dropFirst(prefixString.count)).withByteLine { read($0, line, info, into: &events) }
        }
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

    /// A line of the block, its console prefix taken off.
    private func read(
        _ text: ByteLine, _ line: ByteLine, _ info: LineSource.LineInfo, into events: inout [NavEvent]
    ) {
        switch phase {
        case .idle:
            skip(line, info)
        case .action:
            guard text.hasPrefix("  ") else { return skip(line, info) }
            action.add(text.dropFirst(2))
            navigationLineCount += 1
            if action.isComplete { phase = .stateStart }
        case .stateStart, .diff:
            if phase == .stateStart, text == "  (No state changes)" {
                navigationLineCount += 1
                phase = .idle
                return
            }
            guard let marker = text[0], let side = Self.side(marker), text[1] == UInt8(ascii: " ") else {
                return skip(line, info)
            }
            navigationLineCount += 1
            phase = .diff
            tree.add(side: side, content: text.dropFirst(2))
            if let diff = tree.root {
                phase = .idle
                apply(diff, into: &events)
            }
        }
    }

    private func skip(_ line: ByteLine, _ info: LineSource.LineInfo) {
        diagnostics.skipped(line: info.number) { line.text }
    }

    private static func side(_ marker: UInt8) -> TCADiffNode.Side? {
        switch marker {
        case UInt8(ascii: " "): .both
        case UInt8(ascii: "-"): .old
        case UInt8(ascii: "+"): .new
        default: nil
        }
    }

    private func apply(_ diff: Int, into events: inout [NavEvent]) {
        let feature = root ?? TCAFeature(type: nil)
        root = feature
        let unknowns = tree.withDiff { tree in
            var merge = TCAStateMerge(tree)
            merge.merge(diff, into: feature)
            return merge.unknowns
        }
        for unknown in unknowns where reportedUnknowns.insert(unknown).inserted {
            diagnostics.report(
                Diagnostic(.note, line: blockLine, "not known yet: \(unknown) (the diffs show only what changed)"))
        }
        let navigation = TCANavigation(root: feature, styles: styles)
        if navigation.entries != lastEntries {
            lastEntries = navigation.entries
            let snapshot = Snapshot(window: "main", entries: navigation.entries, origin: .described(action.text))
            events.append(NavEvent(.snapshot([snapshot]), line: blockLine))
        }
        for (container, tab) in navigation.selections where lastSelections[container] != tab {
            lastSelections[container] = tab
            events.append(NavEvent(.select(parent: container, tab: tab), line: blockLine))
        }
    }

    public func finish(into events: inout [NavEvent]) {
        if phase != .idle {
            diagnostics.report(
                Diagnostic(
                    .warning, line: blockLine, "the input ends inside the action printed from here; it is not read"))
        }
    }
}
