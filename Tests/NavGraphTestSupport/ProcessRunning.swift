import Foundation

/// What a run of an executable left behind.
public struct Run: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var stdoutBytes: [UInt8]

    public init(status: Int32, stdout: String, stderr: String, stdoutBytes: [UInt8]) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutBytes = stdoutBytes
    }
}

/// Runs an executable (the built `navgraph`, the demo, a probe, `env python3 …`) from `directory` (the repository's
/// root unless given) with stdout and stderr captured in files, so a large output can never block on a full pipe.
/// `environment` is added to the test's own (without `NO_COLOR`).
public func runTool(
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

/// An executable this package builds (`navgraph`, `recorder-demo`, a test's probe): beside the test bundle, which sits
/// in the build folder next to the products, else under `.build/debug` or `.build/release`; `nil` when not built.
public func builtProduct(_ name: String) -> URL? {
    var folder = Bundle.main.bundleURL
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            return candidate
        }
        folder = folder.deletingLastPathComponent()
    }
    for configuration in ["debug", "release"] {
        let candidate = repositoryRoot.appendingPathComponent(".build/\(configuration)/\(name)")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    }
    return nil
}
