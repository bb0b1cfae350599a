import Foundation

/// The repository's root, found from this file's path (`Tests/NavGraphTestSupport/…`).
public let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The path of an example in `examples/`.
public func example(_ name: String) -> String { repositoryRoot.appendingPathComponent("examples/\(name)").path }

/// A copy of a sample from the shared corpus, in `Tests/NavGraphFormatsTests/Fixtures/corpus/`.
public func corpusFixture(_ name: String) -> URL {
    repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/corpus/\(name)")
}

/// The project's shared corpus of real samples (`../shared/corpus` beside the repository), `nil` in a clone
/// without it.
public let sharedCorpus: URL? = {
    let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()

/// A new, empty folder under the temporary directory; the caller removes it.
public func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A new file under the temporary directory holding `bytes`; the caller removes it.
public func temporaryFile(_ bytes: [UInt8], suffix: String = ".log") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "navgraph-test-\(UUID().uuidString)\(suffix)")
    try Data(bytes).write(to: url)
    return url
}

/// A new file under the temporary directory holding `text`; the caller removes it.
public func temporaryFile(_ text: String, suffix: String = ".log") throws -> URL {
    try temporaryFile(Array(text.utf8), suffix: suffix)
}

/// Makes an empty file (or empties one), failing loudly instead of returning `false` as `FileManager` does.
public func createEmptyFile(_ url: URL) throws {
    try Data().write(to: url)
}

/// A fixture made by a generator beside it, in `Tests/NavGraphFormatsTests/Fixtures/<folder>/` (`navigation-path`,
/// `typed-path`).
public func generatedFixture(_ folder: String, _ name: String) -> URL {
    repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/\(folder)/\(name)")
}
