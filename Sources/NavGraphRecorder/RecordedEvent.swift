/// One navgraph-events v1 event as the recorder is about to write it: what a `RecordingFilter` sees and may change.
/// Field names and meanings are those of `docs/navgraph-events-v1.md`; a field that is `nil` is not written.
public struct RecordedEvent: Sendable, Equatable {
    /// The events of navgraph-events v1 an app records (a `snapshot` is navgraph's, not an app's).
    public enum Name: String, Sendable, CaseIterable {
        case start, finish, root, push, pop, setPath, present, dismiss, tab, select, `switch`, column
        case openWindow, closeWindow, mark
    }

    /// What a model is, when it is a container (`kind` on any event that names a `type`).
    public enum Kind: String, Sendable, CaseIterable {
        case screen, stack, tabs, `switch`, split
    }

    /// A split view's column.
    public enum Column: String, Sendable, CaseIterable {
        case sidebar, content, detail
    }

    /// How a model is presented: one of SwiftUI's, or a custom name.
    public struct Style: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }

        public static let sheet = Style(rawValue: "sheet")
        public static let fullScreenCover = Style(rawValue: "fullScreenCover")
        public static let popover = Style(rawValue: "popover")
        public static let alert = Style(rawValue: "alert")
        public static let confirmationDialog = Style(rawValue: "confirmationDialog")
    }

    /// An element of a `setPath`'s `ids`: an entry the stack already holds, by id, or one stated whole (its type and
    /// kind), which navgraph creates when no model has that id yet.
    public struct PathEntry: Sendable, Hashable {
        public var id: String
        /// `nil` for an entry that already exists.
        public var type: String?
        public var kind: Kind?

        /// An entry the stack (or the log) already has.
        public static func existing(_ id: String) -> PathEntry { PathEntry(id: id, type: nil, kind: nil) }

        /// An entry navgraph creates, as a `push` would.
        public static func new(_ id: String, type: String, kind: Kind? = nil) -> PathEntry {
            PathEntry(id: id, type: type, kind: kind)
        }
    }

    public var name: Name
    public var id: String?
    public var type: String?
    public var kind: Kind?
    public var parent: String?
    public var window: String?
    public var style: Style?
    public var title: String?
    public var column: Column?
    /// `pop`'s count; not written when 1.
    public var count: Int?
    /// `setPath`'s entries, root entry first.
    public var entries: [PathEntry]?
    public var label: String?

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
