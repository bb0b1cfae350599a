import Foundation
import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTestSupport
import Testing

@testable import NavGraphServe

/// A long log keeps only its latest steps (`Timeline.forget`): the states that are kept, and the page's history of
/// them, are those of the whole log.
@Suite("Kept steps")
struct KeptStepsTests {
    static func replayed(_ events: [NavEvent], through step: Int) -> Hierarchy {
        var state = Hierarchy()
        for event in events.prefix(step) { state.apply(event) }
        return state
    }

    static func json(_ state: Hierarchy) -> String {
        var text = ""
        _ = try? JSONRenderer(endOfInput: false).render(state, to: &text)
        return text
    }

    @Test func aTimelineThatForgetsKeepsItsStatesAndStepNumbers() throws {
        let events = try LiveHubTests.events("leaky-session.log") + LiveHubTests.events("session.log")
        var timeline = Timeline(interval: 8)
        for event in events { timeline.append(event) }
        timeline.forget(keepingAtLeast: 20)
        #expect(timeline.firstStep > 0 && timeline.firstStep <= events.count - 20)
        #expect(timeline.count == events.count)
        for step in timeline.firstStep...timeline.count {
            #expect(Self.json(timeline.state(after: step)) == Self.json(Self.replayed(events, through: step)))
        }
        #expect(timeline.event(at: timeline.count) == events.last)
        // Nothing before the first kept step: the state asked for is the first kept.
        #expect(Self.json(timeline.state(after: 0)) == Self.json(timeline.state(after: timeline.firstStep)))
        let before = timeline.firstStep
        timeline.forget(keepingAtLeast: events.count)
        #expect(timeline.firstStep == before)
    }

    /// The history of the kept steps starts where the log is: what its first state places is placed at step 0, and
    /// at each step it shows what the whole log's state places.
    @Test func theHistoryOfTheKeptStepsShowsTheWholeLogsStates() throws {
        let events = try LiveHubTests.events("session.log") + LiveHubTests.events("leaky-session.log")
        var timeline = Timeline(interval: 4)
        for event in events { timeline.append(event) }
        timeline.forget(keepingAtLeast: 16)
        let first = timeline.firstStep
        try #require(first > 0)
        let history = ReplayHistory(timeline: timeline, descriptions: [], readerWarnings: [:])
        #expect(history.firstStep == first)
        #expect(history.steps.count == events.count - first)
        for step in 0...history.steps.count {
            let state = Self.replayed(events, through: first + step)
            let placed = Set(state.nodes.keys)
            let shown = Set(
                history.models.indices.filter { history.models[$0].visibility(after: step) == .placed }
                    .map { history.models[$0].ref.key })
            #expect(shown == placed, "step \(first + step)")
        }
        // Leaked at the end of the whole log: leaked in the history too.
        let leaked = Set(Self.replayed(events, through: events.count).departedModels.map(\.model.key))
        #expect(Set(history.leaked.map { history.models[$0].ref.key }) == leaked)
    }

    /// The hub keeps `keptSteps` at least: `/state` is the whole log's, an earlier step is there while kept, and the
    /// page says where its history starts.
    @Test func theHubKeepsTheLatestSteps() async throws {
        let events = try LiveHubTests.events("leaky-session.jsonl")
        let hub = LiveHub(lifecycleAdvice: "", keptSteps: 5)
        for event in events { hub.append(event) }
        let snapshot = hub.snapshot()
        #expect(snapshot.timeline.firstStep > 0)
        #expect(snapshot.timeline.count - snapshot.timeline.firstStep < 4 * 5)
        #expect(LivePage.state(snapshot) == Self.json(Self.replayed(events, through: events.count)))
        #expect(LivePage.state(snapshot, step: 1) == nil)
        let last = events.count - 3
        #expect(LivePage.state(snapshot, step: last) == Self.json(Self.replayed(events, through: last)))
        let message = try await LiveHubTests.page().message(for: snapshot, instance: hub.instance)
        #expect(message.contains("\"first\":\(snapshot.timeline.firstStep)"), "\(message.prefix(200))")
    }

    /// What serve.md says is held: fewer than four times `keptSteps` steps, or than `keptSteps` plus four steps
    /// per model the state held in the latest `keptSteps` steps — for a hierarchy that keeps growing (one stack
    /// pushed onto 600 times), one that shrinks again, and a session of leaks. The states kept are the whole log's.
    @Test func theStepsHeldAreBoundedByTheStepsKeptAndTheStatesSize() throws {
        var events = [NavEvent(.root(ModelRef(id: "app", type: "App"), kind: .stack, window: "main"), line: 1)]
        for index in 1...600 {
            events.append(
                NavEvent(.push(ModelRef(id: "s\(index)", type: "Screen"), kind: nil, parent: "app"), line: index + 1))
        }
        events.append(NavEvent(.pop(parent: "app", count: 600), line: 602))
        events += try LiveHubTests.events("leaky-session.jsonl")
        for kept in [5, 40] {
            let hub = LiveHub(lifecycleAdvice: "", keptSteps: kept)
            var sizes: [Int] = []
            var mostHeld = 0
            for event in events {
                hub.append(event)
                let timeline = hub.snapshot().timeline
                sizes.append(timeline.latest.nodes.count + timeline.latest.lifecycles.count)
                let held = timeline.count - timeline.firstStep
                let recentSize = sizes.suffix(kept + 1).max() ?? 0
                #expect(held < max(4 * kept, kept + 4 * recentSize), "step \(timeline.count), keeping \(kept)")
                #expect(held >= min(kept, timeline.count))
                mostHeld = max(mostHeld, held)
            }
            // The growing stack keeps its steps; what follows forgets them.
            #expect(mostHeld > 4 * kept)
            let snapshot = hub.snapshot()
            #expect(snapshot.timeline.firstStep >= 602)
            for step in snapshot.timeline.firstStep...snapshot.timeline.count {
                #expect(
                    Self.json(snapshot.timeline.state(after: step)) == Self.json(Self.replayed(events, through: step)),
                    "step \(step)")
            }
        }
    }
}
