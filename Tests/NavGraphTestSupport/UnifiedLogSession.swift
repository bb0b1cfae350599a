import Foundation

/// A session an app printed, as Apple's `log stream`/`log show` would print it had the app sent each message to
/// `Logger(subsystem: "com.example.app", category: "navigation")` with `privacy: .public` instead: every style, with
/// `log`'s header lines and `log show`'s closing summary.
///
/// The layouts are rebuilt from real `log` output pasted in public repositories and articles (column widths, the
/// order of the JSON members, `\/` escapes, the nested `backtrace`); what no paste showed — the member order of
/// `--style ndjson` with a `backtrace`, how an interrupted `log stream --style json` ends (after a `},{`, as Flutter's
/// tests of its simulator log reader have it), the header lines of `log show` in the JSON styles — is reconstructed,
/// as docs/formats/README.md says.
///
/// Messages: each line of the print log is one, except that lines starting with a tab go with the message before
/// them (a SwiftUINavigation dump is one `print`, so one message). Message `n` (from 0) is logged at
/// 2025-03-14 09:41:07 +0100 plus `n` × 0.250037 s.
public struct UnifiedLogSession {
    public enum Command: String, CaseIterable, Sendable { case stream, show }
    public enum Style: String, CaseIterable, Sendable { case `default`, compact, syslog, json, ndjson }

    /// The messages, each as its lines.
    public var messages: [[String]]
    /// Replaces a message's text when it is logged (`<private>`: logged with the default privacy).
    public var redacting: (Int) -> Bool = { _ in false }
    /// What a redacted message reads: `<private>` when the whole line was one value (`logger.info("\(line)")`);
    /// NavigatorUI's own shape when only its values were (`Navigator <private> pushing(<private>)`).
    public var redactedText = "<private>"
    public var process = "NavigatorDemo"
    public var processID = 4242

    /// The sessions kept as fixtures (`Tests/NavGraphFormatsTests/Fixtures/unified-log/`): the example each is made
    /// from, and the process that logs it.
    public static let fixtures: [(name: String, example: String, process: String)] = [
        ("navigator-session", "navigator-session.log", "NavigatorDemo"),
        ("leaky-session-events", "leaky-session.jsonl", "Examples"),
        ("leaky-session", "leaky-session.log", "Examples"),
    ]

    /// The folder of the fixtures, under `Tests/`.
    public static let fixtureFolder = "NavGraphFormatsTests/Fixtures/unified-log"

    /// A fixture's file name: `navigator-session.show-json.log`.
    public static func fixtureName(_ session: String, _ command: Command, _ style: Style) -> String {
        "\(session).\(command.rawValue)-\(style.rawValue).log"
    }

    /// The session a fixture is made from.
    public static func fixtureSession(_ name: String) throws -> UnifiedLogSession {
        guard let fixture = fixtures.first(where: { $0.name == name }) else { throw CocoaError(.fileNoSuchFile) }
        var session = UnifiedLogSession(printLog: try String(contentsOfFile: example(fixture.example), encoding: .utf8))
        session.process = fixture.process
        return session
    }

