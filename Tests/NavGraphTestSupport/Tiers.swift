import Foundation
import Testing

// Which CI job runs a test besides `scripts/test`, which runs every test (docs/contributing.md, "Test tiers"). A tag
// on a suite applies to all its tests; a test may carry several. `swift test --filter tag:NAME` selects one tier.
extension Tag {
    /// Draws with Graphviz or writes a drawing (SVG, PNG, PDF, the HTML page, a map): run again against Graphviz 14.1
    /// (`scripts/test-graphviz14`).
    @Tag public static var draws: Self
    /// Reads bytes, parses, or touches memory navgraph manages itself (readers, hostile input, fuzz regressions, the
    /// recorder's buffers): run again under AddressSanitizer (`scripts/test-sanitized address`).
    @Tag public static var memory: Self
}

/// Whether the tests run at the sizes that take minutes (`NAVGRAPH_FULL_SCALE=1`, `scripts/test-full-scale`) rather
/// than at the sizes that show the same behaviour in seconds, as every other run does.
public let fullScale = ProcessInfo.processInfo.environment["NAVGRAPH_FULL_SCALE"] == "1"

/// `full` under `NAVGRAPH_FULL_SCALE=1`, `usual` otherwise: a size, or a number of trials.
public func scaled<Size>(_ usual: Size, full: Size) -> Size { fullScale ? full : usual }
