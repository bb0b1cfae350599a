import NavGraphCore

/// Reads what Swift's `dump(_:name:)` and lldb's `po` print of an app's navigation state (routers with a
/// `path: [Route]` and a `presentedSheet: Sheet?`, a dictionary of per-tab routers with a `selectedTab`), mapped to
/// navigation by property names (`DumpPropertyNames`). Each dump is a snapshot of a window or of a part of one (see
/// `DumpWindows`); successive dumps make the history. Dumps carry no lifecycle, so nothing here starts or finishes.
///
/// A dump starts at a `▿` line at the left margin and takes every indented dump line after it; other output in
/// between is skipped. It is complete at the next dump or at the end of input — not at a pause: a live log pauses
/// wherever a pipe's writes happen to stop, mid-dump too, and where reads stop must not change what is read.
public final class SwiftDumpReader: NavigationReader {
    public static let format = InputFormat.swiftDump

    private let names: DumpLabelMeanings
    private let labels = DumpedLabels()
    /// Every property as a plain node, not only navigation.
    private let verbose: Bool
    private let diagnostics: DiagnosticHandler
    public private(set) var navigationLineCount = 0
    private var pending: DumpedValues?
    private var pendingCut = false
    /// Indentation problems are said once per dump: one jump shifts every line after it.
    private var pendingWarned = false
    private var windows = DumpWindows()
    /// The selected tab last said of each tabs container (by key).
    private var selected: [String: String] = [:]
    /// Per window, the selected tab last handed on as a `select` per tabs container it shows: the reducer keeps a
    /// selection through snapshots while the tab stays, so it is said again only when it changed or came back.
    private var announced: [Int: [String: String]] = [:]
    /// Reading a dump for `provisional(into:)`: its notes wait for the real reading.
    private var isProvisional = false
    /// Labels and values recur dump after dump (`path`, `presentedSheet: nil`, a route's case): each string is made
    /// once while it stays recent.
    private let strings = RecentStrings()

    public init(names: DumpPropertyNames = .standard, verbose: Bool = false, diagnostics: DiagnosticHandler) {
        self.names = DumpLabelMeanings(names)
        self.verbose = verbose
        self.diagnostics = diagnostics
    }

    public static func recognizes(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        SwiftDumpLine.startsDump(line)
    }

    public func read(_ line: UnsafeBufferPointer<UInt8>, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        guard !info.truncated, let reading = SwiftDumpLine.read(line, strings: strings) else {
            skip(info.number, line)
            return
        }
        switch reading {
        case .cutOff:
            guard pending != nil else { return skip(info.number, line) }
            pendingCut = true
            navigationLineCount += 1
        case .value(let dumpLine) where dumpLine.indent == 0:
            guard dumpLine.marker != .leaf || Self.isEmptyPart(dumpLine) else { return skip(info.number, line) }
            flush(into: &events)
            var values = DumpedValues()
            values.append(dumpLine, depth: 0, number: info.number)
            pending = values
            navigationLineCount += 1
        case .value(let dumpLine):
            guard pending != nil else { return skip(info.number, line) }
            if dumpLine.indent % 2 == 1, !pendingWarned {
                pendingWarned = true
                diagnostics.report(
                    Diagnostic(
                        .warning, line: info.number,
                        "dump line indented by \(dumpLine.indent) spaces; dump() indents by 2 per level: "
                            + "read as level \(dumpLine.depth)"
                    ))
            }
            if dumpLine.depth > pending!.deepestNext, !pendingWarned {
                pendingWarned = true
                diagnostics.report(
                    Diagnostic(
                        .warning, line: info.number,
                        "dump line is indented \(dumpLine.depth - pending!.deepestNext) levels deeper than the line "
                            + "before "
                            + "can have children; attached one level down"))
            }
            pending!.append(dumpLine, depth: dumpLine.depth, number: info.number)
            navigationLineCount += 1
        }
    }

    public func finish(into events: inout [NavEvent]) { flush(into: &events) }

    /// The open dump as if it ended now, for a live view: read for real, then every value it changed put back
    /// (all of the reader's state is values, so a copy is a checkpoint) and its notes kept back, since the real
    /// reading says them.
    public func provisional(into events: inout [NavEvent]) {
        guard pending != nil else { return }
        let saved = (pending, pendingCut, pendingWarned, windows, selected, announced)
        isProvisional = true
        flush(into: &events)
        isProvisional = false
        (pending, pendingCut, pendingWarned, windows, selected, announced) = saved
    }

    /// `- path: 0 elements`, `- presentedSheet: nil`: a named part that is empty, dumped on its own.
    private static func isEmptyPart(_ line: SwiftDumpLine) -> Bool {
        line.label != nil && (line.value == "nil" || line.value == "0 elements" || line.value == "0 key/value pairs")
    }

    private func skip(_ number: Int, _ line: UnsafeBufferPointer<UInt8>) {
        diagnostics.skipped(line: number) { String(decoding: line, as: UTF8.self) }
    }

    private func flush(into events: inout [NavEvent]) {
        guard let values = pending else { return }
        pending = nil
        let place = windows.place(ofDumpNamed: values.name)
        let root = windows.root(for: place)
        let navigation = DumpNavigation(
            values, names: names, labels: labels, verbose: verbose, rootKey: root.key, rootID: root.id,
            rootEdge: root.edge, rootPart: root.part)
        if navigation.wasCut || pendingCut, !isProvisional {
            diagnostics.report(
                Diagnostic(
                    .note, line: values.firstLine,
                    "this dump was cut short (dump()'s maxDepth or maxItems): what it leaves out is not shown"))
        } else if let short = values.firstIncomplete(), !isProvisional {
            let value = values[short]
            let what = [value.label, value.text].compactMap { $0 }.joined(separator: ": ")
            diagnostics.report(
                Diagnostic(
                    .warning, line: value.line,
                    "this dump ends before '\(what)' is complete (\(value.children.count) printed): the output was "
                        + "cut short; what is missing is not shown"))
        }
        pendingCut = false
        pendingWarned = false
        let window = windows.apply(navigation, at: place)
        let snapshot = windows.snapshot(of: window)
        events.append(NavEvent(.snapshot([snapshot]), line: values.firstLine))
        for selection in navigation.selections { selected[selection.tabs] = selection.tab }
        // A snapshot says nothing of selection; the reducer keeps the last one said while its tab stays. Each tabs
        // container of the window whose selected tab a dump said (this one, or an earlier one when this dump is only
        // a part) gets a `select` when that changed, or when the container or its tab left and came back.
        // A window has a few tabs containers: looking for each tab beats hashing every key of the window.
        var shown: [String: String] = [:]
        for entry in snapshot.entries where entry.kind == .tabs {
            guard let tab = selected[entry.model.key], snapshot.entries.contains(where: { $0.model.key == tab })
            else { continue }
            shown[entry.model.key] = tab
            if announced[window]?[entry.model.key] != tab {
                events.append(NavEvent(.select(parent: entry.model.key, tab: tab), line: values.firstLine))
            }
        }
        announced[window] = shown
    }
}
