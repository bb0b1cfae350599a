import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphTestSupport
import Testing

@testable import NavGraphRender

/// The trace of a history read from an example (or given as events).
private func trace(example: String? = nil, events: [NavEvent] = [], endOfInput: Bool = true) throws -> String {
    var renderer = TraceEventRenderer(inputName: example ?? "events")
    var hierarchy = Hierarchy()
    func step(_ event: NavEvent) {
        let change = hierarchy.apply(event)
        renderer.record(event, change: change, in: hierarchy)
    }
    if let example {
        let source = try LineSource(path: repositoryRoot.appendingPathComponent("examples/\(example)").path)
        try NavigationInput(source: source).read(diagnostics: DiagnosticCollector()) { event in
            step(event)
            return true
        }
    }
    events.forEach(step)
    var text = ""
    renderer.render(hierarchy, endOfInput: endOfInput, to: &text)
    return text
}

/// The Trace Event Format's rules a viewer relies on; a description of each broken one.
func traceProblems(_ text: String) -> (problems: [String], events: [[String: Any]], nesting: [String]) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
        let events = object["traceEvents"] as? [[String: Any]]
    else {
        return (["not a JSON object with a traceEvents array"], [], [])
    }
    var problems: [String] = []
    var open: [String: (cat: String, ts: Int, name: String)] = [:]
    var closed: Set<String> = []
    var lastTime: [String: Int] = [:]
    for (index, event) in events.enumerated() {
        guard let phase = event["ph"] as? String, event["name"] is String, let pid = event["pid"] as? Int,
            let tid = event["tid"] as? Int
        else {
            problems.append("event \(index): missing ph, name, pid or tid")
            continue
        }
        // Perfetto and chrome://tracing show names as they are: a control character is a box or nothing.
        var names = [event["name"] as! String]
        if let args = event["args"] as? [String: Any] { names += args.values.compactMap { $0 as? String } }
        for name in names where name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            problems.append("event \(index): a control character in \(name.debugDescription)")
        }
        if phase == "M" { continue }
        guard let ts = event["ts"] as? Int, ts >= 0 else {
            problems.append("event \(index): ts is not a whole number of microseconds")
            continue
        }
        let track = "\(pid)/\(tid)"
        if let last = lastTime[track], ts < last {
            problems.append("event \(index): time goes backwards on track \(track)")
        }
        lastTime[track] = ts
        switch phase {
        case "b", "e":
            guard let id = event["id"] as? String, let cat = event["cat"] as? String else {
                problems.append("event \(index): async event without id or cat")
                continue
            }
            if phase == "b" {
                if open[id] != nil || closed.contains(id) { problems.append("event \(index): id \(id) begins twice") }
                open[id] = (cat, ts, event["name"] as! String)
            } else if let begin = open.removeValue(forKey: id) {
                if begin.cat != cat { problems.append("event \(index): e of \(id) has another category") }
                if begin.name != event["name"] as? String {
                    problems.append("event \(index): e of \(id) has another name")
                }
                if ts < begin.ts { problems.append("event \(index): e of \(id) before its b") }
                closed.insert(id)
            } else {
                problems.append("event \(index): e of \(id) without a b")
            }
        case "X":
            guard let duration = event["dur"] as? Int, duration >= 0, event["cat"] is String else {
                problems.append("event \(index): complete event without a whole dur or a cat")
                continue
            }
        case "i":
            if !["t", "p", "g"].contains(event["s"] as? String ?? "t") {
                problems.append("event \(index): bad instant scope")
            }
        default:
            problems.append("event \(index): unexpected phase \(phase)")
        }
    }
    for id in open.keys.sorted() { problems.append("span \(id) never ends") }
    return (problems, events, nesting: nestingProblems(events))
}

@Suite("Trace export")
struct TraceEventTests {
    @Test(arguments: exampleNames)
    func everyExampleFollowsTheTraceEventRules(example: String) throws {
        let (problems, events, nesting) = traceProblems(try trace(example: example))
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(nesting.isEmpty, "\(nesting.prefix(5))")
        #expect(events.contains { $0["ph"] as? String == "X" })
    }

    @Test func leakedModelsRunToTheEndMarkedSo() throws {
        let (problems, events, _) = traceProblems(try trace(example: "leaky-session.log"))
        #expect(problems.isEmpty)
        let leaks = events.filter {
            $0["ph"] as? String == "X" && ($0["name"] as? String)?.hasSuffix("(leaked)") == true
        }
        let leaked = leaks.compactMap { ($0["args"] as? [String: Any])?["id"] as? String }
        #expect(leaked.sorted() == ["5EA", "A11", "B22", "B80", "C33"])
        let last = events.compactMap { $0["ts"] as? Int }.max()!
        #expect(leaks.allSatisfy { ($0["ts"] as! Int) + ($0["dur"] as! Int) == last })
        let notYet = try trace(example: "leaky-session.log", endOfInput: false)
        #expect(notYet.contains("(left, not finished)") && !notYet.contains("(leaked)"))
    }

