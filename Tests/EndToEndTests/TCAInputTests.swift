import Foundation
import NavGraphTestSupport
import Testing

/// TCA `_printChanges()` logs (Fixtures/tca, printed by the real swift-custom-dump), read by the built binary.
@Suite("TCA _printChanges() input")
struct TCAInputTests {
    static func fixture(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/tca/" + name).path
    }

    @Test func treeAtAStepShowsTheStackAndWhatIsPresentedOnIt() throws {
        // Step 4: the detail pushed, its edit sheet presented.
        let tree = try navgraph(["tree", Self.fixture("stack.log"), "--at", "4"])
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(
            tree.stdout == """
                window main
                AppFeature.State root [stack]
                └─ detail(SyncUpDetail.State) #0
                   └─ edit(SyncUpForm.State) #0.destination ⇡sheet

                """)
    }

    @Test func historyIsTheActionsThatNavigated() throws {
        let history = try navgraph(["history", Self.fixture("stack.log")])
        #expect(history.status == 0)
        let lines = history.stdout.split(separator: "\n")
        // 16 navigation changes among 21 actions: in-place changes and `(No state changes)` are no step.
        #expect(lines.count == 16)
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "AppFeature.Action.path(.popFrom(id: #1)) (2 nodes): 2 gone: record(RecordMeeting.State) #1, "
                        + "meeting(Meeting) #2")
            })
        #expect(!history.stdout.contains("timerTick"))
        #expect(!history.stdout.contains("onAppear)) "))
    }

    @Test func tabsSelectAndStackPerTab() throws {
        let tree = try navgraph(["tree", Self.fixture("tabs.log"), "--at", "8"])
        #expect(tree.status == 0)
        #expect(
            tree.stdout == """
                window main
                TabsApp.State root [tabs]
                ├─ HomeFeature.State home [stack] tab 1
                │  ├─ item(ItemDetail.State) #0
                │  └─ settings(Settings.State) #1
                └─ InventoryFeature.State inventory [stack] tab 2 (selected)
                   ├─ addItem(AddItem.State) inventory.destination [stack] ⇡sheet
                   │  ├─ pickCategory(Settings.State) #3
                   │  └─ pickColor(Settings.State) #4
                   └─ item(ItemDetail.State) #2

                """)
    }

    @Test func aCaseMappedInTheConfigurationIsPresentedInItsStyle() throws {
        let folder = try temporaryFolder()
        try "presentations:\n  scanner: fullScreenCover\n".write(
            to: folder.appendingPathComponent(".navgraph.yml"), atomically: true, encoding: .utf8)
        let tree = try navgraph(["tree", Self.fixture("stack.log"), "--at", "12"], directory: folder)
        #expect(tree.stdout.contains("scanner(Scanner.State) #0.destination ⇡fullScreenCover"), "\(tree.stdout)")
        let plain = try navgraph(["tree", Self.fixture("stack.log"), "--at", "12"])
        #expect(plain.stdout.contains("scanner(Scanner.State) #0.destination ⇡sheet"))
    }

    @Test func leaksCannotBeToldFromIt() throws {
        let leaks = try navgraph(["leaks", Self.fixture("stack.log")])
        // 3: undecided, never 0 (clean).
        #expect(leaks.status == 3)
        #expect(leaks.stderr.contains("leaks cannot be told from it"))
        #expect(leaks.stderr.contains("TCA's state holds values, not objects with a lifetime"))
    }

    @Test func diagramMapsTheFeatures() throws {
        let diagram = try navgraph(["diagram", Self.fixture("stack.log"), Self.fixture("tabs.log")])
        #expect(diagram.status == 0, "\(diagram.stderr)")
        #expect(diagram.stdout.contains("detail(SyncUpDetail.State)"))
        #expect(diagram.stdout.contains("addItem(AddItem.State)"))
    }
}
