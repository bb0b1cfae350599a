import Foundation
import NavGraphFormats
import NavGraphTestSupport
import Testing

/// Configurations and themes are read whole: only a regular file, of at most `TextFile.sizeLimit` bytes.
@Suite("Text files read whole", .tags(.memory))
struct TextFileTests {
    @Test func aRegularFileIsRead() throws {
        let file = try temporaryFile("digraph {}\n")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(TextFile.contents(of: file.path) == .success("digraph {}\n"))
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let file = try temporaryFile([UInt8](repeating: 0x20, count: 11))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(TextFile.contents(of: file.path, limit: 10) == .failure(TextFileError(.tooLarge(limit: 10))))
        #expect(TextFile.contents(of: file.path, limit: 11) == .success(String(repeating: " ", count: 11)))
    }

    /// A FIFO with no writer: opening it waited for one, for good.
    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("theme.dot").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(resultWithin { TextFile.contents(of: fifo) } == .failure(TextFileError(.notRegularFile(.fifo))))
    }

    @Test func devicesAndFoldersAreRefused() throws {
        #expect(TextFile.contents(of: "/dev/null") == .failure(TextFileError(.notRegularFile(.characterDevice))))
        #expect(
            TextFileError(.notRegularFile(.characterDevice)).reason
                == "not a regular file but a character device (such as /dev/zero)")
        if case .failure(let error) = TextFile.contents(of: FileManager.default.temporaryDirectory.path) {
            #expect(error.reason == "Is a directory")
        } else {
            Issue.record("a folder was read")
        }
    }
}
