import NavGraphAnalysis
import NavGraphCore

/// `navgraph leaks` as text: one line per leaked model with where it was attached until it left, its
/// leaked subtree indented under it, then the counts.
public struct LeakTextRenderer: Renderer {
    public var style: TerminalStyle
    public var listAll: Bool
    /// The configuration file whose `allowed` exempted models, as the counts name it (`./.navgraph.yml`): what turned
    /// a leak into no leak is said with its place.
    public var allowedBy: String

    public init(style: TerminalStyle = TerminalStyle(), listAll: Bool = false, allowedBy: String = ".navgraph.yml") {
        self.style = style
        self.listAll = listAll
        self.allowedBy = allowedBy
    }

    @discardableResult
    public func render<Output: RenderOutput>(_ report: LeakReport, to output: inout Output) -> RenderSummary {
        let connectors = Self.connectors(report.leaks.map(\.depth), style: style)
        for (leak, connector) in zip(report.leaks, connectors) {
            let depth = leak.depth
            let label = leak.status == .leaked ? style.paint("leaked", .red) : style.paint("suspected", .yellow)
            var line =
                connector + label + " " + Escaping.terminal(leak.model.type) + " "
                + style.paint(Escaping.terminal(leak.model.id), .dim)
            switch leak.reason {
            case .left:
                // Where it was and the step that took it out, as `tree` says it. The step it was last placed at is
                // not said: a reader that restates the whole window (NavigatorUI's, when a navigator's name comes
                // after its 'adding') places every model again, so that line was often another navigator's.
                let parent = leak.parent.map { "under \(Escaping.terminal($0.type)) \(Escaping.terminal($0.id))" }
                let left = leak.leftStep.flatMap { step in leak.leftLine.map { "step \(step), line \($0)" } }
                switch (depth == 0 ? parent : nil, depth == 0 ? left : nil) {
                case (let parent?, let left?): line += "  \(parent) until \(left)"
                case (let parent?, nil): line += "  last under \(parent)"
                case (nil, let left?): line += "  left at \(left)"
                case (nil, nil): break
                }
                line += style.paint("; started line \(leak.startedLine)", .dim)
            case .inNoDump:
                line +=
                    "  started line \(leak.startedLine), in no dump since, though every window printed one: it may "
                    + "live in a window the app does not dump"
            case .mayLiveIn(let windows):
                line +=
                    "  started line \(leak.startedLine), in no dump; may live in "
                    + Self.windowList(windows) + ", which printed no dump since"
            case .neverPlacedByLog:
                line +=
                    "  started line \(leak.startedLine), never placed in a window by the log: navgraph could not follow it"
            }
            output.write(line + "\n")
        }
        for ambiguity in report.ambiguities {
            output.write(
                style.paint("ambiguous", .yellow) + " line \(ambiguity.line): \(Escaping.terminal(ambiguity.message))\n"
            )
        }
        if report.ambiguitiesNotListed > 0 {
            output.write(
                style.paint("ambiguous", .yellow) + " on \(report.ambiguitiesNotListed) more lines, not listed\n")
        }
        if listAll {
            for model in report.aliveModels {
                output.write(
                    "alive " + Escaping.terminal(model.model.type) + " "
                        + style.paint(Escaping.terminal(model.model.id), .dim) + "\n")
            }
            for model in report.unplacedModels {
                output.write(
                    "unplaced " + Escaping.terminal(model.model.type) + " "
                        + style.paint(Escaping.terminal(model.model.id), .dim)
                        + style.paint("  started line \(model.startedLine)", .dim) + "\n")
            }
            for leak in report.allowedModels {
                output.write(
                    "allowed " + Escaping.terminal(leak.model.type) + " "
                        + style.paint(Escaping.terminal(leak.model.id), .dim)
                        + style.paint(
                            "  \(leak.status.rawValue), but allowed to outlive its screen "
                                + "(\(Escaping.terminal(allowedBy)))", .dim)
                        + "\n")
            }
        }
        if !report.leaks.isEmpty || !report.ambiguities.isEmpty || listAll { output.write("\n") }
        let summary =
            "\(report.leakedCount) leaked, \(report.suspectedCount) suspected; "
            + "\(report.alive) alive, \(report.unplaced) not yet placed, \(report.finished) finished"
            // Exempted models are counted, so a clean line does not hide them (--all lists them).
            + (report.allowedModels.isEmpty
                ? "" : ", \(report.allowedModels.count) allowed by \(Escaping.terminal(allowedBy))")
        output.write((report.leakedCount > 0 ? style.paint(summary, .red) : summary) + "\n")
        return RenderSummary()
    }

    /// `window main`, `windows main and inspector`, `another window` for none named.
    static func windowList(_ windows: [String]) -> String {
        switch windows.count {
        case 0: "another window"
        case 1: "window " + Escaping.terminal(windows[0])
        default:
            "windows " + windows.dropLast().map(Escaping.terminal).joined(separator: ", ") + " and "
                + Escaping.terminal(windows.last!)
        }
    }

