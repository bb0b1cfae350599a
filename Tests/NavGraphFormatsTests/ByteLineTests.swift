import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The line type readers read through: every operation is total — past either end it gives `nil` or an empty slice.
@Suite("ByteLine", .tags(.memory))
struct ByteLineTests {
    private func with<T>(_ text: String, _ body: (ByteLine) -> T) -> T {
        text.withByteLine(body)
    }

    @Test func positionsPastTheEndsGiveNilOrEmpty() {
        with("abc") { line in
            #expect(line[0] == UInt8(ascii: "a") && line[2] == UInt8(ascii: "c"))
            #expect(line[-1] == nil && line[3] == nil && line[Int.max] == nil && line[Int.min] == nil)
            #expect(line.slice(from: 2, to: 1).isEmpty && line.slice(from: 5).isEmpty)
            #expect(line.slice(from: -3, to: 99).text == "abc")
            #expect(line.dropFirst(10).isEmpty && line.dropLast(10).isEmpty && line.prefix(-1).isEmpty)
            #expect(line.suffix(2).text == "bc" && line.suffix(9).text == "abc")
            #expect(line.firstIndex(of: UInt8(ascii: "c"), from: 3) == nil)
            #expect(line.firstIndex(of: "bcd") == nil && line.firstIndex(of: "bc", from: -5) == 1)
            #expect(!line.matches("abcd", at: 0) && !line.matches("c", at: -1) && line.matches("c", at: 2))
        }
        // The two lines that crashed detection: six spaces and `{` are shorter than what was looked for.
        with("      {") { line in
            #expect(line.firstIndex(of: "\"event\"", from: 6) == nil)
        }
        with("") { line in
            #expect(line.trimmed.isEmpty && line.split(separator: 0x2C).count == 1 && line.lastIndex(of: 0) == nil)
            #expect(line.decimal(at: 0) == nil && line.hexadecimal(at: 0) == nil)
        }
    }

