import NavGraphCore
import NavGraphFormats
import NavGraphTestSupport
import Testing

@testable import NavGraphAnalysis

/// The map of a history given as events.
private func map(_ actions: [NavEvent.Action]) -> NavigationMap {
    var hierarchy = Hierarchy()
    var builder = NavigationMapBuilder()
    for (index, action) in actions.enumerated() {
        let event = NavEvent(action, line: index + 1)
        let change = hierarchy.apply(event)
        builder.record(event, change: change, in: hierarchy)
    }
    return builder.map
}

private func model(_ id: String, _ type: String) -> ModelRef { ModelRef(id: id, type: type) }

/// An example read whole: the map's builder and the hierarchy at its end.
private func read(_ example: String) throws -> (NavigationMapBuilder, Hierarchy) {
    let source = try LineSource(path: repositoryRoot.appendingPathComponent("examples/\(example)").path)
    var hierarchy = Hierarchy()
    var builder = NavigationMapBuilder()
    try NavigationInput(source: source).read(diagnostics: DiagnosticCollector()) { event in
        let change = hierarchy.apply(event)
        builder.record(event, change: change, in: hierarchy)
        return true
    }
    return (builder, hierarchy)
}

/// An app: a tabs root with two stacks; a detail pushed twice on a list, a sheet, a switch.
private let appHistory: [NavEvent.Action] = [
    .root(model("app", "AppModel"), kind: .switch, window: "main"),
    .switch(model("tabs", "MainTabsModel"), kind: .tabs, parent: "app"),
    .tab(model("feedStack", "FeedStackModel"), kind: .stack, parent: "tabs", title: "Feed"),
    .tab(model("profileStack", "ProfileStackModel"), kind: .stack, parent: "tabs", title: "Profile"),
    .push(model("feed", "FeedModel"), kind: nil, parent: "feedStack"),
    .push(model("detail1", "DetailModel"), kind: nil, parent: "feedStack"),
    .pop(parent: "feedStack", count: 1),
    .push(model("detail2", "DetailModel"), kind: nil, parent: "feedStack"),
    .push(model("profile", "ProfileModel"), kind: nil, parent: "profileStack"),
    .present(model("settings", "SettingsModel"), kind: nil, parent: "profile", style: .sheet),
    .dismiss("settings"),
    .present(model("settings2", "SettingsModel"), kind: nil, parent: "profile", style: .sheet),
    .openWindow(model("split", "SplitModel"), kind: .split, window: "inspector"),
    .column(model("sidebar", "SidebarModel"), kind: nil, parent: "split", column: .sidebar),
]