    /// What goes before each leak of a pre-order list with these depths: nothing for a top-level leak; for the leaked
    /// subtree under it, two spaces and the tree's branches as `tree` draws them (`├─` for a child with a sibling after
    /// it, `└─` for the last, `│` down the columns of ancestors with siblings still to come). Columns past 64 levels
    /// are not drawn (a leaked chain that deep still gets one line per model).
    static func connectors(_ depths: [Int], style: TerminalStyle) -> [String] {
        // Whether each leak is the last of its siblings: scanning from the end, a leak at depth d has a later sibling
        // when one at depth d was seen since the last leak shallower than d.
        var isLast = [Bool](repeating: true, count: depths.count)
        var laterSibling: [Bool] = []
        for index in depths.indices.reversed() {
            let depth = min(depths[index], 64)
            if laterSibling.count <= depth {
                laterSibling += repeatElement(false, count: depth + 1 - laterSibling.count)
            }
            isLast[index] = !laterSibling[depth]
            laterSibling[depth] = true
            for deeper in (depth + 1)..<laterSibling.count { laterSibling[deeper] = false }
        }
        var ancestorIsLast: [Bool] = []
        var connectors: [String] = []
        connectors.reserveCapacity(depths.count)
        for (index, fullDepth) in depths.enumerated() {
            let depth = min(fullDepth, 64)
            if ancestorIsLast.count <= depth {
                ancestorIsLast += repeatElement(true, count: depth + 1 - ancestorIsLast.count)
            }
            ancestorIsLast[depth] = isLast[index]
            guard depth > 0 else {
                connectors.append("")
                continue
            }
            var prefix = "  "
            for level in 1..<depth { prefix += ancestorIsLast[level] ? style.blank : style.pipe }
            connectors.append(prefix + (isLast[index] ? style.lastBranch : style.branch))
        }
        return connectors
    }
}

/// `navgraph leaks --format json`:
/// `{"leaks": [{"type", "id", "status", "reason", "startedLine", "parent", "lastSeenLine", "leftAtLine", "children"}], "alive",
/// "unplaced", "finished", "ambiguous": [{"line", "type", "id", "message"}]}`. A field that does not apply is `null`.
public struct LeakJSONRenderer: Renderer {
    public init() {}

    private func indent(_ depth: Int) -> String { String(repeating: "  ", count: 2 + min(depth, 64)) }

    @discardableResult
    public func render<Output: RenderOutput>(_ report: LeakReport, to output: inout Output) -> RenderSummary {
        output.write("{\n  \"leaks\": [")
        // Pre-order with depths back into nested JSON: a leak's children array stays open while deeper leaks follow.
        var open: [Int] = []
        let leaks = report.leaks
        for (index, leak) in leaks.enumerated() {
            while let top = open.last, top >= leak.depth {
                output.write("\n" + indent(top) + "]}")
                open.removeLast()
            }
            let firstInItsList = index == 0 || leaks[index - 1].depth < leak.depth
            output.write((firstInItsList ? "\n" : ",\n") + indent(leak.depth))
            output.write(
                "{\"type\": \(Escaping.jsonString(leak.model.qualifiedType)), \"id\": \(Escaping.jsonString(leak.model.id)), "
            )
            output.write("\"status\": \"\(leak.status.rawValue)\", \"reason\": \"\(leak.reason.name)\", ")
            output.write("\"startedLine\": \(leak.startedLine), ")
            output.write("\"parent\": \(leak.parent.map { Escaping.jsonString($0.id) } ?? "null"), ")
            output.write("\"parentType\": \(leak.parent.map { Escaping.jsonString($0.qualifiedType) } ?? "null"), ")
            output.write("\"lastSeenLine\": \(leak.lastSeenLine.map(String.init) ?? "null"), ")
            output.write("\"leftAtLine\": \(leak.leftLine.map(String.init) ?? "null"), \"children\": [")
            let hasChildren = index + 1 < leaks.count && leaks[index + 1].depth > leak.depth
            if hasChildren { open.append(leak.depth) } else { output.write("]}") }
        }
        while let top = open.popLast() { output.write("\n" + indent(top) + "]}") }
        output.write(report.leaks.isEmpty ? "],\n" : "\n  ],\n")
        output.write(
            "  \"alive\": \(report.alive),\n  \"unplaced\": \(report.unplaced),\n  \"finished\": \(report.finished),\n")
        output.write("  \"ambiguous\": [")
        for (index, ambiguity) in report.ambiguities.enumerated() {
            output.write(
                (index == 0 ? "\n" : ",\n")
                    + "    {\"line\": \(ambiguity.line), \"type\": \(Escaping.jsonString(ambiguity.type)), "
                    + "\"id\": \(Escaping.jsonString(ambiguity.id)), \"message\": \(Escaping.jsonString(ambiguity.message))}"
            )
        }
        output.write(report.ambiguities.isEmpty ? "]" : "\n  ]")
        // Only past the listed ones, so small reports keep their shape.
        if report.ambiguitiesNotListed > 0 {
            output.write(",\n  \"ambiguousNotListed\": \(report.ambiguitiesNotListed)")
        }
        // Only when .navgraph.yml allowed some, so reports without keep their shape.
        if !report.allowedModels.isEmpty {
            output.write(",\n  \"allowed\": [")
            for (index, leak) in report.allowedModels.enumerated() {
                output.write(
                    (index == 0 ? "" : ", ") + "{\"type\": \(Escaping.jsonString(leak.model.type)), "
                        + "\"id\": \(Escaping.jsonString(leak.model.id)), \"status\": \"\(leak.status.rawValue)\"}")
            }
            output.write("]")
        }
        output.write("\n}\n")
        return RenderSummary()
    }
}

extension LeakReport.Reason {
    /// The reason's name in JSON: `left`, `inNoDump`, `mayLiveInAnotherWindow`, `neverPlacedByLog`.
    var name: String {
        switch self {
        case .left: "left"
        case .inNoDump: "inNoDump"
        case .mayLiveIn: "mayLiveInAnotherWindow"
        case .neverPlacedByLog: "neverPlacedByLog"
        }
    }
}
