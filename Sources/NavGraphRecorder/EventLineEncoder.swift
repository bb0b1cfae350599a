#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a `RecordedEvent` as one navgraph-events v1 line (JSON, then `\n`) onto a byte buffer, without building
/// any intermediate string: this runs for every event, a million times a second.
enum EventLineEncoder {
    static func append(_ event: RecordedEvent, time: Timespec, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: #"{"event":""#.utf8)
        buffer.append(contentsOf: event.name.rawValue.utf8)
        buffer.append(0x22)
        if let id = event.id { member("id", id, &buffer) }
        if let type = event.type { member("type", type, &buffer) }
        if let kind = event.kind { member("kind", kind.rawValue, &buffer) }
        if let parent = event.parent { member("parent", parent, &buffer) }
        if let window = event.window { member("window", window, &buffer) }
        if let style = event.style { member("style", style.rawValue, &buffer) }
        if let title = event.title { member("title", title, &buffer) }
        if let column = event.column { member("column", column.rawValue, &buffer) }
        if let count = event.count, count != 1 {
            buffer.append(contentsOf: #","count":"#.utf8)
            appendDecimal(UInt64(max(count, 1)), to: &buffer)
        }
        if let entries = event.entries {
            buffer.append(contentsOf: #","ids":["#.utf8)
            for (index, entry) in entries.enumerated() {
                if index > 0 { buffer.append(0x2C) }
                guard let type = entry.type else {
                    string(entry.id, &buffer)
                    continue
                }
                buffer.append(contentsOf: #"{"id":"#.utf8)
                string(entry.id, &buffer)
                member("type", type, &buffer)
                if let kind = entry.kind { member("kind", kind.rawValue, &buffer) }
                buffer.append(0x7D)
            }
            buffer.append(0x5D)
        }
        if let label = event.label { member("label", label, &buffer) }
        // Seconds since 1970 with microseconds: a plain decimal, which navgraph reads exactly.
        buffer.append(contentsOf: #","time":"#.utf8)
        appendDecimal(UInt64(max(time.seconds, 0)), to: &buffer)
        buffer.append(0x2E)
        let micros = UInt64(time.nanoseconds / 1000)
        var divisor: UInt64 = 100_000
        while divisor > 0 {
            buffer.append(0x30 + UInt8(micros / divisor % 10))
            divisor /= 10
        }
        buffer.append(contentsOf: "}\n".utf8)
    }

    private static func member(_ name: StaticString, _ value: String, _ buffer: inout [UInt8]) {
        buffer.append(0x2C)
        buffer.append(0x22)
        buffer.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        buffer.append(contentsOf: #"":"#.utf8)
        string(value, &buffer)
    }

    /// A JSON string: quotes, backslashes and control characters escaped; everything else (UTF-8) as is.
    static func string(_ value: String, _ buffer: inout [UInt8]) {
        buffer.append(0x22)
        var value = value
        value.withUTF8 { bytes in
            var plainStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
                plainStart = index + 1
                switch byte {
                case 0x22: buffer.append(contentsOf: #"\""#.utf8)
                case 0x5C: buffer.append(contentsOf: #"\\"#.utf8)
                case 0x0A: buffer.append(contentsOf: #"\n"#.utf8)
                case 0x0D: buffer.append(contentsOf: #"\r"#.utf8)
                case 0x09: buffer.append(contentsOf: #"\t"#.utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    buffer.append(contentsOf: #"\u00"#.utf8)
                    buffer.append(hex[Int(byte >> 4)])
                    buffer.append(hex[Int(byte & 0xF)])
                }
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
        }
        buffer.append(0x22)
    }

    private static func appendDecimal(_ value: UInt64, to buffer: inout [UInt8]) {
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            buffer.append(0x30 + UInt8(value / divisor % 10))
            divisor /= 10
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