    @Test func instantsForPushesPopsPresentationsAndMarks() throws {
        let (problems, events, _) = traceProblems(try trace(example: "leaky-session.jsonl"))
        #expect(problems.isEmpty)
        let instants = events.filter { $0["ph"] as? String == "i" }.compactMap { $0["name"] as? String }
        #expect(instants.contains { $0.hasPrefix("push ActionableListNavigationModel") })
        #expect(instants.contains { $0.hasPrefix("present (sheet) DefaultStackRootNavigationModel") })
        #expect(instants.contains { $0.hasPrefix("pop ") })
        #expect(instants.contains("launch"))
        // Times come from the log: the push of A41 is 5.5 s after the first event.
        let push = events.first { ($0["name"] as? String)?.hasPrefix("push ActionableListNavigationModel A41") == true }
        #expect(push?["ts"] as? Int == 5_500_000)
    }

    @Test func timesNeverGoBackwardsAndStepsWithoutTimesTakeAMillisecond() throws {
        let app = ModelRef(id: "app", type: "AppModel")
        let stack = ModelRef(id: "stack", type: "StackModel")
        let events = [
            NavEvent(.start(app, kind: nil), line: 1, time: 100),
            NavEvent(.root(app, kind: .switch, window: "main"), line: 2, time: 101),
            NavEvent(.switch(stack, kind: .stack, parent: "app"), line: 3, time: 99),  // a clock stepping back
            NavEvent(.push(ModelRef(id: "a", type: "A<B>\"</script>"), kind: nil, parent: "stack"), line: 4),
            NavEvent(.pop(parent: "stack", count: 1), line: 5),
            NavEvent(.mark("done"), line: 6, time: 102),
        ]
        let text = try trace(events: events)
        let (problems, all, nesting) = traceProblems(text)
        #expect(problems.isEmpty && nesting.isEmpty, "\(problems) \(nesting)")
        #expect(!text.contains("</script>"))
        let times = all.filter { $0["ph"] as? String != "M" }.compactMap { $0["ts"] as? Int }
        #expect(times == times.sorted())
        let pop = all.first { $0["name"] as? String == "pop 1" }
        #expect(pop?["ts"] as? Int == 1_002_000)
    }

    /// A clock that runs back from far away (`"time":10000000000000` then `"time":0`): the gap below the first time
    /// is out of Int's range in microseconds, and converting it trapped (exit 132). The clock stays where it is.
    @Test func aTimeFarBeforeTheFirstKeepsTheClock() throws {
        let app = ModelRef(id: "app", type: "AppModel")
        let events = [
            NavEvent(.root(app, kind: nil, window: "main"), line: 1, time: 10_000_000_000_000),
            NavEvent(.start(ModelRef(id: "b", type: "B"), kind: nil), line: 2, time: 0),
            NavEvent(.mark("later"), line: 3, time: -1e300),
            NavEvent(.mark("far"), line: 4, time: 1e300),
        ]
        let (problems, all, _) = traceProblems(try trace(events: events))
        #expect(problems.isEmpty, "\(problems)")
        let times = all.filter { $0["ph"] as? String != "M" }.compactMap { $0["ts"] as? Int }
        #expect(!times.isEmpty && times == times.sorted())
    }
}

@Suite("Trace export: nesting Perfetto draws")
struct TraceNestingTests {
    private static func ref(_ id: String, _ type: String) -> ModelRef { ModelRef(id: id, type: type) }

    /// A sheet over a stack's screen over a tab: each slice inside its parent's on one track; the second tab, open
    /// beside the first, on a track of its own right after; a model that outlives its parent on a track where it
    /// is outermost.
    @Test func aSheetOverAStackOverATabNests() throws {
        let events: [NavEvent] = [
            NavEvent(.start(Self.ref("late", "LateModel"), kind: nil), line: 1),
            NavEvent(.root(Self.ref("tabs", "TabsModel"), kind: .tabs, window: "main"), line: 1),
            NavEvent(.tab(Self.ref("s1", "StackModel"), kind: .stack, parent: "tabs", title: "A"), line: 2),
            NavEvent(.tab(Self.ref("s2", "StackModel"), kind: .stack, parent: "tabs", title: "B"), line: 3),
            NavEvent(.push(Self.ref("list", "ListModel"), kind: nil, parent: "s1"), line: 4),
            NavEvent(.present(Self.ref("sheet", "SheetModel"), kind: nil, parent: "list", style: .sheet), line: 5),
            NavEvent(.push(Self.ref("late", "LateModel"), kind: nil, parent: "s2"), line: 7),
            NavEvent(.dismiss("sheet"), line: 8),
            NavEvent(.pop(parent: "s2", count: 1), line: 9),
        ]
        let (problems, all, nesting) = traceProblems(try trace(events: events))
        #expect(problems.isEmpty && nesting.isEmpty, "\(problems) \(nesting)")
        func slice(_ id: String) -> (tid: Int, ts: Int, end: Int)? {
            all.first { $0["ph"] as? String == "X" && ($0["args"] as? [String: Any])?["id"] as? String == id }
                .map { ($0["tid"] as! Int, $0["ts"] as! Int, ($0["ts"] as! Int) + ($0["dur"] as! Int)) }
        }
        let tabs = try #require(slice("tabs"))
        let first = try #require(slice("s1"))
        let list = try #require(slice("list"))
        let sheet = try #require(slice("sheet"))
        let second = try #require(slice("s2"))
        let late = try #require(slice("late"))
        #expect(first.tid == tabs.tid && list.tid == tabs.tid && sheet.tid == tabs.tid)
        #expect(tabs.ts <= first.ts && first.end <= tabs.end && list.ts >= first.ts && sheet.end <= list.end)
        #expect(second.tid == tabs.tid + 1)
        // Started before its stack was: not inside the stack's slice, so outermost on a track of its own, after it.
        #expect(late.tid > second.tid)
        let threads = all.filter { $0["name"] as? String == "thread_name" }.map {
            ($0["tid"] as! Int, ($0["args"] as! [String: Any])["name"] as! String)
        }
        #expect(threads.map(\.1) == ["window main", "under TabsModel tabs", "under StackModel s2"])
        #expect(threads.map(\.0) == [1, 2, 3])
    }

