import Testing

@testable import NavGraphServe

/// The event stream's framing, as the HTML standard reads `text/event-stream`.
@Suite("Server-Sent Events")
struct ServerSentEventTests {
    @Test func anEventIsItsFieldsThenAnEmptyLine() {
        let event = ServerSentEvent(id: "7", event: "state", data: "{\"version\":7}", retry: 1000)
        #expect(event.text == "retry: 1000\nid: 7\nevent: state\ndata: {\"version\":7}\n\n")
        #expect(ServerSentEvent(data: "x").text == "data: x\n\n")
    }

    /// Each line of the data is a `data:` field (the browser joins them with LF): LF, CR LF and a lone CR all end
    /// a line, as the standard reads them, so none reaches a field raw.
    @Test func everyLineEndInTheDataStartsAField() {
        #expect(ServerSentEvent(data: "a\nb").text == "data: a\ndata: b\n\n")
        #expect(ServerSentEvent(data: "a\r\nb\rc").text == "data: a\ndata: b\ndata: c\n\n")
        #expect(ServerSentEvent(data: "a\n").text == "data: a\ndata: \n\n")
        #expect(ServerSentEvent(data: "").text == "data: \n\n")
        #expect(ServerSentEvent.lines(of: "\n\n").count == 3)
    }

    /// An id or a type is one line: a newline in it would start a field of its own (or end the event).
    @Test func anIdOrATypeStaysOnOneLine() {
        let event = ServerSentEvent(id: "1\ndata: forged", event: "state\r\n\r\nevent: other", data: "x")
        #expect(event.text == "id: 1 data: forged\nevent: state  event: other\ndata: x\n\n")
    }

    @Test func aCommentIsIgnoredByTheBrowser() {
        #expect(ServerSentEvent.comment("no change") == ": no change\n\n")
        #expect(ServerSentEvent.comment("") == ":\n\n")
        #expect(ServerSentEvent.comment("a\nb") == ": a b\n\n")
    }
}
