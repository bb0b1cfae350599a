import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The inference rules (docs/formats/swiftui-navigation.md, "How kinds are inferred"), on dumps shaped like the
/// SwiftUINavigation Examples app.
@Suite("Inferring kinds from dumps", .tags(.memory))
struct KindInferenceTests {
    static let launch = """
        <[AppNavigationModel 667...]>
        \t<[MainTabsNavigationModel F1A...]>
        \t\t<[DefaultStackRootNavigationModel 32D...]>
        \t\t\t<[ActionableListNavigationModel F0F...]>
        \t\t<[DefaultStackRootNavigationModel 19A...]>
        \t\t\t<[ActionableListNavigationModel 26F...]>

        """

    static let sheetOverTabs = """
        <[AppNavigationModel 667...]>
        \t<[MainTabsNavigationModel F1A...]>
        \t\t<[DefaultStackRootNavigationModel 9C2...]>
        \t\t\t<[ActionableListNavigationModel 5E7...]>
        \t\t<[DefaultStackRootNavigationModel 32D...]>
        \t\t\t<[ActionableListNavigationModel F0F...]>
        \t\t<[DefaultStackRootNavigationModel 19A...]>
        \t\t\t<[ActionableListNavigationModel 26F...]>

        """

    @Test func aNewFirstChildOfAKnownTabsContainerIsPresented() {
        let result = read(Self.launch + Self.sheetOverTabs)
        #expect(
            outline(result.snapshots[1]) == [
                "AppNavigationModel 667 screen root",
                "  MainTabsNavigationModel F1A tabs child",
                "    DefaultStackRootNavigationModel 9C2 stack presented",
                "      ActionableListNavigationModel 5E7 screen push",
                "    DefaultStackRootNavigationModel 32D stack tab",
                "      ActionableListNavigationModel F0F screen push",
                "    DefaultStackRootNavigationModel 19A stack tab",
                "      ActionableListNavigationModel 26F screen push",
            ])
    }

    @Test func withoutAnEarlierDumpThreeStacksAreThreeTabs() {
        // Honest: the dump alone cannot tell the sheet from a tab.
        let result = read(Self.sheetOverTabs)
        #expect(outline(result.snapshots[0])[2] == "    DefaultStackRootNavigationModel 9C2 stack tab")
    }

    @Test func inferenceIsCausal() {
        // The first dump reads the same whatever follows it.
        let alone = read(Self.sheetOverTabs)
        let followed = read(Self.sheetOverTabs + Self.launch + Self.sheetOverTabs)
        #expect(outline(alone.snapshots[0]) == outline(followed.snapshots[0]))
    }

    @Test func libraryPresentedModelsAreKnownByName() {
        let result = read(
            """
            <[DefaultStackRootNavigationModel 9C2...]>
            \t<[AlertNavigationModel D12...]>
            \t<[ActionableListNavigationModel 5E7...]>
            \t\t<[ConfirmationDialogNavigationModel C3F...]>
            \t<[ActionableListNavigationModel B80...]>
            \t\t<[PhotosPickerNavigationModel 1AA...]>
            \t<[ActionableListNavigationModel B81...]>
            \t\t<[SFSafariNavigationModel 2BB...]>
            \t<[ActionableListNavigationModel B82...]>
            \t\t<[CustomConfirmationDialogNavigationModel 3CC...]>
            """)
        #expect(
            outline(result.snapshots[0]) == [
                "DefaultStackRootNavigationModel 9C2 stack root",
                "  AlertNavigationModel D12 screen alert",
                "  ActionableListNavigationModel 5E7 screen push",
                "    ConfirmationDialogNavigationModel C3F screen confirmationDialog",
                "  ActionableListNavigationModel B80 screen push",
                "    PhotosPickerNavigationModel 1AA screen photosPicker",
                "  ActionableListNavigationModel B81 screen push",
                "    SFSafariNavigationModel 2BB screen presented",
                "  ActionableListNavigationModel B82 screen push",
                // An app's own screen, not the library's dialog: its edge stays unknown.
                "    CustomConfirmationDialogNavigationModel 3CC screen child",
            ])
    }

    @Test func aStackFirstUnderAStackIsPresented() {
        let result = read(
            """
            <[DefaultStackRootNavigationModel 9C2...]>
            \t<[DefaultStackRootNavigationModel 4D4...]>
            \t\t<[ActionableListNavigationModel 6E6...]>
            \t<[ActionableListNavigationModel 5E7...]>
            """)
        #expect(outline(result.snapshots[0])[1] == "  DefaultStackRootNavigationModel 4D4 stack presented")
        #expect(outline(result.snapshots[0])[3] == "  ActionableListNavigationModel 5E7 screen push")
    }

    @Test func aNewFirstChildBeforeTheKnownStackRootIsPresented() {
        let result = read(
            """
            <[DefaultStackRootNavigationModel 9C2...]>
            \t<[ActionableListNavigationModel 5E7...]>
            <[DefaultStackRootNavigationModel 9C2...]>
            \t<[ActivityNavigationModel 7F7...]>
            \t<[ActionableListNavigationModel 5E7...]>
            <[DefaultStackRootNavigationModel 9C2...]>
            \t<[SettingsNavigationModel 8A8...]>
            \t<[ActionableListNavigationModel 5E7...]>
            """)
        #expect(outline(result.snapshots[1])[1] == "  ActivityNavigationModel 7F7 screen presented")
        #expect(outline(result.snapshots[2])[1] == "  SettingsNavigationModel 8A8 screen presented")
        #expect(outline(result.snapshots[2])[2] == "  ActionableListNavigationModel 5E7 screen push")
    }

    @Test func replacingTheOnlyChildMakesASwitch() {
        let loggedOut = """
            <[AppNavigationModel 667...]>
            \t<[DefaultStackRootNavigationModel 7B3...]>
            \t\t<[StartNavigationModel E4D...]>

            """
        let result = read(Self.launch + loggedOut + Self.launch)
        #expect(outline(result.snapshots[0])[0] == "AppNavigationModel 667 screen root")
        #expect(outline(result.snapshots[0])[1] == "  MainTabsNavigationModel F1A tabs child")
        #expect(outline(result.snapshots[1])[0] == "AppNavigationModel 667 switch root")
        #expect(outline(result.snapshots[1])[1] == "  DefaultStackRootNavigationModel 7B3 stack switch")
        // Once known, it stays a switch; with two children the first is presented.
        #expect(outline(result.snapshots[2])[0] == "AppNavigationModel 667 switch root")
    }

    @Test func aKnownSwitchWithTwoChildrenPresentsTheFirst() {
        let result = read(
            """
            <[SubscriptionSwitchedNavigationModel 5A5...]>
            \t<[LockedAppNavigationModel 1B1...]>
            \t<[SubscriptionFreemiumNavigationModel 2C2...]>
            """)
        #expect(
            outline(result.snapshots[0]) == [
                "SubscriptionSwitchedNavigationModel 5A5 switch root",
                "  LockedAppNavigationModel 1B1 screen presented",
                "  SubscriptionFreemiumNavigationModel 2C2 screen switch",
            ])
    }

    @Test func splitViewColumns() {
        let result = read(
            """
            <[MailSplitNavigationModel 5A5...]>
            \t<[MailboxesNavigationModel 1B1...]>
            \t<[InboxNavigationModel 2C2...]>
            \t<[MessageNavigationModel 3D3...]>
            """)
        let edges = result.snapshots[0].entries.dropFirst().map(\.edge)
        #expect(edges == [.column(.sidebar), .column(.content), .column(.detail)])
    }

    @Test func ruleTableMatchesBaseNames() {
        let rules = ModelKindRules.swiftUINavigation
        #expect(rules.rule(for: "StackRootNavigationNode")?.kind == .stack)
        #expect(rules.rule(for: "MyApp.Feature.ProfileStackRootNavigationModel")?.kind == .stack)
        #expect(rules.rule(for: "SegmentedTabsNavigationModel")?.kind == .tabs)
        #expect(rules.rule(for: "TabsRootNavigationNode")?.kind == .tabs)
        #expect(rules.rule(for: "SwitchedNavigationModel<Flow>")?.kind == .switch)
        #expect(rules.rule(for: "AlertNavigationModel")?.presentation == .alert)
        #expect(rules.rule(for: "CustomConfirmationDialogNavigationModel") == nil)
        #expect(rules.rule(for: "HomeNavigationModel") == nil)
    }
}
