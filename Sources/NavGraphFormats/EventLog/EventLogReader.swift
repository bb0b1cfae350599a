import NavGraphCore

/// Reads navgraph-events v1: JSON Lines, one event object per line (`{"event":"push","id":"8C1F…","type":"DetailModel",
/// "parent":"32D0…"}`), as `docs/navgraph-events-v1.md` and its JSON Schema define it.
///
/// A line that cannot be read (not JSON, an unknown event, a required field missing or of the wrong type) is an
/// error; in lenient mode a warning, and the line is skipped. Blank lines are ignored.
///
/// The log may be an app's console: a line that does not start with `{` is read from its first `{"event"` on (what
/// the console put before it is ignored), and a line without one is the app's own output, skipped and counted.
public struct EventLogReader: NavigationReader {
    private let diagnostics: DiagnosticHandler
    private let lenient: Bool
    public private(set) var navigationLineCount = 0
    /// Type names, windows and styles repeat on every line: decoded once, shared after.
    private let names = NameTable()
    /// What the fast path keeps from line to line.
    private var fast = FastPath()
    /// Off only in tests, to compare the flat fast path with the full parser.
    var readsFlatLinesFast = true

    public init(diagnostics: DiagnosticHandler, lenient: Bool = false) {
        self.diagnostics = diagnostics
        self.lenient = lenient
    }

    /// A line that starts with `{` and names an `"event"` of navgraph-events, or that carries `{"event"` behind a
    /// console's prefix. The event's name must be one of navgraph-events' own: an app's analytics line
    /// (`{"event":"screen_view"}`) printed before its navigation took the whole console as a log of events, and
    /// every line of it that was not an event was lost.
    public static func recognizes(_ line: ByteLine) -> Bool {
        guard let first = line.firstIndex(where: { $0 != .space && $0 != .tab }) else { return false }
        let key =
            line[first] == .openBrace
            ? line.firstIndex(of: "\"event\"", from: first) : eventStart(in: line).map { $0 + 1 }
        guard let key else { return false }
        return namesAnEvent(line, after: key + 7)
    }

    /// Whether `: "name"` at `index` (blanks allowed around the colon) names one of navgraph-events' events.
    private static func namesAnEvent(_ line: ByteLine, after index: Int) -> Bool {
        func isBlank(_ byte: UInt8) -> Bool { byte == .space || byte == .tab }
        guard let colon = line.firstIndex(from: index, where: { !isBlank($0) }), line[colon] == UInt8(ascii: ":"),
            let quote = line.firstIndex(from: colon + 1, where: { !isBlank($0) }), line[quote] == .quote,
            let end = line.firstIndex(of: .quote, from: quote + 1)
        else { return false }
        return EventName(rawValue: line.slice(from: quote + 1, to: end).text) != nil
    }

    /// Where the event starts in a console line: at the first `{"event"`. A console puts its own text before what
    /// the app prints (`2025-03-14 09:41:12.345 App[4242:9111] {"event":…}`).
    static func eventStart(in line: ByteLine) -> Int? {
        line.firstIndex(of: "{\"event\"")
    }

