import NavGraphCore

/// What a model's type name says about it. Kept as data: the first matching rule wins.
public struct ModelKindRule: Sendable, Equatable {
    /// A glob over the type's base name (generic arguments and module qualification removed); `*` matches any run.
    public var pattern: String
    /// The node kind of a model of this type, when it is a container.
    public var kind: NodeKind?
    /// The presentation style, when a model of this type is only ever presented (an alert, a dialog).
    public var presentation: PresentationStyle?

    public init(_ pattern: String, kind: NodeKind? = nil, presentation: PresentationStyle? = nil) {
        self.pattern = pattern
        self.kind = kind
        self.presentation = presentation
    }
}

/// The rule table for SwiftUINavigation type names, current (`…NavigationModel`) and pre-2.0 (`…NavigationNode`).
public struct ModelKindRules: Sendable {
    public var rules: [ModelKindRule]

    public init(rules: [ModelKindRule]) { self.rules = rules }

    public static let swiftUINavigation = ModelKindRules(
        rules: {
            // The library's own presented models, by exact name. `CustomConfirmationDialogNavigationModel` is an
            // app's screen (presented in a sheet), so no wildcard here.
            let presented: [(String, PresentationStyle)] = [
                ("AlertNavigation", .alert),
                ("ConfirmationDialogNavigation", .confirmationDialog),
                ("PhotosPickerNavigation", PresentationStyle("photosPicker")),
                // Shown in a sheet by the library's examples, but the style is the presenter's choice.
                ("SFSafariNavigation", .unknown),
                ("ActivityNavigation", .unknown),
            ]
            var rules: [ModelKindRule] = []
            for (stem, style) in presented {
                rules.append(ModelKindRule(stem + "Model", presentation: style))
                rules.append(ModelKindRule(stem + "Node", presentation: style))
            }
            rules += [
                ModelKindRule("*StackRoot*", kind: .stack),
                ModelKindRule("*TabsRoot*", kind: .tabs),
                ModelKindRule("*Tabs*NavigationModel", kind: .tabs),
                ModelKindRule("*Tabs*NavigationNode", kind: .tabs),
                ModelKindRule("*Switched*", kind: .switch),
                ModelKindRule("*SplitRoot*", kind: .split),
                ModelKindRule("*Split*NavigationModel", kind: .split),
                ModelKindRule("*Split*NavigationNode", kind: .split),
            ]
            return rules
        }())

    public func rule(for type: String) -> ModelKindRule? {
        let name = Self.baseName(of: type)
        return rules.first { Self.glob($0.pattern, matches: name) }
    }

    /// `Module.Outer.Name<A, B>` → `Name`.
    public static func baseName(of type: String) -> Substring {
        var name = Substring(type)
        if let angle = name.firstIndex(of: "<") { name = name[..<angle] }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return name
    }

    /// Glob match with `*` only; iterative with single backtrack point (linear for these patterns).
    public static func glob(_ pattern: String, matches text: Substring) -> Bool {
        let p = Array(pattern.utf8)
        let t = Array(text.utf8)
        var pi = 0
        var ti = 0
        var star = -1
        var mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] != UInt8(ascii: "*"), p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
