import NavGraphCore

/// The history as Chrome Trace Event JSON (`{"traceEvents": [...]}`), to open in Perfetto or `chrome://tracing` next
/// to the app's other traces.
///
/// - Each model's lifetime is a complete slice (`ph` `X`, category `model`): from its start (or its first placement,
///   where the log has no lifecycle) to its finish (or to where it left the hierarchy, without a lifecycle). A model
///   still alive at the end of the log ends there, named `… (leaked)` when it left the hierarchy and never finished,
///   `… (alive at end)` otherwise.
/// - Tracks: a process per window, and in it threads ("lanes") laid out so that Perfetto's nesting is the hierarchy's:
///   Perfetto nests complete slices of one thread by time, so a model's slice goes on its parent's lane, inside the
///   parent's slice, when the parent is the innermost slice open there when it begins and outlives it. Otherwise
///   (a second tab beside the first, a model outliving its parent) it starts a lane of its own, `under` its parent,
///   where it is outermost. No two slices of a lane ever partially overlap, and every slice's enclosing slice is its
///   parent. Lanes are numbered (`tid`, `thread_sort_index`) in hierarchy order: a lane right after the lane its
///   parent is on.
/// - Pushes, pops, presentations, dismissals, switches, dumps and marks are instant events (`ph` `i`) on the lane
///   of the model they happen to.
/// - Times in microseconds from the first step: from the log's times where it has them, else a millisecond per
///   step. They never go backwards (a log whose times do is clamped), so every track is ordered.
///
/// Fed one step at a time while the log is read (`record`), laid out and written at the end (`render`): where a
/// slice goes depends on when its parent and siblings end.
public struct TraceEventRenderer {
    private struct Span {
        var name: String
        var args: [(String, String?)]
        var serial: Int
        var begin: Int
        /// Whether a start event opened it (then only a finish ends it).
        var fromLifecycle: Bool
        /// Where it was first placed: its window and parent model (`nil` for a window's root); `nil` until placed.
        var placed: (window: String, parent: String?)?
    }

    /// A span ended, waiting for the layout.
    struct Slice {
        var key: String
        /// The model's name (`Type id`), and the slice's (with `(leaked)`, `(alive at end)`).
        var modelName: String
        var name: String
        var args: [(String, String?)]
        var serial: Int
        var begin: Int
        var end: Int
        var window: String
        var parent: String?
    }

    /// Where an instant goes: the lane a model's slice is on, a window's first lane, or the global track.
    enum Place {
        case model(String)
        case window(String)
        case global
    }

    struct Instant {
        var time: Int
        var order: Int
        var name: String
        var place: Place
    }

