import Foundation
import NavGraphTestSupport
import Testing

/// An app's console carries its navigation among everything else it prints: launch banners, pretty-printed JSON,
/// crash reports, Auto Layout and SwiftUI warnings, Apple's `log` lines, binary, very long lines. Two such lines before
/// the first navigation line crashed navgraph (25 of 53 consoles made of the examples). Each example with random
/// noise before and after it reads as the example alone: the same stdout and exit status, and every noise line
/// counted as skipped.
@Suite("Console noise around each example")
struct ConsoleNoiseTests {
    /// The kinds of noise: each file under Tests/FuzzSeeds/console (also the console fuzz target's seeds).
    static let noise: [(name: String, bytes: [UInt8])] = {
        let folder = repositoryRoot.appendingPathComponent("Tests/FuzzSeeds/console")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { (name, Array($0)) }
        }
    }()

    static let examples = [
        "session.log", "leaky-session.log", "leaky-session.jsonl", "console-prefixed.log", "legacy-1x.log",
        "sheet-over-tabs.txt", "launch-dump.txt", "navigation-path.log", "navigator-session.log",
        "per-tab-routers.log", "tca-syncups.log",
    ]

    @Test(arguments: examples)
    func readsAsTheExampleAlone(example name: String) throws {
        #expect(Self.noise.count >= 6, "the console noise files are missing")
        let examplePath = example(name)
        let exampleBytes = Array(try Data(contentsOf: URL(fileURLWithPath: examplePath)))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = try Self.views(of: examplePath)
        // The same seeds every run: a failure names its case, to be run again.
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        for trial in 0..<3 {
            let before = Self.noise.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))
            let after = Self.noise.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))
            var bytes: [UInt8] = []
            for block in before { bytes += Self.endingInNewline(block.bytes) }
            bytes += Self.endingInNewline(exampleBytes)
            for block in after { bytes += Self.endingInNewline(block.bytes) }
            let mixed = folder.appendingPathComponent("\(trial)-\(name)")
            try Data(bytes).write(to: mixed)
            let noisy = try Self.views(of: mixed.path)
            let what = "\(name) after \(before.map(\.name)), before \(after.map(\.name))"
            for (command, run) in zip(Self.commands, noisy) {
                #expect(run.status <= 3, "\(command) on \(what): exit \(run.status)\n\(run.stderr.suffix(1500))")
            }
            // The example's lines come after the noise: what names a line names it that much further on.
            let offset = before.reduce(0) { $0 + Self.endingInNewline($1.bytes).filter { $0 == 0x0A }.count }
            for ((command, lone), noisy) in zip(zip(Self.commands, alone), noisy) {
                #expect(noisy.status == lone.status, "\(command) on \(what)\n\(noisy.stderr.suffix(1500))")
                #expect(Self.linesMoved(noisy.stdout, back: offset) == lone.stdout, "\(command) on \(what)")
            }
            let noiseLines = (before + after).reduce(0) { $0 + Self.nonBlankLines($1.bytes) }
            #expect(
                Self.skipped(noisy[0].stderr) == Self.skipped(alone[0].stderr) + noiseLines,
                "\(what): \(noisy[0].stderr.prefix(400))")
        }
    }

    static let commands = [["tree"], ["leaks"], ["tree", "--format", "json"]]

    static func views(of path: String) throws -> [Run] {
        try commands.map { try navgraph($0 + [path]) }
    }

    /// What `navgraph: skipped N lines …` says (0 when it says nothing).
    static func skipped(_ stderr: String) -> Int {
        guard let range = stderr.range(of: #"skipped [0-9]+ line"#, options: .regularExpression) else { return 0 }
        return Int(stderr[range].split(separator: " ")[1]) ?? 0
    }

    /// `text` with each line number it names (`line 37`, `"leftAtLine": 37`) `offset` lower.
    static func linesMoved(_ text: String, back offset: Int) -> String {
        let pattern = try! NSRegularExpression(pattern: #"(line |Line\": )([0-9]+)"#)
        var result = text
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let range = Range(match.range(at: 2), in: text), let number = Int(text[range]) else { continue }
            result.replaceSubrange(range, with: String(number - offset))
        }
        return result
    }

    static func endingInNewline(_ bytes: [UInt8]) -> [UInt8] {
        bytes.last == 0x0A ? bytes : bytes + [0x0A]
    }

    /// Lines with something other than spaces, tabs and carriage returns (blank lines are not skipped, only passed);
    /// an entry of `log show --style json`, pretty-printed over many lines, is one message, skipped once.
    static func nonBlankLines(_ bytes: [UInt8]) -> Int {
        let lines = endingInNewline(bytes).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
            .map { String(decoding: $0, as: UTF8.self) }
        var count = 0
        var index = lines.startIndex
        while index < lines.endIndex {
            let line = lines[index]
            index += 1
            if line.hasPrefix("[{") || line == "{",
                let close = lines[index...].firstIndex(where: { $0.hasPrefix("}") }),
                lines[index..<close].contains(where: { $0.contains("\"eventMessage\"") })
            {
                count += 1
                index = close + 1
            } else if line.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) {
                count += 1
            }
        }
        return count
    }
}
