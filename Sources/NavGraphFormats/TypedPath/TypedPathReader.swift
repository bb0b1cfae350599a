import NavGraphCore

/// Reads `print(path)` / `debugPrint(path)` of a typed path (`@State var path: [Route]`, printed from
/// `.onChange(of: path)`), the most common navigation debug line: `[Shop.Route.list(category: "shoes"),
/// Shop.Route.detail(id: 42)]`, with or without a label or console prefix before it, `[]` when empty. One state per
/// line, successive states of one stack, pushed in array order (`TypedPathEntries` gives the entries their ids).
public final class TypedPathReader: NavigationReader {
    private let diagnostics: DiagnosticHandler
    @exclusivity(unchecked) public private(set) var navigationLineCount = 0
    @exclusivity(unchecked) private var entries = TypedPathEntries()

    public init(diagnostics: DiagnosticHandler) {
        self.diagnostics = diagnostics
    }

    /// A line holding a typed path with at least one element: `[]` alone says too little (`subsequentItems: []`).
    public static func recognizes(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.contains(.openBracket), let state = TypedPathState.find(in: line) else { return false }
        return !state.elements.isEmpty
    }

    public func read(_ line: UnsafeBufferPointer<UInt8>, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        guard !info.truncated, line.contains(.openBracket), let state = TypedPathState.find(in: line) else {
            diagnostics.skipped(line: info.number) { String(decoding: line, as: UTF8.self) }
            return
        }
        let before = UnsafeBufferPointer(rebasing: line[..<state.start])
        let word = Self.lastWord(of: before)
        if state.elements.isEmpty {
            // An empty array is a state when labelled as the path's states are (`items: []` after `items: [Shop.…]`),
            // or as a path (`path: []`, `[]` alone); `favorites: []` is the app's own output.
            guard
                word.elementsEqual(lastLabel)
                    || NavigationPathReader.looksLikePath(
                        UnsafeBufferPointer(rebasing: line[state.start...]), labelledBy: before)
            else {
                diagnostics.skipped(line: info.number) { String(decoding: line, as: UTF8.self) }
                return
            }
        } else if !word.elementsEqual(lastLabel) {
            lastLabel = Array(word)
        }
        navigationLineCount += 1
        entries.update(to: state, in: line, number: info.number, into: &events)
    }

    /// The last word before the array of the last state with elements (`items:`; empty for none).
    @exclusivity(unchecked) private var lastLabel: [UInt8] = []

    /// The last word of `text`, spaces around it left out.
    private static func lastWord(of text: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var end = text.count
        while end > 0, text[end - 1] == .space || text[end - 1] == .tab { end -= 1 }
        var start = end
        while start > 0, text[start - 1] != .space, text[start - 1] != .tab { start -= 1 }
        return text[start..<end]
    }

    public func finish(into events: inout [NavEvent]) {}
}
