import NavGraphCore
import Testing

@testable import NavGraphAnalysis

private func map(_ actions: [NavEvent.Action]) -> NavigationMap {
    var hierarchy = Hierarchy()
    var builder = NavigationMapBuilder()
    for (index, action) in actions.enumerated() {
        let event = NavEvent(action, line: index + 1)
        builder.record(event, change: hierarchy.apply(event), in: hierarchy)
    }
    return builder.map
}

private func model(_ id: String, _ type: String) -> ModelRef { ModelRef(id: id, type: type) }

/// SwiftUINavigation's Examples app in small: every tab and every sheet is a generic `StackRoot` wrapping the screen
/// it shows, and a sheet is presented by the stack root below it (the nearest model that can present).
private func wrappedApp(screens: [String]) -> [NavEvent.Action] {
    var actions: [NavEvent.Action] = [
        .root(model("app", "AppModel"), kind: .switch, window: "main"),
        .switch(model("tabs", "TabsModel"), kind: .tabs, parent: "app"),
        .tab(model("tab1", "StackRoot"), kind: .stack, parent: "tabs", title: "Feed"),
        .push(model("feed", "FeedModel"), kind: nil, parent: "tab1"),
    ]
    // Each screen in a sheet of its own, over the tabs, then a sheet over that sheet.
    for (index, screen) in screens.enumerated() {
        actions += [
            .present(model("sheet\(index)", "StackRoot"), kind: .stack, parent: "tabs", style: .sheet),
            .push(model("screen\(index)", screen), kind: nil, parent: "sheet\(index)"),
            .present(
                model("cover\(index)", "StackRoot"), kind: .stack, parent: "sheet\(index)", style: .fullScreenCover),
            .push(model("inner\(index)", "Inner" + screen), kind: nil, parent: "cover\(index)"),
            .dismiss("sheet\(index)"),
        ]
    }
    return actions
}

@Suite("Navigation map: collapsing hub types")
struct NavigationMapCollapseTests {
    /// The rule: a container reached from 2 or more places that leads to 6 or more other types.
    @Test func aGenericWrapperIsAHubAnAppsOwnContainerIsNot() {
        let screens = ["AModel", "BModel", "CModel"]
        let collapsed = NavigationMapCollapse().collapsed(in: map(wrappedApp(screens: screens)))
        // Reached from TabsModel and from itself; leads to FeedModel, 3 screens and 3 inner screens.
        #expect(collapsed == [.init(type: "StackRoot", parents: 2, children: 7, listed: false)])
        // Two sheets: 5 types on, below the threshold.
        #expect(NavigationMapCollapse().collapsed(in: map(wrappedApp(screens: ["AModel", "BModel"]))).isEmpty)
        #expect(NavigationMapCollapse(automatic: false).collapsed(in: map(wrappedApp(screens: screens))).isEmpty)
    }

    @Test func aScreenIsNeverCollapsedAutomaticallyOnlyWhenListed() {
        var hub = NavigationMap()
        hub.types = ["Hub": .init(kinds: [.screen: 9])]
        for index in 0..<8 {
            hub.types["P\(index)"] = .init(kinds: [.screen: 1])
            hub.types["C\(index)"] = .init(kinds: [.screen: 1])
            hub.relations[NavigationRelation(.pushedAfter, from: "P\(index)", to: "Hub")] = 1
            hub.relations[NavigationRelation(.pushedAfter, from: "Hub", to: "C\(index)")] = 1
        }
        #expect(NavigationMapCollapse().collapsed(in: hub).isEmpty)
        #expect(NavigationMapCollapse(listed: ["H*"]).collapsed(in: hub).map(\.type) == ["Hub"])
        #expect(NavigationMapCollapse(listed: ["H*"], kept: ["Hub"]).collapsed(in: hub).isEmpty)
    }

    /// Edges go where the models went, never across: the screen of sheet 0 was never over sheet 1's screen.
    @Test func edgesAreDrawnPastTheHubAlongTheRoutesTaken() {
        let (result, collapsed) = NavigationMapCollapse().apply(to: map(wrappedApp(screens: ["A", "B", "C"])))
        #expect(collapsed.map(\.type) == ["StackRoot"])
        #expect(result.types["StackRoot"] == nil)
        let relations = result.relations
        #expect(relations[NavigationRelation(.tab(order: 1), from: "TabsModel", to: "FeedModel")] == 1)
        for screen in ["A", "B", "C"] {
            #expect(relations[NavigationRelation(.presented(style: "sheet"), from: "TabsModel", to: screen)] == 1)
            // Sheet then cover: the innermost presentation names the edge.
            let inner = NavigationRelation(
                .presented(style: "fullScreenCover"), from: "TabsModel", to: "Inner" + screen)
            #expect(relations[inner] == 1)
        }
        #expect(!relations.keys.contains { $0.from == "StackRoot" || $0.to == "StackRoot" })
        #expect(!result.containers.values.contains { $0["StackRoot"] != nil })
        // Only edges the routes give: 3 sheets, 3 covers, the tab, the app's own 2.
        #expect(relations.count == 9)
    }

    /// A map read from JSON has no routes: the hub's edges go with it rather than being guessed.
    @Test func withoutRoutesTheHubsEdgesAreDropped() {
        var read = map(wrappedApp(screens: ["A", "B", "C"]))
        read.routes = [:]
        let (result, _) = NavigationMapCollapse().apply(to: read)
        #expect(result.relations.keys.allSatisfy { $0.from != "StackRoot" && $0.to != "StackRoot" })
        #expect(result.relations[NavigationRelation(.presented(style: "sheet"), from: "TabsModel", to: "A")] == nil)
    }

    @Test func routesSumAcrossLogsLikeRelations() {
        var twice = map(wrappedApp(screens: ["A"]))
        twice.merge(map(wrappedApp(screens: ["A"])))
        let sheet = [
            NavigationRelation(.windowRoot, from: "main", to: "AppModel"),
            NavigationRelation(.switched, from: "AppModel", to: "TabsModel"),
            NavigationRelation(.presented(style: "sheet"), from: "TabsModel", to: "StackRoot"),
            NavigationRelation(.stackRoot, from: "StackRoot", to: "A"),
        ]
        #expect(twice.routes[sheet] == 2)
    }
}
