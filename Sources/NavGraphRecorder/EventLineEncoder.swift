/// Writes one navgraph-events v1 line (JSON, then `\n`) straight into a byte buffer: no intermediate strings or
/// arrays, since this runs for every event, a million times a second. A line is written in two parts: its body
/// (`{"event":…` up to the time), by the recording thread before it takes the recorder's lock, and its end (the time
/// and `}\n`, `TimeStampWriter`), under the lock, so that the lock is held for a copy and a time stamp only.
enum EventLineEncoder {
    /// At most how many bytes the body of an event with these strings takes (every string byte escaped as
    /// `\u00XX`, the worst case), so the caller can give it room before writing it.
    static func maximumBodyLength(
        id: String?, type: String?, parent: String?, window: String?, style: RecordedEvent.Style?, title: String?,
        entries: [RecordedEvent.PathEntry]?, label: String?
    ) -> Int {
        func length(_ text: String?) -> Int { text.map { $0.utf8.count * 6 + 16 } ?? 0 }
        var total =
            120 + length(id) + length(type) + length(parent) + length(window) + length(style?.rawValue)
            + length(title) + length(label)
        for entry in entries ?? [] { total += length(entry.id) + length(entry.type) + 40 }
        return total
    }

    /// Writes the body of an event at `start` (with room for `maximumBodyLength` bytes); returns its length.
    ///
    /// The fields come as parameters, not as a `RecordedEvent`, because parameters are borrowed from the caller:
    /// building a value of them retained and released every string.
    static func writeBody(
        _ name: RecordedEvent.Name, id: String?, type: String?, kind: RecordedEvent.Kind?, parent: String?,
        window: String?, style: RecordedEvent.Style?, title: String?, column: RecordedEvent.Column?, count: Int?,
        entries: [RecordedEvent.PathEntry]?, label: String?, at start: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var out = LineWriter(cursor: start)
        out.literal(#"{"event":""#)
        out.literal(name.jsonName)
        out.byte(0x22)
        if let id { out.member(#","id":"#, id) }
        if let type { out.member(#","type":"#, type) }
        if let kind { out.member(#","kind":"#, kind.rawValue) }
        if let parent { out.member(#","parent":"#, parent) }
        if let window { out.member(#","window":"#, window) }
        if let style { out.member(#","style":"#, style.rawValue) }
        if let title { out.member(#","title":"#, title) }
        if let column { out.member(#","column":"#, column.rawValue) }
        if let count, count != 1 {
            out.literal(#","count":"#)
            out.decimal(UInt64(max(count, 1)))
        }
        if let entries {
            out.literal(#","ids":["#)
            for (index, entry) in entries.enumerated() {
                if index > 0 { out.byte(0x2C) }
                guard let type = entry.type else {
                    out.string(entry.id)
                    continue
                }
                out.literal(#"{"id":"#)
                out.string(entry.id)
                out.member(#","type":"#, type)
                if let kind = entry.kind { out.member(#","kind":"#, kind.rawValue) }
                out.byte(0x7D)
            }
            out.byte(0x5D)
        }
        if let label { out.member(#","label":"#, label) }
        return start.distance(to: out.cursor)
    }

    /// `maximumBodyLength` of `event`'s fields.
    static func maximumBodyLength(_ event: RecordedEvent) -> Int {
        maximumBodyLength(
            id: event.id, type: event.type, parent: event.parent, window: event.window,
            style: event.style, title: event.title, entries: event.entries, label: event.label)
    }

    /// `writeBody` of `event`'s fields.
    static func writeBody(_ event: RecordedEvent, at start: UnsafeMutablePointer<UInt8>) -> Int {
        writeBody(
            event.name, id: event.id, type: event.type, kind: event.kind, parent: event.parent,
            window: event.window, style: event.style, title: event.title, column: event.column,
            count: event.count, entries: event.entries, label: event.label, at: start)
    }
}

extension RecordedEvent.Name {
    /// The event's name as written, without building a string.
    var jsonName: StaticString {
        switch self {
        case .start: "start"
        case .finish: "finish"
        case .root: "root"
        case .push: "push"
        case .pop: "pop"
        case .setPath: "setPath"
        case .present: "present"
        case .dismiss: "dismiss"
        case .tab: "tab"
        case .select: "select"
        case .switch: "switch"
        case .column: "column"
        case .openWindow: "openWindow"
        case .closeWindow: "closeWindow"
        case .mark: "mark"
        }
    }
}
