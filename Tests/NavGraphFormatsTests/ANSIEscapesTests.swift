import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

@Suite("ANSI escape sequences", .tags(.memory))
struct ANSIEscapesTests {
    private func stripped(_ text: String) -> String {
        var plain: [UInt8] = []
        Array(text.utf8).withByteLine { ANSIEscapes.strip($0, into: &plain) }
        return String(decoding: plain, as: UTF8.self)
    }

    @Test func sequencesAreLeftOut() {
        #expect(
            stripped("\u{1B}[32m[HomeNavigationModel E34...]: Started\u{1B}[0m")
                == "[HomeNavigationModel E34...]: Started")
        #expect(
            stripped("\u{1B}[2m2025-03-14 09:41:12.345\u{1B}[m <[App 1A2...]>")
                == "2025-03-14 09:41:12.345 <[App 1A2...]>")
        #expect(stripped("\u{1B}[38;5;244mx\u{1B}[48;2;1;2;3my") == "xy")
        #expect(stripped("\u{1B}]0;title\u{7}a\u{1B}]8;;http://x\u{1B}\\b") == "ab")
        #expect(stripped("\u{1B}(Ba\u{1B}7b\u{1B}[K") == "ab")
        #expect(stripped("é\u{1B}[1mé") == "éé")
        // Cut short by the end of the line: left out to the end.
        #expect(stripped("a\u{1B}[38;5") == "a")
        #expect(stripped("a\u{1B}") == "a")
        #expect(stripped("a\u{1B}]0;never ended") == "a")
    }

    @Test func onlyLinesWithAnEscapeAreCopied() {
        #expect(Array("plain".utf8).withByteLine { !ANSIEscapes.occur(in: $0) })
        #expect(Array("x\u{1B}[0m".utf8).withByteLine { ANSIEscapes.occur(in: $0) })
        #expect([UInt8]().withByteLine { !ANSIEscapes.occur(in: $0) })
    }

    /// Every reader gets its lines without colour: detection too, and a colour around a console time.
    @Test func everyFormatIsReadThroughColour() {
        let samples: [(String, InputFormat)] = [
            (
                "\u{1B}[1;32m<[AppNavigationModel 667...]>\u{1B}[0m\n\t<[HomeNavigationModel 1A2...]>\n",
                .swiftUINavigation
            ),
            ("\u{1B}[33m{\"event\":\"root\",\"id\":\"a\",\"type\":\"App\"}\u{1B}[0m\n", .events),
            ("\u{1B}[36m[\"MyApp.Route\",\"{\\\"home\\\":{}}\"]\u{1B}[0m\n", .navigationPath),
            ("\u{1B}[2m[09:41:12.345]\u{1B}[0m path: [Shop.Route.home]\n", .typedPath),
        ]
        for (text, format) in samples {
            let coloured = read(text)
            let plain = read(text.replacingOccurrences(of: #"\x{1B}\[[0-9;]*m"#, with: "", options: .regularExpression))
            #expect(coloured.format == format, "\(text.debugDescription)")
            #expect(coloured.error == nil)
            #expect(coloured.events == plain.events, "\(text.debugDescription)")
        }
        // The time in colour still dates the state.
        let timed = read("\u{1B}[2m[09:41:12.345]\u{1B}[0m path: [Shop.Route.home]\n")
        #expect(timed.events.first?.time != nil)
    }
}
