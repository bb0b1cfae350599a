import NavGraphTestSupport
import Testing

@testable import NavGraphCore

/// The navgraph-events v1 semantics (docs/navgraph-events-v1.md), applied by the one reducer.
@Suite("Structured events", .tags(.memory))
struct EventReducerTests {
    private func ref(_ id: String, _ type: String = "Screen") -> ModelRef { ModelRef(id: id, type: type) }

    /// Applies the actions in order; returns the state and every step's warnings.
    private func run(_ actions: [NavEvent.Action]) -> (Hierarchy, [String]) {
        var hierarchy = Hierarchy()
        var warnings: [String] = []
        for (index, action) in actions.enumerated() {
            warnings += hierarchy.apply(NavEvent(action, line: index + 1)).warnings.map { "\($0.line!): \($0.message)" }
        }
        return (hierarchy, warnings)
    }

    private func shape(_ hierarchy: Hierarchy, window: String = "main") -> [String] {
        hierarchy.preorder(window: window).map {
            String(repeating: "  ", count: $0.depth)
                + "\($0.node.model.id) \($0.node.kind.rawValue) \($0.node.edge?.name ?? "root")"
        }
    }

    static let app: [NavEvent.Action] = [
        .root(ModelRef(id: "app", type: "App"), kind: .tabs, window: "main"),
        .tab(ModelRef(id: "s1", type: "Stack"), kind: .stack, parent: "app", title: "Home"),
        .push(ModelRef(id: "home", type: "Home"), kind: nil, parent: "s1"),
        .tab(ModelRef(id: "s2", type: "Stack"), kind: .stack, parent: "app", title: nil),
        .push(ModelRef(id: "settings", type: "Settings"), kind: nil, parent: "s2"),
    ]

