import NavGraphRender

/// A renderer's note (`RenderNote`) as `render`, `replay --html` say it on stderr. `drawn`: the models the drawing
/// drew; `maxNodes`: the --max-nodes in force (0 for all), which the folding note names.
/// `depth`: the --depth in force, if any, which folds too.
func words(for note: RenderNote, drawn: Int, maxNodes: Int, depth: Int? = nil) -> String {
    switch note {
    case .hierarchyMissing(let sentence):
        // An empty diagram is still written (a valid file for a pipeline), and said.
        missingNote(
            sentence, drawn == 0 ? "the diagram is empty" : "the diagram shows only the \(drawn) models that left it")
    case .folded(let collapsed, let byChildLimit):
        foldingNote(drawn: drawn, collapsed: collapsed, byChildLimit: byChildLimit, maxNodes: maxNodes, depth: depth)
    case .timesMadeUp(let withoutTime, let steps):
        // Said, so a reader does not take the times for real.
        "navgraph: \(withoutTime == steps ? "the log has no times" : "\(withoutTime) steps have no time"): "
            + "the trace places \(withoutTime == steps ? "each step" : "each of them") 1 ms after the step before"
    case .mermaidLimits(let edges, let characters, let drawnWithin):
        // GitHub shows "Edge limit exceeded" or "Maximum text size" instead of the diagram, and nothing says why.
        "navgraph: the whole flowchart (\(edges) edges, \(characters) characters) is past what Mermaid draws with the "
            + "settings GitHub uses (\(MermaidRenderer.edgeLimit) edges, \(MermaidRenderer.textLimit) characters): "
            + "folded to \(drawnWithin) models; render --format svg draws them all"
    }
}

/// A sentence `tree` prints about what is missing (`No hierarchy in the input: …`) as a diagram's note on stderr,
/// with what that means for the drawing: `navgraph: no hierarchy in the input: …; the diagram is empty`.
func missingNote(_ sentence: String, _ consequence: String) -> String {
    let clause = sentence.hasSuffix(".") ? sentence.dropLast() : Substring(sentence)
    return "navgraph: \(clause.prefix(1).lowercased() + clause.dropFirst()); \(consequence)"
}

/// What a drawing folded into `… N more` nodes, and which limit folded it: --max-nodes, or the 40 children drawn of
/// one model (which --max-nodes 0 lifts too).
private func foldingNote(drawn: Int, collapsed: Int, byChildLimit: Int, maxNodes: Int, depth: Int?) -> String {
    if let depth {
        let more = collapsed == 1 ? "1 more is" : "\(collapsed) more are"
        return "navgraph: drew \(drawn) model\(drawn == 1 ? "" : "s"); \(more) folded into '… N more' nodes "
            + "(--depth \(depth), --max-nodes \(maxNodes); leave out --depth and give --max-nodes 0 to draw all)"
    }
    let limits =
        byChildLimit == collapsed
        ? "at most 40 children of one model are drawn"
        : byChildLimit == 0
            ? "--max-nodes \(maxNodes)" : "--max-nodes \(maxNodes), and at most 40 children of one model"
    let more = collapsed == 1 ? "1 more is" : "\(collapsed) more are"
    return "navgraph: drew \(drawn) model\(drawn == 1 ? "" : "s"); \(more) folded into '… N more' "
        + "nodes (\(limits); --max-nodes 0 draws all)"
}