    public mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        if info.truncated {
            reject(info.number, "line is longer than \(line.count) bytes; not read")
            return
        }
        // A line that starts as a JSON object (a JSON Lines log) is read whole, as it always was, when it names an
        // `"event"` (else it is the app's own JSON: a response it logged, a pretty-printed object's `{`); in any
        // other line the event starts at its first `{"event"`, and a line without one is the app's own output.
        var line = line
        if let first = line.firstIndex(where: { $0 != .space && $0 != .tab }) {
            if line[first] == .openBrace {
                // A flat line with an event is one (the common line of a log, looked at once); any other is looked
                // for an `"event"` before the full parser reads it.
                if readsFlatLinesFast, let event = fast.event(line, number: info.number, names: names) {
                    events.append(event)
                    navigationLineCount += 1
                    return
                }
                guard line.contains("\"event\"") else {
                    diagnostics.skipped(line: info.number) { line.text }
                    return
                }
            } else {
                guard let start = Self.eventStart(in: line) else {
                    diagnostics.skipped(line: info.number) { line.text }
                    return
                }
                line = line.slice(from: start)
                if readsFlatLinesFast, let event = fast.event(line, number: info.number, names: names) {
                    events.append(event)
                    navigationLineCount += 1
                    return
                }
            }
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse(line)
        } catch {
            reject(info.number, "not valid JSON at column \(error.column): \(error.message)")
            return
        }
        guard document[document.root].kind == .object else {
            reject(
                info.number,
                "expected a JSON object with an \"event\", found \(JSONDocument.describe(document[document.root].kind))"
            )
            return
        }
        guard let eventIndex = document.member("event", of: document.root) else {
            reject(info.number, "expected an \"event\" member naming the event (push, present, start, …)")
            return
        }
        guard document[eventIndex].kind == .string, let name = document[eventIndex].text else {
            reject(info.number, "\"event\" must be a string, found \(JSONDocument.describe(document[eventIndex].kind))")
            return
        }
        let fields = EventFields(document: document, object: document.root, event: name)
        do throws(EventFields.Problem) {
            guard let event = EventName(rawValue: name) else { throw Self.unknownEvent(name) }
            let action = try Self.action(for: event, fields)
            events.append(NavEvent(action, line: info.number, time: try fields.time()))
            navigationLineCount += 1
        } catch {
            reject(info.number, error.message)
        }
    }

    public mutating func finish(into events: inout [NavEvent]) {}

    private func reject(_ line: Int, _ message: String) {
        if lenient {
            diagnostics.report(.skippedLeniently(line: line, message))
        } else {
            diagnostics.report(Diagnostic(.error, line: line, message))
        }
    }

    private static func unknownEvent(_ name: String) -> EventFields.Problem {
        EventFields.Problem(
            message:
                "unknown event '\(name)'; expected one of \(EventName.allCases.map(\.rawValue).joined(separator: ", "))"
        )
    }

    fileprivate static func action<Fields: EventFieldReading>(for event: EventName, _ fields: Fields) throws(Fields
        .Failure)
        -> NavEvent.Action
    {
        switch event {
        case .start:
            return .start(try fields.model(), kind: try fields.kind())
        case .finish:
            return .finish(
                ModelRef(id: try fields.string(.id), type: try fields.optionalString(.type) ?? ""), neverStarted: false)
        case .root:
            return .root(
                try fields.model(), kind: try fields.kind(), window: try fields.optionalString(.window) ?? "main")
        case .push:
            return .push(try fields.model(), kind: try fields.kind(), parent: try fields.string(.parent))
        case .pop:
            return .pop(parent: try fields.string(.parent), count: try fields.positiveInteger(.count, default: 1))
        case .setPath:
            return .setPath(parent: try fields.string(.parent), entries: try fields.pathEntries(.ids))
        case .present:
            return .present(
                try fields.model(), kind: try fields.kind(), parent: try fields.string(.parent),
                style: PresentationStyle(try fields.string(.style)))
        case .dismiss:
            return .dismiss(try fields.string(.id))
        case .tab:
            return .tab(
                try fields.model(), kind: try fields.kind(), parent: try fields.string(.parent),
                title: try fields.optionalString(.title))
        case .select:
            return .select(parent: try fields.string(.parent), tab: try fields.string(.id))
        case .switch:
            return .switch(try fields.model(), kind: try fields.kind(), parent: try fields.string(.parent))
        case .column:
            return .column(
                try fields.model(), kind: try fields.kind(), parent: try fields.string(.parent),
                column: try fields.column())
        case .openWindow:
            return .openWindow(try fields.model(), kind: try fields.kind(), window: try fields.string(.window))
        case .closeWindow:
            return .closeWindow(try fields.string(.window))
        case .snapshot:
            return .snapshot(try fields.snapshots())
        case .mark:
            return .mark(try fields.string(.label))
        }
    }
}