    @Test func buildsTabsOfStacks() {
        let (hierarchy, warnings) = run(Self.app + [.select(parent: "app", tab: "s2")])
        #expect(warnings.isEmpty)
        #expect(
            shape(hierarchy) == [
                "app tabs root", "  s1 stack tab", "    home screen push", "  s2 stack tab", "    settings screen push",
            ])
        #expect(hierarchy.nodes["app"]?.selectedTab == "s2")
        #expect(hierarchy.nodes["s1"]?.title == "Home")
    }

    @Test func pushPopAndSetPathKeepTheRootEntry() {
        let (hierarchy, warnings) = run(
            Self.app + [
                .push(ref("d1"), kind: nil, parent: "s1"),
                .push(ref("d2"), kind: nil, parent: "s1"),
                .pop(parent: "s1", count: 5),
                .push(ref("d3"), kind: nil, parent: "s1"),
                .setPath(parent: "s1", entries: ["d3", "home", "ghost"]),
            ])
        #expect(
            warnings == [
                "8: pop of 5 from stack 's1', which has 2 entries above its root; popped 2",
                "10: setPath names 'ghost', which does not exist; skipped",
            ])
        #expect(
            shape(hierarchy).prefix(4) == [
                "app tabs root", "  s1 stack tab", "    d3 screen push", "    home screen push",
            ])
    }

    @Test func presentationsReplaceAndDismissWithTheirSubtree() {
        let (hierarchy, warnings) = run(
            Self.app + [
                .start(ref("sheet"), kind: nil),
                .present(ref("sheet"), kind: .stack, parent: "app", style: .sheet),
                .push(ref("inSheet"), kind: nil, parent: "sheet"),
                .present(ref("alert"), kind: nil, parent: "sheet", style: .alert),
                .present(ref("cover"), kind: nil, parent: "app", style: .fullScreenCover),
                .dismiss("nothing"),
            ])
        #expect(
            warnings == [
                "10: 'app' already presents 'sheet'; 'cover' replaces it and 'sheet' leaves",
                "11: dismiss of 'nothing', which is not presented; ignored",
            ])
        #expect(shape(hierarchy).prefix(2) == ["app tabs root", "  cover screen fullScreenCover"])
        #expect(hierarchy.nodes["alert"] == nil && hierarchy.nodes["inSheet"] == nil)
        #expect(hierarchy.departedModels.map(\.model.id) == ["sheet"])
    }

    @Test func aPushOntoATabsContainerIsAPlainChild() {
        let (hierarchy, warnings) = run(
            Self.app + [.push(ref("x"), kind: nil, parent: "app"), .pop(parent: "app", count: 1)])
        #expect(
            warnings == [
                "6: push onto 'app', a tabs container, not a stack; attached as a plain child",
                "7: pop on 'app', which is not a stack in the hierarchy; ignored",
            ])
        #expect(hierarchy.nodes["x"]?.edge == .child)
    }

    @Test func containerKindsFollowFromUse() {
        let (hierarchy, warnings) = run([
            .root(ref("app", "App"), kind: nil, window: "main"),
            .switch(ref("login", "Login"), kind: nil, parent: "app"),
            .switch(ref("tabs", "Tabs"), kind: nil, parent: "app"),
            .tab(ref("t1"), kind: nil, parent: "tabs", title: nil),
            .column(ref("side"), kind: nil, parent: "t1", column: .sidebar),
            .column(ref("detail"), kind: nil, parent: "t1", column: .detail),
            .column(ref("middle"), kind: nil, parent: "t1", column: .content),
        ])
        #expect(warnings.isEmpty)
        #expect(
            shape(hierarchy) == [
                "app switch root", "  tabs tabs switch", "    t1 split tab",
                "      side screen column", "      middle screen column", "      detail screen column",
            ])
        #expect(hierarchy.nodes["login"] == nil)
    }

    @Test func windowsOpenCloseAndConflict() {
        let (hierarchy, warnings) = run([
            .root(ref("a"), kind: nil, window: "main"),
            .openWindow(ref("w"), kind: nil, window: "waiting"),
            .root(ref("b"), kind: nil, window: "main"),
            .closeWindow("waiting"),
            .closeWindow("nowhere"),
        ])
        #expect(
            warnings == [
                "3: window 'main' already has root 'a'; 'b' replaces it and 'a' leaves",
                "5: closeWindow of 'nowhere', which is not open; ignored",
            ])
        #expect(hierarchy.openWindows.map(\.name) == ["main"])
        #expect(hierarchy.windows.map(\.name) == ["main", "waiting"])
    }

    @Test func lifecycleContradictions() {
        let (hierarchy, warnings) = run(
            Self.app + [
                .start(ref("home"), kind: nil),
                .start(ref("home"), kind: nil),
                .finish(ref("ghost"), neverStarted: false),
                .finish(ref("home"), neverStarted: false),
                .finish(ref("home"), neverStarted: false),
            ])
        #expect(
            warnings == [
                "7: start of 'home', which is already alive; ignored",
                "8: finish of 'ghost', which is not alive (never started, or finished already); ignored",
                "9: finish of 'home' while it is still in the hierarchy under 's1'; it leaves with its subtree",
                "10: finish of 'home', which is not alive (never started, or finished already); ignored",
            ])
        #expect(hierarchy.nodes["home"] == nil)
        #expect(hierarchy.finishedCount == 1)
    }

    @Test func aModelCannotMoveUnderItsOwnDescendant() {
        let (hierarchy, warnings) = run(Self.app + [.push(ref("s1", "Stack"), kind: nil, parent: "s1")])
        #expect(warnings.count == 1)
        #expect(shape(hierarchy).count == 5)
    }

    @Test func changesSayWhatWasAddedAndRemoved() {
        var hierarchy = Hierarchy()
        for action in Self.app { hierarchy.apply(NavEvent(action, line: 1)) }
        let change = hierarchy.apply(NavEvent(.closeWindow("main"), line: 2))
        #expect(Set(change.removed.map(\.id)) == ["app", "s1", "s2", "home", "settings"])
        let again = hierarchy.apply(NavEvent(.root(ref("app2"), kind: nil, window: "main"), line: 3))
        #expect(again.added == ["app2"])
    }

    @Test func aLongPresentationChainNeedsNoRecursion() {
        var hierarchy = Hierarchy()
        hierarchy.apply(NavEvent(.root(ref("p0"), kind: nil, window: "main"), line: 1))
        for index in 1..<100_000 {
            hierarchy.apply(
                NavEvent(.present(ref("p\(index)"), kind: nil, parent: "p\(index - 1)", style: .sheet), line: index + 1)
            )
        }
        #expect(hierarchy.preorder(window: "main").count == 100_000)
        let change = hierarchy.apply(NavEvent(.dismiss("p1"), line: 0))
        #expect(change.removed.count == 99_999)
    }
}

