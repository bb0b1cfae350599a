import NavGraphCore

/// The history as Chrome Trace Event JSON (`{"traceEvents": [...]}`), to open in Perfetto or `chrome://tracing` next
/// to the app's other traces.
///
/// - Each model's lifetime is an async span (`ph` `b`/`e`, one `id` per model, category `model`): from its start (or
///   its first placement, where the log has no lifecycle) to its finish (or to where it left the hierarchy, without
///   a lifecycle). A model still alive at the end of the log ends there, named `… (leaked)` when it left the
///   hierarchy and never finished, `… (alive at end)` otherwise.
/// - Tracks: a process per window, a thread per parent model, so each model's span sits with its siblings.
/// - Pushes, pops, presentations, dismissals, switches, dumps and marks are instant events (`ph` `i`) on the track
///   of the model they happen to.
/// - Times in microseconds from the first step: from the log's times where it has them, else a millisecond per
///   step. They never go backwards (a log whose times do is clamped), so every track is ordered.
///
/// Fed one step at a time while the log is read (`record`), written at the end (`render`).
public struct TraceEventRenderer {
    private struct Span {
        var name: String
        var args: [(String, String?)]
        var serial: Int
        var begin: (time: Int, order: Int)
        /// Whether a start event opened it (then only a finish ends it).
        var fromLifecycle: Bool
        var track: Track?
    }

    private struct Track: Hashable {
        var process: Int
        var thread: Int
    }

    private struct Entry {
        var time: Int
        var order: Int
        var json: String
    }

    private let inputName: String
    private var entries: [Entry] = []
    private var order = 0
    private var clock = 0
    private var firstTime: Double?
    private var spans: [String: Span] = [:]
    private var spanCount = 0
    private var processes: [String: Int] = [:]
    /// Thread per parent model key ("" + window for a window's roots), with its name.
    private var threads: [String: (track: Track, name: String)] = [:]
    private var threadCount: [Int: Int] = [:]

    /// Whether the whole log is read when the trace is written as a `Renderer` (a model that left may still finish
    /// later otherwise).
    public var endOfInput = true

    /// - Parameter inputName: the log's name, for the trace's metadata.
    public init(inputName: String) {
        self.inputName = inputName
    }

    /// Records one step; `hierarchy` is the state after it.
    public mutating func record(_ event: NavEvent, change: StepChange, in hierarchy: Hierarchy) {
        advanceClock(to: event.time)
        // What the step names, before spans close (a dismissed model's track is where it hung).
        switch event.action {
        case .start(let model, _):
            if spans[model.key] == nil { open(model, fromLifecycle: true) }
        case .push(let model, _, let parent):
            instant("push \(Self.name(model))", on: track(forChildrenOf: parent, in: hierarchy))
        case .pop(let parent, let count):
            instant("pop \(count)", on: track(forChildrenOf: parent, in: hierarchy))
        case .present(let model, _, let parent, let style):
            instant("present (\(style.name)) \(Self.name(model))", on: track(forChildrenOf: parent, in: hierarchy))
        case .dismiss(let key):
            let name = hierarchy.model(key).map(Self.name) ?? key
            instant("dismiss \(name)", on: spans[key]?.track ?? globalTrack)
        case .switch(let model, _, let parent):
            instant("switch to \(Self.name(model))", on: track(forChildrenOf: parent, in: hierarchy))
        case .snapshot(let snapshots):
            for snapshot in snapshots {
                instant(snapshot.title, on: windowTrack(snapshot.window))
            }
        case .mark(let label):
            instant(label, on: globalTrack, global: true)
        default:
            break
        }
        // A model a dump names anew (a NavigatorUI navigator that logs its name late) is named as it was last, as
        // the tree and leaks name it: its span and the track of its children.
        for renaming in change.renamed {
            let key = renaming.to.key
            if spans[key] != nil {
                spans[key]!.name = Self.name(renaming.to)
                spans[key]!.args = spans[key]!.args.map {
                    $0.0 == "type" ? ("type", renaming.to.type) : $0.0 == "id" ? ("id", renaming.to.id) : $0
                }
            }
            if threads[key] != nil { threads[key]!.name = "under " + Self.name(renaming.to) }
        }
        for key in change.added {
            guard let node = hierarchy.node(key) else { continue }
            if spans[key] == nil { open(node.model, fromLifecycle: false) }
            if spans[key]?.track == nil {
                let placed = node.parent.map { track(forChildrenOf: $0, in: hierarchy) } ?? windowTrack(node.window)
                spans[key]?.track = placed
                let parentName = node.parent.flatMap { hierarchy.model($0) }.map(Self.name)
                spans[key]?.args += [("window", node.window), ("parent", parentName), ("edge", node.edge?.name)]
            }
        }
        for model in change.removed where spans[model.key]?.fromLifecycle == false {
            close(model.key, suffix: nil)
        }
        if let finished = change.finished { close(finished.key, suffix: nil) }
    }

