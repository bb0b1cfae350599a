import NavGraphRender

/// A sentence `tree` prints about what is missing (`No hierarchy in the input: …`) as a diagram's note on stderr,
/// with what that means for the drawing: `navgraph: no hierarchy in the input: …; the diagram is empty`.
func missingNote(_ sentence: String, _ consequence: String) -> String {
    let clause = sentence.hasSuffix(".") ? sentence.dropLast() : Substring(sentence)
    return "navgraph: \(clause.prefix(1).lowercased() + clause.dropFirst()); \(consequence)"
}

/// What a drawing folded into `… N more` nodes, and which limit folded it, as `render`, `replay --html` say it on
/// stderr: --max-nodes, or the 40 children drawn of one model (which --max-nodes 0 lifts too).
func foldingNote(_ summary: DOTRenderer.Summary, maxNodes: Int) -> String {
    let byChildren = summary.collapsedByChildLimit
    let limits =
        byChildren == summary.collapsed
        ? "at most 40 children of one model are drawn"
        : byChildren == 0
            ? "--max-nodes \(maxNodes)" : "--max-nodes \(maxNodes), and at most 40 children of one model"
    let more = summary.collapsed == 1 ? "1 more is" : "\(summary.collapsed) more are"
    return "navgraph: drew \(summary.drawn) model\(summary.drawn == 1 ? "" : "s"); \(more) folded into '… N more' "
        + "nodes (\(limits); --max-nodes 0 draws all)"
}
