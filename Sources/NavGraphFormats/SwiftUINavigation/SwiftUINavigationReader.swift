import NavGraphCore

/// Reads SwiftUINavigation console output — `printDebugGraph()` dumps and `Started`/`Finished` (or the older
/// `Init`/`Deinit`) debug lines, mixed with whatever else the app printed — into `NavEvent`s: a `snapshot` per
/// dump (one window at that moment) and `start`/`finish` per debug line, in input order.
///
/// A dump is a run of dump lines, each at most one level deeper than the one before. Other output between its
/// lines is skipped; an event line or a new line at the dump's root depth ends it.
public final class SwiftUINavigationReader: NavigationReader {
    public static let format = InputFormat.swiftUINavigation

    private let diagnostics: DiagnosticHandler
    private let lenient: Bool
    private var identities = ModelIdentities()
    private var inference: KindInference
    private var pending: PendingDump?
    private var windows: [WindowTrack] = []
    public private(set) var navigationLineCount = 0

    /// - Parameter lenient: skip navigation lines with invalid UTF-8 with a warning instead of an error.
    public init(rules: ModelKindRules = .swiftUINavigation, diagnostics: DiagnosticHandler, lenient: Bool = false) {
        self.inference = KindInference(rules: rules)
        self.diagnostics = diagnostics
        self.lenient = lenient
    }

    public static func recognizes(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        SwiftUINavigationLine.recognizes(line)
    }

    public func read(_ line: UnsafeBufferPointer<UInt8>, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        guard !info.truncated, let parsed = SwiftUINavigationLine.parse(line) else {
            diagnostics.skipped(line: info.number) { String(decoding: line, as: UTF8.self) }
            return
        }
        if parsed.type.contains("\u{FFFD}") || parsed.id.contains("\u{FFFD}"), String(validating: line, as: UTF8.self) == nil {
            // A model's name with invalid UTF-8 cannot be shown faithfully: say so rather than invent one.
            diagnostics.report(Diagnostic(lenient ? .warning : .error, line: info.number,
                "invalid UTF-8 in a SwiftUINavigation line (model \(parsed.type) \(parsed.id)); line \(lenient ? "skipped (--lenient)" : "not read")"))
            return
        }
        navigationLineCount += 1
        switch parsed.content {
        case .dump(let tabs, let spaces):
            addDumpLine(parsed, tabs: tabs, spaces: spaces, line: info.number, into: &events)
        case .event(let lifecycle):
            flushDump(into: &events)
            readEvent(parsed, lifecycle: lifecycle, line: info.number, into: &events)
        }
    }

    public func finish(into events: inout [NavEvent]) {
        flushDump(into: &events)
    }

    /// `printDebugGraph()` prints a whole dump at once, so a pause means the dump is complete.
    public func idle(into events: inout [NavEvent]) {
        flushDump(into: &events)
    }

    // MARK: Events

