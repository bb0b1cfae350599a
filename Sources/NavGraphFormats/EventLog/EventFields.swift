import NavGraphCore

/// The members of a navgraph-events v1 event the readers look up. The first `flatCount` can appear on a flat line
/// (see `FlatEventLine`); the others hold arrays or appear only inside a snapshot's nodes.
enum EventField: Int, CaseIterable {
    case event, id, type, parent, style, kind, window, title, label, count, time, column, ids, edge

    static let flatCount = 12
    static let names = allCases.map { "\($0)" }

    /// The member's name in JSON.
    var name: String { Self.names[rawValue] }
}

/// The events of navgraph-events v1.
enum EventName: String, CaseIterable {
    case start, finish, root, push, pop, setPath, present, dismiss, tab, select, `switch`, column, openWindow,
        closeWindow
    case snapshot, mark
}

/// Typed access to the members of one navgraph-events v1 event, whichever way the line was read. `Failure` is
/// what a reader throws when a member is missing or wrong: a message for the user from a parsed document, or just
/// "not the flat shape" from the fast path (which then hands the line to the parser to say what is wrong).
protocol EventFieldReading {
    associatedtype Failure: Error
    func optionalString(_ field: EventField) throws(Failure) -> String?
    func positiveInteger(_ field: EventField, default fallback: Int) throws(Failure) -> Int
    /// `ids` of a `setPath`: each a key, or an object `{"id","type","kind"?}` that creates the entry.
    func pathEntries(_ field: EventField) throws(Failure) -> [PathEntry]
    func time() throws(Failure) -> Double?
    /// `kind`, one of the node kinds, if present.
    func kind() throws(Failure) -> NodeKind?
    /// The `roots` of a `snapshot` event.
    func snapshots() throws(Failure) -> [Snapshot]
    /// What the event is called in messages.
    var event: String { get }
    /// The failure for a problem found by the checks every reader shares (the message made only if needed).
    func problem(_ message: @autoclosure () -> String) -> Failure
}

extension EventFieldReading {
    func string(_ field: EventField) throws(Failure) -> String {
        guard let value = try optionalString(field) else {
            throw problem("'\(event)' needs \"\(field.name)\" (a string); it is missing")
        }
        return value
    }

    func kind() throws(Failure) -> NodeKind? {
        guard let text = try optionalString(.kind) else { return nil }
        guard let kind = NodeKind(rawValue: text) else {
            throw problem(
                "'\(event)': \"kind\" must be one of \(NodeKind.allCases.map(\.rawValue).joined(separator: ", ")), found '\(text)'"
            )
        }
        return kind
    }

    func column() throws(Failure) -> SplitColumn {
        let text = try string(.column)
        guard let column = SplitColumn(rawValue: text) else {
            throw problem("'\(event)': \"column\" must be sidebar, content or detail, found '\(text)'")
        }
        return column
    }

    func model() throws(Failure) -> ModelRef {
        ModelRef(id: try string(.id), type: try string(.type))
    }
}

/// The members of one navgraph-events v1 object in a parsed document, with messages that name the event, the field
/// and what was expected.
struct EventFields: EventFieldReading {
    let document: JSONDocument
    let object: Int
    let event: String

    struct Problem: Error {
        var message: String
    }

    func problem(_ message: @autoclosure () -> String) -> Problem { Problem(message: message()) }

    func optionalString(_ field: EventField) throws(Problem) -> String? {
        let name = field.name
        guard let index = document.member(name, of: object) else { return nil }
        let value = document[index]
        guard value.kind == .string, let text = value.text else {
            throw Problem(
                message: "'\(event)': \"\(name)\" must be a string, found \(JSONDocument.describe(value.kind))")
        }
        return text
    }

    func positiveInteger(_ field: EventField, default fallback: Int) throws(Problem) -> Int {
        let name = field.name
        guard let index = document.member(name, of: object) else { return fallback }
        let value = document[index]
        guard value.kind == .number, let text = value.text, let number = Int(text), number >= 1 else {
            throw Problem(
                message: "'\(event)': \"\(name)\" must be a whole number of at least 1, found \(describe(index))")
        }
        return number
    }

    func pathEntries(_ field: EventField) throws(Problem) -> [PathEntry] {
        let name = field.name
        let expected = "an array of ids or {\"id\",\"type\"} objects"
        guard let index = document.member(name, of: object) else {
            throw Problem(message: "'\(event)' needs \"\(name)\" (\(expected)); it is missing")
        }
        guard document[index].kind == .array else {
            throw Problem(message: "'\(event)': \"\(name)\" must be \(expected), found \(describe(index))")
        }
        var result: [PathEntry] = []
        for (position, child) in document.children(of: index).enumerated() {
            switch document[child].kind {
            case .string:
                result.append(PathEntry(document[child].text ?? ""))
            case .object:
                // An entry stated whole: read with the same rules (and messages) as a pushed model.
                let entry = EventFields(document: document, object: child, event: "\(event) \(name)[\(position)]")
                result.append(PathEntry(creating: try entry.model(), kind: try entry.kind()))
            default:
                throw Problem(
                    message:
                        "'\(event)': \"\(name)\" must hold ids (strings) or {\"id\",\"type\"} objects, found \(describe(child))"
                )
            }
        }
        return result
    }

    /// `time`: seconds since 1970 as a number, or an RFC 3339 string.
    func time() throws(Problem) -> Double? {
        guard let index = document.member("time", of: object) else { return nil }
        let value = document[index]
        switch value.kind {
        case .number:
            if let text = value.text, let seconds = Double(text) {
                // `1e309` is JSON but no time: read as infinity, it went on into the replay page's data (not JSON).
                guard seconds.isFinite else {
                    throw Problem(message: "'\(event)': \"time\" \(text) is out of range for seconds since 1970")
                }
                return seconds
            }
        case .string:
            if let text = value.text, let seconds = Timestamp.parseRFC3339(text) { return seconds }
            throw Problem(
                message:
                    "'\(event)': \"time\" must be seconds since 1970 or an RFC 3339 time such as 2025-03-14T09:41:07Z, found '\(value.text ?? "")'"
            )
        default:
            break
        }
        throw Problem(message: "'\(event)': \"time\" must be a number or an RFC 3339 string, found \(describe(index))")
    }

    func snapshots() throws(Problem) -> [Snapshot] {
        try SnapshotDecoder.snapshots(self)
    }

    private func describe(_ index: Int) -> String {
        let value = document[index]
        switch value.kind {
        case .string: return "the string '\(value.text ?? "")'"
        case .number: return value.text ?? "a number"
        default: return JSONDocument.describe(value.kind)
        }
    }
}