    /// Writes the trace: every span still open ends at the last step, leaked ones marked so. Ends the recording
    /// (the events are sorted in place rather than copied: a long history makes a large trace).
    /// - Parameter endOfInput: whether the whole log was read (a model that left may still finish later otherwise).
    public mutating func render<Output: TextOutputStream>(
        _ hierarchy: Hierarchy, endOfInput: Bool, to output: inout Output
    ) {
        for key in spans.keys.sorted(by: { spans[$0]!.serial < spans[$1]!.serial }) {
            let departed = hierarchy.lifecycles[key]?.leftStep != nil
            close(key, suffix: departed ? (endOfInput ? "leaked" : "left, not finished") : "alive at end")
        }
        entries.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        output.write("{\"displayTimeUnit\": \"ms\", \"otherData\": {\"source\": \"navgraph\", \"input\": ")
        output.write(Escaping.jsonString(inputName) + "},\n\"traceEvents\": [\n")
        var first = true
        for (name, process) in processes.sorted(by: { $0.value < $1.value }) {
            let metadata = Self.metadata("process_name", process: process, thread: nil, name: name)
            output.write((first ? "" : ",\n") + metadata)
            first = false
        }
        for (_, thread) in threads.sorted(by: {
            ($0.value.track.process, $0.value.track.thread)
                < ($1.value.track.process, $1.value.track.thread)
        }) {
            let track = thread.track
            let metadata = Self.metadata("thread_name", process: track.process, thread: track.thread, name: thread.name)
            output.write((first ? "" : ",\n") + metadata)
            first = false
        }
        for entry in entries {
            output.write((first ? "" : ",\n") + entry.json)
            first = false
        }
        output.write("\n]}\n")
    }

    // MARK: Building

    private var globalTrack: Track { Track(process: 0, thread: 0) }

    /// Steps that had no time of their own and were placed a millisecond after the one before.
    public private(set) var stepsWithoutTime = 0

    private mutating func advanceClock(to time: Double?) {
        if time == nil { stepsWithoutTime += 1 }
        if let time {
            if firstTime == nil { firstTime = time }
            let micros = ((time - firstTime!) * 1_000_000).rounded()
            clock = max(clock, micros.isFinite && micros < 9e15 ? Int(micros) : clock)
        } else {
            clock += 1000
        }
    }

    private mutating func nextOrder() -> Int {
        order += 1
        return order
    }

    private mutating func open(_ model: ModelRef, fromLifecycle: Bool) {
        spanCount += 1
        spans[model.key] = Span(
            name: Self.name(model), args: [("type", model.type), ("id", model.id)],
            serial: spanCount, begin: (clock, nextOrder()), fromLifecycle: fromLifecycle)
    }

    private mutating func close(_ key: String, suffix: String?) {
        guard let span = spans.removeValue(forKey: key) else { return }
        let track = span.track ?? windowTrack(Self.notPlaced)
        let name = suffix.map { "\(span.name) (\($0))" } ?? span.name
        var args = span.args
        if let suffix { args.append(("end", suffix)) }
        let id = "\"0x" + String(span.serial, radix: 16) + "\""
        let common = "\"cat\": \"model\", \"id\": \(id), \"pid\": \(track.process), \"tid\": \(track.thread)"
        entries.append(
            Entry(
                time: span.begin.time, order: span.begin.order,
                json:
                    "{\"name\": \(Escaping.jsonString(name)), \"ph\": \"b\", \(common), \"ts\": \(span.begin.time), "
                    + "\"args\": \(Self.object(args))}"))
        entries.append(
            Entry(
                time: clock, order: nextOrder(),
                json:
                    "{\"name\": \(Escaping.jsonString(name)), \"ph\": \"e\", \(common), \"ts\": \(clock)}"))
    }

    private mutating func instant(_ name: String, on track: Track, global: Bool = false) {
        entries.append(
            Entry(
                time: clock, order: nextOrder(),
                json:
                    "{\"name\": \(Escaping.jsonString(name)), \"cat\": \"navigation\", \"ph\": \"i\", "
                    + "\"s\": \"\(global ? "g" : "t")\", "
                    + "\"pid\": \(track.process), \"tid\": \(track.thread), \"ts\": \(clock)}"))
    }

    private mutating func process(_ window: String) -> Int {
        if let process = processes[window] { return process }
        let process = processes.count + 1
        processes[window] = process
        return process
    }

    /// The track of a window's roots.
    private mutating func windowTrack(_ window: String) -> Track {
        thread(for: "\u{0}" + window, process: process(window), name: Self.processName(window))
    }

    /// The track where the children of `parent` go (in its window's process).
    private mutating func track(forChildrenOf parent: String, in hierarchy: Hierarchy) -> Track {
        if let existing = threads[parent] { return existing.track }
        let node = hierarchy.node(parent)
        let window = node?.window ?? Self.notPlaced
        let model = node?.model ?? hierarchy.model(parent)
        let name = "under " + (model.map(Self.name) ?? parent)
        return thread(for: parent, process: process(window), name: name)
    }

    private mutating func thread(for key: String, process: Int, name: String) -> Track {
        if let existing = threads[key] { return existing.track }
        let number = threadCount[process, default: 0] + 1
        threadCount[process] = number
        let track = Track(process: process, thread: number)
        threads[key] = (track, name)
        return track
    }

    private static func processName(_ window: String) -> String {
        window == notPlaced ? "never placed" : "window " + window
    }

    private static let notPlaced = "\u{0}not placed"

    private static func name(_ model: ModelRef) -> String {
        model.id.isEmpty ? model.type : model.type + " " + model.id
    }

    private static func object(_ members: [(String, String?)]) -> String {
        "{" + members.map { "\"\($0.0)\": " + ($0.1.map(Escaping.jsonString) ?? "null") }.joined(separator: ", ") + "}"
    }

    private static func metadata(_ kind: String, process: Int, thread: Int?, name: String) -> String {
        "{\"name\": \"\(kind)\", \"ph\": \"M\", \"pid\": \(process), \"tid\": \(thread ?? 0), "
            + "\"args\": {\"name\": \(Escaping.jsonString(kind == "process_name" ? Self.processName(name) : name))}}"
    }
}
