/// Something a reader or the reducer has to say about the input, tied to a line where there is one.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case note, warning, error
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
    }

    /// What a diagnostic is about, where a program needs to know more than the message.
    public enum Topic: Sendable, Equatable {
        /// Lines of one type and id prefix could belong to several live models; `id` is the printed prefix.
        case ambiguousID(type: String, id: String)
        /// A line that looks like navigation output but cannot be read (`--strict` makes it an error).
        case unreadableLine
        /// Input a lenient reading skipped that a strict one rejects (a client names its lenient mode after the
        /// message).
        case skippedLeniently
        /// Lines of navigation output a unified log redacted (`<private>`), said once for the input: a client says how
        /// to log them readably.
        case redacted(lines: Int)
    }

    public var severity: Severity
    /// 1-based source line, when the diagnostic is about one.
    public var line: Int?
    public var message: String
    public var topic: Topic?
    /// What reading did about it, where `message` ends by saying so after a last `; ` (the reducer's `ignored`,
    /// `popped 0`, `it leaves with its subtree`). Where warnings are errors (`--strict`) the input is rejected instead,
    /// and the error leaves it out (`messageWithoutResolution`).
    public var resolution: String?

    public init(_ severity: Severity, line: Int?, _ message: String, topic: Topic? = nil) {
        self.severity = severity
        self.line = line
        self.message = message
        self.topic = topic
    }

    /// The message without what reading did about it.
    public var messageWithoutResolution: String {
        guard let resolution, message.hasSuffix("; " + resolution) else { return message }
        return String(message.dropLast(resolution.count + 2))
    }

    /// A line that looks like navigation output but cannot be read: a note, counted with the skipped lines and
    /// named in their summary, and an error with `--strict` (the hierarchy may be missing what it said).
    public static func unreadable(line: Int, _ message: String) -> Diagnostic {
        Diagnostic(.note, line: line, message, topic: .unreadableLine)
    }

    /// Input skipped because reading is lenient, where it would otherwise be an error: a warning whose message ends
    /// with what was skipped (`…; line skipped`).
    public static func skippedLeniently(line: Int, _ message: String, skipped what: String = "line") -> Diagnostic {
        var diagnostic = Diagnostic(.warning, line: line, message + "; \(what) skipped", topic: .skippedLeniently)
        diagnostic.resolution = "\(what) skipped"
        return diagnostic
    }

    /// `file:line: severity: message`, the form compilers and editors understand.
    public func formatted(file: String) -> String {
        if let line { return "\(file):\(line): \(severity.rawValue): \(message)" }
        return "\(file): \(severity.rawValue): \(message)"
    }

    public var description: String { formatted(file: "<input>") }
}

/// Receives what readers and the reducer report, as they go (nothing is buffered, so a 10 GB log of
/// noise costs no memory).
public protocol DiagnosticHandler: AnyObject {
    /// A diagnostic about the input.
    func report(_ diagnostic: Diagnostic)
    /// A line that is not navigation output. `text` makes the line's text (invalid UTF-8 repaired) only
    /// when called, so handlers that just count pay nothing for it.
    func skipped(line: Int, text: () -> String)
    /// Whether `skipped` calls its `text`. A reader on another thread must make the text before handing the line
    /// on, which costs a string per skipped line: it asks first.
    var wantsSkippedText: Bool { get }
    /// A line that could belong to several live models: `note` makes the note (topic `.ambiguousID`) only when
    /// called — a long session can have millions of these, and a handler that lists only the first few has no use
    /// for the rest's text.
    func ambiguous(line: Int, note: () -> Diagnostic)
    /// How many `ambiguous` messages the handler asks for, at most (`nil`: every one). A reader on another thread
    /// makes that many before handing the notes on, and no more.
    var ambiguityMessageLimit: Int? { get }
    /// The input's format was detected from this line: `note` says which (`--verbose` shows it). Not a diagnostic of
    /// the input, so handlers that collect problems ignore it.
    func detected(line: Int, note: () -> Diagnostic)
}

extension DiagnosticHandler {
    public var wantsSkippedText: Bool { true }

    public func ambiguous(line: Int, note: () -> Diagnostic) {
        report(note())
    }

    public var ambiguityMessageLimit: Int? { nil }

    public func detected(line: Int, note: () -> Diagnostic) {}
}

/// Collects everything in memory. For tests and small inputs.
public final class DiagnosticCollector: DiagnosticHandler {
    public private(set) var diagnostics: [Diagnostic] = []
    public private(set) var skippedLines: [Int] = []
    public init() {}
    public func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
    public func skipped(line: Int, text: () -> String) { skippedLines.append(line) }
    public var wantsSkippedText: Bool { false }
}
