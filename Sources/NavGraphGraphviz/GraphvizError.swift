/// What went wrong inside Graphviz, with Graphviz's own words where it said any. Its description has the
/// `location: error:` form of the other errors navgraph reports; the DOT text has no file of its own, so the
/// location is the tool, as compilers say `clang: error:` when no file is to blame.
public enum GraphvizError: Error, Equatable, CustomStringConvertible {
    /// `gvContext()` returned nothing (Graphviz not installed correctly, plugins missing).
    case noContext
    /// The DOT text did not parse.
    case invalidDOT(message: String)
    case layoutFailed(engine: String, message: String)
    /// No renderer for this format: the Graphviz plugin (e.g. cairo for PNG/PDF) is missing.
    case renderFailed(format: String, message: String)

    public var description: String { "navgraph: error: " + message }

    /// What went wrong, without the location.
    public var message: String {
        switch self {
        case .noContext:
            "Graphviz could not start (gvContext failed); is libgraphviz installed with its plugins? (run `dot -c` as root to register them)"
        case .invalidDOT(let message):
            "Graphviz could not read the DOT text" + Self.detail(message)
        case .layoutFailed(let engine, let message):
            "Graphviz layout '\(engine)' failed" + Self.detail(message)
        case .renderFailed(let format, let message):
            "Graphviz could not render \(format)" + Self.detail(message)
                + (message.isEmpty
                    ? " (is the Graphviz plugin for \(format) installed? `dot -c` registers plugins)" : "")
        }
    }

    private static func detail(_ message: String) -> String { message.isEmpty ? "" : ": " + message }
}
