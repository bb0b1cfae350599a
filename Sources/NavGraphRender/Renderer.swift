import NavGraphCore

/// Every output format is a renderer: it turns the state after some step into text.
public protocol Renderer {
    func render<Output: TextOutputStream>(_ hierarchy: Hierarchy, to output: inout Output) throws(RenderError)
}

extension Renderer {
    /// Convenience for tests and small outputs.
    public func render(_ hierarchy: Hierarchy) throws(RenderError) -> String {
        var text = ""
        try render(hierarchy, to: &text)
        return text
    }
}

/// Why rendering failed.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// A user's template did not parse: where (1-based line and column, when known) and why, in plain words.
    case invalidTemplate(name: String, line: Int?, column: Int?, message: String)
    /// An embedded template is missing from the build (a packaging bug).
    case missingTemplate(name: String)

    public var description: String {
        switch self {
        case .invalidTemplate(let name, let line?, let column?, let message):
            "\(name):\(line):\(column): error: invalid template: \(message)"
        case .invalidTemplate(let name, _, _, let message): "\(name): error: invalid template: \(message)"
        case .missingTemplate(let name): "error: built-in template '\(name)' is missing from this build"
        }
    }
}
