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
func traceProblems(_ text: String) -> (problems: [String], events: [[String: Any]]) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
        let events = object["traceEvents"] as? [[String: Any]]
    else {
        return (["not a JSON object with a traceEvents array"], [])
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
        case "i":
            if !["t", "p", "g"].contains(event["s"] as? String ?? "t") {
                problems.append("event \(index): bad instant scope")
            }
        default:
            problems.append("event \(index): unexpected phase \(phase)")
        }
    }
    for id in open.keys.sorted() { problems.append("span \(id) never ends") }
    return (problems, events)
}

@Suite("Trace export")
struct TraceEventTests {
    @Test(arguments: exampleNames)
    func everyExampleFollowsTheTraceEventRules(example: String) throws {
        let (problems, events) = traceProblems(try trace(example: example))
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(events.contains { $0["ph"] as? String == "b" })
    }

    @Test func leakedModelsRunToTheEndMarkedSo() throws {
        let (problems, events) = traceProblems(try trace(example: "leaky-session.log"))
        #expect(problems.isEmpty)
        let leaked = events.filter {
            $0["ph"] as? String == "b" && ($0["name"] as? String)?.hasSuffix("(leaked)") == true
        }
        .compactMap { ($0["args"] as? [String: Any])?["id"] as? String }
        #expect(leaked.sorted() == ["5EA", "A11", "B22", "B80", "C33"])
        let last = events.compactMap { $0["ts"] as? Int }.max()!
        let leakEnds = events.filter {
            $0["ph"] as? String == "e" && ($0["name"] as? String)?.hasSuffix("(leaked)") == true
        }
        #expect(leakEnds.count == 5 && leakEnds.allSatisfy { $0["ts"] as? Int == last })
        let notYet = try trace(example: "leaky-session.log", endOfInput: false)
        #expect(notYet.contains("(left, not finished)") && !notYet.contains("(leaked)"))
    }

    @Test func instantsForPushesPopsPresentationsAndMarks() throws {
        let (problems, events) = traceProblems(try trace(example: "leaky-session.jsonl"))
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
        let (problems, all) = traceProblems(text)
        #expect(problems.isEmpty, "\(problems)")
        #expect(!text.contains("</script>"))
        let times = all.filter { $0["ph"] as? String != "M" }.compactMap { $0["ts"] as? Int }
        #expect(times == times.sorted())
        let pop = all.first { $0["name"] as? String == "pop 1" }
        #expect(pop?["ts"] as? Int == 1_002_000)
    }
}
