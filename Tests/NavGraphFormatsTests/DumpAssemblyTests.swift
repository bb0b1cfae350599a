import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

@Suite("Finding dumps in a console log", .tags(.memory))
struct DumpAssemblyTests {
    @Test func otherOutputInsideADumpIsSkippedAndTheDumpGoesOn() {
        let result = read(
            """
            <[AppNavigationModel 667...]>
            \t<[StackRootNavigationModel 32D...]>
            [Network] GET /feed 200
            \t\t<[HomeNavigationModel F0F...]>
            """)
        #expect(result.snapshots.count == 1)
        #expect(result.snapshots[0].entries.count == 3)
        #expect(result.skipped == [3])
    }

    @Test func anEventLineEndsADump() {
        let result = read(
            """
            <[AppNavigationModel 667...]>
            \t<[HomeNavigationModel F0F...]>
            [DetailNavigationModel 8C1...]: Started
            \t<[DetailNavigationModel 8C1...]>
            """)
        // The last line starts nothing: a depth-1 line cannot begin a dump, so it becomes the root of its own.
        #expect(result.snapshots.count == 2)
        #expect(result.events.map(\.line) == [1, 3, 4])
    }

    @Test func aNewRootLineStartsANewDump() {
        let result = read(
            """
            <[AppNavigationModel 667...]>
            \t<[HomeNavigationModel F0F...]>
            <[AppNavigationModel 667...]>
            \t<[HomeNavigationModel F0F...]>
            \t<[DetailNavigationModel 8C1...]>
            """)
        #expect(result.snapshots.map(\.entries.count) == [2, 3])
        #expect(result.snapshots.map(\.window) == ["main", "main"])
    }

    @Test func spaceIndentationUsesTheUnitOfTheFirstIndentedLine() {
        let result = read(
            """
            <[AppNavigationModel 667...]>
              <[MainTabsNavigationModel F1A...]>
                <[DefaultStackRootNavigationModel 32D...]>
                  <[ActionableListNavigationModel F0F...]>
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(outline(result.snapshots[0]).map { $0.prefix(while: { $0 == " " }).count } == [0, 2, 4, 6])
    }

    @Test func aDumpStartingIndentedTakesItsFirstLineAsTheRoot() {
        let result = read("\t<[AppNavigationModel 667...]>\n\t\t<[HomeNavigationModel F0F...]>\n")
        #expect(
            outline(result.snapshots[0]) == [
                "AppNavigationModel 667 screen root", "  HomeNavigationModel F0F screen child",
            ])
    }

    @Test func aJumpOfTwoLevelsIsAWarningAndAttachesOneLevelDown() {
        let result = read("<[AppNavigationModel 667...]>\n\t\t\t<[HomeNavigationModel F0F...]>\n")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].severity == .warning)
        #expect(result.diagnostics[0].line == 2)
        #expect(result.diagnostics[0].message.contains("3 levels deeper"))
        #expect(result.snapshots[0].entries[1].parent == 0)
    }

    @Test func mixedTabsAndSpacesAreAWarning() {
        let result = read("<[App 667...]>\n\t<[Tabs F1A...]>\n    <[Other 9B0...]>\n")
        #expect(result.diagnostics.contains { $0.severity == .warning && $0.message.contains("mixes tab and space") })
        #expect(result.snapshots[0].entries.count == 3)
    }

    @Test func aDumpWhoseRootIsAnotherModelIsAnotherWindow() {
        let result = read(
            """
            <[AppNavigationModel 667...]>
            \t<[HomeNavigationModel F0F...]>
            <[WaitingNavigationModel A0B...]>
            <[AppNavigationModel 667...]>
            \t<[HomeNavigationModel F0F...]>
            """)
        #expect(result.snapshots.map(\.window) == ["main", "2", "main"])
        let hierarchy = result.hierarchy
        #expect(hierarchy.openWindows.map(\.name) == ["main", "2"])
    }

    @Test func aFinishedRootClosesItsWindowAndFreesTheName() {
        let result = read(
            """
            [WaitingNavigationModel A0B...]: Started
            <[WaitingNavigationModel A0B...]>
            [WaitingNavigationModel A0B...]: Finished
            <[AppNavigationModel 667...]>
            """)
        #expect(result.snapshots.map(\.window) == ["main", "main"])
        #expect(result.hierarchy.openWindows.map(\.name) == ["main"])
    }

    @Test func truncatedAndNoiseOnlyInput() {
        #expect(read("").error == .noNavigationOutput(path: "test.log", lines: 0))
        #expect(read("hello\nworld\n").error == .noNavigationOutput(path: "test.log", lines: 2))
        // A format named (not detected) is the one that was not found, said as such.
        let forced = read("▿ Shop.Router #0\n  - path: 0 elements\n", format: .navigator)
        #expect(forced.error == .noLinesOfFormat(.navigator, path: "test.log", lines: 2))
        #expect(forced.error?.format == .navigator && forced.error?.expectedFormats == [.navigator])
        #expect(
            forced.error?.description == "test.log: no line of 2 is NavigatorUI log (navigator); expected "
                + NavigatorFormat.expectedLines)
        #expect(
            InputError.noNavigationOutput(path: "x", lines: 0).description.hasPrefix("x: the input is empty"))
        // A line longer than the cap is never parsed, only skipped.
        let long = "[HomeNavigationModel E34...]: Started"
        let result = read(bytes: Array(("x" + long + "\n" + long + "\n").utf8), maxLineLength: 20)
        #expect(result.events.isEmpty)
        #expect(result.skipped == [1, 2])
    }

    @Test func linesSplitAcrossReadChunksAreWhole() {
        let text = (0..<200).map { "[Model\($0) \(String($0, radix: 16).uppercased())...]: Started" }.joined(
            separator: "\n")
        let result = read(bytes: Array(text.utf8), chunkSize: 7)
        #expect(result.events.count == 200)
        #expect(result.events.last?.line == 200)
    }
}
