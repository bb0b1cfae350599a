import NavGraphCore

/// Swift `dump()` or lldb `po` output of an app's navigation state (routers, paths, presented sheets, tabs).
public enum SwiftDumpFormat: InputFormatDefinition {
    public static let name = "swift-dump"
    public static let summary = "Swift dump() or lldb po output"
    public static let helpDescription =
        "Swift dump() or lldb po output of an app's navigation state (routers, paths, tabs)"
    public static let expectedLines =
        "a value printed by dump(_:name:) or lldb's po, starting at the left margin with '▿', such as "
        + "'▿ home: MyApp.Router #0' and its properties indented by two spaces"
    public static let fuzzSeeds = [
        "examples/per-tab-routers.log", "Tests/NavGraphFormatsTests/Fixtures/swift-dump/*.txt",
    ]

    public static func recognizes(_ line: ByteLine) -> Bool { SwiftDumpReader.recognizes(line) }

    public static func makeReader(_ setup: ReaderSetup) -> any NavigationReader {
        SwiftDumpReader(
            names: setup.dumpPropertyNames, verbose: setup.showsEverything, diagnostics: setup.diagnostics)
    }

    /// Dumps whose property names mean no navigation show each window's root alone (its properties only when
    /// everything is shown): worth saying, or the tree looks like nothing was read.
    public static func remark(on hierarchy: Hierarchy, showsEverything: Bool) -> InputRemark? {
        guard !showsEverything, !hierarchy.openWindows.isEmpty,
            hierarchy.nodes.count == hierarchy.openWindows.count
        else { return nil }
        return .dumpsHoldNoNavigation
    }
}

extension InputFormat {
    public static let swiftDump = InputFormat(SwiftDumpFormat.self)
}
