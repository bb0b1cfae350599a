import Foundation
import NavGraphTestSupport

func golden(_ name: String) throws -> String {
    try String(
        contentsOf: repositoryRoot.appendingPathComponent("Tests/NavGraphRenderTests/Golden/\(name)"), encoding: .utf8)
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
func navgraph(_ arguments: [String], stdin: String? = nil, directory: URL? = nil, environment: [String: String] = [:])
    throws -> Run
{
    try runTool(binaryURL, arguments, stdin: stdin, directory: directory, environment: environment)
}

/// Runs any executable the same way (the fuzz replayers, `env python3 …`).
func runTool(
    _ executable: URL, _ arguments: [String], stdin: String? = nil, directory: URL? = nil,
    environment: [String: String] = [:]
) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repositoryRoot
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env

    let scratch = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out")
    let errURL = scratch.appendingPathComponent("err")
    let inURL = scratch.appendingPathComponent("in")
    try createEmptyFile(outURL)
    try createEmptyFile(errURL)
    try Data((stdin ?? "").utf8).write(to: inURL)
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

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Whether the bytes are well-formed XML.
func isWellFormedXML(_ bytes: [UInt8]) -> Bool {
    XMLParser(data: Data(bytes)).parse()
}
