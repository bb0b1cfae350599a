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

    /// A label matches as printed (`_path` named in `.navgraph.yml`) or as declared (`path` for `_path`).
    func isStack(_ label: String) -> Bool { Self.matches(stack, label) }
    func isPresentation(_ label: String) -> Bool { Self.matches(presentation, label) }
    func isSelection(_ label: String) -> Bool { Self.matches(selection, label) }

    /// The property's name as its type declares it: `@Observable` stores `var path` as `_path`, a property wrapper
    /// (`@Published var path`) is stored as `_path` too, and `dump()` prints the stored name. `_name` → `name`;
    /// `_$observationRegistrar`, `__x` and a lone `_` are left as they are.
    static func declaredName(_ label: String) -> String {
        guard let declared = declaredNameIfStored(label) else { return label }
        return String(declared)
    }

    static func declaredNameIfStored(_ label: String) -> Substring? {
        var bytes = label.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "_"), let second = bytes.next(), second != UInt8(ascii: "_"),
            second != UInt8(ascii: "$")
        else { return nil }
        return label.dropFirst()
    }

    /// Internal state a macro adds (`_$observationRegistrar` of `@Observable`): never navigation, never shown.
    static func isGenerated(_ label: String) -> Bool {
        var bytes = label.utf8.makeIterator()
        return bytes.next() == UInt8(ascii: "_") && bytes.next() == UInt8(ascii: "$")
    }

    /// The style a presentation's name says: `sheet`, `presentedSheet` → sheet; `presentedFullScreenCover` →
    /// fullScreenCover; a name that names no style (`presented`, `presentedRoute`) → presented.
    static func style(of label: String) -> PresentationStyle {
        let known: [PresentationStyle] = [.sheet, .fullScreenCover, .popover, .alert, .confirmationDialog]
        var name = declaredNameIfStored(label) ?? Substring(label)
        if name.hasPrefix("presented") { name = name.dropFirst("presented".count) }
        let lowered = name.lowercased()
        return known.first { $0.name.lowercased() == lowered } ?? .unknown
    }

    private static func matches(_ patterns: [String], _ label: String) -> Bool {
        let name = Substring(label)
        if patterns.contains(where: { ModelKindRules.glob($0, matches: name) }) { return true }
        guard let declared = declaredNameIfStored(label) else { return false }
        return patterns.contains { ModelKindRules.glob($0, matches: declared) }
    }
}

/// What `DumpPropertyNames` says of each label, judged once per label while it is recent: dumps repeat a few labels
/// (`path`, `presentedSheet`, `key`, `value`) in every dump, and matching the globs each time cost more than the rest
/// of reading the label. Found by `SlotIndex`'s hash of the label (a dictionary hashes every label with SipHash at
/// each look-up).
final class DumpLabelMeanings {
    let names: DumpPropertyNames
    private struct Known {
        var label: String
        var meaning: (stack: Bool, presentation: Bool, selection: Bool)
        var style: PresentationStyle?
    }

    private var known = RecentItems<Known>(size: 1024)

    init(_ names: DumpPropertyNames) { self.names = names }

    func isStack(_ label: String) -> Bool { meaning(label).stack }
    func isPresentation(_ label: String) -> Bool { meaning(label).presentation }
    func isSelection(_ label: String) -> Bool { meaning(label).selection }

    /// `DumpPropertyNames.style(of:)`, judged once per label (it lowercases the name, once per presentation of every
    /// dump).
    func style(of label: String) -> PresentationStyle {
        let hash = SlotIndex.hash(label)
        if let style = known.lookUp(hash: hash, { $0.label == label ? $0.style : nil }) { return style }
        let style = DumpPropertyNames.style(of: label)
        known.store(Known(label: label, meaning: meaning(label, hash: hash), style: style), hash: hash)
        return style
    }

    private func meaning(_ label: String) -> (stack: Bool, presentation: Bool, selection: Bool) {
        meaning(label, hash: SlotIndex.hash(label))
    }

    private func meaning(_ label: String, hash: UInt64) -> (stack: Bool, presentation: Bool, selection: Bool) {
        if let meaning = known.lookUp(hash: hash, { $0.label == label ? $0.meaning : nil }) { return meaning }
        let meaning = (names.isStack(label), names.isPresentation(label), names.isSelection(label))
        known.store(Known(label: label, meaning: meaning, style: nil), hash: hash)
        return meaning
    }
}
