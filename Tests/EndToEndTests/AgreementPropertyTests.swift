import Foundation
import NavGraphTestSupport
import Testing

/// One truth per moment: every view of an input — `tree` as text and as JSON at each step, the live view
/// (`tree --follow --format json` through a pipe), `history`, the HTML replay page's data and `leaks` — says the
/// same about every model at every step. Checked on every example and on simulated sessions (console and
/// navgraph-events) whose leaks are known, where `leaks` with its default flags must fail exactly when the app
/// leaked.
@Suite("Every view agrees at every step")
struct AgreementPropertyTests {
    /// The examples navgraph reads, with what `leaks` (default flags) exits with: 1 where the app leaked, 0 where
    /// it did not, 3 where the log has no lifecycle to tell.
    static let examples: [(name: String, leaksExit: Int32)] = [
        ("session.log", 0), ("leaky-session.log", 1), ("leaky-session.jsonl", 1), ("console-prefixed.log", 0),
        ("legacy-1x.log", 0), ("sheet-over-tabs.txt", 3), ("launch-dump.txt", 3), ("navigation-path.log", 3),
        ("navigator-session.log", 1), ("per-tab-routers.log", 3), ("tca-syncups.log", 3),
    ]

    @Test(arguments: examples.map(\.name))
    func examplesAgree(name: String) throws {
        let expected = try #require(Self.examples.first { $0.name == name }).leaksExit
        let views = try Views(path: example(name))
        try views.checkAgreement(context: name)
        #expect(views.leaks.status == expected, "\(name): \(views.leaks.stderr)")
    }

    /// Simulated sessions, as console output and as navgraph-events; seed 4's app leaks nothing.
    @Test(arguments: [1, 2, 3, 4] as [UInt64], ["log", "jsonl"])
    func simulatedSessionsAgreeAndLeaksAreExact(seed: UInt64, format: String) throws {
        let session = SimulatedSession(seed: seed, actions: 45, leakRate: seed == 4 ? 0 : 0.3)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session-\(seed).\(format)")
        try ((format == "log" ? session.console : session.events).joined(separator: "\n") + "\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let context = "seed \(seed), \(format)"
        let views = try Views(path: file.path)
        try views.checkAgreement(context: context)

        // The gate: fails exactly when the app leaked, and names exactly what leaked.
        #expect(views.leaks.status == (session.leaked.isEmpty ? 0 : 1), "\(context): \(views.leaks.stderr)")
        let reported = try Self.leakedNames(views.leaks.stdout)
        #expect(reported == session.leaked, "\(context)")
        #expect(!(seed != 4 && session.leaked.isEmpty), "seed \(seed) should make a leaky session")
    }

    /// `leaks --format json`'s leaked models (children included), as `Type PFX`, and those suspected because no dump
    /// listed them though every window printed one (`inNoDump`: shown and gone between two dumps, as far as the log
    /// can tell; it may also live in a window the app never dumps, so navgraph says suspected, and the gate fails).
    private static func leakedNames(_ json: String) throws -> Set<String> {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var names: Set<String> = []
        func collect(_ entries: [[String: Any]]) {
            for entry in entries {
                if entry["status"] as? String == "leaked" || entry["reason"] as? String == "inNoDump" {
                    names.insert("\(entry["type"] as? String ?? "?") \((entry["id"] as? String ?? "?").prefix(3))")
                }
                collect(entry["children"] as? [[String: Any]] ?? [])
            }
        }
        collect(object["leaks"] as? [[String: Any]] ?? [])
        return names
    }
}

/// What each view says about one input.
private struct Views {
    let path: String
    /// `tree --follow --format json` through a pipe: the last state it showed for each step (not provisional).
    let follow: [Int: [String: Any]]
    let lastStep: Int
    let history: [[String: Any]]
    let page: [String: Any]
    let leaks: Run

