import Foundation

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func example(_ name: String) -> String { repositoryRoot.appendingPathComponent("examples/\(name)").path }

func golden(_ name: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/NavGraphRenderTests/Golden/\(name)"), encoding: .utf8)
}

/// What a run of the binary left behind.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: [UInt8]
}

/// Runs the built `navgraph` (beside the test bundle, or `$NAVGRAPH_BIN`) with stdout and stderr captured in files,
/// so a large output can never block on a full pipe.
func navgraph(_ arguments: [String], stdin: String? = nil, directory: URL? = nil, environment: [String: String] = [:]) throws -> Run {
    try runTool(binaryURL, arguments, stdin: stdin, directory: directory, environment: environment)
}

/// Runs any executable the same way (the fuzz replayers, `env python3 …`).
func runTool(_ executable: URL, _ arguments: [String], stdin: String? = nil, directory: URL? = nil,
             environment: [String: String] = [:]) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repositoryRoot
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env

    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out")
    let errURL = scratch.appendingPathComponent("err")
    let inURL = scratch.appendingPathComponent("in")
    try createFile(at: outURL)
    try createFile(at: errURL)
    try createFile(at: inURL, contents: Data((stdin ?? "").utf8))
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let input = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    try input.close()
    let stdoutData = try Data(contentsOf: outURL)
    return Run(
        status: process.terminationStatus,
        stdout: String(decoding: stdoutData, as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
        stdoutBytes: Array(stdoutData))
}

let binaryURL: URL = {
    if let path = ProcessInfo.processInfo.environment["NAVGRAPH_BIN"] { return URL(fileURLWithPath: path) }
    // The test bundle sits in the build folder, next to the products.
    var folder = Bundle.main.bundleURL
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("navgraph")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            return candidate
        }
        folder = folder.deletingLastPathComponent()
    }
    for configuration in ["debug", "release"] {
        let candidate = repositoryRoot.appendingPathComponent(".build/\(configuration)/navgraph")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    }
    fatalError("navgraph binary not found; build it first or set NAVGRAPH_BIN")
}()

/// A new file (empty unless `contents` says otherwise); throws when it cannot be made, so a test never goes on to
/// read a file that is not there.
func createFile(at url: URL, contents: Data? = nil) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: contents) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Whether the bytes are well-formed XML.
func isWellFormedXML(_ bytes: [UInt8]) -> Bool {
    XMLParser(data: Data(bytes)).parse()
}
