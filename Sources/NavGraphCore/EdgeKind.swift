/// How a child hangs from its parent.
public enum EdgeKind: Hashable, Sendable {
    /// An entry of a stack's path (the first one is the stack's root entry).
    case push
    /// A tab of a tabs container.
    case tab
    /// The current content of a switch container.
    case `switch`
    /// A column of a split view.
    case column(SplitColumn)
    /// A modal presentation: sheet, fullScreenCover, popover, alert, confirmationDialog, a custom name,
    /// or `presented` when the style is unknown (a SwiftUINavigation dump never says sheet vs. cover).
    case presented(PresentationStyle)
    /// Nothing better is known.
    case child

    /// The name used in JSON and on diagrams: `push`, `tab`, `switch`, `column`, the presentation style, `child`.
    public var name: String {
        switch self {
        case .push: "push"
        case .tab: "tab"
        case .switch: "switch"
        case .column: "column"
        case .presented(let style): style.name
        case .child: "child"
        }
    }

    public var isPresentation: Bool {
        if case .presented = self { return true }
        return false
    }
}

/// A column of a `NavigationSplitView`, ordered as they stand: sidebar, content, detail.
public enum SplitColumn: String, Sendable, CaseIterable, Comparable {
    case sidebar, content, detail

    public static func < (lhs: SplitColumn, rhs: SplitColumn) -> Bool { lhs.position < rhs.position }

    private var position: Int {
        switch self {
        case .sidebar: 0
        case .content: 1
        case .detail: 2
        }
    }
}

/// The style of a modal presentation. Known SwiftUI styles have constants; apps may use their own names.
public struct PresentationStyle: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }

    public static let sheet = PresentationStyle("sheet")
    public static let fullScreenCover = PresentationStyle("fullScreenCover")
    public static let popover = PresentationStyle("popover")
    public static let alert = PresentationStyle("alert")
    public static let confirmationDialog = PresentationStyle("confirmationDialog")
    /// Presented, style unknown.
    public static let unknown = PresentationStyle("presented")

    public var description: String { name }
}