    @Test func wordsSplitsTrimsAndNumbers() {
        with("  12 ab,,cd \r") { line in
            #expect(line.trimmed.text == "12 ab,,cd")
            #expect(line.split(separator: UInt8(ascii: ",")).map(\.text) == ["  12 ab", "", "cd \r"])
            #expect(line.decimal(at: 2).map { [$0.value, $0.end] } == [12, 4])
            #expect(line.decimal(at: 1) == nil)
            #expect(line.hexadecimal(at: 5).map { [Int($0.value), $0.end] } == [0xAB, 7])
            #expect(line.hasPrefix("  1") && line.hasSuffix("\r") && !line.hasSuffix("  12 ab,,cd \r!"))
        }
        with("99999999999999999999") { #expect($0.decimal(at: 0) == nil) }
        with("1ffffffffffffffff") { #expect($0.hexadecimal(at: 0) == nil) }
        with("E34") { line in
            #expect(line == "E34" && !(line == "E3"))
        }
    }

    @Test func runsEndsAndComparisons() {
        with("  ab.Cd  ") { line in
            #expect(line.first == 0x20 && line.last == 0x20 && with("") { $0.first == nil && $0.last == nil })
            #expect(line.endOfRun(from: 0) { $0 == 0x20 } == 2 && line.endOfRun(from: 99) { _ in true } == 9)
            #expect(line.endOfRun(from: -4) { $0 == 0x20 } == 2 && line.endOfRun(from: 2) { $0 == 0x20 } == 2)
            #expect(line.startOfRun { $0 == 0x20 } == 7 && line.startOfRun(before: 2) { $0 == 0x20 } == 0)
            #expect(line.startOfRun(before: -1) { _ in true } == 0 && line.startOfRun(before: 99) { _ in false } == 9)
            #expect(line.lastIndex(before: 5) { $0 == UInt8(ascii: ".") } == 4)
            #expect(line.lastIndex(before: 4) { $0 == UInt8(ascii: ".") } == nil && line.lastIndex(of: 0x20) == 8)
            #expect(line.slice(2..<4).text == "ab" && line.slice(-9..<99).count == 9)
            #expect(line.matches(caseFolded: "ab.cd", at: 2) && !line.matches(caseFolded: "ab.cd", at: 3))
            #expect(
                line.contains(caseFolded: "cd") && !line.contains(caseFolded: "cd  x") && line.contains(caseFolded: ""))
            #expect(
                line.hasCaseFoldedSuffix("cd  ") && !line.hasCaseFoldedSuffix("xab.cd  ")
                    && line.hasCaseFoldedSuffix(""))
            #expect(
                line.matches([0x61, 0x62], at: 2) && !line.matches([0x61, 0x62], at: 8) && line.matches([], at: 9))
            #expect(!line.matches([0x20], at: -1))
            with("ab") { ab in
                #expect(line.matches(ab, at: 2) && !line.matches(ab, at: 8) && line.slice(2..<4) == ab && !(line == ab))
            }
        }
    }

    @Test func numbersTimesAndText() {
        with("2025-03-14T09:41:07.201Z") {
            #expect($0.rfc3339Time == Timestamp.parseRFC3339("2025-03-14T09:41:07.201Z"))
        }
        with("2025-03-14") { #expect($0.rfc3339Time == nil) }
        #expect([0x61, 0xFF].withByteLine { $0.validatedText == nil && $0.text == "a\u{FFFD}" && !$0.isASCII })
        with("plain ASCII, more than eight bytes") { #expect($0.isASCII && $0.validatedText == $0.text) }
        var bytes: [UInt8] = [1]
        "xy".withByteLine { bytes.append(contentsOf: $0) }
        #expect(bytes == [1, 0x78, 0x79] && "xy".withByteLine { Array($0) } == [0x78, 0x79])
        #expect(with("same bytes") { a in with("same bytes") { $0.tableHash == a.tableHash } })
    }

    /// Where a JSON string's plain text stops, eight bytes at a time, against a byte-by-byte reading.
    @Test func stringBreaksAreFoundAsByteByByte() {
        var random = SplitMix(seed: 3)
        let alphabet: [UInt8] = [0x22, 0x5C, 0x1F, 0x00, 0x7F, 0x80, 0xFF, 0x20, 0x41, 0x7E]
        for _ in 0..<4_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Int.random(in: 0..<6, using: &random) == 0
                    ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0x23...0x5B, using: &random)
            }
            let start = Int.random(in: -2...42, using: &random)
            for nonASCII in [false, true] {
                let expected = (max(start, 0)..<max(bytes.count, max(start, 0))).first { index in
                    let byte = bytes[index]
                    return byte == 0x22 || byte == 0x5C || byte < 0x20 || (nonASCII && byte >= 0x7F)
                }
                let found = bytes.withByteLine { $0.firstQuoteBackslashOrControl(from: start, orNonASCII: nonASCII) }
                #expect(found == expected, "\(bytes) from \(start)")
            }
            let byte = alphabet.randomElement(using: &random)!
            let expected = (max(start, 0)..<max(bytes.count, max(start, 0))).first { bytes[$0] == byte }
            #expect(bytes.withByteLine { $0.firstIndex(of: byte, from: start) } == expected)
        }
    }

    /// Random operations with random positions on random lines: none traps, and each keeps its promise.
    @Test func randomOperationsNeverTrap() {
        var random = SplitMix(seed: 42)
        let words: [StaticString] = ["", "{", "\"event\"", "...]", "Navigator ", "x"]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                UInt8.random(in: 0...127, using: &random)
            }
            bytes.withByteLine { line in
                let a = Int.random(in: -20...20, using: &random)
                let b = Int.random(in: -20...20, using: &random)
                let slice = line.slice(from: a, to: b)
                #expect(slice.count <= line.count && slice.count >= 0)
                let word = words.randomElement(using: &random)!
                if let found = line.firstIndex(of: word, from: a) { #expect(line.matches(word, at: found)) }
                _ = (line[a], line.decimal(at: a), line.hexadecimal(at: b), line.lastIndex(of: 0x20))
                _ = (line.prefix(a), line.suffix(b), line.dropFirst(a), line.dropLast(b), line.trimmed)
                #expect(line.split(separator: 0x20).reduce(0) { $0 + $1.count + 1 } == line.count + 1)
                let end = line.endOfRun(from: a) { $0 != 0x20 }
                #expect(end >= 0 && end <= line.count && line.startOfRun(before: b) { $0 != 0x20 } <= line.count)
                _ = (line.lastIndex(before: b) { $0 == 0x41 }, line.firstQuoteBackslashOrControl(from: a))
                _ = (
                    line.matches(caseFolded: word, at: a), line.contains(caseFolded: word),
                    line.hasCaseFoldedSuffix(word)
                )
                _ = (line.matches(line.slice(from: b), at: a), line.matches(bytes, at: b), line.rfc3339Time)
                #expect(
                    line.slice(from: a, to: b) == line.slice(from: a, to: b)
                        && line.isASCII == (bytes.allSatisfy { $0 < 0x80 }))
            }
        }
    }
}