    private func readEvent(_ parsed: SwiftUINavigationLine, lifecycle: SwiftUINavigationLine.Lifecycle, line: Int, into events: inout [NavEvent]) {
        switch lifecycle {
        case .started:
            let (model, ambiguity) = identities.started(type: parsed.type, id: parsed.id)
            if let ambiguity { diagnostics.report(Diagnostic(.note, line: line, ambiguity, topic: .ambiguousID(type: parsed.type, id: parsed.id))) }
            events.append(NavEvent(.start(model, kind: inference.rules.rule(for: parsed.type)?.kind), line: line))
        case .finished:
            let (model, started, ambiguity) = identities.finished(type: parsed.type, id: parsed.id)
            if let ambiguity { diagnostics.report(Diagnostic(.note, line: line, ambiguity, topic: .ambiguousID(type: parsed.type, id: parsed.id))) }
            inference.forget(model.key)
            for index in windows.indices { windows[index].keys.remove(model.key) }
            // A finished root closes its window.
            windows.removeAll { $0.root == model.key }
            // A model created but never shown (a tab never selected) prints Finished without Started.
            events.append(NavEvent(.finish(model, neverStarted: !started), line: line))
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
        var lines: [(type: String, id: String, depth: Int, line: Int)]
    }

    private struct WindowTrack {
        var name: String
        var root: String
        var keys: Set<String>
    }

    private func addDumpLine(_ parsed: SwiftUINavigationLine, tabs: Int, spaces: Int, line: Int, into events: inout [NavEvent]) {
        guard var dump = pending else {
            pending = PendingDump(firstLine: line, baseTabs: tabs, baseSpaces: spaces,
                                  lines: [(parsed.type, parsed.id, 0, line)])
            return
        }
        let extraTabs = tabs - dump.baseTabs
        let extraSpaces = spaces - dump.baseSpaces
        if extraTabs <= 0 && extraSpaces <= 0 {
            // Back at the root's depth: a new dump starts.
            flushDump(into: &events)
            addDumpLine(parsed, tabs: tabs, spaces: spaces, line: line, into: &events)
            return
        }
        var depth = max(extraTabs, 0)
        if extraSpaces > 0 && extraTabs <= 0 {
            // Pasted logs indent with spaces; the first indented line gives the unit.
            let unit = dump.spaceUnit ?? extraSpaces
            dump.spaceUnit = unit
            depth = max(1, (extraSpaces + unit / 2) / unit)
            if extraSpaces % unit != 0 {
                diagnostics.report(Diagnostic(.warning, line: line,
                    "dump indentation of \(extraSpaces) spaces is not a multiple of \(unit) (the unit of line \(dump.firstLine + 1 > line ? line : dump.firstLine)'s dump); read as depth \(depth)"))
            }
            dump.sawSpaces = true
        } else {
            dump.sawTabs = true
        }
        if dump.sawTabs && dump.sawSpaces && !dump.warnedMixed {
            dump.warnedMixed = true
            diagnostics.report(Diagnostic(.warning, line: line,
                "dump mixes tab and space indentation; a tab counts as one level, \(dump.spaceUnit ?? 1) spaces as one level"))
        }
        let previousDepth = dump.lines[dump.lines.count - 1].depth
        if depth > previousDepth + 1 {
            diagnostics.report(Diagnostic(.warning, line: line,
                "dump line is \(depth - previousDepth) levels deeper than the line above (expected at most 1); attached one level below it"))
            depth = previousDepth + 1
        }
        dump.lines.append((parsed.type, parsed.id, depth, line))
        pending = dump
    }

    private func flushDump(into events: inout [NavEvent]) {
        guard let dump = pending else { return }
        pending = nil

        // Resolve identities top-down, parents first; depths index into the chain of open ancestors.
        var models: [ModelRef] = []
        var parents: [Int?] = []
        var ancestors: [Int] = []
        var used = Set<String>()
        models.reserveCapacity(dump.lines.count)
        for entry in dump.lines {
            ancestors.removeLast(ancestors.count - entry.depth)
            let parent = ancestors.last
            let (model, ambiguity) = identities.resolveDumpLine(
                type: entry.type, id: entry.id, parentKey: parent.map { models[$0].key }, used: used)
            if let ambiguity { diagnostics.report(Diagnostic(.note, line: entry.line, ambiguity, topic: .ambiguousID(type: entry.type, id: entry.id))) }
            used.insert(model.key)
            models.append(model)
            parents.append(parent)
            ancestors.append(models.count - 1)
        }
        let shapes = inference.infer(models: models, parents: parents)

        // A dump whose root is another model is another window's.
        let rootKey = models[0].key
        let windowIndex: Int
        if let index = windows.firstIndex(where: { $0.root == rootKey }) {
            windowIndex = index
        } else {
            let taken = Set(windows.map(\.name))
            let name = (1...).lazy.map { $0 == 1 ? "main" : "window \($0)" }.first { !taken.contains($0) }!
            windows.append(WindowTrack(name: name, root: rootKey, keys: []))
            windowIndex = windows.count - 1
        }
        let placed = models.indices.map { (key: models[$0].key, parentKey: parents[$0].map { models[$0].key }) }
        for key in identities.recordDump(placed: placed, previous: windows[windowIndex].keys) {
            inference.forget(key)
        }
        windows[windowIndex].keys = Set(models.map(\.key))

        let entries = models.indices.map {
            Snapshot.Entry(model: models[$0], kind: shapes[$0].kind, edge: shapes[$0].edge, parent: parents[$0])
        }
        events.append(NavEvent(.snapshot([Snapshot(window: windows[windowIndex].name, entries: entries)]), line: dump.firstLine))
    }
}
