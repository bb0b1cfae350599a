import NavGraphCore

/// Why input could not be read, as data: what went wrong, where (`path`, `line`), in which format and what was
/// expected. `description` says it plainly for any client of the library; the command line words it its own way
/// (with its option names and the `file:line: error:` form).
public enum InputError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case readFailed(path: String, reason: String)
    /// Nothing in the input is in any format navgraph knows (each of `InputFormats.all` was tried).
    case noNavigationOutput(path: String, lines: Int)
    /// The input was to be read in `format` (named, not detected) and no line of it is in that format.
    case noLinesOfFormat(InputFormat, path: String, lines: Int)
    /// Nothing navgraph reads, and the input looks like something it can name (from `line` on).
    case looksLike(Lookalike, path: String, line: Int)
    /// NUL bytes and nothing navgraph can read: a binary file.
    case binaryInput(path: String)
    /// UTF-16 text (a byte-order mark, or NULs between ASCII bytes): navgraph reads UTF-8.
    case utf16Input(path: String)
    /// The input had errors (each reported as a diagnostic as it was read); `strict` when warnings and skipped lines
    /// were counted as errors.
    case invalidInput(path: String, errors: Int, strict: Bool)
    /// Nothing navgraph reads but `lines` lines of navigation output whose values a unified log redacted
    /// (`<private>`), the first at `line`.
    case redacted(path: String, line: Int, lines: Int)
    /// Apple's `log` printed its header (and `log show` its summary) but no entry: its predicate or level let nothing
    /// the app logged through.
    case emptyUnifiedLog(path: String)

    /// The input's name (a path, or `<stdin>`).
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .readFailed(let path, _), .noNavigationOutput(let path, _),
            .noLinesOfFormat(_, let path, _), .looksLike(_, let path, _), .binaryInput(let path),
            .utf16Input(let path), .invalidInput(let path, _, _), .redacted(let path, _, _),
            .emptyUnifiedLog(let path):
            path
        }
    }

    /// The line the error is at, when it is at one.
    public var line: Int? {
        switch self {
        case .looksLike(_, _, let line), .redacted(_, let line, _): line
        default: nil
        }
    }

    /// The format the input was read in (named), when the error is about one.
    public var format: InputFormat? {
        if case .noLinesOfFormat(let format, _, _) = self { return format }
        return nil
    }

    /// The formats the input was expected in: the one named, or every one navgraph reads when none was found.
    public var expectedFormats: [InputFormat] {
        switch self {
        case .noLinesOfFormat(let format, _, _): [format]
        case .noNavigationOutput, .looksLike: InputFormats.all
        default: []
        }
    }

    /// The error in plain words, located as `path:` or `path:line:`.
    public var description: String {
        let names = InputFormats.all.map(\.name).joined(separator: ", ")
        return switch self {
        case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
        case .readFailed(let path, let reason): "\(path): read failed: \(reason)"
        case .noNavigationOutput(let path, 0):
            "\(path): the input is empty; expected navigation output in one of: \(names)"
        case .noNavigationOutput(let path, let lines):
            "\(path): no navigation output found in \(lines) line\(lines == 1 ? "" : "s"); tried \(names)"
        case .noLinesOfFormat(let format, let path, 0):
            "\(path): the input is empty; expected \(format.summary) (\(format.name))"
        case .noLinesOfFormat(let format, let path, let lines):
            "\(path): no line of \(lines) is \(format.summary) (\(format.name)); expected \(format.expectedLines)"
        case .looksLike(let what, let path, let line):
            "\(path):\(line): no navigation output found; this looks like \(what.name). Instead, \(what.instead)"
        case .binaryInput(let path): "\(path): a binary file (it has NUL bytes), with no navigation output"
        case .utf16Input(let path): "\(path): UTF-16 text; navgraph reads UTF-8"
        case .invalidInput(let path, let errors, let strict):
            "\(path): \(errors) error\(errors == 1 ? "" : "s") in input\(strict ? " (warnings counted as errors)" : "")"
        case .redacted(let path, let line, let lines):
            "\(path):\(line): the only navigation output is \(lines) line\(lines == 1 ? "" : "s") whose values the "
                + "unified log redacted (<private>); log them with privacy: .public"
        case .emptyUnifiedLog(let path):
            "\(path): Apple's log output with no entry: its predicate or level let nothing the app logged through"
        }
    }
}
