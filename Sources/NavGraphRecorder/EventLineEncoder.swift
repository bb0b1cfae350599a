#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fields of one event as the recorder writes them, borrowed from the caller (no copies): what
/// `EventLineEncoder` encodes. `RecordedEvent` is the same, owned, for a filter to see and change.
struct EventFieldsToWrite {
    var name: RecordedEvent.Name
    var id: String? = nil
    var type: String? = nil
    var kind: RecordedEvent.Kind? = nil
    var parent: String? = nil
    var window: String? = nil
    var style: RecordedEvent.Style? = nil
    var title: String? = nil
    var column: RecordedEvent.Column? = nil
    var count: Int? = nil
    var entries: [RecordedEvent.PathEntry]? = nil
    var label: String? = nil

    init(_ event: RecordedEvent) {
        self.init(name: event.name, id: event.id, type: event.type, kind: event.kind, parent: event.parent,
                  window: event.window, style: event.style, title: event.title, column: event.column,
                  count: event.count, entries: event.entries, label: event.label)
    }

    init(name: RecordedEvent.Name, id: String? = nil, type: String? = nil, kind: RecordedEvent.Kind? = nil,
         parent: String? = nil, window: String? = nil, style: RecordedEvent.Style? = nil, title: String? = nil,
         column: RecordedEvent.Column? = nil, count: Int? = nil, entries: [RecordedEvent.PathEntry]? = nil,
         label: String? = nil) {
        self.name = name
        self.id = id
        self.type = type
        self.kind = kind
        self.parent = parent
        self.window = window
        self.style = style
        self.title = title
        self.column = column
        self.count = count
        self.entries = entries
        self.label = label
    }

    var recordedEvent: RecordedEvent {
        RecordedEvent(name, id: id, type: type, kind: kind, parent: parent, window: window, style: style,
                      title: title, column: column, count: count, entries: entries, label: label)
    }
}

/// Writes one navgraph-events v1 line (JSON, then `\n`) straight into the recorder's buffer: no intermediate
/// strings or arrays, since this runs for every event, a million times a second.
enum EventLineEncoder {
    /// At most how many bytes the line for `event` takes (every string byte escaped as `\u00XX`, the worst case),
    /// so the caller can tell whether it fits before writing it.
    static func maximumLength(_ event: EventFieldsToWrite) -> Int {
        func length(_ text: String?) -> Int { text.map { $0.utf8.count * 6 + 16 } ?? 0 }
        var total = 160 + length(event.id) + length(event.type) + length(event.parent) + length(event.window)
            + length(event.style?.rawValue) + length(event.title) + length(event.label)
        for entry in event.entries ?? [] { total += length(entry.id) + length(entry.type) + 40 }
        return total
    }

    /// Writes the line at `start` (with room for `maximumLength(event)` bytes); returns its length.
    static func write(_ event: EventFieldsToWrite, time: Timespec, at start: UnsafeMutablePointer<UInt8>) -> Int {
        var out = LineWriter(cursor: start)
        out.literal(#"{"event":""#)
        out.literal(event.name.jsonName)
        out.byte(0x22)
        if let id = event.id { out.member(#","id":"#, id) }
        if let type = event.type { out.member(#","type":"#, type) }
        if let kind = event.kind { out.member(#","kind":"#, kind.rawValue) }
        if let parent = event.parent { out.member(#","parent":"#, parent) }
        if let window = event.window { out.member(#","window":"#, window) }
        if let style = event.style { out.member(#","style":"#, style.rawValue) }
        if let title = event.title { out.member(#","title":"#, title) }
        if let column = event.column { out.member(#","column":"#, column.rawValue) }
        if let count = event.count, count != 1 {
            out.literal(#","count":"#)
            out.decimal(UInt64(max(count, 1)))
        }
        if let entries = event.entries {
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
        if let label = event.label { out.member(#","label":"#, label) }
        // Seconds since 1970 with microseconds: a plain decimal, which navgraph reads exactly.
        out.literal(#","time":"#)
        out.decimal(UInt64(max(time.seconds, 0)))
        out.byte(0x2E)
        var micros = time.nanoseconds / 1000
        for offset in stride(from: 5, through: 0, by: -1) {
            out.cursor[offset] = 0x30 + UInt8(micros % 10)
            micros /= 10
        }
        out.cursor += 6
        out.literal("}\n")
        return start.distance(to: out.cursor)
    }
}

/// A cursor into the buffer a line is written to.
private struct LineWriter {
    var cursor: UnsafeMutablePointer<UInt8>

    @inline(__always) mutating func byte(_ value: UInt8) {
        cursor.pointee = value
        cursor += 1
    }

    @inline(__always) mutating func literal(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        cursor.update(from: text.utf8Start, count: count)
        cursor += count
    }

    @inline(__always) mutating func member(_ name: StaticString, _ value: String) {
        literal(name)
        string(value)
    }

    /// A JSON string: quotes, backslashes and control characters escaped; everything else (UTF-8) as is.
    mutating func string(_ value: String) {
        byte(0x22)
        if let done = value.utf8.withContiguousStorageIfAvailable({ escaped($0) }) {
            cursor = done
        } else {
            var copy = value
            cursor = copy.withUTF8 { escaped($0) }
        }
        byte(0x22)
    }

    /// Copies `bytes` escaped from the cursor on; returns the new cursor.
    private func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var cursor = self.cursor
        guard let base = bytes.baseAddress else { return cursor }
        var plainStart = 0
        for index in 0..<bytes.count {
            let byte = base[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            cursor.update(from: base + plainStart, count: index - plainStart)
            cursor += index - plainStart
            plainStart = index + 1
            cursor[0] = 0x5C
            switch byte {
            case 0x22, 0x5C: cursor[1] = byte; cursor += 2
            case 0x0A: cursor[1] = 0x6E; cursor += 2
            case 0x0D: cursor[1] = 0x72; cursor += 2
            case 0x09: cursor[1] = 0x74; cursor += 2
            default:
                let hex: StaticString = "0123456789abcdef"
                cursor[1] = 0x75
                cursor[2] = 0x30
                cursor[3] = 0x30
                cursor[4] = hex.utf8Start[Int(byte >> 4)]
                cursor[5] = hex.utf8Start[Int(byte & 0xF)]
                cursor += 6
            }
        }
        cursor.update(from: base + plainStart, count: bytes.count - plainStart)
        return cursor + (bytes.count - plainStart)
    }

    mutating func decimal(_ value: UInt64) {
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            byte(0x30 + UInt8(value / divisor % 10))
            divisor /= 10
        }
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

/// A wall-clock time, as the system gives it (no `Date` on the hot path).
struct Timespec {
    var seconds: Int
    var nanoseconds: Int

    static func now() -> Timespec {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timespec(seconds: Int(spec.tv_sec), nanoseconds: Int(spec.tv_nsec))
    }
}
