import Foundation
import NavGraphTestSupport
import Testing

@testable import NavGraphRecorder

/// The encoder's fast paths against straightforward ones: escaping tested 8 bytes at a time against byte by byte,
/// the time stamp formatted once a second against formatting every time, and whole lines against lines built the
/// plain way with Swift strings.
@Suite("Encoding a line", .tags(.memory))
struct LineEncodingTests {
    /// Bytes where escaping changes (below 0x20, `"`, `\`, their neighbours, UTF-8 lead and continuation bytes),
    /// mostly, and now and then any byte.
    static func randomByte(_ random: inout SplitMix) -> UInt8 {
        let interesting: [UInt8] = [
            0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x41, 0x5B, 0x5C,
            0x5D, 0x61, 0x7E, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF,
        ]
        if Int.random(in: 0..<4, using: &random) == 0 { return UInt8.random(in: 0...255, using: &random) }
        // Mostly letters, so that many strings need no escaping at all and take the fast path whole.
        if Int.random(in: 0..<3, using: &random) > 0 { return UInt8.random(in: 0x61...0x7A, using: &random) }
        return interesting.randomElement(using: &random)!
    }

    static func escaped(_ bytes: [UInt8], fast: Bool) -> [UInt8] {
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count * 6 + 1)
        defer { output.deallocate() }
        let end = bytes.withUnsafeBufferPointer { input in
            fast ? JSONStringBytes.escape(input, to: output) : JSONStringBytes.escapeByteByByte(input, to: output)
        }
        return Array(UnsafeBufferPointer(start: output, count: output.distance(to: end)))
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func escapingByWordsIsEscapingByBytes(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var fastWhole = 0
        var differing: [[UInt8]] = []
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &random)
            let clean = Bool.random(using: &random)
            let bytes = (0..<count).map { _ in
                clean
                    ? UInt8.random(in: 0x61...0x7A, using: &random)
                    : Self.randomByte(&random)
            }
            let fast = Self.escaped(bytes, fast: true)
            let slow = Self.escaped(bytes, fast: false)
            if fast != slow { differing.append(bytes) }
            if fast == bytes { fastWhole += 1 }
        }
        #expect(differing.isEmpty, "\(differing.prefix(3))")
        // Both kinds of string were tried: copied whole, and escaped.
        #expect(fastWhole > 5_000 && fastWhole < 19_000)
    }

    /// Each byte that needs escaping, at each place of strings 1 to 24 bytes long (across every word boundary).
    @Test func everyByteToEscapeIsFoundAtEveryPlace() {
        for special in [0x00, 0x0A, 0x1F, 0x22, 0x5C] as [UInt8] {
            for count in 1...24 {
                for place in 0..<count {
                    var bytes = [UInt8](repeating: 0x61, count: count)
                    bytes[place] = special
                    #expect(Self.escaped(bytes, fast: true) == Self.escaped(bytes, fast: false))
                }
            }
        }
    }

    @Test func aWordNeedsEscapingExactlyWhenOneOfItsBytesDoes() {
        var random = SplitMix(seed: 7)
        var wrong: [[UInt8]] = []
        for _ in 0..<100_000 {
            let bytes = (0..<8).map { _ in Self.randomByte(&random) }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let expected = bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            if JSONStringBytes.wordNeedsEscaping(word) != expected { wrong.append(bytes) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
    }

    /// The end of a line, formatted the plain way.
    static func plainEnd(_ time: Timespec) -> String {
        let micros = String(time.nanoseconds / 1000)
        return #","time":"# + "\(time.seconds)." + String(repeating: "0", count: 6 - micros.count) + micros + "}\n"
    }

    @Test func theTimeStampFormattedOnceASecondIsTheTime() {
        var random = SplitMix(seed: 11)
        var writer = TimeStampWriter()
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: TimeStampWriter.maximumLength)
        defer { output.deallocate() }
        var seconds = 1_763_880_000
        var wrong: [(written: String, expected: String)] = []
        for _ in 0..<50_000 {
            // Mostly the same second as before (the formatted one is reused), sometimes the next or any other.
            switch Int.random(in: 0..<10, using: &random) {
            case 0: seconds += 1
            case 1: seconds = Int.random(in: 0...Int(Int64.max), using: &random)
            case 2: seconds = Int.random(in: 0...99, using: &random)
            default: break
            }
            let time = Timespec(seconds: seconds, nanoseconds: Int.random(in: 0..<1_000_000_000, using: &random))
            let length = writer.write(time, at: output)
            let written = String(decoding: UnsafeBufferPointer(start: output, count: length), as: UTF8.self)
            if length > TimeStampWriter.maximumLength || written != Self.plainEnd(time) {
                wrong.append((written, Self.plainEnd(time)))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
    }

    /// A JSON string built with Swift strings, one character at a time.
    static func plainString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The line for `event` at `time`, built the plain way: the members in the recorder's order, absent ones and a
    /// `count` of 1 left out.
    static func plainLine(_ event: RecordedEvent, time: Timespec) -> String {
        var members = [#""event":"# + plainString(event.name.rawValue)]
        func add(_ key: String, _ value: String?) {
            if let value { members.append("\"\(key)\":" + plainString(value)) }
        }
        add("id", event.id)
        add("type", event.type)
        add("kind", event.kind?.rawValue)
        add("parent", event.parent)
        add("window", event.window)
        add("style", event.style?.rawValue)
        add("title", event.title)
        add("column", event.column?.rawValue)
        if let count = event.count, count != 1 { members.append(#""count":"# + String(max(count, 1))) }
        if let entries = event.entries {
            let ids = entries.map { entry in
                guard let type = entry.type else { return plainString(entry.id) }
                let kind = entry.kind.map { #","kind":"# + plainString($0.rawValue) } ?? ""
                return #"{"id":"# + plainString(entry.id) + #","type":"# + plainString(type) + kind + "}"
            }
            members.append(#""ids":["# + ids.joined(separator: ",") + "]")
        }
        add("label", event.label)
        let end = plainEnd(time)
        return "{" + members.joined(separator: ",") + end
    }

    static func randomText(_ random: inout SplitMix) -> String {
        let scalars: [Unicode.Scalar] = [
            "a", "Z", "0", " ", ".", "/", "\"", "\\", "\n", "\t", "\r", "\u{01}",
            "\u{1F}", "\u{7F}", "é", "✓", "🙂",
        ]
        let count = Int.random(in: 0...20, using: &random)
        var text = ""
        let plain = Bool.random(using: &random)
        for _ in 0..<count {
            text.unicodeScalars.append(plain ? "m" : scalars.randomElement(using: &random)!)
        }
        return text
    }

    static func randomEvent(_ random: inout SplitMix) -> RecordedEvent {
        func maybe<T>(_ make: (inout SplitMix) -> T) -> T? {
            Bool.random(using: &random) ? make(&random) : nil
        }
        let entries = maybe { random in
            (0..<Int.random(in: 0...3, using: &random)).map { _ in
                Bool.random(using: &random)
                    ? RecordedEvent.PathEntry.existing(randomText(&random))
                    : .new(
                        randomText(&random), type: randomText(&random),
                        kind: Bool.random(using: &random)
                            ? RecordedEvent.Kind.allCases.randomElement(using: &random)
                            : nil)
            }
        }
        return RecordedEvent(
            RecordedEvent.Name.allCases.randomElement(using: &random)!, id: maybe(randomText),
            type: maybe(randomText), kind: maybe { RecordedEvent.Kind.allCases.randomElement(using: &$0)! },
            parent: maybe(randomText), window: maybe(randomText),
            style: maybe { RecordedEvent.Style(rawValue: randomText(&$0)) }, title: maybe(randomText),
            column: maybe { RecordedEvent.Column.allCases.randomElement(using: &$0)! },
            count: maybe { Int.random(in: -1...5, using: &$0) }, entries: entries, label: maybe(randomText))
    }

    @Test func aLineIsTheEventWrittenThePlainWay() {
        var random = SplitMix(seed: 5)
        var writer = TimeStampWriter()
        var wrong: [(written: String, expected: String)] = []
        for _ in 0..<5_000 {
            let event = Self.randomEvent(&random)
            let time = Timespec(
                seconds: 1_763_880_000 + Int.random(in: 0...3, using: &random),
                nanoseconds: Int.random(in: 0..<1_000_000_000, using: &random))
            let room = EventLineEncoder.maximumBodyLength(event) + TimeStampWriter.maximumLength
            let output = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
            defer { output.deallocate() }
            let body = EventLineEncoder.writeBody(event, at: output)
            let length = body + writer.write(time, at: output + body)
            let line = String(decoding: UnsafeBufferPointer(start: output, count: length), as: UTF8.self)
            if length > room || line != Self.plainLine(event, time: time) {
                wrong.append((line, Self.plainLine(event, time: time)))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
    }
}
