import Foundation
import NavGraphTestSupport
import Testing

@Suite("render --format mermaid past Mermaid's limits")
struct MermaidLimitCommandTests {
    /// 600 screens pushed in one stack, drawn whole (`--max-nodes 0`): 600 edges, which GitHub would refuse.
    @Test func aLargeStackIsFoldedAndStderrSaysWhy() throws {
        var lines = [#"{"event":"root","id":"R","type":"AppModel","window":"main","kind":"stack"}"#]
        for index in 0..<600 {
            lines.append(#"{"event":"push","id":"S\#(index)","type":"ScreenModel","parent":"R"}"#)
        }
        let run = try navgraph(
            ["render", "--format", "mermaid", "--max-nodes", "0", "--input-format", "navgraph-events"],
            stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        let edges = run.stdout.split(separator: "\n").filter { $0.contains("-->") }.count
        #expect(edges <= 500 && edges > 400, "\(edges)")
        #expect(
            run.stderr.contains(
                "navgraph: the whole flowchart (600 edges, "),
            "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "is past what Mermaid draws with the settings GitHub uses (500 edges, 50000 characters): folded to "))
        #expect(!run.stderr.contains("--max-nodes 0 draws all"), "one note for the fold: \(run.stderr)")
    }
}
