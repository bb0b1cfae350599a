import CustomDump

/// Plays a scripted session as a store with `._printChanges()` does: each action is reduced, then printed with the
/// state before and after it (DebugReducer.swift). Alongside, `expected` records what navigation the app shows after
/// each action, worked out from the real state value (not from the printed diff).
final class Session<State, Action> {
    var state: State
    let navigation: (State) -> [String]
    private(set) var expected = ""
    private var count = 0

    init(_ state: State, navigation: @escaping (State) -> [String]) {
        self.state = state
        self.navigation = navigation
    }

    /// App output printed between actions (not navigation).
    func appPrint(_ line: String) { print(line) }

    func send(_ action: Action, _ reduce: (inout State) -> Void) {
        let old = state
        reduce(&state)
        printChange(receivedAction: action, oldState: old, newState: state)
        count += 1
        expected += "== action \(count)\n" + navigation(state).map { $0 + "\n" }.joined()
    }
}

/// One line of the expected outline: `edge id type [kind]`, indented two spaces a level.
func outline(_ depth: Int, _ edge: String, _ id: String, _ type: String, _ kind: String? = nil, selected: Bool = false)
    -> String
{
    String(repeating: "  ", count: depth) + "\(edge) \(id) \(type)" + (kind.map { " [\($0)]" } ?? "")
        + (selected ? " (selected)" : "")
}
