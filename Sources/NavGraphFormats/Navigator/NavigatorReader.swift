import NavGraphCore

/// Reads the log of NavigatorUI (github hmlongco/Navigator): its default logger's `Navigator <UUID> (<name>) <event>`
/// lines, mixed with whatever else the app prints (skipped). Needs `verbosity: .info` in the app's
/// `NavigationConfiguration`; the default, `.warning`, logs none of these. See `NavigatorTree` for what is read.
public struct NavigatorReader: NavigationReader {

    private let diagnostics: DiagnosticHandler
    private var tree = NavigatorTree()
    /// Counted by the tree as it applies them.
    public var navigationLineCount: Int { tree.appliedLines }

    public init(diagnostics: DiagnosticHandler) {
        self.diagnostics = diagnostics
    }

    public static func recognizes(_ line: ByteLine) -> Bool {
        NavigatorLine(line) != nil
    }

    public mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        guard let located = NavigatorLine.locate(line) else {
            diagnostics.skipped(line: info.number) { line.text }
            return
        }
        let id: ByteLine
        let text: ByteLine
        switch located {
        case .navigator(let navigator, let rest):
            id = navigator
            text = rest
        case .bare(let rest):
            readBare(rest, line: line, info: info, into: &events)
            return
        }
        // A navigator's line past the longest line kept (`pushing(…)` of a value megabytes long): what it did is
        // not known, so it is said, not skipped as the app's own output (`--strict` makes it an error).
        if info.truncated {
            diagnostics.report(
                .unreadable(
                    line: info.number,
                    "looks like a NavigatorUI line but is longer than \(line.count) bytes; not read: "
                        + "'Navigator \(id.text) …'"))
            return
        }
        // An ASCII line (as NavigatorUI prints it) is read byte by byte and applied from its bytes; another as text.
        if text.isASCII {
            guard let (name, shape) = NavigatorLine.scan(text) else {
                diagnostics.skipped(line: info.number) { line.text }
                return
            }
            let step = NavigatorStep(id: id, text: text, name: name, shape: shape)
            tree.apply(step, at: info.number, into: &events, diagnostics: diagnostics)
        } else {
            guard let parsed = NavigatorLine(navigator: id, text: text) else {
                diagnostics.skipped(line: info.number) { line.text }
                return
            }
            NavigatorStep.with(parsed) { tree.apply($0, at: info.number, into: &events, diagnostics: diagnostics) }
        }
    }

    /// A line of 0.8–0.9.25 that puts a word after `Navigator ` (`text`, what follows it): a navigator's lifecycle
    /// (`Navigator deinit: <UUID>`), or a line naming no navigator (`Navigator navigating to: …` to 0.9.11).
    private mutating func readBare(
        _ text: ByteLine, line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]
    ) {
        if let (id, shape) = NavigatorLine.prefixed(text) {
            let step = NavigatorStep(id: text.slice(id), text: text, name: nil, shape: shape)
            tree.apply(step, at: info.number, into: &events, diagnostics: diagnostics)
        } else if let shape = NavigatorLine.anonymous(text) {
            tree.applyAnonymous(shape, in: text, at: info.number, into: &events, diagnostics: diagnostics)
        } else {
            diagnostics.skipped(line: info.number) { line.text }
        }
    }

    /// A navigator dismissed by the last line leaves (see `NavigatorTree.pendingDismissal`). Not shown
    /// provisionally when the input pauses: `tree --follow` would call that state "a dump is still being printed";
    /// the next navigator line settles it.
    public mutating func finish(into events: inout [NavEvent]) {
        tree.finish(into: &events)
    }
}
