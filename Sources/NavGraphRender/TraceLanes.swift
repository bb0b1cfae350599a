/// Lays a trace's slices out on lanes (threads) so that what Perfetto draws nested is what the hierarchy nests.
///
/// Perfetto nests the complete slices of one thread by time: a slice beginning while another is open, and ending no
/// later, is drawn inside it (a slice whose end is at or before a time is closed then), and a slice that overlaps
/// another only partly is drawn wrongly. So a slice goes on the lane of its parent's slice when that slice is the
/// innermost open there as it begins and ends no sooner; otherwise on a lane where it is outermost — one already
/// holding its siblings that is free by then, else a new one, numbered right after its parent's lane. Slices are
/// placed in order of beginning (the longer first at one time, so a parent comes before its child).
struct TraceLanes {
    private struct Lane {
        var process: Int
        /// The model whose children are outermost on this lane; `nil`: a window's roots.
        var owner: String?
        /// The slices open at the time being laid out, outermost first.
        var open: [(end: Int, key: String)] = []
    }

    private enum Pending {
        case slice(TraceEventRenderer.Slice, lane: Int)
        case instant(TraceEventRenderer.Instant, lane: Int?)
    }

    private var lanes: [Lane] = []
    private var processes: [String: Int] = [:]
    private var processNames: [(id: Int, name: String)] = []
    /// Each model's latest slice: its lane.
    private var latest: [String: Int] = [:]
    /// Each model's name as last seen (lanes and `parent` arguments are named with it).
    private var names: [String: String] = [:]
    /// Each lane's number within its process (`tid`, and `thread_sort_index`), in hierarchy order.
    private var numbers: [Int] = []

    init(windows: [String]) {
        for window in windows { _ = process(window) }
    }

    /// The slices and instants as Trace Event JSON objects, in time order, laid out on lanes. Sorts `slices`.
    mutating func place(
        _ slices: inout [TraceEventRenderer.Slice], instants: [TraceEventRenderer.Instant]
    ) -> [String] {
        slices.sort { ($0.begin, -$0.end, $0.serial) < ($1.begin, -$1.end, $1.serial) }
        var pending: [Pending] = []
        pending.reserveCapacity(slices.count + instants.count)
        var next = 0
        for slice in slices {
            // Instants before the slice's beginning come first; at one time, slices first (an instant then finds
            // the slice it is about).
            while next < instants.count, instants[next].time < slice.begin {
                pending.append(.instant(instants[next], lane: lane(of: instants[next])))
                next += 1
            }
            pending.append(.slice(slice, lane: place(slice)))
            names[slice.key] = slice.modelName
        }
        for instant in instants[next...] { pending.append(.instant(instant, lane: lane(of: instant))) }
        number()
        return pending.map(json)
    }

    /// Process and thread names, and their order, as metadata events.
    func metadata() -> [String] {
        var events: [String] = []
        for (id, name) in processNames {
            events.append(Self.metadata("process_name", pid: id, tid: 0, value: Escaping.traceString(name)))
            events.append(Self.metadata("process_sort_index", pid: id, tid: 0, value: nil, index: id))
        }
        for index in lanes.indices.sorted(by: { (lanes[$0].process, numbers[$0]) < (lanes[$1].process, numbers[$1]) }) {
            let lane = lanes[index]
            events.append(
                Self.metadata(
                    "thread_name", pid: lane.process, tid: numbers[index], value: Escaping.traceString(name(of: index)))
            )
            events.append(
                Self.metadata(
                    "thread_sort_index", pid: lane.process, tid: numbers[index], value: nil, index: numbers[index]))
        }
        return events
    }

    // MARK: Placing

    private mutating func place(_ slice: TraceEventRenderer.Slice) -> Int {
        let process = process(slice.window)
        if let parent = slice.parent, let lane = latest[parent], lanes[lane].process == process {
            close(lane, at: slice.begin)
            if let top = lanes[lane].open.last, top.key == parent, slice.end <= top.end {
                return push(slice, on: lane)
            }
        }
        if let free = lanes.indices.first(where: {
            lanes[$0].process == process && lanes[$0].owner == slice.parent && isFree($0, at: slice.begin)
        }) {
            return push(slice, on: free)
        }
        lanes.append(Lane(process: process, owner: slice.parent))
        return push(slice, on: lanes.count - 1)
    }

    private mutating func push(_ slice: TraceEventRenderer.Slice, on lane: Int) -> Int {
        lanes[lane].open.append((slice.end, slice.key))
        latest[slice.key] = lane
        return lane
    }

