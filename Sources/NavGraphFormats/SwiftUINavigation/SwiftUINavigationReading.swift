import NavGraphCore

/// The SwiftUINavigation reader's state and work (`SwiftUINavigationReader` holds it): a line's work is one access to
/// it, where each of the class's stored properties touched was an exclusivity check at run time (together a tenth of
/// reading a console log, callgrind).
struct SwiftUINavigationReading {
    private let diagnostics: DiagnosticHandler
    private let lenient: Bool
    private var identities = ModelIdentities()
    private let types = NameTable()
    private var dumpCount = 0
    private var verdicts: KindRuleVerdicts
    private let dumpCompletion = DumpCompletion()
    /// The dump being read (its lines are in `pendingLines`); `nil` between dumps.
    private var pending: PendingDump?
    /// The lines of the dump being read: one buffer kept for every dump, never reallocated once big enough.
    private var pendingLines: [DumpLine] = []
    /// The texts of the pending dump's long ids (whole UUIDs, in older logs).
    private var pendingLongIDs: [String] = []
    /// Scratch space of `flushDump`, kept between dumps for the same reason.
    private var parentsBuffer: [Int] = []
    private var ancestorsBuffer: [Int] = []
    private var windows: [WindowTrack] = []
    /// Times from a console's prefix, for the events of the lines that have one.
    private var clock = ConsoleClock()
    /// The models of the latest dump, in its line order (see `flushDump`).
    private var previousDump: [Identity] = []
    /// Off only in tests, to check that the hints change nothing.
    var usesPreviousDumpHints = true
    private(set) var navigationLineCount = 0
    /// Inside `provisional(into:)`: nothing is reported.
    private var isProvisional = false
    /// The line last read was a dump's line cut short (it looks like one but cannot be read) while a dump was open:
    /// at the end of the input, that dump is the one the app was printing when it stopped (killed, or the console
    /// cut), and is not applied — what it did not print would read as gone, a false leak.
    private var cutDumpLine: Int?

    init(rules: ModelKindRules, diagnostics: DiagnosticHandler, lenient: Bool) {
        self.verdicts = KindRuleVerdicts(rules: rules)
        self.diagnostics = diagnostics
        self.lenient = lenient
    }

    mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        cutDumpLine = nil
        // The type name's bracket check is left to the name table: judged once per name, not on every line.
        guard !info.truncated,
            let spans = SwiftUINavigationLine.scan(line, checkingTypeBrackets: false)
                ?? SwiftUINavigationLine.scanAnnotatedDump(line, checkingTypeBrackets: false)
        else {
            skip(line, number: info.number)
            return
        }
        let typeIndex = types.index(of: line.slice(spans.type))
        let idBytes = line.slice(spans.id)
        let plainType = types.isPlainTypeName(at: typeIndex)
        if !plainType && types[typeIndex].containsBracket {
            skip(line, number: info.number)
            return
        }
        if !plainType || (!idBytes.isASCII && idBytes.validatedText == nil) {
            // A model's name with invalid UTF-8 cannot be shown faithfully: say so rather than invent one.
            let id = idBytes.text
            let message = "invalid UTF-8 in a SwiftUINavigation line (model \(types[typeIndex].name) \(id))"
            diagnostics.report(
                lenient
                    ? .skippedLeniently(line: info.number, message)
                    : Diagnostic(.error, line: info.number, message + "; line not read"))
            return
        }
        navigationLineCount += 1
        let name = PrintedName(type: typeIndex, id: PrintedID(idBytes))
        let time = clock.time(at: line) ?? info.time
        if let trailing = spans.trailing {
            diagnostics.report(
                Diagnostic(
                    .note, line: info.number,
                    "text after the dump line ignored: " + excerpt(line.slice(trailing))))
        }
        switch spans.content {
        case .dump(let tabs, let spaces):
            let longID = name.id.isLong ? idBytes.text : nil
            addDumpLine(name, longID: longID, tabs: tabs, spaces: spaces, line: info.number, into: &events)
            if pending?.time == nil { pending?.time = time }
        case .event(let lifecycle):
            flushDump(into: &events)
            readEvent(
                name, text: { idBytes.text }, lifecycle: lifecycle, line: info.number,
                into: &events)
            if let time { events[events.count - 1].time = time }
        }
    }

    /// A line that is not navigation output. One that looks like it (`<[`, or an id's `...]`) but cannot be read is
    /// named: the hierarchy may be missing something, which `--strict` makes an error.
    private mutating func skip(_ line: ByteLine, number: Int) {
        if SwiftUINavigationLine.looksLikeNavigation(line) {
            // A dump line cut short right after the open dump's last line: where the dump stops, if the input ends.
            if pending != nil, pendingLines.last?.line == number - 1, SwiftUINavigationLine.startsLikeDumpLine(line) {
                cutDumpLine = number
            }
            diagnostics.report(
                .unreadable(line: number, "looks like SwiftUINavigation output but cannot be read: " + excerpt(line)))
        } else {
            diagnostics.skipped(line: number) { line.text }
        }
    }

    /// The start of some text, in quotes, for a diagnostic.
    private func excerpt(_ bytes: ByteLine) -> String {
        let limit = 120
        let text = bytes.prefix(limit + 4).text
        return "'" + (text.count > limit ? String(text.prefix(limit)) + "…" : text) + "'"
    }

    /// Kind inference of each dump (see `DumpCompletion`).
    var completion: EventCompletion? { dumpCompletion }

    mutating func finish(into events: inout [NavEvent]) {
        if let cut = cutDumpLine, let dump = pending {
            pending = nil
            diagnostics.report(
                Diagnostic(
                    .warning, line: dump.firstLine,
                    "the input ends inside this dump (line \(cut) is cut short): the dump is not applied, and the "
                        + "state stays as the last whole dump left it"))
            return
        }
        flushDump(into: &events)
    }

    /// The snapshot of the dump being printed, as if it ended now — completed (kinds inferred) and without
    /// committing anything: the reader's state afterwards is exactly what it was.
    ///
    /// A pause does not end a dump. `printDebugGraph()` prints a whole dump at once, but a console pty delivers it a
    /// line at a time, with pauses of any length in between, so ending a dump at a pause split one dump into many
    /// (each cut-off line became the root of a new window). The live view shows this instead, and replaces it once
    /// the dump really ends.
    mutating func provisional(into events: inout [NavEvent]) {
        guard pending != nil else { return }
        // What reading a dump changes: the reader's values, and the fields of every model it could touch — live
        // ones (pairing, placing, inference) and those the windows' last dumps listed (the hints). A dump line never
        // touches a model that is gone, and models made now are dropped with the restored values.
        let savedPending = pending
        let savedDumpCount = dumpCount
        let savedIdentities = identities
        let savedWindows = windows
        let savedPreviousDump = previousDump
        let savedLines = pendingLines
        let savedLongIDs = pendingLongIDs
        var savedStates: [(Identity, Identity.State)] = []
        identities.forEachLive { savedStates.append(($0, $0.state)) }
        for identity in previousDump where !identity.isGone { savedStates.append((identity, identity.state)) }
        for window in windows {
            for identity in window.listed where !identity.isGone { savedStates.append((identity, identity.state)) }
        }

        isProvisional = true
        let first = events.count
        appendUnprintedRemainder()
        flushDump(into: &events)
        for index in first..<events.count { dumpCompletion.complete(&events[index]) }
        isProvisional = false

        pending = savedPending
        dumpCount = savedDumpCount
        identities = savedIdentities
        windows = savedWindows
        previousDump = savedPreviousDump
        pendingLines = savedLines
        pendingLongIDs = savedLongIDs
        for (identity, state) in savedStates { identity.state = state }
    }

    /// Completes a half-printed dump with what its window's last dump had below the lines still open — the models
    /// the app has not printed *yet*. Without them a sheet printed before the tabs looked like the only tab (`tab 1`)
    /// and the real tabs vanished until the dump ended. A model of the last dump under a branch this dump has
    /// already closed is left out: it was not printed where it was, so it is gone or moved.
    private mutating func appendUnprintedRemainder() {
        guard let root = pendingLines.first,
            let window = windows.first(where: { $0.lines.first?.name == root.name })
        else { return }
        // The chain of lines still open at the end of what was printed, by depth.
        var open: [PrintedName] = []
        for line in pendingLines {
            open.removeLast(max(0, open.count - line.depth))
            open.append(line.name)
        }
        let printed = pendingLines.map(\.name)
        // For each depth of the last dump's walk: whether the line there is on the open chain (its unprinted
        // children belong at the end) or is itself added (all its unprinted descendants follow).
        enum Place { case onOpenChain, added, skipped }
        var places: [Place] = []
        for line in window.lines {
            places.removeLast(max(0, places.count - line.depth))
            let parent = places.last ?? .onOpenChain
            let place: Place
            if line.depth < open.count, open[line.depth] == line.name, parent == .onOpenChain {
                place = .onOpenChain
            } else if parent == .skipped || printed.contains(line.name) {
                place = .skipped
            } else {
                place = .added
            }
            places.append(place)
            guard place == .added else { continue }
            var added = line
            added.longID = line.longID >= 0 ? keep(window.longIDs[line.longID]) : -1
            pendingLines.append(added)
        }
    }

    // MARK: Events

    /// `text` gives the id as printed (made only when a new model or a note needs it).
    private mutating func readEvent(
        _ name: PrintedName, text: () -> String, lifecycle: SwiftUINavigationLine.Lifecycle, line: Int,
        into events: inout [NavEvent]
    ) {
        switch lifecycle {
        case .started:
            // Looked up before: a closure reading `self` cannot be handed to a change of `identities`.
            let verdict = verdict(of: name)
            let (identity, ambiguity) = identities.started(name, text: text, verdict: { verdict }, types: types)
            if let ambiguity { reportAmbiguity(ambiguity, name, text: text, line: line) }
            events.append(NavEvent(.start(identity.model, kind: identity.rule.kind), line: line))
        case .finished:
            let (model, started, ambiguity) = identities.finished(name, text: text, types: types)
            if let ambiguity { reportAmbiguity(ambiguity, name, text: text, line: line) }
            // A finished root closes its window.
            windows.removeAll { $0.root.model.key == model.key }
            // A model created but never shown (a tab never selected) prints Finished without Started.
            events.append(NavEvent(.finish(model, neverStarted: !started), line: line))
        }
    }

    private mutating func verdict(of name: PrintedName) -> RuleVerdict {
        verdicts.verdict(ofType: name.type, in: types)
    }

    private func reportAmbiguity(_ pairing: AmbiguousPairing, _ name: PrintedName, text: () -> String, line: Int) {
        // A provisional reading is done again for real once the dump ends: its notes would be said twice.
        guard !isProvisional else { return }
        diagnostics.ambiguous(line: line) {
            let type = types[name.type].name
            let id = text()
            return Diagnostic(
                .note, line: line, pairing.message(type: type, id: id), topic: .ambiguousID(type: type, id: id))
        }
    }

    // MARK: Dumps

    private struct PendingDump {
        var firstLine: Int
        var baseTabs: Int
        var baseSpaces: Int
        var spaceUnit: Int?
        var sawTabs = false
        var sawSpaces = false
        var warnedMixed = false
        /// The console's time on its first line that has one.
        var time: Double?
    }

    /// A struct, not a tuple: arrays of it are copied and destroyed by specialized code, not the runtime's generic one.
    private struct DumpLine {
        var name: PrintedName
        var depth: Int
        var line: Int
        /// Index in `pendingLongIDs` of the id's text, for an id too long to be recovered from `name`; -1 otherwise.
        var longID: Int
    }

    /// The text of an id of a pending dump line.
    private func idText(of line: DumpLine) -> String { Self.idText(of: line, longIDs: pendingLongIDs) }

    private static func idText(of line: DumpLine, longIDs: [String]) -> String {
        line.longID >= 0 ? longIDs[line.longID] : line.name.id.shortText
    }

    private struct WindowTrack {
        var name: String
        var root: Identity
        /// The models its latest dump listed.
        var listed: [Identity]
        /// That dump's lines and long ids, for completing the next dump while it is half printed (see
        /// `appendUnprintedRemainder`). Swapped with the pending buffers, so keeping them allocates nothing.
        var lines: [DumpLine] = []
        var longIDs: [String] = []
    }

    private mutating func addDumpLine(
        _ name: PrintedName, longID: String?, tabs: Int, spaces: Int, line: Int, into events: inout [NavEvent]
    ) {
        guard var dump = pending else {
            pending = PendingDump(firstLine: line, baseTabs: tabs, baseSpaces: spaces)
            pendingLines.removeAll(keepingCapacity: true)
            pendingLongIDs.removeAll(keepingCapacity: true)
            pendingLines.append(DumpLine(name: name, depth: 0, line: line, longID: keep(longID)))
            return
        }
        let extraTabs = tabs - dump.baseTabs
        let extraSpaces = spaces - dump.baseSpaces
        if extraTabs <= 0 && extraSpaces <= 0 {
            // Back at the root's depth: a new dump starts.
            flushDump(into: &events)
            addDumpLine(name, longID: longID, tabs: tabs, spaces: spaces, line: line, into: &events)
            return
        }
        // Read into a copy, stored back at the end: one place where the dump's state changes.
        defer { pending = dump }
        var depth = max(extraTabs, 0)
        if extraSpaces > 0 && extraTabs <= 0 {
            // Pasted logs indent with spaces; the first indented line gives the unit.
            let unit = dump.spaceUnit ?? extraSpaces
            dump.spaceUnit = unit
            depth = max(1, (extraSpaces + unit / 2) / unit)
            if extraSpaces % unit != 0 {
                diagnostics.report(
                    Diagnostic(
                        .warning, line: line,
                        "dump indentation of \(extraSpaces) spaces is not a multiple of \(unit) (the unit of line \(dump.firstLine + 1 > line ? line : dump.firstLine)'s dump); read as depth \(depth)"
                    ))
            }
            dump.sawSpaces = true
        } else {
            dump.sawTabs = true
        }
        if dump.sawTabs && dump.sawSpaces && !dump.warnedMixed {
            dump.warnedMixed = true
            diagnostics.report(
                Diagnostic(
                    .warning, line: line,
                    "dump mixes tab and space indentation; a tab counts as one level, \(dump.spaceUnit ?? 1) spaces as one level"
                ))
        }
        let previousDepth = pendingLines[pendingLines.count - 1].depth
        if depth > previousDepth + 1 {
            diagnostics.report(
                Diagnostic(
                    .warning, line: line,
                    "dump line is \(depth - previousDepth) levels deeper than the line above (expected at most 1); attached one level below it"
                ))
            depth = previousDepth + 1
        }
        pendingLines.append(DumpLine(name: name, depth: depth, line: line, longID: keep(longID)))
    }

    /// Keeps the text of a long id for the pending dump; its index, or -1 for none.
    private mutating func keep(_ longID: String?) -> Int {
        guard let longID else { return -1 }
        pendingLongIDs.append(longID)
        return pendingLongIDs.count - 1
    }

    private mutating func flushDump(into events: inout [NavEvent]) {
        guard let dump = pending else { return }
        pending = nil
        dumpCount += 1
        let stamp = dumpCount

        // Resolve identities top-down, parents first; depths index into the chain of open ancestors.
        var models: [Identity] = []
        models.reserveCapacity(pendingLines.count)
        parentsBuffer.removeAll(keepingCapacity: true)
        ancestorsBuffer.removeAll(keepingCapacity: true)
        // Consecutive dumps mostly repeat each other: the previous dump's model for the line in step with this one
        // is a hint that spares the lookup (a line in between added or removed shifts the step).
        var previous = 0
        for entry in pendingLines {
            let depth = entry.depth
            while ancestorsBuffer.count > depth { ancestorsBuffer.removeLast() }
            let parent = ancestorsBuffer.last ?? -1
            var hint: Identity?
            if !usesPreviousDumpHints {
                hint = nil
            } else if previous < previousDump.count, previousDump[previous].name == entry.name {
                hint = previousDump[previous]
                previous += 1
            } else if previous + 1 < previousDump.count, previousDump[previous + 1].name == entry.name {
                hint = previousDump[previous + 1]
                previous += 2
            }
            // The id's text, made only if needed (closures written in place: a stored one would be allocated per line).
            // Looked up before (an indexed read): a closure reading `self` cannot be handed to a change of
            // `identities`.
            let verdict = verdict(of: entry.name)
            let longIDs = pendingLongIDs
            let (identity, ambiguity) = identities.resolveDumpLine(
                entry.name, text: { Self.idText(of: entry, longIDs: longIDs) }, verdict: { verdict },
                parentSerial: parent < 0 ? 0 : models[parent].serial, stamp: stamp,
                hint: hint, types: types)
            if let ambiguity { reportAmbiguity(ambiguity, entry.name, text: { idText(of: entry) }, line: entry.line) }
            identity.dumpStamp = stamp
            models.append(identity)
            parentsBuffer.append(parent)
            ancestorsBuffer.append(models.count - 1)
        }
        previousDump = models
        let parents = parentsBuffer
        // The snapshot's entries, built once: inference writes each kind and edge in place, where the snapshot is
        // consumed.
        var entries: [Snapshot.Entry] = []
        entries.reserveCapacity(models.count)
        for index in models.indices {
            entries.append(
                Snapshot.Entry(
                    model: models[index].model, kind: .screen, edge: nil,
                    parent: parents[index] < 0 ? nil : parents[index]))
        }
        dumpCompletion.enqueue(models)

        // A dump whose root is another model is another window's.
        let root = models[0]
        let windowIndex: Int
        if let index = windows.firstIndex(where: { $0.root === root }) {
            windowIndex = index
        } else {
            let taken = Set(windows.map(\.name))
            // Shown as `window main`, `window 2`, …
            let name = (1...).lazy.map { $0 == 1 ? "main" : "\($0)" }.first { !taken.contains($0) }!
            windows.append(WindowTrack(name: name, root: root, listed: []))
            windowIndex = windows.count - 1
        }
        identities.recordDump(placed: models, parents: parents, stamp: stamp, previous: windows[windowIndex].listed)
        windows[windowIndex].listed = models
        swap(&pendingLines, &windows[windowIndex].lines)
        swap(&pendingLongIDs, &windows[windowIndex].longIDs)

        let snapshot = Snapshot(window: windows[windowIndex].name, entries: entries)
        events.append(NavEvent(.snapshot([snapshot]), line: dump.firstLine, time: dump.time))
    }
}