@Suite("The timeline", .tags(.memory))
struct TimelineTests {
    /// A deterministic pseudo-random log of pushes, pops, presents and dismisses.
    private func randomEvents(count: Int, seed: UInt64) -> [NavEvent] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var events = [NavEvent(.root(ModelRef(id: "root", type: "Stack"), kind: .stack, window: "main"), line: 1)]
        var pushed = ["root"]
        for index in 0..<count {
            let id = "m\(index)"
            let action: NavEvent.Action
            switch next(5) {
            case 0: action = .pop(parent: "root", count: 1 + next(3))
            case 1:
                action = .present(
                    ModelRef(id: id, type: "Sheet"), kind: nil, parent: pushed[next(pushed.count)], style: .sheet)
            case 2: action = .dismiss(pushed[next(pushed.count)])
            case 3: action = .start(ModelRef(id: id, type: "Detail"), kind: nil)
            default: action = .push(ModelRef(id: id, type: "Detail"), kind: nil, parent: "root")
            }
            pushed.append(id)
            events.append(NavEvent(action, line: index + 2))
        }
        return events
    }

    /// A timeline of `events` (checkpoints at least every 97 steps), and the state after every step by a straight replay.
    private func timelineAndStraightReplay(_ events: [NavEvent]) -> (Timeline, [Hierarchy]) {
        var timeline = Timeline(interval: 97)
        var states: [Hierarchy] = [Hierarchy()]
        var straight = Hierarchy()
        for event in events {
            timeline.append(event)
            straight.apply(event)
            states.append(straight)
        }
        return (timeline, states)
    }

    @Test func seekingFromCheckpointsEqualsReplayingFromTheStart() {
        let (timeline, states) = timelineAndStraightReplay(randomEvents(count: 3_000, seed: 42))
        for step in [0, 1, 96, 97, 98, 1_500, 2_999, 3_000, 3_001] {
            #expect(timeline.state(after: step) == states[step], "step \(step)")
        }
        let (state, _) = timeline.change(at: 200)
        #expect(state == states[200])
    }

    /// Thousands of models alive (a long session's leaks) space the checkpoints by the size of the state; seeking
    /// still lands on exactly the state a straight replay reaches.
    @Test func seekingWithABigStateEqualsReplayingFromTheStart() {
        var events = (0..<2_000).map {
            NavEvent(.start(ModelRef(id: "leaked-\($0)", type: "DetailModel"), kind: nil), line: $0 + 1)
        }
        events += randomEvents(count: 3_000, seed: 7).map { NavEvent($0.action, line: $0.line + 2_000, time: $0.time) }
        let (timeline, states) = timelineAndStraightReplay(events)
        for step in [0, 1, 1_999, 2_000, 2_001, 3_000, 4_321, 4_999, 5_000] {
            #expect(timeline.state(after: step) == states[step], "step \(step)")
        }
    }

    @Test func lastStepAtATime() {
        var timeline = Timeline()
        for (index, time) in [10.0, 11.0, 12.5, 20.0].enumerated() {
            timeline.append(NavEvent(.mark("m\(index)"), line: index + 1, time: time))
        }
        #expect(timeline.lastStep(atOrBefore: 12.5) == 3)
        #expect(timeline.lastStep(atOrBefore: 9) == 0)
        #expect(timeline.lastStep(atOrBefore: 100) == 4)
    }
}

@Suite("RFC 3339 times", .tags(.memory))
struct TimestampTests {
    @Test func parsesAndFormats() {
        #expect(Timestamp.parseRFC3339("1970-01-01T00:00:00Z") == 0)
        #expect(Timestamp.parseRFC3339("2025-03-14T09:41:07.201Z") == 1741945267.201)
        #expect(Timestamp.parseRFC3339("2025-03-14 10:41:07+01:00") == 1_741_945_267)
        #expect(Timestamp.parseRFC3339("2024-02-29T12:00:00-05:30") == 1_709_227_800)
        for bad in [
            "", "2025-03-14", "2025-13-01T00:00:00Z", "2025-03-14T09:41:07", "2025-03-14T09:41:07Zjunk", "yesterday",
        ] {
            #expect(Timestamp.parseRFC3339(bad) == nil, "\(bad)")
        }
        // From bytes in any collection, wherever its indices start (a slice of a longer line).
        let line = Array("time: 2025-03-14T09:41:07.201Z".utf8)
        #expect(Timestamp.parseRFC3339(bytes: line[6...]) == 1741945267.201)
        #expect(Timestamp.parseRFC3339(bytes: line[6..<29]) == nil)
        #expect(Timestamp.parseRFC3339(bytes: line[5...]) == nil)
        #expect(Timestamp.formatRFC3339(1741945267.201) == "2025-03-14T09:41:07.201Z")
        #expect(Timestamp.formatRFC3339(0) == "1970-01-01T00:00:00.000Z")
        // Past the years 0000–9999 (an input's time of a hundred digits crashed `history`): the number as it is.
        #expect(Timestamp.formatRFC3339(1.7e114) == "1.7e+114")
        #expect(Timestamp.formatRFC3339(-1e12) == "-1000000000000.0")
        #expect(Timestamp.formatRFC3339(.infinity) == "inf")
        #expect(Timestamp.formatRFC3339(253_402_300_799) == "9999-12-31T23:59:59.000Z")
        #expect(Timestamp.formatRFC3339(-62_167_219_200) == "0000-01-01T00:00:00.000Z")
    }
}

@Suite("Fuzzer findings", .tags(.memory))
struct FuzzFindingTests {
    @Test func aRootEventForAPlacedModelMovesItWithItsSubtree() {
        var hierarchy = Hierarchy()
        hierarchy.apply(NavEvent(.root(ModelRef(id: "app", type: "App"), kind: .switch, window: "main"), line: 1))
        hierarchy.apply(NavEvent(.switch(ModelRef(id: "tabs", type: "Tabs"), kind: .tabs, parent: "app"), line: 2))
        hierarchy.apply(NavEvent(.root(ModelRef(id: "app", type: "App"), kind: nil, window: "second"), line: 3))
        #expect(hierarchy.consistencyProblems().isEmpty)
        #expect(hierarchy.preorder(window: "second").map(\.node.key) == ["app", "tabs"])
        #expect(hierarchy.openWindows.map(\.name) == ["second"])
        hierarchy.apply(NavEvent(.root(ModelRef(id: "tabs", type: "Tabs"), kind: nil, window: "third"), line: 4))
        #expect(hierarchy.consistencyProblems().isEmpty)
        #expect(hierarchy.preorder(window: "third").map(\.node.key) == ["tabs"])
    }
}
