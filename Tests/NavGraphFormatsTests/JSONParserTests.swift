import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

@Suite("The JSON parser", .tags(.memory))
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONDocument {
        try JSONParser.parse(text)
    }

    private func error(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func objectsArraysAndScalars() throws {
        let document = try parse(#" {"a": [1, -2.5e3, true, false, null, "x"], "b": {}, "c": []} "#)
        let a = try #require(document.member("a", of: document.root))
        #expect(document.children(of: a).map { document[$0].kind } == [.number, .number, .bool, .bool, .null, .string])
        #expect(document.children(of: a).map { document[$0].text } == ["1", "-2.5e3", nil, nil, nil, "x"])
        #expect(document[document.member("b", of: document.root)!].childCount == 0)
    }

    @Test func escapesAndSurrogatesAndUnicode() throws {
        let document = try parse(#"{"s": "q\"b\\s\/n\n\u00e9\ud83c\udf88🎈"}"#)
        #expect(document[document.member("s", of: document.root)!].text == "q\"b\\s/n\n\u{e9}🎈🎈")
    }

    @Test func errorsSayWhereAndWhat() {
        #expect(
            error(#"{"a": 1,}"#)
                == JSONSyntaxError(column: 9, message: "expected a member name in double quotes, found '}'"))
        #expect(error(#"{"a" 1}"#)?.message == "expected ':' after the member name, found '1'")
        #expect(error(#"{"a": 1"#)?.message == "unexpected end of line; expected ',' or '}'")
        #expect(error(#"{"a": 1, "a": 2}"#) == JSONSyntaxError(column: 10, message: "duplicate key 'a'"))
        #expect(error(#"[01]"#)?.message == "expected ',' or ']', found '1'")
        #expect(error(#""\ud800""#)?.message == "unpaired surrogate in \\u escape")
        #expect(error("\"tab\there\"")?.message == "control character in a string (escape it)")
        #expect(error(#"{"a": tru}"#)?.message == "expected a value, found 't'")
        #expect(error(#"{} x"#)?.message == "unexpected 'x' after the JSON value")
        #expect(error("") != nil)
    }

    @Test func invalidUTF8IsAnError() throws {
        let bytes: [UInt8] = Array(#"{"a": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        let failure = bytes.withByteLine { buffer -> JSONSyntaxError? in
            do throws(JSONSyntaxError) {
                _ = try JSONParser.parse(buffer)
                return nil
            } catch { return error }
        }
        #expect(failure?.message == "invalid UTF-8 in a string")
    }

    @Test func deepNestingNeedsNoRecursion() throws {
        let depth = 200_000
        let document = try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(document.values.count == depth)
    }
}