    /// The checker finds what Perfetto would draw wrongly: it is not a test that cannot fail.
    @Test func theCheckerSeesPartialOverlapsAndStrangeParents() {
        func x(_ id: String, parent: String?, ts: Int, dur: Int) -> [String: Any] {
            [
                "ph": "X", "pid": 1, "tid": 1, "ts": ts, "dur": dur,
                "args": ["type": "T", "id": id, "parent": parent as Any],
            ]
        }
        let named: [[String: Any]] = [["ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": ["name": "t"]]]
        func nestingProblems(_ events: [[String: Any]]) -> [String] {
            NavGraphTestSupport.nestingProblems(named + events)
        }
        #expect(
            nestingProblems([x("a", parent: nil, ts: 0, dur: 10), x("b", parent: "T a", ts: 5, dur: 10)]).count == 1)
        #expect(
            nestingProblems([x("a", parent: nil, ts: 0, dur: 10), x("b", parent: "T z", ts: 5, dur: 2)]).count == 1)
        // Ending where the next begins is closed by then (Perfetto's rule): not nested, no problem.
        #expect(nestingProblems([x("a", parent: nil, ts: 0, dur: 10), x("b", parent: nil, ts: 10, dur: 2)]).isEmpty)
    }
}

@Suite("Trace export: names from the log")
struct TraceNameTests {
    /// Control characters (BEL, ESC, TAB, NUL, …), bidi overrides and line separators in a type, an id, a window,
    /// a presentation style or a tab's title are shown escaped (`\u{7}`), as a terminal shows them, in every event's
    /// and track's name and argument: Perfetto draws a decoded control character as a box or nothing, and SVG and
    /// Mermaid leave them out.
    @Test func controlCharactersInNamesAreEscaped() throws {
        let hostile = "Bell\u{7}Esc\u{1B}[2JTab\tNul\u{0}Rtl\u{202E}Line\u{2028}"
        let events: [NavEvent] = [
            NavEvent(.root(ModelRef(id: "r\u{7}", type: "Tabs" + hostile), kind: .tabs, window: "main\u{1B}"), line: 1),
            NavEvent(
                .tab(ModelRef(id: "s\t1", type: "Stack" + hostile), kind: .stack, parent: "r\u{7}", title: hostile),
                line: 2),
            NavEvent(.push(ModelRef(id: "l\u{0}", type: "List" + hostile), kind: nil, parent: "s\t1"), line: 3),
            NavEvent(
                .present(
                    ModelRef(id: "p", type: "Sheet" + hostile), kind: nil, parent: "l\u{0}",
                    style: PresentationStyle("drawer\u{7}")), line: 4),
            NavEvent(.dismiss("p"), line: 5),
        ]
        var renderer = TraceEventRenderer(inputName: "log\u{7}.txt")
        var hierarchy = Hierarchy()
        for event in events {
            let change = hierarchy.apply(event)
            renderer.record(event, change: change, in: hierarchy)
        }
        var text = ""
        renderer.render(hierarchy, endOfInput: true, to: &text)
        let (problems, all, _) = traceProblems(text)
        #expect(problems.isEmpty, "\(problems)")
        let names =
            all.compactMap { $0["name"] as? String }
            + all.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(names.contains { $0.hasPrefix(#"TabsBell\u{7}Esc\u{1B}[2JTab\tNul\u{0}Rtl\u{202E}Line\u{2028}"#) })
        #expect(names.contains { $0.contains(#"present (drawer\u{7})"#) }, "\(names)")
        #expect(names.contains(#"window main\u{1B}"#), "\(names)")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let input = (object?["otherData"] as? [String: Any])?["input"] as? String
        #expect(input == #"log\u{7}.txt"#)
    }
}
