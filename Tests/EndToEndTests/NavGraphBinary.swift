import Foundation
import NavGraphTestSupport

func golden(_ name: String) throws -> String {
    try String(
        contentsOf: repositoryRoot.appendingPathComponent("Tests/NavGraphRenderTests/Golden/\(name)"), encoding: .utf8)
}

/// Runs the built `navgraph` (beside the test bundle, or `$NAVGRAPH_BIN`) with stdout and stderr captured in files,
/// so a large output can never block on a full pipe.
func navgraph(_ arguments: [String], stdin: String? = nil, directory: URL? = nil, environment: [String: String] = [:])
    throws -> Run
{
    try runTool(binaryURL, arguments, stdin: stdin, directory: directory, environment: environment)
}

/// Runs the built navgraph through `sh -c`, with `redirections` after it (`> /dev/full`), the arguments quoted.
func navgraphInShell(_ arguments: [String], _ redirections: String, prefix: String = "") throws -> Run {
    let quoted = ([binaryURL.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    return try runTool(URL(fileURLWithPath: "/bin/sh"), ["-c", prefix + quoted.joined(separator: " ") + redirections])
}

let binaryURL: URL = {
    if let path = ProcessInfo.processInfo.environment["NAVGRAPH_BIN"] { return URL(fileURLWithPath: path) }
    guard let built = builtProduct("navgraph") else {
        fatalError("navgraph binary not found; build it first or set NAVGRAPH_BIN")
    }
    return built
}()

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Whether the bytes are well-formed XML.
func isWellFormedXML(_ bytes: [UInt8]) -> Bool {
    XMLParser(data: Data(bytes)).parse()
}
