import NavGraphCore

/// Which property names of a dumped value mean navigation, as globs (`*` matches any run). Configurable in
/// `.navgraph.yml` (`dump:`); these are the defaults.
public struct DumpPropertyNames: Sendable, Equatable {
    /// An array property with one of these names is a stack; its elements are the pushed entries.
    public var stack: [String]
    /// A non-nil optional with one of these names is a presentation (its style from the name).
    public var presentation: [String]
    /// With a dictionary or array of routers beside it, a property with one of these names is the selected tab.
    public var selection: [String]

    public init(stack: [String], presentation: [String], selection: [String]) {
        self.stack = stack
        self.presentation = presentation
        self.selection = selection
    }

    public static let standard = DumpPropertyNames(
        stack: ["path", "*Path", "*Stack"],
        presentation: ["sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "presented*"],
        selection: ["selectedTab", "selection", "tab"])

    func isStack(_ label: String) -> Bool { Self.matches(stack, label) }
    func isPresentation(_ label: String) -> Bool { Self.matches(presentation, label) }
    func isSelection(_ label: String) -> Bool { Self.matches(selection, label) }

    /// The style a presentation's name says: `sheet`, `presentedSheet` → sheet; `presentedFullScreenCover` →
    /// fullScreenCover; a name that names no style (`presented`, `presentedRoute`) → presented.
    static func style(of label: String) -> PresentationStyle {
        let known: [PresentationStyle] = [.sheet, .fullScreenCover, .popover, .alert, .confirmationDialog]
        var name = Substring(label)
        if name.hasPrefix("presented") { name = name.dropFirst("presented".count) }
        let lowered = name.lowercased()
        return known.first { $0.name.lowercased() == lowered } ?? .unknown
    }

    private static func matches(_ patterns: [String], _ label: String) -> Bool {
        let name = Substring(label)
        return patterns.contains { ModelKindRules.glob($0, matches: name) }
    }
}

/// What `DumpPropertyNames` says of each label, judged once per label: dumps repeat a few labels (`path`,
/// `presentedSheet`, `key`, `value`) in every dump, and matching the globs each time was a twentieth of reading them.
final class DumpLabelMeanings {
    let names: DumpPropertyNames
    private var known: [String: (stack: Bool, presentation: Bool, selection: Bool)] = [:]
    /// Labels judged at most (the rest are judged each time): labels come from the input.
    private static let limit = 4096

    init(_ names: DumpPropertyNames) { self.names = names }

    func isStack(_ label: String) -> Bool { meaning(label).stack }
    func isPresentation(_ label: String) -> Bool { meaning(label).presentation }
    func isSelection(_ label: String) -> Bool { meaning(label).selection }

    /// `DumpPropertyNames.style(of:)`, judged once per label (it lowercases the name: about 1% of reading the bench
    /// log, once per presentation of every dump, perf).
    func style(of label: String) -> PresentationStyle {
        if let style = styles[label] { return style }
        let style = DumpPropertyNames.style(of: label)
        if styles.count < Self.limit { styles[label] = style }
        return style
    }

    private var styles: [String: PresentationStyle] = [:]

    private func meaning(_ label: String) -> (stack: Bool, presentation: Bool, selection: Bool) {
        if let meaning = known[label] { return meaning }
        let meaning = (names.isStack(label), names.isPresentation(label), names.isSelection(label))
        if known.count < Self.limit { known[label] = meaning }
        return meaning
    }
}
