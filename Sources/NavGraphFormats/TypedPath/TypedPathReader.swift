import NavGraphCore

/// Reads `print(path)` / `debugPrint(path)` of a typed path (`@State var path: [Route]`, printed from
/// `.onChange(of: path)`), the most common navigation debug line: `[Shop.Route.list(category: "shoes"),
/// Shop.Route.detail(id: 42)]`, with or without a label or console prefix before it, `[]` when empty. One state per
/// line, successive states of one stack, pushed in array order (`TypedPathEntries` gives the entries their ids).
public struct TypedPathReader: NavigationReader {
    private let diagnostics: DiagnosticHandler
    public private(set) var navigationLineCount = 0
    private var entries = TypedPathEntries()

    public init(diagnostics: DiagnosticHandler) {
        self.diagnostics = diagnostics
    }

    /// A line holding a typed path with at least one element: `[]` alone says too little (`subsequentItems: []`).
    public static func recognizes(_ line: ByteLine) -> Bool {
        guard line.contains(.openBracket), let state = TypedPathState.find(in: line) else { return false }
        return !state.elements.isEmpty
    }

    public mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        guard !info.truncated, line.contains(.openBracket), let state = TypedPathState.find(in: line) else {
            diagnostics.skipped(line: info.number) { line.text }
            return
        }
        let before = line.prefix(state.start)
        let word = Self.lastWord(of: before)
        let sameLabel = word.count == lastLabel.count && word.matches(lastLabel, at: 0)
        if state.elements.isEmpty {
            // An empty array is a state when labelled as the path's states are (`items: []` after `items: [Shop.…]`),
            // or as a path (`path: []`, `[]` alone); `favorites: []` is the app's own output.
            guard
                sameLabel || NavigationPathReader.looksLikePath(line.slice(from: state.start), labelledBy: before)
            else {
                diagnostics.skipped(line: info.number) { line.text }
                return
            }
        } else if !sameLabel {
            lastLabel = Array(word)
        }
        navigationLineCount += 1
        entries.update(to: state, in: line, number: info.number, into: &events)
    }

    /// The last word before the array of the last state with elements (`items:`; empty for none).
    private var lastLabel: [UInt8] = []

    /// The last word of `text`, spaces around it left out.
    private static func lastWord(of text: ByteLine) -> ByteLine {
        let end = text.startOfRun { $0 == .space || $0 == .tab }
        return text.slice(from: text.startOfRun(before: end) { $0 != .space && $0 != .tab }, to: end)
    }

    public mutating func finish(into events: inout [NavEvent]) {}
}
