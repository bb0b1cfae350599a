/// One navgraph-events v1 event as the recorder is about to write it: what a `RecordingFilter` sees and may change.
/// Field names and meanings are those of `docs/navgraph-events-v1.md`; a field that is `nil` is not written.
public struct RecordedEvent: Sendable, Equatable {
    /// The events of navgraph-events v1 an app records (a `snapshot` is navgraph's, not an app's).
    public enum Name: String, Sendable, CaseIterable {
        /// The model exists (created and started): `id`, `type`.
        case start
        /// The model was deallocated: `id`.
        case finish
        /// The model is the root of `window` (`"main"` when `nil`): `id`, `type`.
        case root
        /// Appended to the stack `parent`; a stack's first entry is its root entry: `id`, `type`, `parent`.
        case push
        /// The last `count` (1 when `nil`) entries of the stack `parent` leave, never its root entry.
        case pop
        /// The stack `parent` now holds exactly `entries`, root entry first.
        case setPath
        /// Presented on `parent` with `style`: `id`, `type`.
        case present
        /// The presented model `id` leaves, with everything it presents.
        case dismiss
        /// A tab added to the tabs container `parent`, with an optional `title`: `id`, `type`.
        case tab
        /// The tab `id` becomes the selected tab of `parent`.
        case select
        /// The switch container `parent` now shows `id` (of `type`); the one it showed before leaves.
        case `switch`
        /// The split view `parent` shows `id` (of `type`) in `column`.
        case column
        /// The window `window` opens with `id` (of `type`) as its root.
        case openWindow
        /// The window `window` closes; its hierarchy leaves.
        case closeWindow
        /// An annotation, `label`, shown in navgraph's history.
        case mark
    }

    /// What a model is, when it is a container (`kind` on any event that names a `type`).
    public enum Kind: String, Sendable, CaseIterable {
        /// A plain screen: not a container (what a model is when no kind is given and nothing is pushed onto it).
        case screen
        /// A navigation stack: `push`, `pop` and `setPath` name it as their `parent`.
        case stack
        /// A tabs container: `tab` and `select` name it.
        case tabs
        /// A container that shows one child at a time (a root that switches from login to the main screens).
        case `switch`
        /// A split view: `column` names it.
        case split
    }

    /// A split view's column.
    public enum Column: String, Sendable, CaseIterable {
        /// The leading column.
        case sidebar
        /// The middle column of a three-column split view.
        case content
        /// The trailing column.
        case detail
    }

    /// How a model is presented: one of SwiftUI's, or a custom name.
    public struct Style: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The name written in the event's `style` field.
        public var rawValue: String
        /// A style by name: one of SwiftUI's below, or any name of the app's own (a custom transition, say).
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A style written as a string literal: `style: "drawer"`.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// SwiftUI's `.sheet` modifiers.
        public static let sheet = Style(rawValue: "sheet")
        /// SwiftUI's `.fullScreenCover` modifiers (iOS, tvOS, watchOS, visionOS).
        public static let fullScreenCover = Style(rawValue: "fullScreenCover")
        /// SwiftUI's `.popover` modifiers.
        public static let popover = Style(rawValue: "popover")
        /// SwiftUI's `.alert` modifiers.
        public static let alert = Style(rawValue: "alert")
        /// SwiftUI's `.confirmationDialog` modifiers.
        public static let confirmationDialog = Style(rawValue: "confirmationDialog")
    }

    /// An element of a `setPath`'s `ids`: an entry the stack already holds, by id, or one stated whole (its type and
    /// kind), which navgraph creates when no model has that id yet.
    public struct PathEntry: Sendable, Hashable {
        /// The entry's model id.
        public var id: String
        /// The type of the entry navgraph creates; `nil` for an entry that already exists.
        public var type: String?
        /// The created entry's kind, when it is a container itself (a stack within a stack); `nil` otherwise.
        public var kind: Kind?

        /// An entry the stack (or the log) already has.
        public static func existing(_ id: String) -> PathEntry { PathEntry(id: id, type: nil, kind: nil) }

        /// An entry navgraph creates, as a `push` would.
        public static func new(_ id: String, type: String, kind: Kind? = nil) -> PathEntry {
            PathEntry(id: id, type: type, kind: kind)
        }
    }

    /// Which event it is: its `event` field.
    public var name: Name
    /// The model the event is about (the one started, pushed, presented, selected…).
    public var id: String?
    /// The model's type name, as navgraph shows it (`DetailViewModel`); can hold user data, so a filter may redact it.
    public var type: String?
    /// What the model is when it is a container; `nil` lets navgraph tell from the events it receives.
    public var kind: Kind?
    /// The container the event acts on: the stack of a `push`, `pop` or `setPath`, the model a `present` shows over,
    /// the tabs of a `tab` or `select`, the switch of a `switch`, the split view of a `column`.
    public var parent: String?
    /// The window of a `root`, `openWindow` or `closeWindow`; `nil` for `"main"` on a `root`.
    public var window: String?
    /// How a `present` shows its model.
    public var style: Style?
    /// A `tab`'s title, as the tab bar shows it; can hold user data.
    public var title: String?
    /// The column of a `column` event.
    public var column: Column?
    /// `pop`'s count; not written when 1.
    public var count: Int?
    /// `setPath`'s entries, root entry first.
    public var entries: [PathEntry]?
    /// A `mark`'s text; can hold user data.
    public var label: String?

    /// An event with the fields it needs for `name` (see ``Name``); fields left `nil` are not written.
    public init(
        _ name: Name, id: String? = nil, type: String? = nil, kind: Kind? = nil, parent: String? = nil,
        window: String? = nil, style: Style? = nil, title: String? = nil, column: Column? = nil, count: Int? = nil,
        entries: [PathEntry]? = nil, label: String? = nil
    ) {
        self.name = name
        self.id = id
        self.type = type
        self.kind = kind
        self.parent = parent
        self.window = window
        self.style = style
        self.title = title
        self.column = column
        self.count = count
        self.entries = entries
        self.label = label
    }
}

/// Decides, once per event and before it is written, whether it is written and with what: return `nil` to drop the
/// event, or the event with fields changed (type names, titles and labels can hold user data: redact them here).
/// Called on the recording thread, with the recorder's lock held: keep it short, and do not record from it.
public typealias RecordingFilter = @Sendable (RecordedEvent) -> RecordedEvent?
