import NavGraphCore

/// The Swift dump() reader's state and work (`SwiftDumpReader` holds it): a dump's lines are kept as they come and
/// read when the dump is complete, unless it repeats one read lately (`RecentDumps`).
struct SwiftDumpReading {
    private let names: DumpLabelMeanings
    private let labels = DumpedLabels()
    private let entryKeys = RecentIDs()
    /// Every property as a plain node, not only navigation.
    private let verbose: Bool
    private let diagnostics: DiagnosticHandler
    private(set) var navigationLineCount = 0
    private var pending: DumpLines?
    /// Indentation problems are said once per dump: one jump shifts every line after it.
    private var pendingWarned = false
    private var windows = DumpWindows()
    /// The selected tab last said of each tabs container (by key).
    private var selected: [String: String] = [:]
    /// Per window, the selected tab last handed on as a `select` per tabs container it shows: the reducer keeps a
    /// selection through snapshots while the tab stays, so it is said again only when it changed or came back.
    private var announced: [Int: [String: String]] = [:]
    /// The dictionary `flush` says which tabs each container shows in, kept for the next dump.
    private var shownScratch: [String: String]?
    /// Reading a dump for `provisional(into:)`: its notes wait for the real reading.
    private var isProvisional = false
    /// Where the snapshots are made when the events' consumer completes them (`completion`); `nil`: here.
    private var snapshots: DumpSnapshots?
    /// The expression of the lldb command on the line before (`SwiftDumpReader.lldbExpression`), which names the
    /// dump that follows; `nil` after any other line.
    var lldbExpression: String?
    /// The last dump's lines, kept for the next dump's (`DumpLines.restart`), and whether `recent` keeps their
    /// bytes.
    private var spareLines: (lines: DumpLines, bytesKept: Bool)?
    /// The last dump's values' storage, reused (`DumpedValues.removeAll`).
    private var spareValues: DumpedValues?
    /// Value lines recur dump after dump: each read once while it stays recent.
    private var valueLines = RecentValueLines()
    /// Dumps read lately, so that one repeating an earlier one is not read again (`nil`: each is read).
    private(set) var recent: RecentDumps?

    /// What reading a dump's lines gave.
    struct Reading {
        var navigation: DumpNavigation
        /// The first value that has fewer children than it says (the output stopped mid-dump): its position among
        /// the dump's lines, and what the warning says of it.
        var incomplete: (position: Int, what: String, printed: Int)?
    }

    init(names: DumpPropertyNames, verbose: Bool, remembersDumps: Bool = true, diagnostics: DiagnosticHandler) {
        self.names = DumpLabelMeanings(names)
        self.verbose = verbose
        self.diagnostics = diagnostics
        recent = remembersDumps ? RecentDumps() : nil
    }

    /// Asked for before the first dump is read, the snapshots are left to it (`DumpSnapshots`); asked later, the
    /// reader goes on making them itself (its windows' changes so far were not recorded).
    mutating func completion() -> EventCompletion? {
        if snapshots == nil, windows.windows.isEmpty, pending == nil {
            snapshots = DumpSnapshots()
            windows.recordsChanges = true
        }
        return snapshots
    }

    mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        guard !info.truncated else { return skip(info.number, line) }
        let indent = line.endOfRun(from: 0) { $0 == .space }
        if indent == 0 { return readFirst(line, info: info, into: &events) }
        // A dump's other lines are kept as they are until it is complete (and read then): here only what kind of
        // line each is.
        switch SwiftDumpLine.kind(of: line, indent: indent) {
        case nil:
            lldbExpression = nil
            skip(info.number, line)
        case .cutOff:
            guard pending != nil else { return skip(info.number, line) }
            pending?.appendCut(line, indent: indent)
            navigationLineCount += 1
        case .value:
            guard let deepestNext = pending?.deepestNext else { return skip(info.number, line) }
            let depth = indent / 2
            if indent % 2 == 1, !pendingWarned {
                pendingWarned = true
                diagnostics.report(
                    Diagnostic(
                        .warning, line: info.number,
                        "dump line indented by \(indent) spaces; dump() indents by 2 per level: "
                            + "read as level \(depth)"
                    ))
            }
            if depth > deepestNext, !pendingWarned {
                pendingWarned = true
                diagnostics.report(
                    Diagnostic(
                        .warning, line: info.number,
                        "dump line is indented \(depth - deepestNext) levels deeper than the line "
                            + "before "
                            + "can have children; attached one level down"))
            }
            pending?.append(line, depth: depth, number: info.number)
            navigationLineCount += 1
        }
    }

    /// A line at the left margin: a dump's first line, a cut-off note, or other output.
    private mutating func readFirst(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        guard let reading = SwiftDumpLine.read(line) else {
            lldbExpression = SwiftDumpReader.lldbExpression(line)
            return skip(info.number, line)
        }
        switch reading {
        case .cutOff:
            guard pending != nil else { return skip(info.number, line) }
            pending?.appendCut(line, indent: 0)
            navigationLineCount += 1
        case .value(let dumpLine):
            guard dumpLine.marker != .leaf || Self.isEmptyPart(dumpLine) else { return skip(info.number, line) }
            flush(into: &events)
            // Named by `dump(_, name:)`, else by the lldb command that printed it.
            let name = dumpLine.label ?? lldbExpression
            if case (var lines, let bytesKept)? = spareLines.take() {
                lines.restart(root: line, name: name, number: info.number, bytesKept: bytesKept)
                pending = lines
            } else {
                pending = DumpLines(root: line, name: name, number: info.number)
            }
            lldbExpression = nil
            navigationLineCount += 1
        }
    }

    /// The open dump as if it ended now, for a live view: read for real, then every value it changed put back
    /// (all of the reader's state is values, so a copy is a checkpoint) and its notes kept back, since the real
    /// reading says them.
    mutating func provisional(into events: inout [NavEvent]) {
        guard pending != nil else { return }
        let saved = (pending, pendingWarned, windows, selected, announced)
        isProvisional = true
        flush(into: &events)
        isProvisional = false
        (pending, pendingWarned, windows, selected, announced) = saved
    }

    /// `- path: 0 elements`, `- presentedSheet: nil`: a named part that is empty, dumped on its own.
    private static func isEmptyPart(_ line: SwiftDumpLine) -> Bool {
        line.label != nil && (line.value == "nil" || line.value == "0 elements" || line.value == "0 key/value pairs")
    }

    private func skip(_ number: Int, _ line: ByteLine) {
        diagnostics.skipped(line: number) { line.text }
    }

    mutating func flush(into events: inout [NavEvent]) {
        guard let lines = pending else { return }
        pending = nil
        // Bytes kept by `recent` are not written over: the next dump's start in new storage.
        var bytesKept = false
        defer { if !isProvisional { spareLines = (lines, bytesKept) } }
        let place = windows.place(ofDumpNamed: lines.name)
        let root = windows.root(for: place)
        // A cut dump's reading depends on its `maxItems` notes, which are not among the lines dumps are told apart
        // by; such dumps are rare, so they are read each time. Nor is a provisional reading remembered: it reads
        // the open dump as still being printed.
        let remembers = recent != nil && lines.cuts.isEmpty && !isProvisional
        let reading: Reading
        if remembers, let known = recent?.reading(of: lines, at: root) {
            reading = known
        } else {
            reading = read(lines, at: root)
            if remembers {
                recent?.remember(reading, of: lines, at: root)
                bytesKept = true
            }
        }
        let navigation = reading.navigation
        let (window, keptLastKnown, unknownEntries) = windows.apply(navigation, at: place)
        if navigation.wasCut, !isProvisional {
            diagnostics.report(
                Diagnostic(
                    .warning, line: lines.firstLine,
                    "\(Self.describe(lines.name)) is cut short by \(Self.describeCut(navigation)): "
                        + (keptLastKnown
                            ? "the parts it leaves out keep their last known state"
                            : "the parts it leaves out are not shown (nothing was known of them before)")
                        + unknownEntries.map { "; " + $0 }.joined()))
        } else if let short = reading.incomplete, !isProvisional {
            diagnostics.report(
                Diagnostic(
                    .warning, line: lines.numbers[short.position],
                    "this dump ends before \(short.what.isEmpty ? "a value with no name" : "'\(short.what)'") is "
                        + "complete (\(short.printed) printed): the output was cut short; what is missing is not shown")
            )
        }
        pendingWarned = false
        for name in windows.absorbed(by: window) {
            events.append(NavEvent(.closeWindow(name), line: lines.firstLine))
        }
        if let snapshots, !isProvisional {
            // Made by `DumpSnapshots` where the snapshot is consumed.
            snapshots.enqueue(windows.takeChanges(), window: window)
            events.append(
                NavEvent(.snapshot([Snapshot(window: windows.name(of: window), entries: [])]), line: lines.firstLine))
        } else {
            events.append(NavEvent(.snapshot([windows.snapshot(of: window)]), line: lines.firstLine))
        }
        // The snapshot's entries are the window's nodes.
        let nodes = windows.nodes(of: window)
        for selection in navigation.selections { selected[selection.tabs] = selection.tab }
        // A snapshot says nothing of selection; the reducer keeps the last one said while its tab stays. Each tabs
        // container of the window whose selected tab a dump said (this one, or an earlier one when this dump is only
        // a part) gets a `select` when that changed, or when the container or its tab left and came back.
        // A window has a few tabs containers: looking for each tab beats hashing every key of the window.
        // Filled in the last dump's dictionary and stored only when it changed: a new dictionary per dump was an
        // allocation each on the reading thread.
        var shown = shownScratch.take() ?? [:]
        shown.removeAll(keepingCapacity: true)
        defer { shownScratch = shown }
        // The window's nodes are read in place: `for entry in nodes` copied every node of the window per dump
        // (retaining and releasing its strings).
        for index in nodes.indices where nodes[index].kind == .tabs {
            let key = nodes[index].model.key
            guard let tab = selected[key], nodes.indices.contains(where: { nodes[$0].model.key == tab }) else {
                continue
            }
            shown[key] = tab
            if announced[window]?[key] != tab {
                events.append(NavEvent(.select(parent: key, tab: tab), line: lines.firstLine))
            }
        }
        if announced[window] != shown { announced[window] = shown }
    }

    /// `dump of 'home'`, `dump of window main` (a dump without a name), as `history` says it.
    private static func describe(_ name: String?) -> String {
        name.map { "dump of '\($0)'" } ?? "dump of window main"
    }

    /// `maxDepth (2 values printed without their children)`, `maxItems (3 more children not printed)`, or both.
    private static func describeCut(_ navigation: DumpNavigation) -> String {
        var parts: [String] = []
        if navigation.cutByDepth > 0 {
            let values = navigation.cutByDepth == 1 ? "1 value" : "\(navigation.cutByDepth) values"
            parts.append(
                "maxDepth (\(values) printed without \(navigation.cutByDepth == 1 ? "its" : "their") children)")
        }
        if navigation.cutByItems > 0 || navigation.cutByDepth == 0 {
            let children = navigation.cutByItems == 1 ? "1 more child" : "\(navigation.cutByItems) more children"
            parts.append("maxItems (\(children) not printed)")
        }
        return parts.joined(separator: " and ")
    }

    /// A dump's lines read: their values, then the navigation they show.
    private mutating func read(_ lines: DumpLines, at root: DumpWindows.Root) -> Reading {
        // The last dump's values' storage, reused (`DumpedValues.removeAll`).
        var values = spareValues.take() ?? DumpedValues()
        defer { spareValues = values }
        lines.read(into: &values, reading: &valueLines)
        if isProvisional { values.markStillPrinted() }
        values.readLLDBForm(names: names)
        values.readPropertyWrappers(stillPrinted: isProvisional)
        let navigation = DumpNavigation(
            values, names: names, labels: labels, entryKeys: entryKeys, verbose: verbose, rootKey: root.key,
            rootID: root.id,
            rootEdge: root.edge, rootPart: root.part)
        let incomplete = values.firstIncomplete().map { short in
            let value = values[short]
            let what = [value.label, value.text].compactMap { $0 }.joined(separator: ": ")
            return (position: short, what: what, printed: value.children.count)
        }
        return Reading(navigation: navigation, incomplete: incomplete)
    }
}
