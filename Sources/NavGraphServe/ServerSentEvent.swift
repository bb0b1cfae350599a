/// One message of a Server-Sent Events stream (the HTML standard's `text/event-stream`), as bytes.
///
/// Each line of `data` becomes a `data:` field (the browser joins them with a newline again); a carriage return in
/// it ends a line too, as the standard reads it, so `\r\n` and `\r` are sent as line ends and never reach a field
/// raw. `id` is what the browser sends back as `Last-Event-ID` when it reconnects.
public struct ServerSentEvent: Sendable, Equatable {
    public var id: String?
    /// The event's type (`addEventListener(type, …)` in the page); `nil`: `message`.
    public var event: String?
    public var data: String
    /// How long the browser waits before reconnecting, in milliseconds.
    public var retry: Int?

    public init(id: String? = nil, event: String? = nil, data: String, retry: Int? = nil) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
    }

    /// The message as sent: its fields, then an empty line.
    public var text: String {
        var text = ""
        if let retry { text += "retry: \(retry)\n" }
        // A field's value is one line: a newline in an id or a type would start a field of its own.
        if let id { text += "id: " + Self.oneLine(id) + "\n" }
        if let event { text += "event: " + Self.oneLine(event) + "\n" }
        for line in Self.lines(of: data) { text += "data: " + line + "\n" }
        return text + "\n"
    }

    /// A comment: ignored by the browser, it keeps the connection busy (and tells the server when the client left).
    public static func comment(_ text: String) -> String {
        ":" + (text.isEmpty ? "" : " " + oneLine(text)) + "\n\n"
    }

    /// The lines of `data` as the standard splits them (LF, CR LF or CR); an empty string is one empty line.
    static func lines(of data: String) -> [Substring] {
        var lines: [Substring] = []
        var start = data.startIndex
        var index = start
        while index < data.endIndex {
            // A Swift Character holds "\r\n" as one.
            let character = data[index]
            if character == "\n" || character == "\r" || character == "\r\n" {
                lines.append(data[start..<index])
                start = data.index(after: index)
            }
            index = data.index(after: index)
        }
        lines.append(data[start..<data.endIndex])
        return lines
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
