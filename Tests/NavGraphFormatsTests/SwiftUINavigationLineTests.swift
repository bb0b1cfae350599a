import Testing
@testable import NavGraphFormats

@Suite("Recognizing SwiftUINavigation lines")
struct SwiftUINavigationLineTests {
    private func parse(_ text: String) -> SwiftUINavigationLine? {
        Array(text.utf8).withUnsafeBufferPointer { SwiftUINavigationLine.parse($0) }
    }

    @Test func bareEventLines() {
        #expect(parse("[HomeNavigationModel E34...]: Started") == .init(content: .event(.started), type: "HomeNavigationModel", id: "E34"))
        #expect(parse("[HomeNavigationModel E34...]: Finished") == .init(content: .event(.finished), type: "HomeNavigationModel", id: "E34"))
        #expect(parse("[SomeNavigationNode E34...]: Init")?.content == .event(.started))
        #expect(parse("[SomeNavigationNode F34...]: Deinit")?.content == .event(.finished))
    }

    @Test func consolePrefixesCRLFAndTrailingSpace() {
        let expected = SwiftUINavigationLine(content: .event(.started), type: "HomeNavigationModel", id: "E34")
        #expect(parse(". [HomeNavigationModel E34...]: Started\r") == expected)
        #expect(parse("2025-03-14 09:41:07.201 App[4242:9111] [HomeNavigationModel E34...]: Started  ") == expected)
        #expect(parse("[main] [HomeNavigationModel E34...]: Started") == expected)
    }

    @Test func genericTypesSplitAtTheLastSpace() {
        #expect(parse("[Box<A, B> 1F2...]: Started") == .init(content: .event(.started), type: "Box<A, B>", id: "1F2"))
        #expect(parse("\t<[Box<A, B> 1F2...]>") == .init(content: .dump(tabs: 1, spaces: 0), type: "Box<A, B>", id: "1F2"))
    }

    @Test func shortAndFullIDs() {
        #expect(parse("[CustomModel ab...]: Started")?.id == "ab")
        #expect(parse("[CustomModel x]: Started")?.id == "x")
        #expect(parse("[AppNavigationNode 66737A52-8E2B-4C67-A1D2-0B6C9F1E2A11]: Init")?.id == "66737A52-8E2B-4C67-A1D2-0B6C9F1E2A11")
    }

    @Test func dumpIndentationIsTheWhitespaceRunBeforeTheBracket() {
        #expect(parse("<[AppNavigationModel 667...]>")?.content == .dump(tabs: 0, spaces: 0))
        #expect(parse("\t\t<[DefaultStackRootNavigationModel 32D...]>")?.content == .dump(tabs: 2, spaces: 0))
        #expect(parse("        <[DefaultStackRootNavigationModel 32D...]>")?.content == .dump(tabs: 0, spaces: 8))
        #expect(parse("09:41:11.004 App[1:2] \t\t<[X 32D...]>")?.content == .dump(tabs: 2, spaces: 1))
    }

    @Test func otherOutputIsNotNavigation() {
        for line in [
            "", "Started", "[Network] GET /feed 200", "[Analytics]: Started", "[]: Started", "[ ]: Started",
            "<[]>", "<[NoID]>", "print(\"\\(indentation)<\\(debugPrintPrefix)>\")",
            "\"[\\(type(of: self)) \\(id.prefix(3))...]\"", "[X E34...]: Started twice",
        ] {
            #expect(parse(line) == nil, "\(line)")
        }
    }
}
