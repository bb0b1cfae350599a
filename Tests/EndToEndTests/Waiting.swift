import Foundation
import NavGraphTestSupport
import Testing

/// A file's text as it is now (empty while it cannot be read).
func currentText(of url: URL) -> String {
    (try? String(decoding: Data(contentsOf: url), as: UTF8.self)) ?? ""
}

/// Waits until the file at `url` (a process's output) contains `expected`; records an issue showing what it holds
/// when it never does. Returns the file's text.
@discardableResult
func waitUntil(
    _ url: URL, contains expected: String, timeout: Double = waitTimeout,
    sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    var seen = ""
    let found = waitUntil(timeout: timeout) {
        seen = currentText(of: url)
        return seen.contains(expected)
    }
    if !found {
        Issue.record(
            "waited \(Int(timeout)) s for \(expected.debugDescription); \(url.lastPathComponent) holds:\n\(seen)",
            sourceLocation: sourceLocation)
    }
    return seen
}
