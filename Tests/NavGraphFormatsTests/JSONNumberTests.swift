import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The one number grammar both JSON readers use: where a number ends, and where and why an invalid one fails.
@Suite("JSON numbers", .tags(.memory))
struct JSONNumberTests {
    private func scan(_ text: String) -> Result<Int, JSONNumber.Failure> {
        Array(text.utf8).withByteLine { JSONNumber.scan($0, from: 0) }
    }

    @Test func validNumbersEndWhereTheGrammarDoes() {
        #expect(scan("0") == .success(1))
        #expect(scan("-12.5e+3,") == .success(8))
        #expect(scan("1741945267.201}") == .success(14))
        #expect(scan("012") == .success(1), "a leading zero ends the number; the caller rejects what follows")
        #expect(scan("2E9") == .success(3))
    }

    @Test func invalidNumbersSayWhereAndWhy() {
        #expect(scan("-") == .failure(JSONNumber.Failure(problem: .noDigits, position: 1)))
        #expect(scan("-x") == .failure(JSONNumber.Failure(problem: .noDigits, position: 1)))
        #expect(scan("1.") == .failure(JSONNumber.Failure(problem: .noFractionDigits, position: 2)))
        #expect(scan("1.5e+") == .failure(JSONNumber.Failure(problem: .noExponentDigits, position: 5)))
    }

    @Test func theParserReportsTheSameColumn() {
        let line: [UInt8] = Array(#"{"count": 1.}"#.utf8)
        let error = line.withByteLine { bytes -> JSONSyntaxError? in
            do throws(JSONSyntaxError) {
                _ = try JSONParser.parse(bytes)
                return nil
            } catch { return error }
        }
        #expect(error == JSONSyntaxError(column: 13, message: "invalid number: digits must follow '.'"))
    }
}
