import Foundation
import NavGraphFormats
import Testing

@testable import NavGraphConfiguration

/// A configuration's theme is a file in the configuration's folder or below: `/etc/hostname` went into the output,
/// `/dev/zero` was read without end, `/dev/stdin` swallowed the piped log.
@Suite("defaults.theme stays in the configuration's folder")
struct ConfiguredThemeTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("themes"), withIntermediateDirectories: true)
        try "digraph {}\n".write(
            to: folder.appendingPathComponent("themes/mine.dot.mustache"), atomically: true, encoding: .utf8)
    }

    private func load(_ theme: String) throws(ConfigurationError) -> NavGraphConfiguration {
        let file = folder.appendingPathComponent(".navgraph.yml").path
        try? "defaults:\n  theme: \(theme)\n".write(toFile: file, atomically: true, encoding: .utf8)
        return try NavGraphConfiguration.load(explicitFile: file, themes: ["light", "dark"])
    }

    private func mistake(_ theme: String) -> String? {
        do {
            _ = try load(theme)
            return nil
        } catch {
            #expect(error.line == 2)
            return error.message
        }
    }

    @Test func aFileInTheFolderIsRead() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for theme in ["themes/mine.dot.mustache", "./themes/../themes/mine.dot.mustache", "light"] {
            #expect(throws: Never.self, "\(theme)") { _ = try load(theme) }
        }
        #expect(try load(folder.path + "/themes/mine.dot.mustache").defaults.theme != nil)
    }

    @Test(arguments: ["../elsewhere.dot.mustache", "/etc/hostname", "/dev/zero", "/dev/stdin", "themes/../../x.dot"])
    func aPathOutsideIsAMistakeAtItsLine(_ theme: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let resolved = URL(fileURLWithPath: folder.path).standardizedFileURL.path
        #expect(
            mistake(theme)
                == "'defaults.theme': theme '\(theme)' is outside this file's folder (\(resolved)); a configuration's "
                + "theme is a file in its folder or below (give another one with --theme)")
    }

    @Test func aSymlinkOutIsAMistakeToo() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("themes/zero.dot.mustache").path, withDestinationPath: "/dev/zero")
        #expect(
            mistake("themes/zero.dot.mustache")?.contains("is a symlink to /dev/zero, outside this file's folder")
                == true)
    }

    @Test func onlyARegularFileUnderTheLimit() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("themes/big.dot.mustache")
        try Data(repeating: 0x20, count: TextFile.sizeLimit + 1).write(to: big)
        #expect(
            mistake("themes/big.dot.mustache")
                == "'defaults.theme': theme 'themes/big.dot.mustache': cannot read it: larger than 1 MiB, more than a "
                + "theme or a configuration holds")
        #expect(mkfifo(folder.appendingPathComponent("themes/pipe.dot").path, 0o600) == 0)
        #expect(
            mistake("themes/pipe.dot")?.hasSuffix(
                "cannot read it: not a regular file but a FIFO (a pipe, such as /dev/stdin's)") == true)
    }
}
