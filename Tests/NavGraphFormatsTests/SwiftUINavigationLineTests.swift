import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

@Suite("Recognizing SwiftUINavigation lines", .tags(.memory))
struct SwiftUINavigationLineTests {
    private func parse(_ text: String) -> SwiftUINavigationLine? {
        Array(text.utf8).withByteLine { SwiftUINavigationLine.parse($0) }
    }

    @Test func bareEventLines() {
        #expect(
            parse("[HomeNavigationModel E34...]: Started")
                == .init(content: .event(.started), type: "HomeNavigationModel", id: "E34"))
        #expect(
            parse("[HomeNavigationModel E34...]: Finished")
                == .init(content: .event(.finished), type: "HomeNavigationModel", id: "E34"))
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
        #expect(
            parse("\t<[Box<A, B> 1F2...]>") == .init(content: .dump(tabs: 1, spaces: 0), type: "Box<A, B>", id: "1F2"))
    }

    @Test func shortAndFullIDs() {
        #expect(parse("[CustomModel ab...]: Started")?.id == "ab")
        #expect(parse("[CustomModel x]: Started")?.id == "x")
        #expect(
            parse("[AppNavigationNode 66737A52-8E2B-4C67-A1D2-0B6C9F1E2A11]: Init")?.id
                == "66737A52-8E2B-4C67-A1D2-0B6C9F1E2A11")
    }

    @Test func dumpIndentationIsTheWhitespaceRunBeforeTheBracket() {
        #expect(parse("<[AppNavigationModel 667...]>")?.content == .dump(tabs: 0, spaces: 0))
        #expect(parse("\t\t<[DefaultStackRootNavigationModel 32D...]>")?.content == .dump(tabs: 2, spaces: 0))
        #expect(parse("        <[DefaultStackRootNavigationModel 32D...]>")?.content == .dump(tabs: 0, spaces: 8))
        #expect(parse("09:41:11.004 App[1:2] \t\t<[X 32D...]>")?.content == .dump(tabs: 2, spaces: 1))
    }

    @Test func textAfterADumpLineIsLeftOut() throws {
        let line = Array("\t\t<[DefaultStackRootNavigationModel 32D...]>        (the sheet)".utf8)
        let spans = try #require(line.withByteLine { SwiftUINavigationLine.scanAnnotatedDump($0) })
        #expect(spans.content == .dump(tabs: 2, spaces: 0))
        #expect(String(decoding: line[spans.type], as: UTF8.self) == "DefaultStackRootNavigationModel")
        #expect(String(decoding: line[try #require(spans.trailing)], as: UTF8.self) == "(the sheet)")
        #expect(
            parse("<[HomeNavigationModel 1A2...]>  // the sheet ]> ")
                == .init(
                    content: .dump(tabs: 0, spaces: 0),
                    type: "HomeNavigationModel", id: "1A2"))
        // Text must be set apart by whitespace; an event line with text after it is still not one.
        #expect(parse("<[HomeNavigationModel 1A2...]>// the sheet") == nil)
        #expect(parse("[HomeNavigationModel E34...]: Started twice") == nil)
    }

    @Test func linesThatOnlyLookLikeNavigation() {
        func looks(_ text: String) -> Bool {
            Array(text.utf8).withByteLine { SwiftUINavigationLine.looksLikeNavigation($0) }
        }
        #expect(looks("\t\t<[DefaultStackRootNavigationModel 32"))
        #expect(looks("[HomeNavigationModel E34...]: Appeared"))
        #expect(!looks("[Network] GET /feed 200"))
        #expect(!looks("Inbox: loaded 24 threads"))
        #expect(!looks("a < [b] ..."))
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

    /// The scanner looks for brackets eight bytes at a time; on random lines made of the characters that matter it
    /// must find exactly what a byte-by-byte reading finds.
    @Test func wordAtATimeSearchesAgreeWithAByteByByteReading() {
        let alphabet = Array("<[]>  \t.:abcXYZ".utf8)
        let endings = ["", "...]>", "]>", "...]: Started", "]: Finished", "...]>  // a note", "]>\t(x]> y)"]
        var state: UInt64 = 2026
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            var line = (0..<next(40)).map { _ in alphabet[next(alphabet.count)] }
            line += Array(endings[next(endings.count)].utf8)
            let scanned = line.withByteLine { SwiftUINavigationLine.parse($0) }
            #expect(scanned == Self.referenceParse(line), "\(String(decoding: line, as: UTF8.self))")
        }
    }

    /// The same recognition, byte by byte: a plain line, else the first `]>` followed by whitespace that ends a dump
    /// line (text after a dump line).
    private static func referenceParse(_ bytes: [UInt8]) -> SwiftUINavigationLine? {
        if let plain = referencePlainParse(bytes) { return plain }
        for index in bytes.indices.dropLast(2)
        where bytes[index] == 0x5D && bytes[index + 1] == 0x3E && (bytes[index + 2] == 0x20 || bytes[index + 2] == 0x09)
        {
            if let line = referencePlainParse(Array(bytes[0..<(index + 2)])), case .dump = line.content { return line }
        }
        return nil
    }

    private static func referencePlainParse(_ bytes: [UInt8]) -> SwiftUINavigationLine? {
        var end = bytes.count
        while end > 0, [0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
        guard end >= 4 else { return nil }
        func split(_ start: Int, _ end: Int) -> (String, String)? {
            guard end > start else { return nil }
            var space = end - 1
            while space > start, bytes[space] != 0x20 { space -= 1 }
            guard space > start, bytes[space] == 0x20 else { return nil }
            var idEnd = end
            if idEnd - (space + 1) >= 3, bytes[(idEnd - 3)..<idEnd].elementsEqual("...".utf8) { idEnd -= 3 }
            guard idEnd > space + 1, !bytes[start..<space].contains(where: { $0 == 0x5B || $0 == 0x5D }) else {
                return nil
            }
            return (
                String(decoding: bytes[start..<space], as: UTF8.self),
                String(decoding: bytes[(space + 1)..<idEnd], as: UTF8.self)
            )
        }
        if bytes[end - 1] == 0x3E, bytes[end - 2] == 0x5D {
            var open = end - 3
            while open > 0, !(bytes[open - 1] == 0x3C && bytes[open] == 0x5B) { open -= 1 }
            guard open > 0, let (type, id) = split(open + 1, end - 2) else { return nil }
            var tabs = 0
            var spaces = 0
            var cursor = open - 1
            while cursor > 0, bytes[cursor - 1] == 0x09 || bytes[cursor - 1] == 0x20 {
                if bytes[cursor - 1] == 0x09 { tabs += 1 } else { spaces += 1 }
                cursor -= 1
            }
            return SwiftUINavigationLine(content: .dump(tabs: tabs, spaces: spaces), type: type, id: id)
        }
        let text = String(decoding: bytes[0..<end], as: UTF8.self)
        for (word, lifecycle) in [
            ("]: Started", SwiftUINavigationLine.Lifecycle.started), ("]: Finished", .finished),
            ("]: Init", .started), ("]: Deinit", .finished),
        ] where text.hasSuffix(word) {
            let close = end - word.utf8.count
            var open = close - 1
            while open >= 0, bytes[open] != 0x5B { open -= 1 }
            guard open >= 0, let (type, id) = split(open + 1, close) else { return nil }
            return SwiftUINavigationLine(content: .event(lifecycle), type: type, id: id)
        }
        return nil
    }
}
