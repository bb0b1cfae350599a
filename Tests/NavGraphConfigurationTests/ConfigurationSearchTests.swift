import Foundation
import NavGraphFormats
import Testing

@testable import NavGraphConfiguration

/// Where `.navgraph.yml` is looked for: up to the repository's root or the home folder, never above. A file above the
/// repository (`allowed: ["*"]` in `/tmp`, in a CI workspace's root) decided `leaks` for every log below it.
@Suite("Finding .navgraph.yml")
struct ConfigurationSearchTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("repo/app/logs"), withIntermediateDirectories: true)
        try "allowed: [\"*\"]\n".write(
            to: root.appendingPathComponent(".navgraph.yml"), atomically: true, encoding: .utf8)
    }

    private func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    @Test func theRepositorysRootIsTheBoundary() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(atPath: path("repo/.git"), withIntermediateDirectories: true)
        let search = ConfigurationSearch(from: path("repo/app/logs"), home: nil)
        #expect(search.folders == [path("repo/app/logs"), path("repo/app"), path("repo")])
        #expect(search.boundary == .repositoryRoot(path("repo")))
        #expect(search.file() == nil)
        let configuration = try NavGraphConfiguration.load(directory: path("repo/app/logs"), home: nil)
        #expect(configuration.file == nil && !configuration.isAllowed(type: "LeakedModel"))
        // The root's own file is read, from any folder below it.
        try "allowed: [Cache]\n".write(toFile: path("repo/.navgraph.yml"), atomically: true, encoding: .utf8)
        let found = try NavGraphConfiguration.load(directory: path("repo/app/logs"), home: nil)
        #expect(found.file == path("repo/.navgraph.yml") && found.shownFile == "../../.navgraph.yml")
        #expect(found.isAllowed(type: "Cache") && !found.isAllowed(type: "LeakedModel"))
    }

    /// A worktree or a submodule has a `.git` file, not a folder.
    @Test func aGitFileMarksARepositoryToo() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try "gitdir: /elsewhere\n".write(toFile: path("repo/.git"), atomically: true, encoding: .utf8)
        #expect(ConfigurationSearch(from: path("repo/app"), home: nil).boundary == .repositoryRoot(path("repo")))
    }

    @Test func theHomeFolderIsTheBoundary() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let search = ConfigurationSearch(from: path("repo/app"), home: path("repo"))
        #expect(search.boundary == .home(path("repo")) && search.folders.count == 2)
        #expect(search.file() == nil)
        // The home folder's own file applies below it.
        try "allowed: [Cache]\n".write(toFile: path("repo/.navgraph.yml"), atomically: true, encoding: .utf8)
        #expect(search.file()?.path == path("repo/.navgraph.yml") && search.file()?.up == 1)
    }

    /// Outside any repository and the home folder, only the working folder counts: its own file, not a parent's.
    @Test func elsewhereOnlyTheWorkingFolder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let below = ConfigurationSearch(from: path("repo/app"), home: nil)
        #expect(below.boundary == .workingFolder(path("repo/app")) && below.folders == [path("repo/app")])
        #expect(below.file() == nil)
        let here = try NavGraphConfiguration.load(directory: root.path, home: nil)
        #expect(here.file == path(".navgraph.yml") && here.shownFile == "./.navgraph.yml")
    }

    /// A `.navgraph.yml` that is there but cannot be read is an error, not skipped for a parent's.
    @Test func aBrokenFileIsFoundNotSkipped() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(atPath: path("repo/.git"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("repo/.navgraph.yml"), withDestinationPath: "/dev/zero")
        #expect(
            throws: ConfigurationError(
                file: path("repo/.navgraph.yml"), line: nil,
                message: "cannot read the configuration: not a regular file but a character device (such as /dev/zero)")
        ) {
            _ = try NavGraphConfiguration.load(directory: path("repo/app"), home: nil)
        }
    }
}