    private let inputName: String
    private var slices: [Slice] = []
    private var instants: [Instant] = []
    private var order = 0
    private var clock = 0
    private var firstTime: Double?
    private var spans: [String: Span] = [:]
    private var spanCount = 0
    /// Windows in the order they were first seen (their processes are numbered so).
    private var windows: [String] = []

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
        // What the step names, before spans close (a dismissed model's lane is where it hung).
        switch event.action {
        case .start(let model, _):
            if spans[model.key] == nil { open(model, fromLifecycle: true) }
        case .push(let model, _, let parent):
            instant("push \(Self.name(model))", at: .model(parent))
        case .pop(let parent, let count):
            instant("pop \(count)", at: .model(parent))
        case .present(let model, _, let parent, let style):
            instant("present (\(style.name)) \(Self.name(model))", at: .model(parent))
        case .dismiss(let key):
            let name = hierarchy.model(key).map(Self.name) ?? key
            instant("dismiss \(name)", at: .model(key))
        case .switch(let model, _, let parent):
            instant("switch to \(Self.name(model))", at: .model(parent))
        case .snapshot(let snapshots):
            for snapshot in snapshots {
                noteWindow(snapshot.window)
                instant(snapshot.title, at: .window(snapshot.window))
            }
        case .mark(let label):
            instant(label, at: .global)
        default:
            break
        }
        // A model a dump names anew (a NavigatorUI navigator that logs its name late) is named as it was last, as
        // the tree and leaks name it.
        for renaming in change.renamed {
            let key = renaming.to.key
            if spans[key] != nil {
                spans[key]!.name = Self.name(renaming.to)
                spans[key]!.args = spans[key]!.args.map {
                    $0.0 == "type" ? ("type", renaming.to.type) : $0.0 == "id" ? ("id", renaming.to.id) : $0
                }
            }
        }
        for key in change.added {
            guard let node = hierarchy.node(key) else { continue }
            if spans[key] == nil { open(node.model, fromLifecycle: false) }
            if spans[key]?.placed == nil {
                noteWindow(node.window)
                spans[key]?.placed = (node.window, node.parent)
                spans[key]?.args += [("window", node.window), ("edge", node.edge?.name)]
            }
        }
        for model in change.removed where spans[model.key]?.fromLifecycle == false {
            close(model.key, suffix: nil)
        }
        if let finished = change.finished { close(finished.key, suffix: nil) }
    }

    /// Writes the trace: every span still open ends at the last step, leaked ones marked so. Ends the recording
    /// (the slices are sorted in place rather than copied: a long history makes a large trace).
    /// - Parameter endOfInput: whether the whole log was read (a model that left may still finish later otherwise).
    public mutating func render<Output: TextOutputStream>(
        _ hierarchy: Hierarchy, endOfInput: Bool, to output: inout Output
    ) {
        for key in spans.keys.sorted(by: { spans[$0]!.serial < spans[$1]!.serial }) {
            let departed = hierarchy.lifecycles[key]?.leftStep != nil
            close(key, suffix: departed ? (endOfInput ? "leaked" : "left, not finished") : "alive at end")
        }
        var layout = TraceLanes(windows: windows)
        let events = layout.place(&slices, instants: instants)
        output.write("{\"displayTimeUnit\": \"ms\", \"otherData\": {\"source\": \"navgraph\", \"input\": ")
        output.write(Escaping.traceString(inputName) + "},\n\"traceEvents\": [\n")
        var first = true
        for line in layout.metadata() + events {
            output.write((first ? "" : ",\n") + line)
            first = false
        }
        output.write("\n]}\n")
    }

    // MARK: Building

    /// Steps that had no time of their own and were placed a millisecond after the one before.
    public private(set) var stepsWithoutTime = 0

    private mutating func advanceClock(to time: Double?) {
        if time == nil { stepsWithoutTime += 1 }
        if let time {
            if firstTime == nil { firstTime = time }
            let micros = ((time - firstTime!) * 1_000_000).rounded()
            // A time before the first one (a log whose clock went back) keeps the clock where it is; one out of
            // Int's range (a hostile or corrupt time) too.
            clock = max(clock, micros.isFinite && abs(micros) < 9e15 ? Int(micros) : clock)
        } else {
            clock += 1000
        }
    }

    private mutating func nextOrder() -> Int {
        order += 1
        return order
    }

    private mutating func noteWindow(_ window: String) {
        if !windows.contains(window) { windows.append(window) }
    }

    private mutating func open(_ model: ModelRef, fromLifecycle: Bool) {
        spanCount += 1
        spans[model.key] = Span(
            name: Self.name(model), args: [("type", model.type), ("id", model.id)],
            serial: spanCount, begin: clock, fromLifecycle: fromLifecycle)
    }

    private mutating func close(_ key: String, suffix: String?) {
        guard let span = spans.removeValue(forKey: key) else { return }
        var args = span.args
        if let suffix { args.append(("end", suffix)) }
        slices.append(
            Slice(
                key: key, modelName: span.name, name: suffix.map { "\(span.name) (\($0))" } ?? span.name, args: args,
                serial: span.serial,
                begin: span.begin, end: clock, window: span.placed?.window ?? Self.notPlaced,
                parent: span.placed?.parent))
    }

    private mutating func instant(_ name: String, at place: Place) {
        instants.append(Instant(time: clock, order: nextOrder(), name: name, place: place))
    }

    /// The process of models never placed in a window.
    static let notPlaced = "\u{0}not placed"

    static func processName(_ window: String) -> String {
        window == notPlaced ? "never placed" : "window " + window
    }

    static func name(_ model: ModelRef) -> String {
        model.id.isEmpty ? model.type : model.type + " " + model.id
    }
}
