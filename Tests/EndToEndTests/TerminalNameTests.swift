import Foundation
import NavGraphTestSupport
import Testing

/// util-linux `script`, which runs a command on a pseudo-terminal of its own (`nil` elsewhere: macOS's takes other
/// arguments).
let utilLinuxScript: URL? = {
    let url = URL(fileURLWithPath: "/usr/bin/script")
    guard FileManager.default.isExecutableFile(atPath: url.path),
        let run = try? runTool(url, ["--version"]), run.stdout.contains("util-linux")
    else { return nil }
    return url
}()

/// What a terminal shows of a name: U+2028 and the bidi controls arrive escaped, as control characters do, in text and
/// in JSON — a name padded to the terminal's edge then broken with U+2028 put "Fake — 0 leaked, 0 suspected" on a row
/// of its own, and JSON printed to a terminal carried U+202E raw.
@Suite("Names on a terminal", .enabled(if: utilLinuxScript != nil, "util-linux script is not installed"))
struct TerminalNameTests {
    /// examples/leaky-session.jsonl with its leaked model's type renamed (in JSON's escapes, as an app's log has it).
    func log(typeName: String) throws -> URL {
        let text = try String(contentsOfFile: example("leaky-session.jsonl"), encoding: .utf8)
        return try temporaryFile(
            text.replacingOccurrences(of: "\"ActionableListNavigationModel\"", with: "\"\(typeName)\""),
            suffix: ".jsonl")
    }

    /// stdout of navgraph run on a terminal (`script` copies the terminal's output, CR LF line ends and colours).
    func onTerminal(_ arguments: [String]) throws -> String {
        let command = ([binaryURL.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let run = try runTool(try #require(utilLinuxScript), ["-qec", command, "/dev/null"])
        return run.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test func aNameCannotStartARowOfItsOwn() throws {
        let spoof = "Screen" + String(repeating: " ", count: 150) + "\\u2028Fake \\u2014 0 leaked, 0 suspected"
        let file = try log(typeName: spoof)
        defer { try? FileManager.default.removeItem(at: file) }
        for command in ["leaks", "tree"] {
            let shown = try onTerminal([command, "--ascii", file.path])
            #expect(!shown.unicodeScalars.contains("\u{2028}"), "\(command): \(shown)")
            #expect(shown.contains("\\u{2028}Fake — 0 leaked, 0 suspected"), "\(command): \(shown)")
            #expect(
                !shown.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("Fake") }, "\(shown)")
        }
    }

    @Test func jsonOnATerminalCarriesNoBidiControl() throws {
        let file = try log(typeName: "Pay\\u202Egnp.exe\\u2066Model\\u2029")
        defer { try? FileManager.default.removeItem(at: file) }
        for command in [
            ["leaks", "--format", "json"], ["tree", "--format", "json"], ["history", "--format", "json"],
        ] {
            let shown = try onTerminal(command + [file.path])
            #expect(shown.contains(#"Pay\u202egnp.exe\u2066Model\u2029"#), "\(command): \(shown)")
            for raw in ["\u{202E}", "\u{2066}", "\u{2029}"] { #expect(!shown.contains(raw), "\(command)") }
        }
    }
}
