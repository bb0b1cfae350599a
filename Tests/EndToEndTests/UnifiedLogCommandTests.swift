import Foundation
import NavGraphTestSupport
import Testing

/// A session logged through `Logger` and read back from Apple's `log` tool, in every style of `log stream` and
/// `log show`, reads as the app's `print` log of it: the same `tree`, `history` and `leaks`, with the same exit
/// status, once each line number is taken back to the print log's line it names (and `history`'s times compared with
/// the print log dated as the style dates it). The sessions are `UnifiedLogSession`'s (also kept as fixtures).
@Suite("Apple's unified log, end to end")
struct UnifiedLogCommandTests {
    static let variants = UnifiedLogSession.Command.allCases.flatMap { command in
        UnifiedLogSession.Style.allCases.map { (command, $0) }
    }

    /// Every fixture session in every variant, and the NavigatorUI releases' logs in the JSON styles.
    static let cases: [(session: String, command: UnifiedLogSession.Command, style: UnifiedLogSession.Style)] =
        UnifiedLogSession.fixtures.flatMap { fixture in variants.map { (fixture.name, $0.0, $0.1) } }
        + NavigatorFormatsCommandTests.tags.flatMap { tag in
            [("navigator-\(tag)", .stream, .ndjson), ("navigator-\(tag)", .show, .json)]
        }

    static func session(_ name: String) throws -> (session: UnifiedLogSession, printLog: String) {
        if name.hasPrefix("navigator-"),
            let tag = NavigatorFormatsCommandTests.tags.first(where: { name.hasSuffix($0) })
        {
            let path = NavigatorFormatsCommandTests.fixture(tag)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            return (UnifiedLogSession(printLog: text), path)
        }
        let fixture = try #require(UnifiedLogSession.fixtures.first { $0.name == name })
        return (try UnifiedLogSession.fixtureSession(name), example(fixture.example))
    }

    @Test(arguments: cases)
    func readsAsThePrintLog(session name: String, command: UnifiedLogSession.Command, style: UnifiedLogSession.Style)
        throws
    {
        let (session, printLog) = try Self.session(name)
        let (text, lineOfPrintLine) = session.render(command, style)
        let logged = try temporaryFile(text)
        let timed = try temporaryFile(session.timedPrintLog(like: style))
        defer {
            try? FileManager.default.removeItem(at: logged)
            try? FileManager.default.removeItem(at: timed)
        }
        let back = Self.printLine(of: lineOfPrintLine)
        for arguments in [["tree"], ["leaks"], ["history"]] {
            let expected = try navgraph(arguments + [arguments == ["history"] ? timed.path : printLog])
            let actual = try navgraph(arguments + [logged.path])
            let context = Comment(rawValue: "\(arguments[0]) of \(name) via log \(command) --style \(style)")
            #expect(actual.status == expected.status, context)
            #expect(Self.mapLines(actual.stdout, back) == expected.stdout, context)
            // `log`'s own lines are counted with what is not navigation output, and nothing else differs on stderr.
            #expect(
                Self.skippedCount(actual.stderr) == Self.skippedCount(expected.stderr)
                    + Self.headerLines(command, style),
                "\(context): \(actual.stderr)")
            #expect(
                !actual.stderr.contains("error") || expected.stderr.contains("error"), "\(context): \(actual.stderr)")
        }
    }

    /// The navigator that leaked in `navigator-session.log` is named from every style, and the gate fails.
    @Test(arguments: variants)
    func theLeakedCoverIsNamed(command: UnifiedLogSession.Command, style: UnifiedLogSession.Style) throws {
        let session = try UnifiedLogSession.fixtureSession("navigator-session")
        let logged = try temporaryFile(session.render(command, style).text)
        defer { try? FileManager.default.removeItem(at: logged) }
        let leaks = try navgraph(["leaks", logged.path])
        #expect(leaks.status == 1, "\(leaks.stderr)")
        #expect(leaks.stdout.hasPrefix("leaked photo-picker E59  under home 2F3 "), "\(leaks.stdout)")
        #expect(leaks.stdout.contains("1 leaked, 0 suspected; 3 alive, 0 not yet placed, 1 finished"))
    }

    /// An entry that cannot be read is counted apart, and the summary says why the first could not (a guess such as
    /// "cut short?" misled where the JSON was only broken).
    @Test func anEntryThatCannotBeReadIsSaidWithWhy() throws {
        let session = try UnifiedLogSession.fixtureSession("navigator-session")
        var text = session.render(.show, .json).text
        // A comma taken out between two members of the third entry's message.
        let third = text.ranges(of: "\"eventMessage\"").dropFirst(2).first!
        let comma = text[..<third.lowerBound].lastIndex(of: ",")!
        text.remove(at: comma)
        let logged = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: logged) }
        let leaks = try navgraph(["leaks", logged.path])
        #expect(
            leaks.stderr.contains(
                "1 of them looks like navigation output but cannot be read (line "),
            "\(leaks.stderr)")
        #expect(
            leaks.stderr.contains(": not a unified log entry (log --style json, begun at line "), "\(leaks.stderr)")
        #expect(!leaks.stderr.contains("cut short?"), "\(leaks.stderr)")
    }

    /// Lines `log` prints that are not entries: its filter and header lines, and `log show`'s summary in the text
    /// styles.
    static func headerLines(_ command: UnifiedLogSession.Command, _ style: UnifiedLogSession.Style) -> Int {
        let text = [.default, .compact, .syslog].contains(style)
        return (command == .show ? 2 : 1) + (text ? 1 : 0) + (command == .show && text ? 3 : 0)
    }

    /// For each line of the `log` output, the first line of the print log read at it.
    static func printLine(of lineOfPrintLine: [Int]) -> [Int: Int] {
        var back: [Int: Int] = [:]
        for (index, line) in lineOfPrintLine.enumerated() where back[line] == nil { back[line] = index + 1 }
        return back
    }

    /// `text` with each `line N` naming the print log's line instead (`line ?N` where none is read at N), padding
    /// kept where the number was padded to a column.
    static func mapLines(_ text: String, _ back: [Int: Int]) -> String {
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: "line ") {
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isNumber }
            guard let number = Int(digits) else { continue }
            rest = rest.dropFirst(digits.count)
            let spaces = rest.prefix { $0 == " " }
            let mapped = back[number].map(String.init) ?? "?\(number)"
            out += mapped
            if !spaces.isEmpty {
                rest = rest.dropFirst(spaces.count)
                out += String(repeating: " ", count: max(1, digits.count + spaces.count - mapped.count))
            }
        }
        return out + rest
    }

    /// How many lines stderr says were skipped (0 when it says nothing of it).
    static func skippedCount(_ stderr: String) -> Int {
        guard let range = stderr.range(of: "skipped ") else { return 0 }
        return Int(stderr[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }
}