    /// Closes what has ended by `time`, as Perfetto does: a slice ending at or before it.
    private mutating func close(_ lane: Int, at time: Int) {
        while let top = lanes[lane].open.last, top.end <= time { lanes[lane].open.removeLast() }
    }

    private mutating func isFree(_ lane: Int, at time: Int) -> Bool {
        close(lane, at: time)
        return lanes[lane].open.isEmpty
    }

    /// An instant's lane: that of the model it is about (`nil`, the global track, when it has none), or a window's
    /// first lane of roots.
    private mutating func lane(of instant: TraceEventRenderer.Instant) -> Int? {
        switch instant.place {
        case .global: return nil
        case .model(let key): return latest[key]
        case .window(let window):
            let process = process(window)
            if let first = lanes.indices.first(where: { lanes[$0].process == process && lanes[$0].owner == nil }) {
                return first
            }
            lanes.append(Lane(process: process, owner: nil))
            return lanes.count - 1
        }
    }

    private mutating func process(_ window: String) -> Int {
        if let id = processes[window] { return id }
        let id = processes.count + 1
        processes[window] = id
        processNames.append((id, TraceEventRenderer.processName(window)))
        return id
    }

    // MARK: Writing

    /// Lanes numbered from 1 in each process, depth first: a window's lanes of roots, each followed by the lanes
    /// of the children of the models on it, in the order they were made. (A lane hangs from the lane its owner's
    /// last slice is on, known only once all are placed: a child that began before its parent did is placed first.)
    private mutating func number() {
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for index in lanes.indices {
            let parentLane = lanes[index].owner.flatMap { latest[$0] }
            if let parentLane, parentLane != index, lanes[parentLane].process == lanes[index].process {
                children[parentLane, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        numbers = Array(repeating: 0, count: lanes.count)
        var counts: [Int: Int] = [:]
        var visited = Set<Int>()
        // Lanes no root leads to (owners hanging from each other in a cycle, by odd input) come last.
        let rootSet = Set(roots)
        var pending = Array((roots + lanes.indices.filter { !rootSet.contains($0) }).reversed())
        while let index = pending.popLast() {
            guard visited.insert(index).inserted else { continue }
            counts[lanes[index].process, default: 0] += 1
            numbers[index] = counts[lanes[index].process]!
            pending.append(contentsOf: (children[index] ?? []).reversed())
        }
    }

    /// `window main`, `under TabsModel F1A`; a second lane of the same is `… (2)`.
    private func name(of index: Int) -> String {
        let lane = lanes[index]
        let base =
            lane.owner.map { "under " + (names[$0] ?? $0) }
            ?? processNames.first { $0.id == lane.process }!.name
        let earlier = lanes[..<index].count { $0.process == lane.process && $0.owner == lane.owner }
        return earlier == 0 ? base : "\(base) (\(earlier + 1))"
    }

    private func json(_ pending: Pending) -> String {
        switch pending {
        case .slice(let slice, let lane):
            var args = slice.args
            args.insert(("parent", slice.parent.map { names[$0] ?? $0 }), at: min(3, args.count))
            return "{\"name\": \(Escaping.traceString(slice.name)), \"cat\": \"model\", \"ph\": \"X\", "
                + "\"pid\": \(lanes[lane].process), \"tid\": \(numbers[lane]), \"ts\": \(slice.begin), "
                + "\"dur\": \(slice.end - slice.begin), \"args\": \(Self.object(args))}"
        case .instant(let instant, let lane):
            let track = lane.map { (lanes[$0].process, numbers[$0]) } ?? (0, 0)
            let global: Bool = if case .global = instant.place { true } else { false }
            return "{\"name\": \(Escaping.traceString(instant.name)), \"cat\": \"navigation\", \"ph\": \"i\", "
                + "\"s\": \"\(global ? "g" : "t")\", \"pid\": \(track.0), \"tid\": \(track.1), \"ts\": \(instant.time)}"
        }
    }

    private static func object(_ members: [(String, String?)]) -> String {
        "{" + members.map { "\"\($0.0)\": " + ($0.1.map(Escaping.traceString) ?? "null") }.joined(separator: ", ") + "}"
    }

    private static func metadata(_ kind: String, pid: Int, tid: Int, value: String?, index: Int = 0) -> String {
        "{\"name\": \"\(kind)\", \"ph\": \"M\", \"pid\": \(pid), \"tid\": \(tid), \"args\": "
            + (value.map { "{\"name\": \($0)}" } ?? "{\"sort_index\": \(index)}") + "}"
    }
}
