// Measurements that a whole-command timer cannot take; scripts/bench runs it. Not installed, not for users.
//
//   navgraph-bench replay-moves FILE [MOVES]
//   navgraph-bench recorder FILE [EVENTS [OFF_CALLS [THREADS [RATE [BUFFER]]]]]   (see RecorderBench)
//
// Loads FILE as `navgraph replay` does (every step in a Timeline with checkpoints, and its description), then moves
// to MOVES random steps and composes the full terminal frame for each, exactly as the replay screen draws it (only the
// write to the terminal is left out). Prints one JSON object: load time and per-move latency percentiles.
import Foundation
import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTerminal

/// Counts what reading reported; keeps nothing (a skipped-line list would grow with the file).
final class CountingDiagnostics: DiagnosticHandler {
    var reported = 0
    var skipped = 0
    func report(_ diagnostic: Diagnostic) { reported += 1 }
    func skipped(line: Int, text: () -> String) { skipped += 1 }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func fail(_ message: String) -> Never {
    FileHandleOutput.standardError("navgraph-bench: \(message)\n")
    exit(64)
}

enum FileHandleOutput {
    static func standardError(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}

let arguments = CommandLine.arguments
if arguments.count >= 2, arguments[1] == "recorder" {
    RecorderBench.run(Array(arguments.dropFirst(2)))
    exit(0)
}
guard arguments.count >= 3, arguments[1] == "replay-moves" else {
    fail("usage: navgraph-bench replay-moves FILE [MOVES]")
}
let moves = arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200

let clock = ContinuousClock()
let loadStart = clock.now
var timeline = Timeline()
var descriptions: [String] = []
do {
    var input = NavigationInput(source: try LineSource(path: arguments[2]))
    input.concurrent = true
    try input.read(diagnostics: CountingDiagnostics()) { event in
        let change = timeline.append(event)
        descriptions.append(StepDescription.describe(event, change: change, after: timeline.latest))
        return true
    }
} catch {
    fail("\(arguments[2]): \(error)")
}
let loadSeconds = seconds(clock.now - loadStart)

// Deterministic "random" steps (a linear congruential generator), plus the two ends.
var state: UInt64 = 0x9E37_79B9_7F4A_7C15
var targets = [1, timeline.count]
while targets.count < moves {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    targets.append(Int(state >> 33) % max(timeline.count, 1) + 1)
}
let screen = ReplayScreen(title: arguments[2], style: TerminalStyle(color: false))
var latencies: [Double] = []
var bytes = 0
for step in targets {
    let start = clock.now
    var scroll = 0
    let frame = screen.frame(
        step: step, timeline: timeline, description: descriptions[step - 1], rows: 50, columns: 160,
        scroll: &scroll, footer: "←/→ step")
    latencies.append(seconds(clock.now - start) * 1000)
    bytes += frame.utf8.count
}
latencies.sort()
let sorted = latencies
func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
print(
    """
    {"steps":\(timeline.count),"moves":\(latencies.count),"load_s":\(loadSeconds),"p50_ms":\(percentile(0.5)),\
    "p99_ms":\(percentile(0.99)),"max_ms":\(latencies.last ?? 0),"frame_bytes":\(bytes / max(latencies.count, 1))}
    """)
