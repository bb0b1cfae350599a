import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// The line type readers read through: every operation is total — past either end it gives `nil` or an empty slice.
@Suite("ByteLine", .tags(.memory))
struct ByteLineTests {
    private func with<T>(_ text: String, _ body: (ByteLine) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer { body(ByteLine($0)) }
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

    /// Random operations with random positions on random lines: none traps, and each keeps its promise.
    @Test func randomOperationsNeverTrap() {
        var random = SplitMix(seed: 42)
        let words: [StaticString] = ["", "{", "\"event\"", "...]", "Navigator ", "x"]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                UInt8.random(in: 0...127, using: &random)
            }
            bytes.withUnsafeBufferPointer { buffer in
                let line = ByteLine(buffer)
                let a = Int.random(in: -20...20, using: &random)
                let b = Int.random(in: -20...20, using: &random)
                let slice = line.slice(from: a, to: b)
                #expect(slice.count <= line.count && slice.count >= 0)
                let word = words.randomElement(using: &random)!
                if let found = line.firstIndex(of: word, from: a) { #expect(line.matches(word, at: found)) }
                _ = (line[a], line.decimal(at: a), line.hexadecimal(at: b), line.lastIndex(of: 0x20))
                _ = (line.prefix(a), line.suffix(b), line.dropFirst(a), line.dropLast(b), line.trimmed)
                #expect(line.split(separator: 0x20).reduce(0) { $0 + $1.count + 1 } == line.count + 1)
            }
        }
    }
}
