/// A key as a terminal sends it (the command reads and decodes them; `ReplayNavigator` acts on them).
public enum TerminalKey: Equatable, Sendable {
    case left, right, up, down, pageUp, pageDown, home, end, enter, escape, backspace
    case character(Character)
}
