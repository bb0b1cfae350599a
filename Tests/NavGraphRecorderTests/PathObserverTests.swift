import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphTestSupport
import Testing

@testable import NavGraphRecorder

@Suite("The path observer", .tags(.memory))
struct PathObserverTests {
    enum Route: Hashable, Sendable, CustomStringConvertible {
        case list
        case detail(Int)
        case settings
        var description: String {
            switch self {
            case .list: "list"
            case .detail(let id): "detail(id: \(id))"
            case .settings: "settings"
            }
        }
    }

    /// A stack as navgraph holds it: entries (id, type) above the root entry.
    struct StackModel {
        var entries: [(id: String, type: String)] = []

        /// Applies recorded events as navgraph-events v1 defines them.
        mutating func apply(_ event: RecordedEvent) {
            switch event.name {
            case .push: entries.append((event.id!, event.type!))
            case .pop: entries.removeLast(min(event.count ?? 1, entries.count))
            case .setPath:
                let known = Dictionary(entries.map { ($0.id, $0.type) }, uniquingKeysWith: { $1 })
                entries = event.entries!.dropFirst().map { ($0.id, known[$0.id] ?? $0.type!) }
            default: Issue.record("unexpected event \(event.name)")
            }
        }
    }

    @Test func theFewestEventsForEachKindOfChange() {
        var observer = PathObserver<Route>(stack: "s", rootEntry: "r", recorder: NavigationRecorder())
        #expect(observer.events(to: [.list]).map(\.name) == [.push])
        #expect(observer.events(to: [.list]).isEmpty)
        #expect(observer.events(to: [.list, .detail(1), .detail(2)]).map(\.name) == [.setPath])
        #expect(observer.events(to: [.list]) == [RecordedEvent(.pop, parent: "s", count: 2)])
        // The last entry replaced: one setPath rather than a pop and a push.
        let replaced = observer.events(to: [.settings])
        #expect(
            replaced == [
                RecordedEvent(.setPath, parent: "s", entries: [.existing("r"), .new("s/4", type: "Route.settings")])
            ])
        #expect(observer.events(to: []).map(\.name) == [.pop])
    }

    @Test func updateRecordsThroughItsRecorder() throws {
        let lines = LockedLines()
        let recorder = NavigationRecorder()
        recorder.startRecording(to: .lines { lines.append($0) })
        var observer = PathObserver<Route>(stack: "s", rootEntry: "r", recorder: recorder, describe: { "\($0)" })
        observer.update(to: [.list, .detail(3)])
        observer.update(to: [.list])
        recorder.stopRecording()
        #expect(
            lines.all.map { $0.replacing(/,"time":[0-9.]+/, with: "") } == [
                #"{"event":"setPath","parent":"s","ids":["r",{"id":"s/1","type":"list"},{"id":"s/2","type":"detail(id: 3)"}]}"#,
                #"{"event":"pop","parent":"s"}"#,
            ])
    }

    @Test func entryIDsAreGenerationsNeverReused() {
        var observer = PathObserver<Route>(stack: "s", rootEntry: "r", recorder: NavigationRecorder())
        _ = observer.events(to: [.list, .list])
        #expect(observer.entryIDs == ["s/1", "s/2"])  // equal routes, two entries
        _ = observer.events(to: [.list])
        _ = observer.events(to: [.list, .list])
        #expect(observer.entryIDs == ["s/1", "s/3"])  // popped and pushed again: a new entry
        _ = observer.events(to: [.detail(1), .list])
        #expect(observer.entryIDs == ["s/4", "s/5"])
    }

    @Test func typesNameTheCaseWithoutItsValues() {
        #expect(PathObserver<Route>.typeAndCase(.detail(42)) == "Route.detail")
        #expect(PathObserver<Route>.typeAndCase(.list) == "Route.list")
    }

    /// Random old and new paths: the recorded events applied to the old path give the new one, entries kept in the
    /// common prefix keep their ids, and every new entry has an id never seen before.
    @Test(arguments: 1...4)
    func randomPathsApplyToTheNewPath(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let routes: [Route] = [.list, .settings] + (0..<4).map { .detail($0) }
        var observer = PathObserver<Route>(stack: "s", rootEntry: "r", recorder: NavigationRecorder())
        var stack = StackModel()
        var seen = Set<String>()
        var hierarchyEvents: [RecordedEvent] = [
            RecordedEvent(.root, id: "s", type: "Stack", kind: .stack),
            RecordedEvent(.push, id: "r", type: "Root", parent: "s"),
        ]
        for _ in 0..<500 {
            let old = observer.path
            let oldIDs = observer.entryIDs
            // Keep a random prefix, then add 0…4 random routes (often none: a pure pop).
            let kept = Int(random.next() % UInt64(old.count + 1))
            let added = Int(random.next() % 5)
            let new =
                Array(old.prefix(kept)) + (0..<added).map { _ in routes[Int(random.next() % UInt64(routes.count))] }
            let events = observer.events(to: new)
            #expect(events.count <= 1)
            for event in events { stack.apply(event) }
            hierarchyEvents += events
            #expect(stack.entries.map(\.type) == new.map(PathObserver<Route>.typeAndCase))
            #expect(stack.entries.map(\.id) == observer.entryIDs)
            var common = 0
            while common < min(old.count, new.count), old[common] == new[common] { common += 1 }
            #expect(Array(observer.entryIDs.prefix(common)) == Array(oldIDs.prefix(common)))
            for id in observer.entryIDs.dropFirst(common) { #expect(seen.insert(id).inserted) }
        }
        // And navgraph's reducer, reading the events as the recorder writes them, agrees.
        let lines = LockedLines()
        let recorder = NavigationRecorder()
        recorder.startRecording(to: .lines { lines.append($0) }, bufferCapacity: 16 << 20)
        for event in hierarchyEvents { recorder.record(event) }
        recorder.stopRecording()
        let result = try readBack(Array(lines.all.joined(separator: "\n").utf8))
        #expect(result.diagnostics.isEmpty)
        let entries = result.hierarchy.preorder(from: "s").dropFirst().map(\.node.model.id)
        #expect(entries == ["r"] + observer.entryIDs)
    }
}
