import NavGraphCore

/// What part of the hierarchy a drawing holds: all of it, or the subtree under one model (`render --focus`), and
/// how deep below its top (`--depth`: deeper models folded into "… N more" nodes). The ways to a drawing that still
/// reads at a document's width when the whole app does not (`DrawingReadability`).
public struct DrawingScope: Sendable, Equatable {
    /// The key of the model whose subtree is drawn; `nil` for every window.
    public var focus: String?
    /// Models deeper than this below the top of what is drawn (a window's root, or the focus) are folded.
    public var maxDepth: Int?

    public init(focus: String? = nil, maxDepth: Int? = nil) {
        self.focus = focus
        self.maxDepth = maxDepth
    }

    /// What `--focus TEXT` names in `hierarchy`: a placed model whose id is `text`, else an open window named `text`
    /// (its root: the whole window, as the readability note's "one window" means), else the only model whose id
    /// starts with it, else the first (in drawing order) whose type is `text`.
    public enum Match: Equatable, Sendable {
        case model(key: String)
        /// Several models' ids start with it: their ids, the first few.
        case ambiguous(ids: [String])
        /// Nothing: the types placed and the open windows' names, sorted.
        case none(types: [String], windows: [String])
    }

    public static func match(_ text: String, in hierarchy: Hierarchy) -> Match {
        let placed = hierarchy.openWindows.flatMap { hierarchy.preorder(window: $0.name).map(\.node) }
        if let exact = placed.first(where: { $0.model.id == text || $0.key == text }) { return .model(key: exact.key) }
        if let root = hierarchy.openWindows.first(where: { $0.name == text })?.root { return .model(key: root) }
        let prefixed = placed.filter { $0.model.id.hasPrefix(text) }
        if prefixed.count == 1 { return .model(key: prefixed[0].key) }
        if prefixed.count > 1 { return .ambiguous(ids: prefixed.prefix(5).map(\.model.id)) }
        if let typed = placed.first(where: { $0.model.type == text || $0.model.qualifiedType == text }) {
            return .model(key: typed.key)
        }
        return .none(types: Set(placed.map(\.model.type)).sorted(), windows: hierarchy.openWindows.map(\.name).sorted())
    }
}