    init(path: String) throws {
        self.path = path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let live = try navgraph(["tree", "--follow", "--format", "json"], stdin: text)
        #expect(live.status == 0, "\(path): \(live.stderr)")
        var follow: [Int: [String: Any]] = [:]
        for line in live.stdout.split(separator: "\n") {
            let state = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard state["provisional"] as? Bool == false, let step = state["step"] as? Int else { continue }
            follow[step] = state
        }
        self.follow = follow
        lastStep = follow.keys.max() ?? 0

        let history = try navgraph(["history", "--format", "json", path])
        #expect(history.status == 0, "\(path): \(history.stderr)")
        self.history = try #require(
            try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])

        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pageURL = folder.appendingPathComponent("replay.html")
        let replay = try navgraph(["replay", path, "--html", pageURL.path, "--max-nodes", "0"])
        #expect(replay.status == 0, "\(path): \(replay.stderr)")
        let html = try String(contentsOf: pageURL, encoding: .utf8)
        let start = try #require(html.range(of: #"<script type="application/json" id="navgraph-data">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        page = try #require(
            try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        )

        leaks = try navgraph(["leaks", "--format", "json", path])
    }

    /// The steps checked one by one: all of a short input, some spread over a long one (the first and the last among
    /// them): up to 6 and 6 (16 and 12 at full scale, `scripts/test-full-scale`).
    var sampledSteps: [Int] {
        let (short, spread) = scaled((6, 6), full: (16, 12))
        guard lastStep > short else { return Array(1...max(lastStep, 1)) }
        return Array(Set((0..<spread).map { 1 + $0 * (lastStep - 1) / (spread - 1) } + [lastStep])).sorted()
    }

    func checkAgreement(context: String) throws {
        #expect(lastStep > 0, "\(context): the live view showed no step")
        // history lists every step the live view showed, at the same lines.
        #expect(history.count == lastStep, "\(context)")
        for (step, state) in follow {
            #expect(history[step - 1]["line"] as? Int == state["line"] as? Int, "\(context): step \(step)")
        }
        #expect((page["steps"] as? [Any])?.count == lastStep, "\(context): the page's steps")
        for step in sampledSteps {
            let state = try #require(follow[step], "\(context): the live view showed no step \(step)")
            try checkTree(at: step, against: state, context: "\(context), step \(step)")
            try checkPage(at: step, against: state, context: "\(context), step \(step)")
        }
        try checkLeaks(against: try #require(follow[lastStep]), context: context)
    }

    /// `tree --at STEP --format json` is the live view's state; `tree --at STEP` shows the same models in the same
    /// places.
    private func checkTree(at step: Int, against state: [String: Any], context: String) throws {
        let json = try navgraph(["tree", "--at", String(step), "--format", "json", path])
        #expect(json.status == 0, "\(context): \(json.stderr)")
        var tree = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        var live = state
        for key in ["step", "line", "provisional", "endOfInput"] { live[key] = nil }
        #expect(NSDictionary(dictionary: tree) == NSDictionary(dictionary: live), "\(context)\n\(json.stdout)")

        let text = try navgraph(["tree", "--at", String(step), path], environment: ["NO_COLOR": "1"])
        #expect(text.status == 0, "\(context): \(text.stderr)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The tree part is everything above the first list ("Leaked: … (2):").
        let firstList = lines.firstIndex { $0.range(of: #"\(\d+\):$"#, options: .regularExpression) != nil }
        let treePart = lines[..<(firstList ?? lines.count)]
        let placed = Self.placedEntries(tree["roots"] as? [[String: Any]] ?? [])
        #expect(treePart.first?.hasPrefix("No hierarchy yet") == placed.isEmpty, "\(context)\n\(text.stdout)")
        let explanation = ["window ", "No hierarchy yet", "What places models"]
        let treeLines = treePart.filter { line in !line.isEmpty && !explanation.contains { line.hasPrefix($0) } }
        #expect(treeLines.count == placed.count, "\(context)\n\(text.stdout)")
        for entry in placed {
            let names = Self.names(entry)
            #expect(
                treePart.contains { line in names.contains { line.contains($0) } },
                "\(context): \(names[0]) not in the tree\n\(text.stdout)")
        }
        // Each list of the JSON (not yet placed, suspected, left or leaked) is a list of the text, as long and
        // naming the same models.
        tree["roots"] = nil
        let listed = tree.values.compactMap { $0 as? [[String: Any]] }.flatMap { $0 }
        let counts = lines.compactMap { line -> Int? in
            guard let range = line.range(of: #"\((\d+)\):$"#, options: .regularExpression) else { return nil }
            return Int(line[range].dropFirst().dropLast(2))
        }
        #expect(counts.reduce(0, +) == listed.count, "\(context)\n\(text.stdout)")
        let listsPart = lines[(firstList ?? lines.count)...]
        for entry in listed {
            let names = Self.names(entry)
            #expect(
                listsPart.contains { line in names.contains { line.hasPrefix("  \($0)") } },
                "\(context): \(names[0])\n\(text.stdout)")
        }
    }

    /// The HTML replay page's models: placed at a step exactly when the tree has them, shown as left (alive)
    /// exactly when the tree lists them as having left. By id: the page labels a model once for the whole session
    /// (NavigatorUI names a presented navigator by its destination, then by its own name).
    private func checkPage(at step: Int, against state: [String: Any], context: String) throws {
        let models = try #require(page["models"] as? [[String: Any]])
        var placed: [String] = []
        var leftAlive: [String] = []
        for model in models {
            let changes = model["v"] as? [Int] ?? []
            var visibility = 0
            for index in stride(from: 0, to: changes.count - 1, by: 2) where changes[index] <= step {
                visibility = changes[index + 1]
            }
            let id = model["id"] as? String ?? "?"
            if visibility == 1 { placed.append(id) }
            if visibility == 2 { leftAlive.append(id) }
        }
        #expect(placed.sorted() == Self.placedIDs(state["roots"] as? [[String: Any]] ?? []).sorted(), "\(context)")
        // Models that left the hierarchy after being placed; those never placed (in no dump) are not drawn.
        let left = ((state["left"] ?? state["leaked"]) as? [[String: Any]] ?? [])
            .filter { $0["reason"] as? String == "left" }
            .map { $0["id"] as? String ?? "?" }
        #expect(leftAlive.sorted() == left.sorted(), "\(context)")
    }

    /// `leaks` at the end of the input says what the tree says at its last step, and fails by default exactly when
    /// something leaked or may have.
    private func checkLeaks(against end: [String: Any], context: String) throws {
        let leaked = (end["leaked"] as? [[String: Any]] ?? []) + (end["suspected"] as? [[String: Any]] ?? [])
        #expect(end["endOfInput"] as? Bool == true, "\(context)")
        guard leaks.status != 3 else {
            // Nothing to tell leaks by: the tree has none to list either.
            #expect(leaked.isEmpty, "\(context)")
            return
        }
        #expect(leaks.status == (leaked.isEmpty ? 0 : 1), "\(context): \(leaks.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(leaks.stdout.utf8)) as? [String: Any])
        var reported: Set<String> = []
        func collect(_ entries: [[String: Any]]) {
            for entry in entries {
                reported.insert("\(entry["type"] as? String ?? "?") \(entry["id"] as? String ?? "?")")
                collect(entry["children"] as? [[String: Any]] ?? [])
            }
        }
        collect(object["leaks"] as? [[String: Any]] ?? [])
        #expect(
            reported == Set(leaked.map { "\($0["type"] as? String ?? "?") \($0["id"] as? String ?? "?")" }),
            "\(context)")
    }

    static func placedIDs(_ roots: [[String: Any]]) -> [String] {
        var ids: [String] = []
        var pending = roots
        while let node = pending.popLast() {
            ids.append(node["id"] as? String ?? "?")
            pending += node["children"] as? [[String: Any]] ?? []
        }
        return ids
    }

    static func placedEntries(_ roots: [[String: Any]]) -> [[String: Any]] {
        var entries: [[String: Any]] = []
        var pending = roots
        while let node = pending.popLast() {
            entries.append(node)
            pending += node["children"] as? [[String: Any]] ?? []
        }
        return entries
    }

    /// The ways the text may name a model: JSON gives the type qualified by its module when the input named it
    /// (`Recipes.Route`, `NavigatorDemo.HomeDestinations`), the text without it (`Route`, `HomeDestinations`).
    static func names(_ entry: [String: Any]) -> [String] {
        let type = entry["type"] as? String ?? "?"
        let id = entry["id"] as? String ?? "?"
        var names = ["\(type) \(id)"]
        var rest = Substring(type)
        while let dot = rest.firstIndex(of: "."), !rest[..<dot].contains("<") {
            rest = rest[rest.index(after: dot)...]
            names.append("\(rest) \(id)")
        }
        return names
    }
}

/// The trace of a long simulated session — tabs of stacks pushed deep, sheets with stacks of their own over them,
/// models that never deinit — nests in Perfetto as its hierarchy does (see `nestingProblems`).
@Suite("Trace nesting on a long session")
struct TraceNestingPropertyTests {
    @Test(arguments: [3, 17] as [UInt64])
    func aLongSessionsTraceNests(seed: UInt64) throws {
        let session = SimulatedSession(seed: seed, actions: 400, leakRate: 0.3)
        for (format, lines) in [("jsonl", session.events), ("log", session.console)] {
            let file = try temporaryFile(lines.joined(separator: "\n") + "\n", suffix: "." + format)
            defer { try? FileManager.default.removeItem(at: file) }
            let run = try navgraph(["render", "--format", "trace", file.path])
            #expect(run.status == 0, "\(run.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            let events = try #require(object?["traceEvents"] as? [[String: Any]])
            #expect(events.count { $0["ph"] as? String == "X" } > 100, "seed \(seed), \(format)")
            let problems = nestingProblems(events)
            #expect(problems.isEmpty, "seed \(seed), \(format): \(problems.prefix(5))")
        }
    }
}