@Suite("Navigation map")
struct NavigationMapTests {
    @Test func everyRelationIsCountedOncePerPlacement() {
        let relations = map(appHistory).relations
        #expect(
            relations == [
                NavigationRelation(.windowRoot, from: "main", to: "AppModel"): 1,
                NavigationRelation(.switched, from: "AppModel", to: "MainTabsModel"): 1,
                NavigationRelation(.tab(order: 1), from: "MainTabsModel", to: "FeedStackModel"): 1,
                NavigationRelation(.tab(order: 2), from: "MainTabsModel", to: "ProfileStackModel"): 1,
                NavigationRelation(.stackRoot, from: "FeedStackModel", to: "FeedModel"): 1,
                NavigationRelation(.pushedAfter, from: "FeedModel", to: "DetailModel"): 2,
                NavigationRelation(.stackRoot, from: "ProfileStackModel", to: "ProfileModel"): 1,
                NavigationRelation(.presented(style: "sheet"), from: "ProfileModel", to: "SettingsModel"): 2,
                NavigationRelation(.windowRoot, from: "inspector", to: "SplitModel"): 1,
                NavigationRelation(.column(.sidebar), from: "SplitModel", to: "SidebarModel"): 1,
            ])
    }

    @Test func kindsAndContainers() {
        let result = map(appHistory)
        #expect(result.types["MainTabsModel"]?.kind == .tabs)
        #expect(result.types["DetailModel"]?.seen == 2)
        #expect(result.containers["DetailModel"] == ["FeedStackModel": 2])
        #expect(result.containers["FeedStackModel"] == ["MainTabsModel": 1])
        #expect(result.containers["SettingsModel"] == nil)
    }

    @Test func aTypeHasTheKindItsModelsHadWhenLastSeen() throws {
        // In session.log a dump shows AppNavigationModel's content replaced only after it was placed: a switch.
        let (builder, _) = try read("session.log")
        #expect(builder.map.types["AppNavigationModel"] == NavigationMap.TypeEntry(kinds: [.switch: 1]))
        #expect(builder.map.types["DefaultStackRootNavigationModel"]?.kind == .stack)
    }

    /// TCA's state shows a stack popped to its root as its root screen alone; in the map it stays a stack (its
    /// cluster was labelled "screen" around the screens pushed on it).
    @Test func aStackPoppedToItsRootStaysAStack() throws {
        let (builder, hierarchy) = try read("tca-syncups.log")
        #expect(hierarchy.node("root")?.kind == .screen)
        #expect(builder.map.types["AppFeature.State"] == NavigationMap.TypeEntry(kinds: [.stack: 1]))
        // The dialog and the scanner that replaced it in place are each drawn, in their own style.
        let relations = builder.map.relations
        let detail = "detail(SyncUpDetail.State)"
        #expect(
            relations[
                NavigationRelation(
                    .presented(style: "confirmationDialog"), from: detail, to: "share(ConfirmationDialogState)")] == 1)
        #expect(
            relations[NavigationRelation(.presented(style: "sheet"), from: detail, to: "scanner(Scanner.State)")] == 1)
    }

    @Test func aDumpPlacesAWholeStackInOneStepInOrder() {
        let entries = [
            Snapshot.Entry(model: model("s", "StackModel"), kind: .stack, edge: nil, parent: nil),
            Snapshot.Entry(model: model("a", "AModel"), kind: .screen, edge: .push, parent: 0),
            Snapshot.Entry(model: model("b", "BModel"), kind: .screen, edge: .push, parent: 0),
            Snapshot.Entry(model: model("c", "CModel"), kind: .screen, edge: .push, parent: 0),
        ]
        let relations = map([.snapshot([Snapshot(window: "main", entries: entries)])]).relations
        #expect(relations[NavigationRelation(.stackRoot, from: "StackModel", to: "AModel")] == 1)
        #expect(relations[NavigationRelation(.pushedAfter, from: "AModel", to: "BModel")] == 1)
        #expect(relations[NavigationRelation(.pushedAfter, from: "BModel", to: "CModel")] == 1)
        #expect(relations.count == 4)
    }

    @Test func driftNamesWhatAppearedAndDisappeared() {
        let baseline = map(appHistory)
        var current = baseline
        current.relations[NavigationRelation(.presented(style: "sheet"), from: "ProfileModel", to: "SettingsModel")] =
            nil
        current.relations[
            NavigationRelation(.presented(style: "fullScreenCover"), from: "FeedModel", to: "PaywallModel")] = 7
        // Counts alone are no drift.
        current.relations[NavigationRelation(.pushedAfter, from: "FeedModel", to: "DetailModel")] = 40
        let drift = NavigationMapDrift(baseline: baseline, current: current)
        #expect(
            drift.lines == [
                "+ PaywallModel presented (fullScreenCover) from FeedModel",
                "- SettingsModel presented (sheet) from ProfileModel",
            ])
        #expect(NavigationMapDrift(baseline: baseline, current: baseline).isEmpty)
    }

    @Test func relationsReadAsSentences() {
        #expect(
            NavigationRelation(.switched, from: "AppModel", to: "LoginModel").description
                == "LoginModel switched in by AppModel")
        #expect(NavigationRelation(.tab(order: 2), from: "Tabs", to: "Feed").description == "Feed tab 2 of Tabs")
        #expect(
            NavigationRelation(.presented(style: "presented"), from: "A", to: "B").description == "B presented from A")
        #expect(NavigationRelation(.windowRoot, from: "main", to: "App").description == "App root of window main")
    }

    @Test func mergingIsOrderIndependent() {
        let first = map(appHistory)
        let second = map(Array(appHistory.prefix(6)))
        var ab = first
        ab.merge(second)
        var ba = second
        ba.merge(first)
        #expect(ab == ba)
        #expect(ab.relations[NavigationRelation(.pushedAfter, from: "FeedModel", to: "DetailModel")] == 3)
    }

    @Test func excludeGlobsAndMinimumCount() {
        let full = map(appHistory)
        let noStacks = NavigationMapFilter(excluded: ["*Stack*"]).apply(to: full)
        #expect(
            noStacks.types.keys.sorted() == [
                "AppModel", "DetailModel", "FeedModel", "MainTabsModel", "ProfileModel",
                "SettingsModel", "SidebarModel", "SplitModel",
            ])
        #expect(!noStacks.relations.keys.contains { $0.from.contains("Stack") || $0.to.contains("Stack") })
        let frequent = NavigationMapFilter(minimumCount: 2).apply(to: full)
        #expect(
            Set(frequent.relations.keys) == [
                NavigationRelation(.pushedAfter, from: "FeedModel", to: "DetailModel"),
                NavigationRelation(.presented(style: "sheet"), from: "ProfileModel", to: "SettingsModel"),
            ])
        #expect(frequent.types.keys.sorted() == ["DetailModel", "FeedModel", "ProfileModel", "SettingsModel"])
    }

    @Test func focusKeepsTheNeighbourhood() {
        let full = map(appHistory)
        let near = NavigationMapFilter(focus: "ProfileModel", depth: 1).apply(to: full)
        #expect(near.types.keys.sorted() == ["ProfileModel", "ProfileStackModel", "SettingsModel"])
        let further = NavigationMapFilter(focus: "ProfileModel", depth: 2).apply(to: full)
        #expect(further.types.keys.sorted() == ["MainTabsModel", "ProfileModel", "ProfileStackModel", "SettingsModel"])
        let itself = NavigationMapFilter(focus: "ProfileModel", depth: 0).apply(to: full)
        #expect(itself.types.keys.sorted() == ["ProfileModel"] && itself.relations.isEmpty)
    }

    /// A drawing's cap keeps the types reached first from the windows' roots, the most seen relation first, with
    /// the relations between them, and says how many it left out; a map within the cap is whole.
    @Test func theCapKeepsTheTopOfTheMap() {
        let full = map(appHistory)
        #expect(NavigationMapCap(maximumTypes: full.types.count).apply(to: full) == (full, 0))
        let (top, leftOut) = NavigationMapCap(maximumTypes: 3).apply(to: full)
        #expect(leftOut == full.types.count - 3)
        #expect(top.types.count == 3)
        #expect(top.types.keys.contains("AppModel"), "the window's root first")
        for relation in top.relations.keys {
            #expect(top.types[relation.to] != nil)
            #expect(relation.kind == .windowRoot || top.types[relation.from] != nil)
        }
        // Every type kept is reached from the root within the kept types.
        var reached: Set<String> = Set(top.relations.keys.filter { $0.kind == .windowRoot }.map(\.to))
        for _ in 0..<3 {
            for relation in top.relations.keys where reached.contains(relation.from) { reached.insert(relation.to) }
        }
        #expect(reached == Set(top.types.keys))
        // A type no root leads to is kept last, the most seen first.
        var orphans = NavigationMap()
        orphans.types = [
            "Rare": .init(kinds: [.screen: 1]), "Common": .init(kinds: [.screen: 5]), "Mid": .init(kinds: [.screen: 3]),
        ]
        #expect(NavigationMapCap(maximumTypes: 2).apply(to: orphans).map.types.keys.sorted() == ["Common", "Mid"])
    }

    /// A depth past the map's ends where nothing is left to reach: `Int.max` rounds of an empty frontier never ended.
    @Test func theDeepestFocusEndsWithTheMap() {
        let full = map(appHistory)
        let reachable = NavigationMapFilter(focus: "ProfileModel", depth: full.types.count).apply(to: full)
        // A search that does not end fails the test instead of hanging the run.
        #expect(resultWithin { NavigationMapFilter(focus: "ProfileModel", depth: .max).apply(to: full) } == reachable)
        #expect(reachable.types.count > 4)
    }

    @Test(arguments: [
        ("*Model", "FeedModel", true), ("*Model", "FeedModels", false), ("Feed?odel", "FeedModel", true),
        ("*Stack*", "FeedStackModel", true), ("*", "", true), ("a*b*c", "axxbyyc", true), ("a*b*c", "axxbyy", false),
        ("Debug*", "DebugMenu<Int, String>", true), ("", "x", false),
    ])
    func globs(pattern: String, text: String, matches: Bool) {
        #expect(Glob.matches(pattern, text) == matches)
    }
}