/// The `roots` of a `snapshot` event: NODE objects as `navgraph tree --format json` writes them, each root with its
/// `window`. Read iteratively, however deep.
enum SnapshotDecoder {
    static func snapshots(_ fields: EventFields) throws(EventFields.Problem) -> [Snapshot] {
        let document = fields.document
        guard let roots = document.member("roots", of: fields.object) else {
            throw EventFields.Problem(message: "'snapshot' needs \"roots\" (an array of nodes); it is missing")
        }
        guard document[roots].kind == .array else {
            throw EventFields.Problem(
                message:
                    "'snapshot': \"roots\" must be an array of nodes, found \(JSONDocument.describe(document[roots].kind))"
            )
        }
        var snapshots: [Snapshot] = []
        var windows = Set<String>()
        for root in document.children(of: roots) {
            let rootFields = try node(document, root, path: "roots[\(snapshots.count)]")
            guard let window = try rootFields.optionalString(.window) else {
                throw EventFields.Problem(
                    message: "'snapshot': roots[\(snapshots.count)] needs \"window\" (a string); it is missing")
            }
            guard windows.insert(window).inserted else {
                throw EventFields.Problem(message: "'snapshot': two roots for window '\(window)'")
            }
            var entries: [Snapshot.Entry] = []
            var seen = Set<String>()
            var pending: [(index: Int, parent: Int?, path: String)] = [(root, nil, "roots[\(snapshots.count)]")]
            while let (index, parent, path) = pending.popLast() {
                let fields = try node(document, index, path: path)
                let model = try fields.model()
                guard seen.insert(model.id).inserted else {
                    throw EventFields.Problem(message: "'snapshot': \(path) repeats id '\(model.id)'")
                }
                let edge = parent == nil ? nil : try self.edge(fields, path: path)
                entries.append(
                    Snapshot.Entry(model: model, kind: try fields.kind() ?? .screen, edge: edge, parent: parent))
                let me = entries.count - 1
                if let children = document.member("children", of: index) {
                    guard document[children].kind == .array else {
                        throw EventFields.Problem(
                            message:
                                "'snapshot': \(path).children must be an array, found \(JSONDocument.describe(document[children].kind))"
                        )
                    }
                    for (position, child) in document.children(of: children).enumerated().reversed() {
                        pending.append((child, me, "\(path).children[\(position)]"))
                    }
                }
            }
            snapshots.append(Snapshot(window: window, entries: entries))
        }
        return snapshots
    }

    private static func node(_ document: JSONDocument, _ index: Int, path: String) throws(EventFields.Problem)
        -> EventFields
    {
        guard document[index].kind == .object else {
            throw EventFields.Problem(
                message:
                    "'snapshot': \(path) must be a node object, found \(JSONDocument.describe(document[index].kind))")
        }
        return EventFields(document: document, object: index, event: "snapshot \(path)")
    }

    private static func edge(_ fields: EventFields, path: String) throws(EventFields.Problem) -> EdgeKind {
        switch try fields.optionalString(.edge) ?? "child" {
        case "push": return .push
        case "tab": return .tab
        case "switch": return .switch
        case "child": return .child
        case "column": return .column(try fields.column())
        case let style: return .presented(PresentationStyle(style))
        }
    }
}

/// The fast path for a line in the common flat shape (see `FlatEventLine`), with what it keeps between lines.
private struct FastPath {
    /// The line being read, when it is flat.
    private var flat = FlatEventLine()
    /// The event each name in the reader's `NameTable` spells, once seen as an event name.
    private var eventNames = PerName<EventName?>()
    /// Ids recur on the lines of a model's life (start, push, each event under it as `parent`, finish).
    private let ids = RecentIDs()

    /// The event of `line`, or `nil` to let the full parser read the line and report whatever is wrong with it. The
    /// same `action(for:_:)` reads both.
    mutating func event(_ line: ByteLine, number: Int, names: NameTable) -> NavEvent? {
        guard flat.scan(line), let name = flat[.event], name.kind == .string else { return nil }
        let nameIndex = names.index(of: line.slice(name.span))
        let event = eventNames.value(at: nameIndex) { EventName(rawValue: names[nameIndex].name) }
        let fields = FlatEventFields(line: flat, bytes: line, names: names, ids: ids)
        guard let event, let action = try? EventLogReader.action(for: event, fields), let time = try? fields.time()
        else { return nil }
        return NavEvent(action, line: number, time: time)
    }
}
