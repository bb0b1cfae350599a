import Foundation
import Testing

/// Compares `actual` with the golden file `Tests/<folder>/<name>`.
///
/// `NAVGRAPH_RECORD=1 swift test` (or `scripts/test --record`) writes every golden file instead, and fails each
/// test that recorded one — as swift-argument-parser's snapshot tests do — so a recording run is never green
/// and cannot be committed by accident as a passing one. Review the diff, then run the tests again without it.
public func expectGolden(
    _ actual: String, _ name: String, in folder: String = "NavGraphRenderTests/Golden",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let url = repositoryRoot.appendingPathComponent("Tests/\(folder)/\(name)")
    if isRecordingGoldenFiles {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record(
                "recorded \(name) (NAVGRAPH_RECORD=1); review the diff, then run again without it",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("cannot record \(name): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record(
            "missing golden file \(name); record it with NAVGRAPH_RECORD=1 swift test", sourceLocation: sourceLocation)
        return
    }
    if let difference = firstDifference(expected: expected, actual: actual) {
        Issue.record(
            """
            \(name) differs from the golden file at line \(difference.line):
              expected: \(difference.expected)
              actual:   \(difference.actual)
            (re-record with NAVGRAPH_RECORD=1 swift test if the change is intended)
            """, sourceLocation: sourceLocation)
    }
}

/// Whether this run records golden files instead of comparing with them.
public var isRecordingGoldenFiles: Bool { ProcessInfo.processInfo.environment["NAVGRAPH_RECORD"] == "1" }

/// The first line where two texts differ (numbered from 1), each side's line or `<end>`; `nil` when they are equal.
public func firstDifference(expected: String, actual: String) -> (line: Int, expected: String, actual: String)? {
    guard expected != actual else { return nil }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let index =
        zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(expectedLines.count, actualLines.count)
    func line(_ lines: [Substring]) -> String { index < lines.count ? String(lines[index]) : "<end>" }
    return (index + 1, line(expectedLines), line(actualLines))
}
