import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

@Suite("Reading navgraph-events v1", .tags(.memory))
struct EventLogReaderTests {
    @Test func everyEventMapsToItsAction() {
        let result = readLog(
            """
            {"event":"start","id":"A","type":"App","kind":"tabs"}
            {"event":"finish","id":"A"}
            {"event":"root","id":"A","type":"App"}
            {"event":"root","id":"W","type":"Waiting","window":"second"}
            {"event":"push","id":"B","type":"Detail","parent":"S"}
            {"event":"pop","parent":"S","count":2}
            {"event":"pop","parent":"S"}
            {"event":"setPath","parent":"S","ids":["R","B"]}
            {"event":"setPath","parent":"S","ids":["R",{"id":"S/1","type":"Detail","kind":"stack"}]}
            {"event":"present","id":"P","type":"Sheet","parent":"A","style":"fullScreenCover"}
            {"event":"dismiss","id":"P"}
            {"event":"tab","id":"T","type":"Home","parent":"A","title":"Home"}
            {"event":"select","parent":"A","id":"T"}
            {"event":"switch","id":"L","type":"Login","parent":"A"}
            {"event":"column","id":"C","type":"Inbox","parent":"V","column":"content"}
            {"event":"openWindow","id":"W2","type":"Waiting","window":"waiting"}
            {"event":"closeWindow","window":"waiting"}
            {"event":"mark","label":"tapped Save"}
            """)
        #expect(result.diagnostics.isEmpty)
        let ref = { (id: String, type: String) in ModelRef(id: id, type: type) }
        #expect(
            result.events.map(\.action) == [
                .start(ref("A", "App"), kind: .tabs),
                .finish(ref("A", ""), neverStarted: false),
                .root(ref("A", "App"), kind: nil, window: "main"),
                .root(ref("W", "Waiting"), kind: nil, window: "second"),
                .push(ref("B", "Detail"), kind: nil, parent: "S"),
                .pop(parent: "S", count: 2),
                .pop(parent: "S", count: 1),
                .setPath(parent: "S", entries: ["R", "B"]),
                .setPath(parent: "S", entries: ["R", PathEntry(creating: ref("S/1", "Detail"), kind: .stack)]),
                .present(ref("P", "Sheet"), kind: nil, parent: "A", style: .fullScreenCover),
                .dismiss("P"),
                .tab(ref("T", "Home"), kind: nil, parent: "A", title: "Home"),
                .select(parent: "A", tab: "T"),
                .switch(ref("L", "Login"), kind: nil, parent: "A"),
                .column(ref("C", "Inbox"), kind: nil, parent: "V", column: .content),
                .openWindow(ref("W2", "Waiting"), kind: nil, window: "waiting"),
                .closeWindow("waiting"),
                .mark("tapped Save"),
            ])
        #expect(result.events.map(\.line) == Array(1...18))
    }

    @Test func aConsoleLogIsReadFromEachLinesFirstEventOn() {
        let result = readLog(
            """
            MyApp 2.4.1 starting
            2025-03-14 09:41:12.345 MyApp[4242:9111] {"event":"root","id":"A","type":"App","kind":"stack"}
            [Network] GET /products 200
            2025-03-14 09:41:12.346 MyApp[4242:9111] {"event":"push","id":"R","type":"Home","parent":"A"}
            {"event":"push","id":"B","type":"Detail","parent":"A"}
            printed {"user":{"event":"not ours"}} by the app
            """)
        #expect(result.events.map(\.line) == [2, 4, 5])
        #expect(result.skipped == [1, 3])
        // A line carrying `{"event"` that is not an event is an error, as on its own.
        #expect(result.diagnostics.map(\.line) == [6])
        #expect(result.hierarchy.preorder(window: "main").map(\.node.model.id) == ["A", "R", "B"])
    }

    @Test func setPathCreatesTheEntriesItStatesWhole() {
        let result = readLog(
            """
            {"event":"root","id":"S","type":"Stack","kind":"stack"}
            {"event":"push","id":"R","type":"Home","parent":"S"}
            {"event":"push","id":"S/1","type":"List","parent":"S"}
            {"event":"setPath","parent":"S","ids":["R",{"id":"S/1","type":"Ignored"},{"id":"S/2","type":"Detail"},{"id":"S/3","type":"Inner","kind":"stack"}]}
            """)
        #expect(result.diagnostics.isEmpty)
        let entries = result.hierarchy.preorder(from: "S").dropFirst().map(\.node)
        #expect(entries.map(\.model.id) == ["R", "S/1", "S/2", "S/3"])
        // An entry that exists keeps its type; a new one has the type and kind the event gives.
        #expect(entries.map(\.model.type) == ["Home", "List", "Detail", "Inner"])
        #expect(entries.map(\.kind) == [.screen, .screen, .screen, .stack])
        #expect(entries.allSatisfy { $0.edge == .push && $0.parent == "S" })
    }

    @Test func timesAsNumbersAndRFC3339() {
        let result = readLog(
            """
            {"event":"mark","label":"a","time":1741945267.25}
            {"event":"mark","label":"b","time":"2025-03-14T09:41:07.500Z"}
            {"event":"mark","label":"c","time":"2025-03-14T10:41:08+01:00"}
            {"event":"mark","label":"d"}
            """)
        #expect(result.events.map(\.time) == [1741945267.25, 1741945267.5, 1_741_945_268, nil])
    }

    @Test func linesThatCannotBeReadAreErrorsNamingTheField() {
        let result = readLog(
            """
            {"event":"push","id":"B","type":"Detail"}
            {"event":"pop","parent":"S","count":"2"}
            {"event":"pop","parent":"S","count":0}
            {"event":"push","id":7,"type":"Detail","parent":"S"}
            {"event":"teleport","id":"X"}
            App[4242:9111] {"event":"pop","parent":"S","count":"2"}
            {"event":"setPath","parent":"S","ids":["R",{"id":"S/1"}]}
            {"event":"push","id":"B","id":"C","type":"Detail","parent":"S"}
            {"event":"push","id":"B",
            {"event":"column","id":"C","type":"Inbox","parent":"V","column":"middle"}
            {"event":"mark","label":"x","time":"yesterday"}
            {"event":"start","id":"A","type":"App","kind":"window"}
            {"kind":"stack"}
            {"event":"mark","label":"x","time":1e309}
            """)
        #expect(result.events.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
        #expect(result.diagnostics.map(\.line) == Array(1...12) + [14])
        let messages = result.diagnostics.map(\.message)
        #expect(messages[0] == "'push' needs \"parent\" (a string); it is missing")
        #expect(messages[1] == "'pop': \"count\" must be a whole number of at least 1, found the string '2'")
        #expect(messages[2] == "'pop': \"count\" must be a whole number of at least 1, found 0")
        #expect(messages[3] == "'push': \"id\" must be a string, found a number")
        #expect(messages[4].hasPrefix("unknown event 'teleport'; expected one of start, finish"))
        // Behind a console's prefix, an event is read as strictly as on its own.
        #expect(messages[5] == "'pop': \"count\" must be a whole number of at least 1, found the string '2'")
        #expect(messages[6] == "'setPath ids[1]' needs \"type\" (a string); it is missing")
        #expect(messages[7] == "not valid JSON at column 26: duplicate key 'id'")
        #expect(
            messages[8]
                == "not valid JSON at column 26: expected a member name in double quotes, found the end of the line")
        #expect(messages[9] == "'column': \"column\" must be sidebar, content or detail, found 'middle'")
        #expect(messages[10].hasPrefix("'mark': \"time\" must be seconds since 1970 or an RFC 3339 time"))
        #expect(messages[11].hasPrefix("'start': \"kind\" must be one of screen, stack, tabs, switch, split"))
        // JSON, but no time: read as infinity, it went on into the replay page's data as `inf` (not JSON).
        #expect(messages[12] == "'mark': \"time\" 1e309 is out of range for seconds since 1970")
        // A JSON object that names no event anywhere is the app's own JSON (a response it logged), not an event.
        #expect(result.skipped == [13])
    }

    @Test func lenientSkipsWithWarnings() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lenient-\(UUID().uuidString).jsonl")
        try Data(
            "{\"event\":\"mark\",\"label\":\"ok\"}\n{\"event\":\"push\"}\n\n{\"event\":\"mark\",\"label\":\"ok\"}\n"
                .utf8
        ).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let collector = DiagnosticCollector()
        var events: [NavEvent] = []
        try NavigationInput(source: try LineSource(path: url.path), lenient: true).read(diagnostics: collector) {
            events.append($0)
            return true
        }
        #expect(events.count == 2)
        let problems = collector.diagnostics.filter { $0.severity != .note }
        #expect(problems.map(\.severity) == [.warning])
        #expect(problems[0].message.hasSuffix("; line skipped") && problems[0].topic == .skippedLeniently)
        #expect(collector.skippedLines.isEmpty, "blank lines are neither noise nor errors")
    }

    @Test func snapshotRootsAsTreeJSONWritesThem() {
        let result = readLog(
            #"""
            {"event":"snapshot","roots":[{"id":"A","type":"App","kind":"tabs","window":"main","children":[{"id":"S","type":"Stack","kind":"stack","edge":"tab","children":[{"id":"H","type":"Home","edge":"push"}]},{"id":"P","type":"Sheet","edge":"sheet"},{"id":"D","type":"Detail","edge":"column","column":"detail"}]},{"id":"W","type":"Waiting","window":"second"}]}
            """#)
        #expect(result.diagnostics.isEmpty)
        #expect(result.snapshots.map(\.window) == ["main", "second"])
        #expect(
            outline(result.snapshots[0]) == [
                "App A tabs root", "  Stack S stack tab", "    Home H screen push", "  Sheet P screen sheet",
                "  Detail D screen column",
            ])
    }

    @Test func snapshotProblems() {
        let result = readLog(
            #"""
            {"event":"snapshot","roots":[{"id":"A","type":"App"}]}
            {"event":"snapshot","roots":[{"id":"A","type":"App","window":"main","children":[{"id":"A","type":"App"}]}]}
            {"event":"snapshot","roots":[{"id":"A","type":"App","window":"main"},{"id":"B","type":"App","window":"main"}]}
            {"event":"snapshot","roots":[{"id":"A","type":"App","window":"main","children":[3]}]}
            """#)
        #expect(
            result.diagnostics.map(\.message) == [
                "'snapshot': roots[0] needs \"window\" (a string); it is missing",
                "'snapshot': roots[0].children[0] repeats id 'A'",
                "'snapshot': two roots for window 'main'",
                "'snapshot': roots[0].children[0] must be a node object, found a number",
            ])
    }

    @Test func deepSnapshotsAreReadIteratively() {
        let depth = 20_000
        var text = #"{"event":"snapshot","roots":["#
        for index in 0..<depth {
            text += #"{"id":"n\#(index)","type":"T"\#(index == 0 ? #","window":"main""# : ""),"children":["#
        }
        text += String(repeating: "]}", count: depth) + "]}"
        let result = readLog(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.snapshots.first?.entries.count == depth)
    }

    @Test func detectionNeedsAnEventMember() {
        func recognizes(_ line: String) -> Bool {
            Array(line.utf8).withByteLine { EventLogReader.recognizes($0) }
        }
        #expect(recognizes(#"{"event":"push"}"#))
        #expect(recognizes(#"  {"time": 1, "event": "mark"}"#))
        #expect(!recognizes(#"{"level":"info","msg":"app started"}"#))
        #expect(!recognizes(#"[HomeNavigationModel E34...]: Started"#))
        // An app's analytics event is not one of navgraph-events': before navigation, it took the whole console.
        #expect(!recognizes(#"{"event":"screen_view","screen":"Home"}"#))
        #expect(!recognizes(#"App[1:2] {"event": "purchase"}"#))
        #expect(recognizes(#"App[1:2] {"event" : "root","id":"a","type":"A"}"#))
        #expect(!recognizes(#"{"event""#) && !recognizes(#"{"event":"#) && !recognizes(#"{"event":"push"#))
        let console = read(
            "{\"event\":\"screen_view\",\"screen\":\"Home\"}\n"
                + (try! String(
                    contentsOf: repositoryRoot.appendingPathComponent("examples/session.log"), encoding: .utf8)))
        #expect(console.format == .swiftUINavigation && console.error == nil)
    }

    @Test func theExampleSessionReadsCleanly() throws {
        let result = try readLog(file: repositoryRoot.appendingPathComponent("examples/leaky-session.jsonl"))
        #expect(result.error == nil)
        #expect(result.diagnostics.isEmpty)
        #expect(result.events.count == 69)
    }
}

/// What reading `text` gives, without the note saying which format was detected (these tests are about the lines).
private func readLog(_ text: String) -> ReadResult {
    var result = read(text)
    result.diagnostics.removeAll { $0.severity == .note }
    return result
}

private func readLog(file: URL) throws -> ReadResult {
    var result = try read(file: file)
    result.diagnostics.removeAll { $0.severity == .note }
    return result
}
