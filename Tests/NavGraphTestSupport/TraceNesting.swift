import Foundation

/// What Perfetto would draw wrongly, or draw as nesting the hierarchy does not have. Perfetto nests the complete
/// slices of a thread by time (one ending at or before a time is closed then): on every track, no two slices may
/// overlap partly, and the slice a slice is drawn inside must be its model's parent's. Tracks read in hierarchy
/// order: each thread's sort index is its tid, and a slice drawn outermost on a track is on a later track than its
/// parent's.
public func nestingProblems(_ events: [[String: Any]]) -> [String] {
    func model(_ event: [String: Any]) -> String {
        let args = event["args"] as? [String: Any] ?? [:]
        let type = args["type"] as? String ?? "?"
        let id = args["id"] as? String ?? ""
        return id.isEmpty ? type : type + " " + id
    }
    var problems: [String] = []
    var stacks: [String: [(end: Int, model: String)]] = [:]
    /// The tid of each model's latest slice, per process.
    var trackOf: [String: Int] = [:]
    for (index, event) in events.enumerated() {
        guard let phase = event["ph"] as? String, phase == "X" || phase == "i", let ts = event["ts"] as? Int,
            let pid = event["pid"] as? Int, let tid = event["tid"] as? Int
        else { continue }
        let track = "\(pid)/\(tid)"
        while let top = stacks[track]?.last, top.end <= ts { stacks[track]!.removeLast() }
        guard phase == "X", let duration = event["dur"] as? Int else { continue }
        let end = ts + duration
        let parent = (event["args"] as? [String: Any])?["parent"] as? String
        if let top = stacks[track]?.last {
            if end > top.end { problems.append("event \(index): overlaps \(top.model) partly on track \(track)") }
            if parent != top.model {
                problems.append(
                    "event \(index): \(model(event)) drawn inside \(top.model), not its parent \(parent ?? "-")")
            }
        } else if let parent, let parentTrack = trackOf["\(pid)/" + parent], parentTrack >= tid {
            problems.append(
                "event \(index): \(model(event)) outermost on track \(tid), before its parent's \(parentTrack)")
        }
        stacks[track, default: []].append((end, model(event)))
        trackOf["\(pid)/" + model(event)] = tid
    }
    var names: Set<String> = []
    for event in events where event["ph"] as? String == "M" {
        let pid = event["pid"] as? Int ?? -1
        let tid = event["tid"] as? Int ?? -1
        let args = event["args"] as? [String: Any] ?? [:]
        switch event["name"] as? String {
        case "thread_name": names.insert("\(pid)/\(tid)")
        case "thread_sort_index":
            if args["sort_index"] as? Int != tid { problems.append("thread \(pid)/\(tid): sort index is not its tid") }
        default: break
        }
    }
    let used = Set(
        events.filter { $0["ph"] as? String == "X" }.map { "\($0["pid"] as? Int ?? -1)/\($0["tid"] as? Int ?? -1)" })
    for track in used.subtracting(names).sorted() { problems.append("track \(track) has no name") }
    return problems
}
