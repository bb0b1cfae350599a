import Foundation
import NavGraphFormats

/// The files a format's fuzzing starts from, as its definition names them (`fuzzSeeds`).
public enum FuzzSeeds {
    /// The seed files of `format` under `root` (the repository), in name order per pattern; a pattern's `*` (in its
    /// last component) stands for any run of characters.
    public static func paths(for format: InputFormat, in root: String) -> [String] {
        paths(for: format.fuzzSeeds, in: root)
    }

    /// The files `patterns` name under `root`, in name order per pattern.
    public static func paths(for patterns: [String], in root: String) -> [String] {
        patterns.flatMap { pattern -> [String] in
            let url = URL(fileURLWithPath: root).appendingPathComponent(pattern)
            let name = url.lastPathComponent
            guard let star = name.firstIndex(of: "*") else {
                return FileManager.default.fileExists(atPath: url.path) ? [pattern] : []
            }
            let (prefix, suffix) = (name[..<star], name[name.index(after: star)...])
            let folder = url.deletingLastPathComponent()
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let relativeFolder = (pattern as NSString).deletingLastPathComponent
            return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) && $0.count >= name.count - 1 }.sorted()
                .map { relativeFolder.isEmpty ? $0 : relativeFolder + "/" + $0 }
        }
    }
}
