import NavGraphCore

/// Why input could not be read. Each case carries what a user needs to find the problem.
public enum InputError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case readFailed(path: String, reason: String)
    /// Nothing in the input is in any format navgraph knows.
    case noNavigationOutput(path: String, lines: Int)
    /// `--input-format` named a format and no line of the input is in it.
    case noLinesOfFormat(InputFormat, path: String, lines: Int)
    /// Nothing navgraph reads, and the input looks like something it can name (from `line` on).
    case looksLike(Lookalike, path: String, line: Int)
    /// NUL bytes and nothing navgraph can read: a binary file.
    case binaryInput(path: String)
    /// UTF-16 text (a byte-order mark, or NULs between ASCII bytes): navgraph reads UTF-8.
    case utf16Input(path: String)
    /// The input had errors (each reported as a diagnostic as it was read); `strict` when `--strict` made
    /// warnings and skipped lines into errors.
    case invalidInput(path: String, errors: Int, strict: Bool)

    /// File names are escaped: a name can hold any byte but `/` and NUL (an escape sequence, a newline).
    public var description: String {
        switch escapingPath {
        case .cannotOpen(let path, let reason):
            "\(path): error: cannot open: \(reason)"
        case .readFailed(let path, let reason):
            "\(path): error: read failed: \(reason)"
        case .noNavigationOutput(let path, 0):
            "\(path): error: the input is empty; expected navigation output in one of: "
                + InputFormat.allCases.map(\.rawValue).joined(separator: ", ") + " (navgraph --help)"
        case .noNavigationOutput(let path, let lines):
            "\(path): error: no navigation output found in \(lines) line\(lines == 1 ? "" : "s"); tried every format:"
                + InputFormat.allCases.map { "\n  \($0.rawValue) (\($0.summary)): expected \($0.expectedLines)" }
                .joined()
        case .noLinesOfFormat(let format, let path, let lines):
            lines == 0
                ? "\(path): error: the input is empty; expected \(format.summary) (--input-format \(format.rawValue))"
                : "\(path): error: --input-format \(format.rawValue): "
                    + (lines == 1 ? "its one line is not " : "none of its \(lines) lines is ")
                    + "\(format.summary); expected \(format.expectedLines). Without --input-format, navgraph detects the "
                    + "format"
        case .looksLike(let what, let path, let line):
            "\(path):\(line): error: no navigation output found; this looks like \(what.name). "
                + "Instead, \(what.instead). navgraph reads "
                + InputFormat.allCases.map(\.rawValue).joined(separator: ", ") + " (navgraph --help)"
        case .utf16Input(let path):
            "\(path): error: this is UTF-16 text, and navgraph reads UTF-8; convert it first: "
                + "iconv -f UTF-16 -t UTF-8 \(path) > log-utf8.txt"
        case .binaryInput(let path):
            "\(path): error: this looks like a binary file (it has NUL bytes) and holds no navigation output; "
                + "expected a console log or a navgraph-events log"
        case .invalidInput(let path, let errors, let strict):
            "\(path): error: \(errors) error\(errors == 1 ? "" : "s") in input\(strict ? " (--strict)" : "")"
        }
    }

    /// The same error, its path made safe for a terminal.
    private var escapingPath: InputError {
        let e: (String) -> String = { TerminalText.escaped($0) }
        return switch self {
        case .cannotOpen(let path, let reason): .cannotOpen(path: e(path), reason: reason)
        case .readFailed(let path, let reason): .readFailed(path: e(path), reason: reason)
        case .noNavigationOutput(let path, let lines): .noNavigationOutput(path: e(path), lines: lines)
        case .noLinesOfFormat(let format, let path, let lines): .noLinesOfFormat(format, path: e(path), lines: lines)
        case .looksLike(let what, let path, let line): .looksLike(what, path: e(path), line: line)
        case .binaryInput(let path): .binaryInput(path: e(path))
        case .utf16Input(let path): .utf16Input(path: e(path))
        case .invalidInput(let path, let errors, let strict):
            .invalidInput(path: e(path), errors: errors, strict: strict)
        }
    }
}
