import NavGraphCore

/// What `TCAReader` has read so far, and the reading of a line: where in an action's block the reader is, the block
/// taken so far, and the navigation the diffs have shown. A struct that reads a line in one mutating call, so that
/// what a line changes is checked at run time for exclusive access once, not property by property (see
/// `TCAReader.reading`).
struct TCAReading {
    private let diagnostics: DiagnosticHandler
    private let styles: TCAPresentationStyles
    private(set) var navigationLineCount = 0

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

    init(styles: TCAPresentationStyles, diagnostics: DiagnosticHandler) {
        self.styles = styles
        self.diagnostics = diagnostics
    }

    mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        var text = line
        if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
        // Only a line that ends in `:` can be an action's first.
        if TCAReader.endsInColon(line), let at = TCAReader.marker(in: text) {
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
        switch TCAReader.consolePrefix(of: text, like: prefix) {
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

    /// A line of the block, its console prefix taken off.
    private mutating func read(
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
            guard let marker = text[0], let side = TCAReader.side(marker), text[1] == UInt8(ascii: " ") else {
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

    private mutating func apply(_ diff: Int, into events: inout [NavEvent]) {
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

    func finish(into events: inout [NavEvent]) {
        if phase != .idle {
            diagnostics.report(
                Diagnostic(
                    .warning, line: blockLine, "the input ends inside the action printed from here; it is not read"))
        }
    }
}
