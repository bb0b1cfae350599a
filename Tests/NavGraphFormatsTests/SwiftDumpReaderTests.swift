import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The swift-dump reader: `dump()` and lldb `po` lines, router state mapped to navigation, named dumps as parts.
@Suite("Swift dump() and lldb po", .tags(.memory))
struct SwiftDumpReaderTests {
    private func dumpFixture(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/swift-dump/\(name)")
    }

    @Test func linesOfBothForms() {
        #expect(
            SwiftDumpLine.read("▿ home: Shop.Router #0")
                == .value(
                    SwiftDumpLine(
                        indent: 0, marker: .expanded, label: "home", value: "Shop.Router", object: 0, style: .dump)))
        #expect(
            SwiftDumpLine.read("      - name : \"App\"")
                == .value(
                    SwiftDumpLine(
                        indent: 6, marker: .leaf, label: "name", value: "\"App\"", object: nil, style: .lldb)))
        #expect(
            SwiftDumpLine.read("    ▿ 0 : Node")
                == .value(
                    SwiftDumpLine(
                        indent: 4, marker: .expanded, label: "0", value: "Node", object: nil, style: .lldb)))
        // Unlabelled array elements: an enum case, and a summary with colons inside.
        #expect(
            SwiftDumpLine.read("  - Shop.Route.list")
                == .value(
                    SwiftDumpLine(
                        indent: 2, marker: .leaf, label: nil, value: "Shop.Route.list", object: nil, style: .either)))
        #expect(
            SwiftDumpLine.read("  ▿ Optional(Shop.Draft(title: \"a: b\"))")
                == .value(
                    SwiftDumpLine(
                        indent: 2, marker: .expanded, label: nil, value: "Optional(Shop.Draft(title: \"a: b\"))",
                        object: nil,
                        style: .either)))
        #expect(
            SwiftDumpLine.read("      ▹ value: Shop.Router #12")
                == .value(
                    SwiftDumpLine(
                        indent: 6, marker: .collapsed, label: "value", value: "Shop.Router", object: 12, style: .dump)))
        #expect(SwiftDumpLine.read("    (2 more children)") == .cutOff("(2 more children)"))
        #expect(SwiftDumpLine.read("Shop: loaded 12 items") == nil)
        #expect(SwiftDumpLine.read("\t- tabbed") == nil)
    }

    @Test func modulesLeaveTypeNamesButNotStrings() {
        #expect(
            DumpedValues.withoutModules("Optional(Shop.Draft(title: \"Shop.Hi\", tags: [\"a\"]))")
                == "Optional(Draft(title: \"Shop.Hi\", tags: [\"a\"]))")
        #expect(DumpedValues.withoutModules("Shop.Box<Shop.Route>") == "Box<Route>")
        #expect(DumpedValues.withoutModules("42") == "42")
        // A script's module is named after its file, in lower case; a URL's host is not a module.
        #expect(DumpedValues.withoutModules("router.Route.detail") == "Route.detail")
        #expect(DumpedValues.withoutModules("https://example.com/privacy") == "https://example.com/privacy")
    }

    /// Real output of router-shapes.swift: tabs ordered by key whatever order Swift printed them in, the selected
    /// tab, entries labelled by case and associated values, the sheet, and the shared router (`#2` again) left out.
    @Test func realDumpOfPerTabRouters() throws {
        let result = try read(file: dumpFixture("router-shapes.txt"))
        #expect(result.error == nil)
        #expect(
            outline(result.snapshots[0]) == [
                "AppState root tabs root",
                "  Router home stack tab",
                "    Route list screen push",
                "    Route detail(id: 42) screen push",
                "    Route editor(draft: Draft(title: \"Hi\", tags: [\"a\"])) screen push",
                "    Route editor(draft: nil) screen push",
                "    Sheet compose(draft: nil) screen sheet",
                "  Router settings stack tab",
            ])
        #expect(result.events[1].action == .select(parent: "dump:main", tab: "dump:main/routers[home]"))
        // `dump(router, name: "home")` is that tab again: nothing changes.
        #expect(result.snapshots[1] == result.snapshots[0])
        // The maxDepth and maxItems dumps are noted as cut.
        #expect(result.diagnostics.filter { $0.message.contains("cut short") }.map(\.line) == [56, 67])
        // `dump(path, name: "path")` names no part: a window of its own.
        #expect(result.snapshots[3].window == "path")
        #expect(outline(result.snapshots[3]).first == "Stack path stack root")
        #expect(result.skipped == [86])
    }

    /// Real output of payload-shapes.swift: a struct or nested enum in an associated value is written as Swift
    /// describes it (dump() prints only its type on the value's line), cut with `…` past the label's length.
    @Test func structPayloadsAreSpelledOut() throws {
        let result = try read(file: dumpFixture("payload-shapes.txt"))
        #expect(result.error == nil)
        #expect(
            outline(result.snapshots[0]) == [
                "Router home stack root",
                "  Route item(Item(id: 3, name: \"Shoes\")) screen push",
                "  Route detail(id: 4, item: Item(id: 5, name: \"Hat\")) screen push",
                "  Route detail(id: 6, item: nil) screen push",
                "  Route pair(Item(id: 7, name: \"A\"), 8) screen push",
                "  Route nested(Inner.tab(2)) screen push",
                "  Route plain screen push",
                "  Route item(Item(id: 10, name: \"A name long enough that the label … screen push",
                "  Route item(Item(id: 9, name: \"Sock\")) screen sheet",
            ])
    }

    /// A live log pauses mid-dump: the open dump is shown as if it ended there, but nothing of it is kept — read on,
    /// the events are exactly those of reading without the pause, and a note is said once.
    @Test func aPauseShowsTheOpenDumpWithoutEndingIt() throws {
        let text = try String(contentsOf: dumpFixture("router-shapes.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        func run(pausingAfter pauses: Set<Int>) -> (events: [NavEvent], provisional: [[NavEvent]], notes: [String]) {
            let diagnostics = DiagnosticCollector()
            var reader = SwiftDumpReader(diagnostics: diagnostics)
            var events: [NavEvent] = []
            var provisional: [[NavEvent]] = []
            for (index, line) in lines.enumerated() {
                line.withByteLine {
                    reader.read($0, info: LineSource.LineInfo(number: index + 1, truncated: false), into: &events)
                }
                if pauses.contains(index + 1) {
                    var shown: [NavEvent] = []
                    reader.provisional(into: &shown)
                    var again: [NavEvent] = []
                    reader.provisional(into: &again)
                    #expect(again == shown, "a second look at the same pause shows the same")
                    provisional.append(shown)
                }
            }
            reader.finish(into: &events)
            return (events, provisional, diagnostics.diagnostics.map { "\($0.line ?? 0) \($0.message)" })
        }
        let straight = run(pausingAfter: [])
        let paused = run(pausingAfter: Set(1...lines.count))
        #expect(paused.events == straight.events)
        #expect(paused.notes == straight.notes)
        // Paused on the first dump's last line, the live view shows what that dump gives when it ends.
        let firstDumpEnd = try #require(lines.indices.dropFirst().first { lines[$0].starts(with: "▿ ".utf8) })
        let shown = paused.provisional[firstDumpEnd - 1]
        #expect(shown.first?.action == straight.events.first?.action)
    }

    /// A live view paused while a whole dump is being printed: a tab whose router line came but not its properties
    /// reads as the router it was (`Router settings [stack]` with its entries), not as a bare `Value settings`; a tab
    /// not printed yet keeps its last known state too. Paused on a dump's last line, the view is what the dump gives.
    @Test func aPauseMidDumpShowsOpenTabsAsTheyWere() throws {
        let text = try String(contentsOfFile: example("per-tab-routers.log"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        var reader = SwiftDumpReader(diagnostics: DiagnosticCollector())
        var events: [NavEvent] = []
        var shown: [Int: Snapshot] = [:]
        for (index, line) in lines.enumerated() {
            line.withByteLine {
                reader.read($0, info: LineSource.LineInfo(number: index + 1, truncated: false), into: &events)
            }
            var provisional: [NavEvent] = []
            reader.provisional(into: &provisional)
            if case .snapshot(let snapshots)? = provisional.first?.action { shown[index + 1] = snapshots[0] }
        }
        let before = [
            "AppState root tabs root", "  Router home stack tab", "    Route list(category: \"shoes\") screen push",
            "    Route detail(id: 42) screen push", "  Router settings stack tab",
        ]
        // Line 57 is `▿ value: Shop.Router #1` (home's router, nothing under it yet) in the dump from line 52;
        // line 68 settings' router the same. Each tab reads as it was; settings, not printed yet at 57, too.
        #expect(outline(try #require(shown[57])) == before)
        #expect(outline(try #require(shown[68])) == before)
        // Paused on the last line of the dump from line 43 (line 51), the view is what that dump gives.
        let final = try #require(
            events.first { event in
                if case .snapshot = event.action { return event.line == 43 } else { return false }
            })
        guard case .snapshot(let snapshots) = final.action else { return }
        #expect(shown[51] == snapshots[0])
    }

    /// What lldb's `po` prints (`_DebuggerSupport.stringForPrintObject`, the function `po` calls, run by
    /// lldb-po.swift): elements labelled by index, dictionaries as `N elements` of `key`/`value` pairs, an enum case
    /// with associated values as its bare type over `case : N elements`, `Optional<T>`. Read as dump() output is;
    /// each dump is named by the `(lldb) po EXPR` line before it, so `po app` twice is one window's two states.
    @Test func realLLDBPoOutput() throws {
        let result = try read(file: dumpFixture("lldb-po.txt"))
        #expect(result.error == nil)
        #expect(
            outline(result.snapshots[0]) == [
                "AppState app tabs root",
                "  Router home stack tab",
                "    Route list screen push",
                "    Route detail(id: 42) screen push",
                "    Route profile(name: \"Ada\", verified: true) screen push",
                "    Sheet compose(draft: \"Hi\") screen sheet",
                "  Router settings stack tab",
                "    Route item(id: 7) screen push",
                "    Sheet preview(Item(id: 3, name: \"Shoes\")) screen sheet",
            ])
        #expect(result.events[1].action == .select(parent: "dump:main", tab: "dump:main/routers[settings]"))
        #expect(result.snapshots[1].window == "main")
        #expect(outline(result.snapshots[1]).contains("    Sheet filters screen sheet"))
        #expect(result.snapshots[2].window == "app.routers[.home]!.path")
        #expect(
            outline(result.snapshots[2]) == [
                "Stack app.routers[.home]!.path stack root", "  Route list screen push",
                "  Route detail(id: 42) screen push",
            ])
        #expect(result.skipped == [1, 36, 64, 70, 86])
        // Enums nested in a route's payload read as dump() prints them (`Filter.color`, not `Filter(color:)`).
        #expect(
            outline(result.snapshots[3]) == [
                "Router browse stack root", "  Route product(Product.kind(Kind.shoes)) screen push",
                "  Route filter(Filter.color(\"red\")) screen push",
                "  Route filter(Filter.size(min: 38, max: 42)) screen push",
            ])
    }

    /// The expression of an lldb command that prints a value names the dump after it.
    @Test func lldbCommandsNameTheirDumps() {
        func expression(_ line: String) -> String? {
            line.withByteLine { SwiftDumpReader.lldbExpression($0) }
        }
        #expect(expression("(lldb) po router") == "router")
        #expect(expression("(lldb) p app.routers[.home]!\r") == "app.routers[.home]!")
        #expect(expression("(lldb) expression -O -- router.path") == "router.path")
        #expect(expression("(lldb) e -O router") == "router")
        #expect(expression("(lldb) po") == nil)
        #expect(expression("(lldb) bt") == nil)
        #expect(expression("po router") == nil)
    }

    @Test func realCorpusPoSampleIsRead() throws {
        let result = try read(file: corpusFixture("dumpstyle-tinder-nodes-pr148-po-tree.txt"))
        #expect(result.error == nil)
        // Named by its `(lldb) po tree` line.
        #expect(outline(result.snapshots[0]) == ["Node tree screen root"])
    }

    /// A tab's router dumped alone replaces that tab's subtree; entries keep their keys while nothing below them
    /// changes, so a push and a pop are one new and one gone entry.
    @Test func namedDumpsReplaceTheirPart() {
        let whole = """
            ▿ Shop.AppState #0
              - selectedTab: Shop.Tab.home
              ▿ routers: 2 key/value pairs
                ▿ (2 elements)
                  - key: "home"
                  ▿ value: Shop.Router #1
                    ▿ path: 1 element
                      - Shop.Route.list
                    - presentedSheet: nil
                ▿ (2 elements)
                  - key: "settings"
                  ▿ value: Shop.Router #2
                    - path: 0 elements
                    - presentedSheet: nil
            """
        let home = """
            ▿ home: Shop.Router #0
              ▿ path: 2 elements
                - Shop.Route.list
                ▿ Shop.Route.detail
                  - detail: 3
              ▿ presentedSheet: Optional(Shop.Sheet.filters)
                - some: Shop.Sheet.filters
            """
        let result = read(whole + "\n" + home + "\n")
        #expect(result.snapshots.count == 2)
        #expect(
            outline(result.snapshots[1]) == [
                "AppState root tabs root",
                "  Router home stack tab",
                "    Route list screen push",
                "    Route detail(3) screen push",
                "    Sheet filters screen sheet",
                "  Router settings stack tab",
            ])
        let first = result.snapshots[0].entries.map(\.model.key)
        let second = result.snapshots[1].entries.map(\.model.key)
        #expect(first.allSatisfy(second.contains))
        #expect(result.hierarchy.nodes.count == 6)
    }

    /// Property names are configurable; `--verbose` keeps every other property as a plain node.
    @Test func configuredNamesAndVerbose() throws {
        let text = """
            ▿ Shop.Coordinator
              ▿ routes: 1 element
                - Shop.Route.list
              ▿ modal: Optional(Shop.Modal.login)
                - some: Shop.Modal.login
              - title: "Home"
            """
        #expect(outline(read(text).snapshots[0]) == ["Coordinator root screen root"])
        let source = LineSource(bytes: Array(text.utf8), name: "test")
        var input = NavigationInput(source: source)
        input.dumpPropertyNames = DumpPropertyNames(stack: ["routes"], presentation: ["modal"], selection: [])
        input.showsAllDumpedProperties = true
        var snapshots: [Snapshot] = []
        try input.read(diagnostics: DiagnosticCollector()) { event in
            if case .snapshot(let made) = event.action { snapshots += made }
            return true
        }
        #expect(
            outline(snapshots[0]) == [
                "Coordinator root stack root",
                "  Route list screen push",
                "  Modal login screen presented",
                "  title \"Home\" screen child",
            ])
    }

    @Test func indentationThatJumpsIsAWarningAndAttachedOneLevelDown() {
        let result = read("▿ Shop.Router\n      ▿ path: 1 element\n        - Shop.Route.list\n")
        #expect(result.diagnostics.filter { $0.severity == .warning }.count == 1)
        #expect(outline(result.snapshots[0]) == ["Router root stack root", "  Route list screen push"])
    }

    /// `dump()` prints whole values: a dump whose counts promise more than follows was cut short (a crash, a partial
    /// copy) and says so, at the value that is short; a complete one says nothing.
    @Test func aDumpCutShortIsAWarning() {
        let cut = read("▿ Shop.Router #0\n  ▿ path: 2 elements\n    - Shop.Route.list\n")
        #expect(cut.diagnostics.filter { $0.severity == .warning }.map(\.line) == [2])
        #expect(cut.diagnostics.first { $0.severity == .warning }?.message.contains("'path: 2 elements'") == true)
        #expect(outline(cut.snapshots[0]) == ["Router root stack root", "  Route list screen push"])
        let whole = read("▿ Shop.Router #0\n  ▿ path: 1 element\n    - Shop.Route.list\n")
        #expect(whole.diagnostics.filter { $0.severity == .warning }.isEmpty)
    }

    /// `.onChange(of: path) { dump($0) }`: an unnamed array is the stack itself.
    @Test func anUnnamedPathIsAStack() {
        let result = read("▿ 2 elements\n  - Shop.Route.list\n  ▿ Shop.Route.detail\n    - detail: 42\n")
        #expect(
            outline(result.snapshots[0]) == [
                "Stack root stack root", "  Route list screen push", "  Route detail(42) screen push",
            ])
    }

    /// Deep input is read without recursion.
    @Test func deeplyNestedDump() {
        var text = "▿ Shop.Node\n"
        for depth in 1..<5_000 { text += String(repeating: "  ", count: depth) + "▿ next: Shop.Node\n" }
        let result = read(text)
        #expect(result.snapshots.count == 1)
    }
}
