import Foundation
import NavGraphTestSupport
import Testing

@Suite("tree --follow ends cleanly on a small terminal (tmux)", .enabled(if: tmuxPath != nil, "tmux is not installed"))
struct LiveViewEndTests {
    /// 60×15: the cut frame fills the screen, its bottom row to the last columns. The terminal's `^C` echo there
    /// wrapped and scrolled the screen, and the whole final frame, drawn from the top, printed its header twice.
    @Test func ctrlCOnAFullScreenLeavesOneHeader() throws {
        let tmux = Tmux()
        defer { tmux.stop() }
        // The control-character echo is back on afterwards (`echoctl`, not `-echoctl`); EXIT is navgraph's status.
        try tmux.start(
            "'\(binaryURL.path)' tree --follow examples/leaky-session.log; s=$?; "
                + "stty -a | grep -o -- '-\\?echoctl'; (exit $s)",
            width: 60, height: 15)
        #expect(try tmux.screen(containing: "… ").contains("── step 46, line 134 ──"))
        try tmux.keys("C-c")
        let after = try tmux.screen(containing: "EXIT:")
        #expect(after.contains("EXIT:130"), "\(after)")
        #expect(after.contains("echoctl") && !after.contains("-echoctl"), "\(after)")
        let history = try tmux.run(["capture-pane", "-p", "-J", "-t", "t", "-S", "-", "-E", "-"])
        #expect(history.components(separatedBy: "── step 46, line 134 ──").count == 2, "\(history)")
        #expect(history.contains("ArchitectureExampleNavigationModel C33  under SegmentedTabsNavigationModel 5EA"))
    }
}