    public init(printLog: String) {
        var messages: [[String]] = []
        var lines = printLog.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            if line.hasPrefix("\t"), !messages.isEmpty {
                messages[messages.count - 1].append(line)
            } else {
                messages.append([line])
            }
        }
        self.messages = messages
    }

    /// What `log` prints, and for each line of the print log (in order) the number of the line of that text its
    /// message line is read at: its own line in a text style, the entry's `eventMessage` line in `--style json`, the
    /// entry's line in `--style ndjson`.
    public func render(_ command: Command, _ style: Style) -> (text: String, lineOfPrintLine: [Int]) {
        var out: [String] = []
        var map: [Int] = []
        out.append(#"Filtering the log data using "subsystem == "com.example.app"""#)
        if command == .show { out.append("Skipping info and debug messages, pass --info and/or --debug to include.") }
        switch style {
        case .default:
            out.append(
                pad("Timestamp", 32) + pad("Thread", 11) + pad("Type", 12) + pad("Activity", 21) + pad("PID", 7)
                    + "TTL  ")
        case .compact: out.append(pad("Timestamp", 24) + "Ty Process[PID:TID]")
        case .syslog: out.append(pad("Timestamp", 32) + "(process)[PID]    ")
        case .json, .ndjson: break
        }
        for (index, lines) in messages.enumerated() {
            let message = redacting(index) ? [redactedText] : lines
            switch style {
            case .default, .compact, .syslog:
                out.append(textPrefix(style, index) + message[0])
                map.append(out.count)
                for line in message.dropFirst() {
                    out.append(line)
                    map.append(out.count)
                }
                // A redacted message is one line for all of the print log's.
                map.append(contentsOf: Array(repeating: out.count, count: lines.count - message.count))
            case .ndjson:
                out.append(ndjson(index, message.joined(separator: "\n")))
                map.append(contentsOf: Array(repeating: out.count, count: lines.count))
            case .json:
                out.append(index == 0 ? "[{" : "},{")
                let members = prettyMembers(index, message.joined(separator: "\n"))
                for member in members {
                    out.append(member)
                    if member.hasPrefix(#"  "eventMessage""#) {
                        map.append(contentsOf: Array(repeating: out.count, count: lines.count))
                    }
                }
            }
        }
        switch (command, style) {
        case (.show, .json): out.append("}]")
        // Interrupted, `log stream` has printed the separator after its last entry.
        case (.stream, .json): out.append("},{")
        case (.show, .default), (.show, .compact), (.show, .syslog):
            out.append(String(repeating: "-", count: 116))
            out.append(
                "Log      - Default:" + right(messages.count, 11) + ", Info:" + right(0, 17) + ", Debug:"
                    + right(0, 14) + ", Error:" + right(0, 11) + ", Fault:" + right(0, 11))
            out.append(
                "Activity - Create:" + right(0, 12) + ", Transition:" + right(0, 11) + ", Actions:" + right(0, 12))
        default: break
        }
        return (out.joined(separator: "\n") + "\n", map)
    }

    /// The print log with each line's console time before it, in the form `style` writes times (the text styles'
    /// `2025-03-14 09:41:07.000000+0100`, compact's local `2025-03-14 09:41:07.000`): what the messages say when read
    /// from a console that dates its lines, to compare with what is read from `log`.
    public func timedPrintLog(like style: Style) -> String {
        var out: [String] = []
        for (index, lines) in messages.enumerated() {
            for line in lines { out.append(timestamp(index, milliseconds: style == .compact) + " " + line) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: - Layouts

    private func textPrefix(_ style: Style, _ index: Int) -> String {
        let thread = "0x1a2b3"
        switch style {
        case .compact:
            return timestamp(index, milliseconds: true) + " Df \(process)[\(processID):1a2b3] "
                + "[com.example.app:navigation] "
        case .syslog:
            return timestamp(index) + "  localhost \(process)[\(processID)]: [com.example.app:navigation] "
        default:
            return timestamp(index) + " " + pad(thread, 11) + pad("Default", 12) + pad("0x0", 21)
                + pad(String(processID), 7) + pad("0", 5) + "\(process): [com.example.app:navigation] "
        }
    }

    /// The members of an entry, in the order `log` prints them, each as `"name" : value` (JSON-escaped as
    /// NSJSONSerialization escapes: `\/` too).
    private func members(_ index: Int, _ message: String) -> [(String, String)] {
        let image = "\\/Applications\\/\(process).app\\/\(process)"
        return [
            ("timezoneName", #""""#), ("messageType", #""Default""#), ("eventType", #""logEvent""#),
            ("source", "null"), ("formatString", #""%{public}s""#), ("userID", "501"),
            ("activityIdentifier", "0"), ("subsystem", #""com.example.app""#), ("category", #""navigation""#),
            ("threadID", "107187"), ("senderImageUUID", #""0CE9AAA6-7282-3923-B74D-7A1CAD26B8F8""#),
            ("backtrace", "BACKTRACE"), ("bootUUID", #""E312ED28-914E-4C3C-9B9E-4926AFCCD890""#),
            ("processImagePath", "\"\(image)\""), ("senderImagePath", "\"\(image)\""),
            ("timestamp", "\"\(timestamp(index))\""), ("machTimestamp", String(2_008_018_969_949 + index * 6_000_888)),
            ("eventMessage", "\"\(Self.escaped(message))\""),
            ("processImageUUID", #""0CE9AAA6-7282-3923-B74D-7A1CAD26B8F8""#), ("traceID", "176338472796164"),
            ("processID", String(processID)), ("senderProgramCounter", "215404"), ("parentActivityIdentifier", "0"),
        ]
    }

    private func ndjson(_ index: Int, _ message: String) -> String {
        let body = members(index, message).map { name, value in
            let value =
                value == "BACKTRACE"
                ? #"{"frames":[{"imageOffset":215404,"imageUUID":"0CE9AAA6-7282-3923-B74D-7A1CAD26B8F8"}]}"# : value
            return "\"\(name)\":\(value)"
        }
        return "{" + body.joined(separator: ",") + "}"
    }

    private func prettyMembers(_ index: Int, _ message: String) -> [String] {
        let all = members(index, message)
        var lines: [String] = []
        for (position, (name, value)) in all.enumerated() {
            let comma = position + 1 < all.count ? "," : ""
            if value == "BACKTRACE" {
                lines += [
                    #"  "backtrace" : {"#, #"    "frames" : ["#, "      {", #"        "imageOffset" : 215404,"#,
                    #"        "imageUUID" : "0CE9AAA6-7282-3923-B74D-7A1CAD26B8F8""#, "      }", "    ]", "  }" + comma,
                ]
            } else {
                lines.append("  \"\(name)\" : \(value)\(comma)")
            }
        }
        return lines
    }

    /// NSJSONSerialization's escaping of a string's content.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Message `index`'s local time: `2025-03-14 09:41:07.000000+0100`, or to the millisecond without a zone.
    private func timestamp(_ index: Int, milliseconds: Bool = false) -> String {
        let microseconds = (9 * 3600 + 41 * 60 + 7) * 1_000_000 + index * 250_037
        let seconds = microseconds / 1_000_000
        let clock = String(format: "2025-03-14 %02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
        if milliseconds { return clock + String(format: ".%03d", microseconds % 1_000_000 / 1000) }
        return clock + String(format: ".%06d+0100", microseconds % 1_000_000)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func right(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
