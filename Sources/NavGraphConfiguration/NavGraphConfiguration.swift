import NavGraphCore
import NavGraphFormats

/// What a `.navgraph.yml` says, on top of the built-in behaviour: kind rules for type names, the `dump()` reader's
/// property names, types allowed to outlive their screen, and defaults for options. Each value remembers where it
/// came from, for `navgraph config --print`.
public struct NavGraphConfiguration: Sendable {
    /// Where a value came from: `built-in`, or `FILE:LINE`.
    public typealias Origin = String
    public static let builtIn: Origin = "built-in"

    /// The file read, when there was one.
    public var file: String?
    /// The file as messages name it: one given with `--config` as given, a found one from the working folder
    /// (`./.navgraph.yml`, `../.navgraph.yml`).
    public var shownFile: String?
    /// Where `.navgraph.yml` was looked for; `nil` when `--config` named the file.
    public var search: ConfigurationSearch?
    /// Rules from the file, in front of the built-in ones (the first match wins).
    public var kindRules: [(rule: ModelKindRule, origin: Origin)] = []
    public var dumpPropertyNames = DumpPropertyNames.standard
    public var dumpPropertyNamesOrigin: (stack: Origin, presentation: Origin, selection: Origin) =
        (builtIn, builtIn, builtIn)
    /// Globs over type names of models allowed to outlive their screen (shared singletons, caches).
    public var allowed: [(pattern: String, origin: Origin)] = []
    public var defaults = Defaults()
    /// Globs over type names that `navgraph diagram` always collapses (draws its edges past).
    public var diagramCollapse: [(pattern: String, origin: Origin)] = []

    /// Option defaults; `nil` where the file says nothing (the command's own default applies).
    public struct Defaults: Sendable {
        public var theme: (path: String, origin: Origin)?
        /// `TB` or `LR`.
        public var direction: (value: String, origin: Origin)?
        public var maxNodes: (value: Int, origin: Origin)?
        /// A type-name suffix diagrams leave out (`NavigationModel`).
        public var stripSuffix: (value: String, origin: Origin)?

        /// What `render` does when neither its options nor the file say.
        public static let builtInDirection = "TB"
        public static let builtInMaxNodes = 2000
    }

    public init() {}

    /// The kind rules in force: the file's, then the built-in ones.
    public var modelKindRules: ModelKindRules {
        ModelKindRules(rules: kindRules.map(\.rule) + ModelKindRules.swiftUINavigation.rules)
    }

    /// Whether a model of this type is allowed to outlive its screen.
    public func isAllowed(type: String) -> Bool { allowance(for: type) != nil }

    /// The first `allowed` glob that matches the type, with where the file says it.
    public func allowance(for type: String) -> (pattern: String, origin: Origin)? {
        let name = ModelKindRules.baseName(of: type)
        return allowed.first {
            ModelKindRules.glob($0.pattern, matches: name) || ModelKindRules.glob($0.pattern, matches: Substring(type))
        }
    }
}
