import NavGraphCore

/// Reads The Composable Architecture's `Reducer._printChanges()` output (DebugReducer.swift): for each action,
/// `received action:`, the action dumped by swift-custom-dump with an indent of two, then the `diff` of the state
/// (a marker column `-`/`+`/space, then the lines indented by two) or `  (No state changes)`. The reader follows the
/// navigation in the state through the diffs (see `TCAStateMerge`, `TCANavigation`) and emits the state of window
/// `main` after each action that changed it, described by the action; a tab selected, as a `select`.
public final class TCAReader: NavigationReader {
    private let diagnostics: DiagnosticHandler
    private let rules: ModelKindRules
    public private(set) var navigationLineCount = 0

    private enum Phase { case idle, action, stateStart, diff }
    private var phase = Phase.idle
    /// What a console put in front of `received action:` (a timestamp, `App[pid:tid]`), taken off the block's lines.
    private var prefix: Substring = ""
    private var action = TCAActionText()
    private var tree = TCADiffTreeBuilder()
    private var blockLine = 0
    private var root: TCAFeature?
    private var lastEntries: [Snapshot.Entry] = []
    private var lastSelections: [String: String] = [:]
    private var reportedUnknowns = Set<String>()

    public init(rules: ModelKindRules = ModelKindRules(rules: []), diagnostics: DiagnosticHandler) {
        self.rules = rules
        self.diagnostics = diagnostics
    }

    static let marker = "received action:"

    static func endsInColon(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: "\r") || line[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return end > 0 && line[end - 1] == UInt8(ascii: ":")
    }

    public static func recognizes(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        // Cheap first: the line must end in `:` (a CR or spaces after it aside).
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: "\r") || line[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard end >= marker.utf8.count, line[end - 1] == UInt8(ascii: ":") else { return false }
        let text = String(decoding: UnsafeBufferPointer(rebasing: line[..<end]), as: UTF8.self)
        return text.hasSuffix(marker) && !text.contains("\"")
    }

    public func read(_ line: UnsafeBufferPointer<UInt8>, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        var text = Substring(String(decoding: line, as: UTF8.self))
        if text.last == "\r" { text = text.dropLast() }
        // Only a line that ends in `:` can be an action's first (Foundation's search on every line was most of the
        // reading).
        if Self.endsInColon(line), let range = text.range(of: Self.marker),
            text[range.upperBound...].allSatisfy({ $0 == " " })
        {
            if phase != .idle {
                diagnostics.report(
                    Diagnostic(
                        .warning, line: blockLine,
                        "the action printed from here ends before its state diff; it is not read"))
            }
            prefix = text[..<range.lowerBound]
            phase = .action
            action = TCAActionText()
            tree = TCADiffTreeBuilder()
            blockLine = info.number
            navigationLineCount += 1
            return
        }
        if !prefix.isEmpty {
            guard Self.hasConsolePrefix(text, like: prefix) else { return skip(line, info) }
            text = text.dropFirst(prefix.count)
        }
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
            guard text.count >= 2, let side = Self.side(text.first!), text.dropFirst().first == " " else {
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

    /// Whether `text` starts with a console prefix like the one in front of its action: the same characters but
    /// for the digits (each line has its own time, `2026-11-26 19:40:01.123 SyncUps[4242:9111] `).
    static func hasConsolePrefix(_ text: Substring, like prefix: Substring) -> Bool {
        var line = text.unicodeScalars.makeIterator()
        for expected in prefix.unicodeScalars {
            guard let got = line.next() else { return false }
            let digits = (expected.properties.numericType != nil, got.properties.numericType != nil)
            if got != expected && !(digits.0 && digits.1) { return false }
        }
        return true
    }

    private func skip(_ line: UnsafeBufferPointer<UInt8>, _ info: LineSource.LineInfo) {
        diagnostics.skipped(line: info.number) { String(decoding: line, as: UTF8.self) }
    }

    private static func side(_ marker: Character) -> TCADiffNode.Side? {
        switch marker {
        case " ": .both
        case "-": .old
        case "+": .new
        default: nil
        }
    }

    private func apply(_ diff: TCADiffNode, into events: inout [NavEvent]) {
        let feature = root ?? TCAFeature(type: nil)
        root = feature
        var merge = TCAStateMerge()
        merge.merge(diff, into: feature)
        for unknown in merge.unknowns where reportedUnknowns.insert(unknown).inserted {
            diagnostics.report(
                Diagnostic(.note, line: blockLine, "not known yet: \(unknown) (the diffs show only what changed)"))
        }
        let navigation = TCANavigation(root: feature, rules: rules)
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
