import Foundation

/// Whether a path stays in a folder's tree, as written and through its symlinks.
enum ConfinedPath {
    enum Outside: Equatable {
        /// `..` or an absolute path leads out of the folder.
        case outside
        /// The path is in the folder as written, and resolves (through symlinks) to this file outside it.
        case linkedOutside(String)
    }

    /// The folder holding `file`, absolute (a relative `file` is taken from the working folder).
    static func folder(of file: String) -> String {
        URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL.path
    }

    /// `nil` when `path` is in `folder`'s tree; else how it leaves it. A path that does not resolve (nothing there
    /// yet) is judged as written: reading it fails anyway.
    static func check(_ path: String, in folder: String) -> Outside? {
        let written = URL(fileURLWithPath: path).standardizedFileURL.path
        guard isInside(written, folder) else { return .outside }
        guard let target = resolved(path), let base = resolved(folder) else { return nil }
        return isInside(target, base) ? nil : .linkedOutside(target)
    }

    private static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// The path with every symlink resolved; `nil` when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
