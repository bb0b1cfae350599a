import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The live view shows a `printDebugGraph()` dump that is still being printed as if it ended now. Lines not printed
/// yet are not gone: the window's last dump stands in for them, so a sheet printed before the tabs is not taken for
/// the only tab, and the tabs do not vanish until the dump ends.
@Suite("A half-printed dump shown provisionally", .tags(.memory))
struct ProvisionalDumpTests {
    /// The provisional snapshot after reading the first `count` lines of `text`, and the reader's events at the end
    /// (to check the provisional reading left no trace).
    private func provisional(_ text: String, afterLines count: Int) -> (shown: [String], final: [NavEvent]) {
        var reader = SwiftUINavigationReader(diagnostics: DiagnosticCollector())
        var events: [NavEvent] = []
        var shown: [NavEvent] = []
        for (index, line) in text.split(separator: "\n").enumerated() {
            let first = events.count
            Array(line.utf8).withByteLine {
                reader.read($0, info: LineSource.LineInfo(number: index + 1, truncated: false), into: &events)
            }
            // Kinds are inferred where events are consumed, in order, before a pause's provisional reading.
            for index in first..<events.count { reader.completion?.complete(&events[index]) }
            if index + 1 == count { reader.provisional(into: &shown) }
        }
        let first = events.count
        reader.finish(into: &events)
        for index in first..<events.count { reader.completion?.complete(&events[index]) }
        let snapshots = shown.compactMap { event -> Snapshot? in
            if case .snapshot(let snapshots) = event.action { return snapshots.first }
            return nil
        }
        return (snapshots.last.map(outline) ?? [], events)
    }

    private let sheetOverTabs = try! String(contentsOfFile: example("sheet-over-tabs.txt"), encoding: .utf8)

    @Test(arguments: [9, 10, 12])
    func aSheetPrintedBeforeTheTabsKeepsTheTabs(lines: Int) {
        let shown = provisional(sheetOverTabs, afterLines: lines).shown
        let tabsChildren = shown.filter { $0.hasPrefix("    D") }
        #expect(
            tabsChildren == [
                "    DefaultStackRootNavigationModel 9C2 stack presented",
                "    DefaultStackRootNavigationModel 32D stack tab",
                "    DefaultStackRootNavigationModel 19A stack tab",
            ], "\(shown)")
    }

    /// Once the tab is printed, its children come from the dump being printed (F0F, A41), not the last one.
    @Test func printedLinesWinOverTheLastDump() {
        let shown = provisional(sheetOverTabs, afterLines: 15).shown
        #expect(shown.contains("      ActionableListNavigationModel F0F screen push"), "\(shown)")
        #expect(shown.contains("      ActionableListNavigationModel A41 screen push"), "\(shown)")
        #expect(shown.contains("    DefaultStackRootNavigationModel 19A stack tab"), "\(shown)")
    }

    /// A model the last dump had under a branch this dump has already printed and closed was not printed there:
    /// it is not brought back.
    @Test func aClosedBranchIsNotCompleted() {
        let text = """
            <[AppNavigationModel 667...]>
            \t<[StackNavigationModel 1A1...]>
            \t\t<[DetailNavigationModel 8C1...]>
            \t<[SheetNavigationModel 5E7...]>
            <[AppNavigationModel 667...]>
            \t<[StackNavigationModel 1A1...]>
            \t<[SheetNavigationModel 5E7...]>
            \t\t<[AlertNavigationModel D12...]>
            """
        let shown = provisional(text, afterLines: 7).shown
        #expect(!shown.contains { $0.contains("8C1") }, "\(shown)")
        #expect(shown.contains { $0.contains("5E7") }, "\(shown)")
    }

    /// The provisional reading changes nothing: reading on gives what reading without it gives.
    @Test func leavesTheReaderAsItWas() {
        var reader = SwiftUINavigationReader(diagnostics: DiagnosticCollector())
        var events: [NavEvent] = []
        for (index, line) in sheetOverTabs.split(separator: "\n").enumerated() {
            let first = events.count
            Array(line.utf8).withByteLine {
                reader.read($0, info: LineSource.LineInfo(number: index + 1, truncated: false), into: &events)
            }
            // Kinds are inferred where events are consumed, in order, before a pause's provisional reading.
            for index in first..<events.count { reader.completion?.complete(&events[index]) }
        }
        let first = events.count
        reader.finish(into: &events)
        for index in first..<events.count { reader.completion?.complete(&events[index]) }
        for count in 1...16 {
            #expect(provisional(sheetOverTabs, afterLines: count).final == events, "after line \(count)")
        }
    }
}
