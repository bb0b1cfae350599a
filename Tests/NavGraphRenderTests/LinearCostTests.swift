import NavGraphAnalysis
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphRender

/// Costs that grow with the log, not with its square: each case was quadratic once (issue 38's figures in
/// docs/performance.md). Each measures the work at n and 2n (`growthRatio`); the full sizes are timed by
/// scripts/bench-linear-costs.
@Suite("Costs that grow linearly")
struct LinearCostTests {
    /// A root stack and one sheet presented and dismissed `count` times: the replay page's runs (80,000 steps took
    /// 53 s: every step united the run's models, all the sheets so far, and re-sorted its stack chains).
    static func sheetAgainAndAgain(_ count: Int) -> ReplayHistory {
        var timeline = Timeline()
        timeline.append(NavEvent(.root(ModelRef(id: "r", type: "Root"), kind: .stack, window: "main"), line: 1))
        for index in 0..<count {
            let sheet = ModelRef(id: "s\(index)", type: "Sheet")
            timeline.append(NavEvent(.present(sheet, kind: nil, parent: "r", style: .sheet), line: 2 * index + 2))
            timeline.append(NavEvent(.dismiss(sheet.key), line: 2 * index + 3))
        }
        return ReplayHistory(timeline: timeline, descriptions: [])
    }

    static func split(_ history: ReplayHistory, fitting most: Int) {
        _ = try? ReplaySegments.split(
            history, layout: { (models: [Int]) throws(RenderError) -> Int in models.count }, fits: { $0 <= most })
    }

    @Test func aSheetPresentedAgainAndAgain() {
        let ratio = growthRatio(size: 3_000) { Self.split(Self.sheetAgainAndAgain($0), fitting: 8) }
        #expect(ratio < 3, "the work doubled \(ratio)× when the steps doubled")
    }

    /// A stack that only grows: every step shows every entry so far (a 20,000-entry stack's page took 3.1 GB, a set
    /// of the shown models per step; its step descriptions made a node of the stack, every entry listed, per push).
    @Test func aStackThatOnlyGrows() {
        let ratio = growthRatio(size: 3_000) { count in
            var timeline = Timeline()
            timeline.append(NavEvent(.root(ModelRef(id: "r", type: "Root"), kind: .stack, window: "main"), line: 1))
            for index in 0..<count {
                timeline.append(
                    NavEvent(.push(ModelRef(id: "p\(index)", type: "Screen"), kind: nil, parent: "r"), line: index + 2))
            }
            var state = Hierarchy()
            var descriptions: [String] = []
            for step in 1...timeline.count {
                let event = timeline.event(at: step)
                let change = state.apply(event)
                descriptions.append(StepDescription.describe(event, change: change, after: state))
            }
            Self.split(ReplayHistory(timeline: timeline, descriptions: descriptions), fitting: 30)
        }
        #expect(ratio < 3, "the work doubled \(ratio)× when the stack doubled")
    }

    /// `tree` of one tabs container with `count` tabs (40,000 tabs: 16.8 s, the container made a node, its every
    /// tab listed, for each tab's "selected").
    @Test func aTabsContainerWithManyTabs() throws {
        func tabs(_ count: Int) -> Hierarchy {
            var state = Hierarchy()
            state.apply(NavEvent(.root(ModelRef(id: "t", type: "Tabs"), kind: .tabs, window: "main"), line: 1))
            for index in 0..<count {
                state.apply(
                    NavEvent(
                        .tab(ModelRef(id: "t\(index)", type: "Tab"), kind: nil, parent: "t", title: "T\(index)"),
                        line: index + 2))
            }
            state.apply(NavEvent(.select(parent: "t", tab: "t1"), line: count + 2))
            return state
        }
        // Built first: the drawing's cost alone is measured.
        let states = [4_000: tabs(4_000), 8_000: tabs(8_000)]
        let ratio = growthRatio(size: 4_000) { count in _ = try? TextTreeRenderer().render(states[count]!) }
        #expect(ratio < 3, "the work doubled \(ratio)× when the tabs doubled")
    }

    /// `diff` of a stack with itself grown by one entry at the front: each entry's index looked up in its parent's
    /// children, and the common siblings listed again per moved entry (a 20,000-entry stack: 5.4 s).
    @Test func aDiffOfALongStack() {
        func stack(_ count: Int, front: Bool) -> Hierarchy {
            var state = Hierarchy()
            state.apply(NavEvent(.root(ModelRef(id: "r", type: "Root"), kind: .stack, window: "main"), line: 1))
            var entries = (0..<count).map { PathEntry.init("p\($0)") }
            if front { entries.insert(PathEntry("new"), at: 0) }
            let created = entries.map { entry -> PathEntry in
                var made = entry
                made.created = ModelRef(id: entry.key, type: "Screen")
                return made
            }
            state.apply(NavEvent(.setPath(parent: "r", entries: created), line: 2))
            return state
        }
        let states = [
            2_000: (stack(2_000, front: false), stack(2_000, front: true)),
            4_000: (stack(4_000, front: false), stack(4_000, front: true)),
        ]
        let (small, grown) = states[2_000]!
        #expect(small.nodes.count == 2_001 && HierarchyDiff(from: small, to: grown).added.count == 1)
        let ratio = growthRatio(size: 2_000) { count in
            let (old, new) = states[count]!
            _ = HierarchyDiff(from: old, to: new)
        }
        #expect(ratio < 3, "the work doubled \(ratio)× when the stack doubled")
    }
}
