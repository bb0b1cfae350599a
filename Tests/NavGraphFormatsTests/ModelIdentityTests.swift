import Testing
import NavGraphCore
@testable import NavGraphFormats

@Suite("Pairing lines to models by type and id prefix")
struct ModelIdentityTests {
    @Test func startedAfterADumpBindsToTheListedModel() {
        let result = read("""
            <[AppNavigationModel 667...]>
            \t<[HomeNavigationModel E34...]>
            [HomeNavigationModel E34...]: Started
            """)
        let hierarchy = result.hierarchy
        #expect(hierarchy.lifecycles.count == 1)
        #expect(hierarchy.lifecycles.values.first?.lastPlacement != nil)
        #expect(hierarchy.unplacedModels.isEmpty)
    }

    @Test func twoLiveModelsSharingAPrefixGetASuffixAndANote() {
        let result = read("""
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Started
            """)
        let ids = result.hierarchy.unplacedModels.map(\.model.id)
        #expect(ids == ["E34", "E34#2"])
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].severity == .note)
        #expect(result.diagnostics[0].line == 2)
    }

    @Test func finishedPrefersTheModelNoLongerInADump() {
        let result = read("""
            [DetailNavigationModel E34...]: Started
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            [DetailNavigationModel E34...]: Started
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            [DetailNavigationModel E34...]: Finished
            """)
        // The second dump lists one E34: the one under the same parent as before, so the new one is not placed.
        // The Finished goes to the unplaced one, and the placed one stays.
        let hierarchy = result.hierarchy
        #expect(hierarchy.preorder(window: "main").map(\.node.model.id) == ["1A1", "E34"])
        #expect(hierarchy.lifecycles.count == 1)
    }

    @Test func aPrefixCanBeReusedAfterFinished() {
        let result = read("""
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Finished
            [DetailNavigationModel E34...]: Started
            """)
        let keys = result.events.compactMap { event -> String? in
            switch event.action {
            case .start(let model, _), .finish(let model, _): model.key
            default: nil
            }
        }
        #expect(keys[0] == keys[1])
        #expect(keys[2] != keys[0])
        #expect(result.hierarchy.unplacedModels.map(\.model.id) == ["E34"])
    }

    @Test func sameTypeAndPrefixTwiceInOneDumpAreTwoModels() {
        let result = read("""
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            \t<[DetailNavigationModel E34...]>
            """)
        #expect(result.snapshots[0].entries.map(\.model.id) == ["1A1", "E34", "E34#2"])
    }
}
