/// Turns changes of a typed navigation path (`[Route]`, as `NavigationStack(path:)` holds it) into the fewest
/// navgraph-events: one `pop` when entries only left, one `push` when one entry only came, else one `setPath` that
/// states the new path whole (new entries as objects with their type).
///
/// Routes are compared only to find the common prefix of the old and the new path (as FlowStacks'
/// `calculateSteps` does): everything after it left, everything after it in the new path is new. Each entry gets an
/// id when it is pushed and keeps it until it is popped: `<stack>/<n>`, where `n` counts every entry this observer
/// ever made and is never reused (as TCA's `StackState` ids are). So a route pushed twice is two entries, and a
/// route popped and pushed again is a new entry, as it is a new screen.
///
/// The observer remembers the path it last saw: give it each new value (`.onChange(of: path)`).
public struct PathObserver<Route: Hashable & Sendable>: Sendable {
    /// The stack's id in the events.
    public let stack: String
    /// The stack's root entry (the screen under the path), which no path change removes.
    public let rootEntry: String
    /// The path as last seen.
    public private(set) var path: [Route] = []
    /// Each entry's id, in the order of ``path``: the model ids an app gives the entries' view models.
    public private(set) var entryIDs: [String] = []
    private var generation = 0
    private let describe: @Sendable (Route) -> String
    private let kind: @Sendable (Route) -> RecordedEvent.Kind?
    private let recorder: NavigationRecorder

    /// An observer of a path that is empty now.
    ///
    /// - Parameters:
    ///   - stack: the stack's model id (recorded by the app beforehand).
    ///   - rootEntry: its root entry's model id (recorded with ``NavigationRecorder/rootEntry(_:type:kind:of:)``).
    ///   - recorder: where ``update(to:)`` records the events.
    ///   - describe: a route's type name in the events; by default its type and case (`Route.detail`), leaving
    ///     associated values (user data) out.
    ///   - kind: a route's node kind, when it is a container itself (a stack within a stack).
    public init(
        stack: String, rootEntry: String, recorder: NavigationRecorder = .shared,
        describe: @escaping @Sendable (Route) -> String = PathObserver.typeAndCase,
        kind: @escaping @Sendable (Route) -> RecordedEvent.Kind? = { _ in nil }
    ) {
        self.stack = stack
        self.rootEntry = rootEntry
        self.recorder = recorder
        self.describe = describe
        self.kind = kind
    }

    /// Records how the path changed from the one last seen to `newPath`.
    public mutating func update(to newPath: [Route]) {
        for event in events(to: newPath) { recorder.record(event) }
    }

    /// The events that take the path last seen to `newPath` (and the observer to `newPath`).
    public mutating func events(to newPath: [Route]) -> [RecordedEvent] {
        var common = 0
        while common < path.count, common < newPath.count, path[common] == newPath[common] { common += 1 }
        let removed = path.count - common
        let added = newPath.count - common
        guard removed > 0 || added > 0 else { return [] }
        path = newPath
        entryIDs.removeLast(removed)
        var newEntries: [RecordedEvent.PathEntry] = []
        for route in newPath[common...] {
            generation += 1
            let id = "\(stack)/\(generation)"
            entryIDs.append(id)
            newEntries.append(.new(id, type: describe(route), kind: kind(route)))
        }
        if added == 0 {
            return [RecordedEvent(.pop, parent: stack, count: removed)]
        }
        if removed == 0, added == 1, let entry = newEntries.first {
            return [RecordedEvent(.push, id: entry.id, type: entry.type, kind: entry.kind, parent: stack)]
        }
        let kept = ([rootEntry] + entryIDs[..<common]).map(RecordedEvent.PathEntry.existing)
        return [RecordedEvent(.setPath, parent: stack, entries: kept + newEntries)]
    }

    /// `Route.detail` for `Route.detail(id: 42)`: the type and the case, without associated values. The default of
    /// `describe`.
    public static func typeAndCase(_ route: Route) -> String {
        let text = String(describing: route)
        let caseName = text.prefix { $0 != "(" }
        return "\(Route.self).\(caseName)"
    }
}
