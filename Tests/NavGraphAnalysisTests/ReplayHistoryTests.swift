import NavGraphCore
import Testing

@testable import NavGraphAnalysis

@Suite("A history arranged for the HTML replay")
struct ReplayHistoryTests {
    static let examples = [
        "session.log", "launch-dump.txt", "sheet-over-tabs.txt", "console-prefixed.log",
        "legacy-1x.log", "leaky-session.log", "leaky-session.jsonl",
    ]

    /// At every step, the models the replay shows as placed are exactly the state's nodes, and those it shows as
    /// left-but-alive exactly the state's departed models: the page's visibility is the reducer's, step for step.
    @Test(arguments: examples)
    func visibilityIsTheStateAtEveryStep(example: String) throws {
        let (_, _, timeline) = try load(example: example)
        let history = ReplayHistory(timeline: timeline, descriptions: [])
        #expect(history.steps.count == timeline.count)
        var state = Hierarchy()
        for step in 0...timeline.count {
            if step > 0 { state.apply(timeline.event(at: step)) }
            var placed = Set<String>()
            var left = Set<String>()
            for model in history.models {
                switch model.visibility(after: step) {
                case .placed: placed.insert(model.ref.key)
                case .leftAlive: left.insert(model.ref.key)
                case .hidden: break
                }
            }
            #expect(placed == Set(state.nodes.keys), "step \(step)")
            #expect(left == Set(state.departedModels.map(\.model.key)), "step \(step)")
        }
        #expect(Set(history.models.map(\.ref.key)).count == history.models.count)
    }

    /// A sheet presented and dismissed 60 times: its lists keep the first 49 moments and the latest (the page's
    /// leak list says when it left for good), and count the 10 between.
    @Test func theLatestMomentIsAlwaysKept() {
        var timeline = Timeline()
        timeline.append(NavEvent(.root(ModelRef(id: "r", type: "Root"), kind: .stack, window: "main"), line: 1))
        for index in 0..<60 {
            timeline.append(
                NavEvent(
                    .present(ModelRef(id: "s", type: "Sheet"), kind: nil, parent: "r", style: .sheet),
                    line: 2 * index + 2))
            timeline.append(NavEvent(.dismiss("s"), line: 2 * index + 3))
        }
        let history = ReplayHistory(timeline: timeline, descriptions: [])
        let sheet = history.models[history.index(of: "s")!]
        #expect(sheet.left.count == ReplayHistory.attachedLimit && sheet.attached.count == ReplayHistory.attachedLimit)
        #expect(sheet.left.last?.line == 121 && sheet.attached.last?.line == 120)
        #expect(sheet.left[48].line == 99, "the first 49 as they came")
        #expect(sheet.moreMoments == 20, "10 placements and 10 departures left out")
    }

    @Test func lifetimesAndLeaks() throws {
        let (_, _, timeline) = try load(example: "leaky-session.log")
        let history = ReplayHistory(timeline: timeline, descriptions: [])
        let leaked = history.leaked.map { "\(history.models[$0].ref.type) \(history.models[$0].ref.id)" }
        #expect(
            leaked == [
                "ActionableListNavigationModel B80", "SegmentedTabsNavigationModel 5EA",
                "ArchitectureExampleNavigationModel A11",
                "ArchitectureExampleNavigationModel B22", "ArchitectureExampleNavigationModel C33",
            ])
        let b80 = try #require(history.models.first { $0.ref.id == "B80" })
        #expect(b80.started == .init(step: 11, line: 22))
        #expect(b80.attached == [.init(step: 12, line: 25)])
        #expect(b80.left == [.init(step: 14, line: 37)])
        #expect(b80.finished == nil)
        #expect(b80.parent.flatMap { key in history.models.first { $0.ref.key == key }?.ref.id } == "9C2")
        let e5 = try #require(history.models.first { $0.ref.id == "5E7" })
        #expect(e5.finished == .init(step: 13, line: 36))
        #expect(e5.visibility(after: 13) == .hidden)
        let step14 = history.steps[13]
        #expect(step14.event == "finish")
        #expect(Set(step14.removed.map { history.models[$0].ref.id }) == ["9C2", "B80"])
    }
}
