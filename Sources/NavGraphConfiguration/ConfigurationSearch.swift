import Foundation

/// Where `.navgraph.yml` is looked for without `--config`: the working folder, then each parent up to the repository's
/// root (the first folder holding `.git`: a directory, or a file in a worktree or submodule) or the home folder,
/// whichever comes first — never above. A file above the repository decides nothing in it: an `allowed: ["*"]` in
/// `/tmp` or in a CI workspace's root made `leaks` pass every log below it. Outside any repository and outside the
/// home folder, only the working folder itself is searched.
public struct ConfigurationSearch: Sendable, Equatable {
    /// Where the search stops.
    public enum Boundary: Sendable, Equatable {
        /// The repository's root: the first folder holding `.git`.
        case repositoryRoot(String)
        /// The home folder, reached before any `.git`.
        case home(String)
        /// No repository and no home folder above it: only the working folder is searched.
        case workingFolder(String)
    }

    /// The folders searched, the working folder first.
    public let folders: [String]
    public let boundary: Boundary

    /// - Parameters:
    ///   - directory: the working folder.
    ///   - home: the home folder (`nil`: none), compared as written and with its symlinks resolved (`getcwd` gives
    ///     the resolved path).
    public init(from directory: String, home: String?) {
        let start = URL(fileURLWithPath: directory).standardizedFileURL.path
        let homes = Set(
            [home, home.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }].compactMap { $0 }.map {
                URL(fileURLWithPath: $0).standardizedFileURL.path
            })
        var folders: [String] = []
        var folder = start
        while true {
            folders.append(folder)
            if Self.exists(Self.path(folder, ".git")) {
                boundary = .repositoryRoot(folder)
                break
            }
            if homes.contains(folder) {
                boundary = .home(folder)
                break
            }
            let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().standardizedFileURL.path
            if parent == folder {
                boundary = .workingFolder(start)
                folders = [start]
                break
            }
            folder = parent
        }
        self.folders = folders
    }

    /// The first `.navgraph.yml` in the folders searched, and how many folders up from the working folder it is.
    /// One that is there but cannot be read (a symlink to nothing, a FIFO) is found, and its reading fails: a
    /// parent's file never stands in for it.
    public func file() -> (path: String, up: Int)? {
        for (up, folder) in folders.enumerated() {
            let path = Self.path(folder, NavGraphConfiguration.fileName)
            if Self.exists(path) { return (path, up) }
        }
        return nil
    }

    /// The folder the search stopped at.
    public var lastFolder: String {
        switch boundary {
        case .repositoryRoot(let folder), .home(let folder), .workingFolder(let folder): folder
        }
    }

    private static func path(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    /// Whether anything is at `path`, a symlink to nothing included.
    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
