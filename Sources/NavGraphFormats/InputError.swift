import NavGraphCore

/// Why input could not be read. Each case carries what a user needs to find the problem.
public enum InputError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case readFailed(path: String, reason: String)
    /// Nothing in the input is in any format navgraph knows.
    case noNavigationOutput(path: String, lines: Int)
    /// NUL bytes and nothing navgraph can read: a binary file.
    case binaryInput(path: String)
    /// The input had errors (each reported as a diagnostic as it was read); `strict` when `--strict` made
    /// warnings and skipped lines into errors.
    case invalidInput(path: String, errors: Int, strict: Bool)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "\(path): error: cannot open: \(reason)"
        case .readFailed(let path, let reason):
            "\(path): error: read failed: \(reason)"
        case .noNavigationOutput(let path, let lines):
            "\(path): error: no navigation output found in \(lines) line\(lines == 1 ? "" : "s"); expected "
                + "SwiftUINavigation printDebugGraph() lines such as '<[AppNavigationModel 667...]>' "
                + "or debug lines such as '[HomeNavigationModel E34...]: Started', "
                + "or navgraph-events v1 lines such as '{\"event\":\"push\",\"id\":\"8C1F\",\"type\":\"DetailModel\",\"parent\":\"32D0\"}'"
        case .binaryInput(let path):
            "\(path): error: this looks like a binary file (it has NUL bytes) and holds no navigation output; "
                + "expected a console log or a navgraph-events log"
        case .invalidInput(let path, let errors, let strict):
            "\(path): error: \(errors) error\(errors == 1 ? "" : "s") in input\(strict ? " (--strict)" : "")"
        }
    }
}
