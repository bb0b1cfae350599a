import Foundation
import NavGraphCore
import NavGraphTestSupport

@testable import NavGraphFormats

/// Events, diagnostics and skipped lines from reading `text`.
struct ReadResult {
    var events: [NavEvent]
    var diagnostics: [Diagnostic]
    var skipped: [Int]
    var error: InputError?
    /// The format the input was read as, when it was.
    var format: InputFormat?

    var snapshots: [Snapshot] {
        events.flatMap { event -> [Snapshot] in
            if case .snapshot(let snapshots) = event.action { return snapshots }
            return []
        }
    }

    var hierarchy: Hierarchy {
        var hierarchy = Hierarchy()
        for event in events { hierarchy.apply(event) }
        return hierarchy
    }
}

func read(_ text: String, format: InputFormat? = nil) -> ReadResult {
    read(bytes: Array(text.utf8), format: format)
}

func read(file: URL, format: InputFormat? = nil) throws -> ReadResult {
    read(bytes: Array(try Data(contentsOf: file)), format: format)
}

func read(bytes: [UInt8], format: InputFormat? = nil, chunkSize: Int = 1 << 20, maxLineLength: Int = 1 << 22)
    -> ReadResult
{
    let path = try! temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: path) }
    let handle = FileHandle(forReadingAtPath: path.path)!
    defer { try? handle.close() }
    let source = LineSource(
        descriptor: handle.fileDescriptor, name: "test.log", ownsDescriptor: false,
        maxLineLength: maxLineLength, chunkSize: chunkSize)
    let collector = DiagnosticCollector()
    var events: [NavEvent] = []
    var error: InputError?
    var summary: NavigationInput.Summary?
    do {
        summary = try NavigationInput(source: source, format: format).read(diagnostics: collector) { event in
            events.append(event)
            return true
        }
    } catch let failure as InputError {
        error = failure
    } catch {
        fatalError("unexpected error \(error)")
    }
    return ReadResult(
        events: events, diagnostics: collector.diagnostics, skipped: collector.skippedLines, error: error,
        format: summary?.format)
}

/// A snapshot as `depth type id kind edge` lines, for compact expectations.
/// The pushes and pops a path reader gave, as `push <type> <id>` and `pop <count>`: a stack's history.
func steps(_ result: ReadResult) -> [String] {
    result.events.compactMap { event in
        switch event.action {
        case .push(let model, _, _): "push \(model.qualifiedType) \(model.id)"
        case .pop(_, let count): "pop \(count)"
        default: nil
        }
    }
}

func outline(_ snapshot: Snapshot) -> [String] {
    var depths: [Int] = []
    return snapshot.entries.map { entry in
        let depth = entry.parent.map { depths[$0] + 1 } ?? 0
        depths.append(depth)
        return String(repeating: "  ", count: depth)
            + "\(entry.model.type) \(entry.model.id) \(entry.kind.rawValue) \(entry.edge?.name ?? "root")"
    }
}

/// Every file of `examples/`, the corpus copy and the named fixture folders (`swift-dump`): what the fast paths are
/// checked against the straightforward ones on, as (name, contents).
func sampleFiles(fixtures: [String] = []) throws -> [(name: String, data: Data)] {
    let folders =
        [repositoryRoot.appendingPathComponent("examples"), corpusFixture("")]
        + fixtures.map { repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/" + $0) }
    // Files only: a fixture folder may keep the program that made its files in a folder of its own (`generate/`).
    return try folders.flatMap { folder in
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { name in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            return exists && !isFolder.boolValue
        }.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) }
    }
}
