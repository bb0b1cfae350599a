import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

@Suite("NavigatorUI logs", .tags(.memory))
struct NavigatorReaderTests {
    private let root = "C0D363A8-5C28-40B3-98E8-3DBE488054BB"
    private let child = "2F3CF02F-08FC-4431-ABDD-32685C6D333C"
    private let sheet = "14B0B829-B671-452F-949A-3F61914D5C25"

    @Test func lines() {
        func parse(_ text: String) -> NavigatorLine? {
            text.withByteLine { NavigatorLine($0) }
        }
        #expect(parse("Navigator \(root) (root) configured")?.event == .configured)
        #expect(parse("Navigator \(root) (root) configured")?.name == "root")
        let prefixed = parse("12:00 App[1:2] Navigator \(root) adding \(child)")
        #expect(
            prefixed?.navigator == root && prefixed?.name == nil && prefixed?.event == .adding(child: child, name: nil))
        #expect(
            parse("Navigator \(root) (my (odd) name) removing \(child) (home)")?.event
                == .removing(child: child, name: "home"))
        #expect(parse("Navigator \(child) (home) current \(child) (home)")?.event == .current)
        #expect(parse("Navigator \(child) (home) deinit\r")?.event == .deallocated)
        #expect(parse("Navigator \(child) (home) pushing(App.Dest.page(1))")?.event == .pushing("App.Dest.page(1)"))
        #expect(parse("Navigator \(child) (home) checkpoint adding home")?.event == .other)
        #expect(parse("Navigator \\(navigator) (\\(navigatorName)) \\(event)") == nil)
        #expect(parse("Navigator \(root)") == nil)
        #expect(parse("Navigator \(root) adding 123") == nil)
    }

    @Test func destinations() {
        let wrapped = NavigatorDestination(
            "NavigatorUI.AnyNavigationDestination(wrapped: Demo.HomeDestinations.pageN(55), method: NavigatorUI.NavigationMethod.push)"
        )
        #expect(wrapped == NavigatorDestination(module: "Demo", type: "HomeDestinations", value: "pageN(55)"))
        #expect(
            NavigatorDestination("NavigatorUI_deinit_issue.RootDestinations.example")
                == NavigatorDestination(module: "NavigatorUI_deinit_issue", type: "RootDestinations", value: "example"))
        #expect(NavigatorDestination("42") == NavigatorDestination(module: nil, type: "value", value: "42"))
    }

    @Test func theRealExcerpt() throws {
        let result = try read(file: corpusFixture("navigator-log-issue112-TRUNCATED.txt"))
        #expect(result.error == nil)
        #expect(result.skipped == [5, 9, 10])
        let hierarchy = result.hierarchy
        #expect(hierarchy.openWindows.map(\.name) == ["main"])
        let presented = hierarchy.nodes[sheet]
        #expect(presented?.model.type == "example-sheet" && presented?.model.id == "14B")
        #expect(presented?.edge == .presented(.unknown))
        #expect(hierarchy.nodes[child]?.edge == .child)
        #expect(hierarchy.departedModels.isEmpty)
    }

    @Test func aNavigatorRemovedAndNeverDeinitializedLeaks() {
        let result = read(
            """
            Navigator \(root) (root) configured
            Navigator \(root) (root) adding \(child) (home)
            Navigator \(child) (home) presenting(App.Sheets.edit)
            Navigator \(child) (home) adding \(sheet)
            Navigator \(sheet) dismissed
            Navigator \(child) (home) removing \(sheet)
            """)
        let hierarchy = result.hierarchy
        #expect(hierarchy.departedModels.map(\.model.type) == ["Sheets.edit"])
        #expect(hierarchy.departedModels.first?.leftLine == 6)
    }

    @Test func deinitThenRemovingIsNoLeak() {
        let result = read(
            """
            Navigator \(root) configured
            Navigator \(root) adding \(child)
            Navigator \(child) deinit
            Navigator \(root) removing \(child)
            """)
        #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty)
        let hierarchy = result.hierarchy
        #expect(hierarchy.departedModels.isEmpty)
        #expect(hierarchy.nodes[child] == nil)
        // Before 2.0.2 there are no names.
        #expect(hierarchy.nodes[root]?.model.type == "Navigator")
    }

    @Test func pushesAndPopsAreApproximateAndNeverLeak() {
        let result = read(
            """
            Navigator \(root) (root) configured
            Navigator \(root) (root) adding \(child) (home)
            Navigator \(child) (home) pushing(App.Dest.a)
            Navigator \(child) (home) pushing(App.Dest.b)
            Navigator \(child) (home) popping
            Navigator \(child) (home) popping
            Navigator \(child) (home) popping
            Navigator \(child) (home) pushing(App.Dest.c)
            """)
        let hierarchy = result.hierarchy
        let entries = hierarchy.nodes[child]?.children.compactMap { hierarchy.nodes[$0]?.model.id }
        #expect(entries == ["view", "c"])
        #expect(hierarchy.departedModels.isEmpty)
        #expect(result.diagnostics.contains { $0.severity == .note && $0.message.contains("approximate") })
    }
}

/// The NavigatorUI reader's cost per line stays the same however long the log (1M lines once took over a minute,
/// ~150 µs a line, as a stack that only grew was searched at every line).
@Suite("NavigatorUI reading cost")
struct NavigatorReadingCostTests {
    @Test func aLogTwiceAsLongTakesTwiceAsLong() throws {
        let session = try String(contentsOfFile: example("navigator-session.log"), encoding: .utf8)
        let ratio = growthRatio(size: 300) { count in
            _ = read(String(repeating: session, count: count), format: .navigator)
        }
        #expect(ratio < 3, "the work doubled \(ratio)× when the log doubled")
    }
}
