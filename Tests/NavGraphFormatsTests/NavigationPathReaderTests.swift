import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

@Suite("NavigationPath JSON", .tags(.memory))
struct NavigationPathReaderTests {
    /// Pushed models in order, as `Type id`.
    private func pushes(_ result: ReadResult) -> [String] {
        result.events.compactMap { event in
            if case .push(let model, _, _) = event.action { return "\(model.type) \(model.id)" }
            return nil
        }
    }

    @Test func oneCompactStateIsOneStackInPushOrder() {
        let result = read(#"["MyApp.Route","{\"detail\":{\"id\":42}}","Swift.String","\"hello\""]"#)
        #expect(result.error == nil)
        #expect(result.errors.isEmpty)
        #expect(pushes(result) == ["NavigationStack root view", #"String "hello""#, "Route detail(id: 42)"])
        guard case .push(let model, _, _) = result.events.last?.action else {
            Issue.record("expected a push")
            return
        }
        #expect(model.module == "MyApp" && model.qualifiedType == "MyApp.Route")
        guard case .root(let stack, let kind, let window) = result.events.first?.action else {
            Issue.record("expected a root")
            return
        }
        #expect(stack.type == "NavigationStack" && kind == .stack && window == "main")
    }

    @Test func successiveStatesKeepTheCommonBottomAndPopAndPushTheRest() {
        let result = read(
            """
            path: ["R.Route","{\\"b\\":{}}","R.Route","{\\"a\\":{}}"]
            path: ["R.Route","{\\"d\\":{\\"_0\\":7}}","R.Route","{\\"c\\":{}}","R.Route","{\\"a\\":{}}"]
            path: ["R.Route","{\\"a\\":{}}"]
            """)
        #expect(result.errors.isEmpty)
        let actions = result.events.map(\.action)
        #expect(actions.count == 2 + 2 + 1 + 2 + 1)
        #expect(actions[4] == .pop(parent: "navigationpath", count: 1))
        #expect(actions[7] == .pop(parent: "navigationpath", count: 2))
        #expect(pushes(result).suffix(2) == ["Route c", "Route d(7)"])
        #expect(result.events.map(\.line) == [1, 1, 1, 1, 2, 2, 2, 3])
        let hierarchy = result.hierarchy
        #expect(hierarchy.nodes["navigationpath"]?.children.count == 2)
    }

    @Test func anEntryKeepsItsKeyWhileEverythingBelowIsUnchanged() {
        let result = read(
            """
            ["R.Route","{\\"a\\":{}}"]
            ["R.Route","{\\"b\\":{}}","R.Route","{\\"a\\":{}}"]
            """)
        let keys = result.events.compactMap { event -> String? in
            if case .push(let model, _, _) = event.action { return model.key }
            return nil
        }
        #expect(keys == ["navigationpath:root", "navigationpath:1", "navigationpath:2"])
    }

    @Test func equalValuesPushedTwiceAreTwoEntries() {
        let result = read(#"["R.Route","{\"a\":{}}","R.Route","{\"a\":{}}"]"#)
        #expect(pushes(result) == ["NavigationStack root view", "Route a", "Route a#2"])
        let again = read(
            """
            ["R.Route","{\\"a\\":{}}","R.Route","{\\"a\\":{}}"]
            ["R.Route","{\\"a\\":{}}"]
            ["R.Route","{\\"a\\":{}}","R.Route","{\\"a\\":{}}"]
            """)
        // Popped and pushed again: a new entry (new key) that shows the same id.
        let keys = again.events.compactMap { event -> String? in
            if case .push(let model, _, _) = event.action { return "\(model.key) \(model.id)" }
            return nil
        }
        #expect(
            keys == ["navigationpath:root view", "navigationpath:1 a", "navigationpath:2 a#2", "navigationpath:3 a#2"])
    }

    /// Values whose short forms are cut at the same place are told apart by a digest of the whole value: as one id,
    /// `diff` took them for one entry and JSON gave both the same id.
    @Test func valuesCutToTheSameShortFormGetDigests() {
        let long = String(repeating: "x", count: 60)
        let text = """
            ["R.Route","{\\"note\\":{\\"_0\\":\\"\(long)AAA\\"}}"]
            ["R.Route","{\\"note\\":{\\"_0\\":\\"\(long)BBB\\"}}"]
            ["R.Route","{\\"note\\":{\\"_0\\":\\"\(long)BBB\\"}}","R.Route","{\\"note\\":{\\"_0\\":\\"\(long)BBB\\"}}"]
            ["R.Route","{\\"short\\":{}}"]
            """
        let ids = pushes(read(text)).dropFirst()
        #expect(ids.count == 4)
        #expect(ids.prefix(3).allSatisfy { $0.contains("…~") }, "\(ids)")
        let first = ids[ids.startIndex]
        let second = ids[ids.startIndex + 1]
        let third = ids[ids.startIndex + 2]
        #expect(first != second, "\(ids)")
        // The same value pushed again above itself: the same digest, then `#2`.
        #expect(third == second + "#2", "\(ids)")
        #expect(ids.last == "Route short", "\(ids)")
        #expect(first.range(of: #"…~[0-9a-f]{4}$"#, options: .regularExpression) != nil, "\(first)")
        // The same in every run: not a hash seeded per process.
        #expect(Array(pushes(read(text)).dropFirst()) == Array(ids))
    }

    @Test func prettyPrintedStatesAfterAPrefixAndAlone() {
        let result = read(
            """
            12:00:01 App[42:7] saved path: [
              "MyApp.Route",
              "{\\"detail\\":{\\"id\\":1}}"
            ]
            other output
            [
              "MyApp.Route", "{\\"detail\\":{\\"id\\":2}}",
              "MyApp.Route", "{\\"detail\\":{\\"id\\":1}}"
            ]
            """)
        #expect(result.errors.isEmpty)
        // Detected from its first element line: the `[` line before it is counted as skipped, but the state starts
        // there, as the second one (read whole) does.
        #expect(result.skipped == [1, 5])
        #expect(pushes(result) == ["NavigationStack root view", "Route detail(id: 1)", "Route detail(id: 2)"])
        #expect(result.events.first?.line == 1)
        #expect(result.events.last?.line == 6)
    }

    @Test func aPrettyArrayThatIsNotAPathIsSkipped() {
        let result = read(
            """
            ["MyApp.Route","{\\"a\\":{}}"]
            items: [
                SwiftUI.CodableItemBox<Swift.String>
            ]
            subsequentItems: [],
            """)
        #expect(result.errors.isEmpty)
        #expect(result.skipped == [2, 3, 4, 5])
    }

    /// The app's own output has arrays too: they are skipped as other output, neither errors nor states.
    @Test func arraysOfTheAppsOwnAreNotPaths() {
        let result = read(
            """
            2025-03-14 09:41:12.880 Shop[42:7] saved path: ["Shop.Route","{\\"detail\\":{\\"id\\":1}}"]
            2025-03-14 09:41:13.001 Shop[42:7] search tokens: ["swift","ui"]
            2025-03-14 09:41:13.002 Shop[42:7] favorites: []
            2025-03-14 09:41:13.003 Shop[42:7] tags: [
              "new",
              "sale"
            ]
            2025-03-14 09:41:14.000 Shop[42:7] restored path: []
            2025-03-14 09:41:15.000 Shop[42:7] []
            """)
        #expect(result.errors.isEmpty)
        #expect(result.skipped == [2, 3, 4, 5, 6, 7])
        // The stack, its root view and the entry (line 1); the empty state that is a path pops the entry (line 8), the
        // app's `favorites: []` did not.
        #expect(result.events.map(\.line) == [1, 1, 1, 8])
    }

    /// Console times at the start of lines date the states, as for every reader without a clock of its own; a
    /// pretty-printed state has the time of its first line.
    @Test func consoleTimesDateTheStates() {
        let result = read(
            """
            2025-03-14 09:41:12.500 Shop[42:7] saved path: ["Shop.Route","{\\"a\\":{}}"]
            2025-03-14 09:41:13.250 Shop[42:7] saved path:
            [
              "Shop.Route",
              "{\\"b\\":{}}",
              "Shop.Route",
              "{\\"a\\":{}}"
            ]
            """)
        #expect(result.errors.isEmpty)
        let start = 1_741_945_272.5  // 2025-03-14T09:41:12.5Z
        #expect(result.events.map(\.time) == [start, start, start, start + 0.75])
    }

    @Test func errorsNameTheLineAndWhatWasExpected() {
        let odd = read(#"["MyApp.Route","{}","Swift.Int"]"#)
        #expect(odd.errors.map(\.line) == [1])
        #expect(odd.errors.first?.message.contains("odd number of elements (3)") == true)

        let notString = read("ok\n[\"MyApp.Route\",42]", format: .navigationPath)
        #expect(notString.errors.map(\.line) == [2])
        #expect(notString.errors.first?.message.contains("element 2 is a number; expected a string") == true)

        let notJSON = read(#"["MyApp.Route","{detail}","Swift.Int","1"]"#)
        #expect(notJSON.errors.first?.message.contains("element 2, the MyApp.Route value, is not JSON") == true)
        // A rejected state changes nothing.
        #expect(notJSON.events.isEmpty)

        // A pretty-printed array detected from its first element: the error is at its `[`, on the line before.
        let prettyOdd = read("App started\nsaved path: [\n  \"MyApp.Route\",\n  \"{}\",\n  \"MyApp.Route\"\n]")
        #expect(prettyOdd.errors.map(\.line) == [2])

        let unclosed = read("[\n\"MyApp.Route\",\n\"1\",\n")
        #expect(unclosed.errors.first?.message.contains("not closed by the end of the input") == true)
    }

    @Test func valueLabels() throws {
        func label(_ json: String) throws -> String {
            ValueLabel.make(try JSONParser.parse(json))
        }
        #expect(try label(#"{"detail":{"id":42}}"#) == "detail(id: 42)")
        #expect(try label(#"{"list":{}}"#) == "list")
        #expect(try label(#"{"step":{"_0":1,"_1":"x"}}"#) == #"step(1, "x")"#)
        #expect(try label(#"{"id":42,"name":"Blob"}"#) == #"(id: 42, name: "Blob")"#)
        #expect(try label("[1,true,null]") == "[1, true, nil]")
        #expect(try label(#""🎈""#) == #""🎈""#)
        // Quotes and backslashes inside a string are escaped as Swift writes them: `""q""` read as two strings.
        #expect(try label(#"{"note":{"text":"say \"hi\" \\ bye"}}"#) == #"note(text: "say \"hi\" \\ bye")"#)
        let long = try label(#"{"text":"\#(String(repeating: "x", count: 200))"}"#)
        #expect(long.count == ValueLabel.limit && long.hasSuffix("…"))
        // Depth from the input costs no recursion.
        let deep = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        #expect(try label(deep).hasSuffix("…"))
    }

    @Test func qualifiedNames() {
        #expect(QualifiedName("MyApp.Outer.Inner") == QualifiedName(module: "MyApp", type: "Outer.Inner"))
        #expect(QualifiedName("User") == QualifiedName(module: nil, type: "User"))
        #expect(QualifiedName("Swift.Array<MyApp.Route>") == QualifiedName(module: "Swift", type: "Array<MyApp.Route>"))
    }

    @Test func detection() {
        func recognizes(_ line: String) -> Bool {
            line.withByteLine { NavigationPathReader.recognizes($0) }
        }
        #expect(recognizes(#"["Swift.Int","42"]"#))
        #expect(recognizes(#"2025-03-14 App[1:2] path: ["MyApp.Route","{}"]"#))
        #expect(recognizes(#""NavigationBackportApp.EmojiVisualisation","#))
        #expect(recognizes(#"  "User","{\"id\":42}","#))
        #expect(!recognizes("["))
        #expect(!recognizes("[]"))
        #expect(!recognizes(#""com.example.app","#))
        #expect(!recognizes(#"["a", "b"]"#))
        #expect(!recognizes("<[AppNavigationModel 667...]>"))
    }

    /// Strings are delimited eight bytes at a time: a quote, backslash or control character at every offset of a
    /// word, and a string of every length around a word's, must read as one byte at a time reads them.
    @Test func stringsAreDelimitedAtEveryOffsetOfAWord() {
        /// Where the strings of a flat array end, byte by byte (`nil`: not an array of whole strings).
        func reference(_ bytes: [UInt8]) -> Int? {
            var count = 0
            var position = 1
            while position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    if bytes[position] < 0x20 { return nil }
                    position += bytes[position] == 0x5C ? 2 : 1
                }
                guard position < bytes.count else { return nil }
                count += 1
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
            }
            return position == bytes.count - 1 && bytes[position] == UInt8(ascii: "]") ? count : nil
        }
        for length in 0...20 {
            for offset in 0..<max(length, 1) {
                for special: UInt8 in [0x5C, 0x01, 0x1F, UInt8(ascii: "\""), 0xC3, 0x7F] {
                    var inner = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if offset < length { inner[offset] = special }
                    // Two strings, so a pair: the first one varied, the second a plain one after it.
                    let bytes = Array(#"[""#.utf8) + inner + Array(#"","b"]"#.utf8)
                    let state = bytes.withByteLine { PathState(pairsIn: $0) }
                    let expected = reference(bytes)
                    #expect(
                        (state?.count).map { $0 * 2 } == expected.flatMap { $0 % 2 == 0 ? $0 : nil },
                        "length \(length), byte \(special) at \(offset)")
                }
            }
        }
    }
}

extension ReadResult {
    /// Diagnostics other than notes (detection is noted).
    var errors: [Diagnostic] { diagnostics.filter { $0.severity != .note } }
}

extension QualifiedName {
    init(module: String?, type: String) {
        self.init(type)
        self.module = module
        self.type = type
    }
}
