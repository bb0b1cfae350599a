import Testing

@testable import NavGraphRender

/// `navgraph leaks` draws a leaked subtree as `tree` draws a tree: `├─` for a model with a sibling after it, `└─`
/// for the last, `│` down an ancestor's column while its siblings are still to come.
@Suite("Leaks as text")
struct LeakTextTests {
    private func drawn(_ depths: [Int], ascii: Bool = false) -> [String] {
        LeakTextRenderer.connectors(depths, style: TerminalStyle(ascii: ascii, color: false))
    }

    @Test func siblingsUnderOneLeakBranchAndTheLastCloses() {
        #expect(drawn([0, 1, 1, 1]) == ["", "  ├─ ", "  ├─ ", "  └─ "])
        #expect(drawn([0, 1, 0, 1]) == ["", "  └─ ", "", "  └─ "])
    }

    @Test func anAncestorsColumnContinuesWhileItsSiblingsAreToCome() {
        #expect(
            drawn([0, 1, 2, 2, 1, 2, 3]) == [
                "", "  ├─ ", "  │  ├─ ", "  │  └─ ", "  └─ ", "     └─ ", "        └─ ",
            ])
        #expect(drawn([0, 1, 2, 1], ascii: true) == ["", "  |-- ", "  |   `-- ", "  `-- "])
    }

    @Test func aChainDeeperThanSixtyFourLevelsStaysBounded() {
        let depths = Array(0...10_000)
        let connectors = drawn(depths)
        #expect(connectors.count == depths.count)
        #expect(connectors.map(\.count).max()! <= 2 + 64 * 3)
    }
}
