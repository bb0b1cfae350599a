/// What a node of the navigation hierarchy is, as far as navgraph can tell.
public enum NodeKind: String, Sendable, CaseIterable, Codable {
    /// A plain screen (a model with no children of its own other than what it presents).
    case screen
    /// A `NavigationStack`: an ordered path whose first entry is the stack's root screen.
    case stack
    /// A `TabView`: ordered tabs, one selected.
    case tabs
    /// A root that swaps its single content child (login flow ⇄ tabs, free ⇄ premium).
    case `switch`
    /// A `NavigationSplitView`: sidebar, optional content, detail columns.
    case split

    /// With an article, for messages: "a stack", "a tabs container".
    public var described: String {
        switch self {
        case .screen: "a screen"
        case .stack: "a stack"
        case .tabs: "a tabs container"
        case .switch: "a switch"
        case .split: "a split view"
        }
    }
}
