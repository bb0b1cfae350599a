import NavGraphTemplates

/// The themes built into navgraph, by name: each is a DOT theme (`templates/dot/NAME.dot.mustache`, for diagrams)
/// and an HTML theme (`templates/html/NAME.html.mustache`, for `replay --html`), so one `--theme NAME` styles both.
public enum BuiltInThemes {
    public static let defaultName = "light"

    /// Every built-in theme's name, sorted.
    public static var names: [String] {
        Templates.names.compactMap { path in
            guard path.hasPrefix("dot/"), path.hasSuffix(".dot.mustache") else { return nil }
            return String(path.dropFirst("dot/".count).dropLast(".dot.mustache".count))
        }
    }

    public static func dotTemplatePath(_ name: String) -> String { "dot/\(name).dot.mustache" }
    public static func htmlTemplatePath(_ name: String) -> String { "html/\(name).html.mustache" }
}
