import Foundation

/// The files of the package's `templates/` folder, embedded at build time by `EmbedTemplatesPlugin`.
public enum Templates {
    /// The embedded template at `path` (relative to `templates/`, e.g. `"dot/light.dot.mustache"`), as text.
    public static func named(_ path: String) -> String? {
        guard let encoded = GeneratedTemplates.base64[path], let data = Data(base64Encoded: encoded) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every embedded template path, sorted.
    public static var names: [String] { GeneratedTemplates.base64.keys.sorted() }
}
