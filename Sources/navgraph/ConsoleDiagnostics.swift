import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender

/// Prints diagnostics to stderr as they arrive (`file:line: warning: …`), counts skipped lines, and in
/// `--strict` mode turns warnings, and lines that look like navigation output but cannot be read, into errors.
final class ConsoleDiagnostics: DiagnosticHandler {
    private let file: String
    private let strict: Bool
    private let verbose: Bool
    private var printedErrors = 0
    private(set) var errors = 0
    private(set) var warnings = 0
    /// The lines skipped, those that look like navigation output but cannot be read counted apart.
    private(set) var skippedLines = SkippedLines()
    var skipped: Int { skippedLines.lines }
    var unreadable: Int { skippedLines.unreadable }
    /// Lines of navigation output a unified log redacted (`<private>`), which reading could not read.
    private(set) var redactedLines = 0
    /// More than this many errors are counted, not printed.
    private let errorLimit = 50
    /// Pairings of lines to models that could not be told apart, for `leaks`: the first `ambiguityLimit`, then only
    /// counted (a long session with many leaked models makes most lines of a busy type ambiguous; memory must not
    /// follow the log).
    private(set) var ambiguities: [LeakReport.Ambiguity] = []
    private(set) var ambiguitiesNotListed = 0
    /// The format reading found, once it is done (advice that fits the input).
    var inputFormat: InputFormat?
    private let ambiguityLimit = 1000
    /// Keep the warnings and errors reported (as printed) for `takeReported()`: `history` gives each step those of
    /// its lines. Off elsewhere, as a long log's warnings would pile up.
    var keepsReported = false
    private var reported: [Diagnostic] = []
    /// Name the file in the totals (`navgraph: old.log: skipped 19 lines …`): one of several inputs.
    var namesFileInTotals = false
    /// Say how many lines were skipped when reading ends; off where the command sums them over its inputs and says it
    /// once (`diagram A.log B.log C.log`).
    var reportsSkippedLines = true

    init(file: String, strict: Bool, verbose: Bool) {
        self.file = file
        self.strict = strict
        self.verbose = verbose
    }

    func detected(line: Int, note: () -> Diagnostic) {
        if verbose { print(note()) }
    }

    func report(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if case .ambiguousID(let type, let id)? = diagnostic.topic, let line = diagnostic.line {
            if ambiguities.count < ambiguityLimit {
                ambiguities.append(LeakReport.Ambiguity(line: line, type: type, id: id, message: diagnostic.message))
            } else {
                ambiguitiesNotListed += 1
            }
        }
        if diagnostic.topic == .unreadableLine {
            // Skipped like other output, but named: with --strict it is an error, as what it held is missing.
            skippedLines.count(unreadable: true, line: diagnostic.line, reason: diagnostic.message)
            if strict { diagnostic.severity = .error }
        }
        if diagnostic.topic == .skippedLeniently {
            // The library says what it skipped; the command line names the flag that made it skip.
            diagnostic.message += " (--lenient)"
        }
        if case .redacted(let lines)? = diagnostic.topic {
            // What was redacted is missing from the hierarchy: `leaks` cannot pass such a log.
            // Said once at the first line when watched live, then with the whole count: the larger is the count.
            redactedLines = max(redactedLines, lines)
            diagnostic.message += "; to read \(lines == 1 ? "it" : "them"), " + ErrorWording.redactionWaysOut
        }
        if strict && diagnostic.severity == .warning {
            diagnostic.severity = .error
            // A warning says what reading did about it (`…; ignored`); with --strict the input is rejected instead.
            diagnostic.message = diagnostic.messageWithoutResolution
        }
        if keepsReported, diagnostic.severity != .note { reported.append(diagnostic) }
        switch diagnostic.severity {
        case .note:
            if verbose { print(diagnostic) }
        case .warning:
            warnings += 1
            print(diagnostic)
        case .error:
            errors += 1
            if printedErrors < errorLimit {
                printedErrors += 1
                print(diagnostic)
            }
        }
    }

    /// Whether a warning or an error was reported since the last `takeReported` (with `keepsReported`).
    var hasReported: Bool { !reported.isEmpty }

    /// The warnings and errors reported since the last call (with `keepsReported`), in the order they came.
    func takeReported() -> [Diagnostic] {
        defer { reported.removeAll(keepingCapacity: true) }
        return reported
    }

    func ambiguous(line: Int, note: () -> Diagnostic) {
        // Past the listed ones only counted (printed too with --verbose, which prints every note).
        if ambiguities.count < ambiguityLimit || verbose {
            report(note())
        } else {
            ambiguitiesNotListed += 1
        }
    }

    var ambiguityMessageLimit: Int? { verbose ? nil : ambiguityLimit }

    /// The app's own output, which a console log is full of: never an error, not even with --strict.
    func skipped(line: Int, text: () -> String) {
        skippedLines.count()
        if verbose {
            print(Diagnostic(.note, line: line, "skipped: \(Self.excerpt(text()))"))
        }
    }

    var wantsSkippedText: Bool { verbose }

    /// Reports the totals; throws `InputError.invalidInput` when there were errors.
    func finish() throws {
        if errors > printedErrors {
            StandardError.write(Escaping.terminal("\(file): error: \(errors - printedErrors) more errors not shown"))
        }
        if errors > 0 { throw InputError.invalidInput(path: file, errors: errors, strict: strict) }
        if reportsSkippedLines, !verbose,
            let summary = Self.summary(of: skippedLines, in: namesFileInTotals ? file : nil, of: 1)
        {
            StandardError.write(summary)
        }
    }

    /// The one line saying what was skipped (`nil` when nothing was): in `file` when it names one of several inputs,
    /// else, for a sum over `inputs` inputs, in how many of them (`skipped 41 lines in 3 files …`).
    /// `--verbose` listed each line instead, so it says nothing.
    static func summary(of skipped: SkippedLines, in file: String?, of inputs: Int) -> String? {
        guard skipped.lines > 0 else { return nil }
        // Lines that look like navigation output but cannot be read (a dump line cut short) are said apart: lost
        // among the app's own output, what they held went missing unnoticed.
        let unreadable = skipped.unreadable
        let which = skipped.lines == 1 ? "it looks" : "\(unreadable) of them look\(unreadable == 1 ? "s" : "")"
        // Why, as the reader said it of the first (cut short, not valid JSON, too long), shortened for one line.
        let why = skipped.firstUnreadable.map { first in
            let reason = first.reason.count > 100 ? first.reason.prefix(99) + "…" : Substring(first.reason)
            return " (\(unreadable == 1 ? "" : "the first, ")line \(first.line): \(Escaping.terminal(String(reason))))"
        }
        let unreadableNote =
            unreadable == 0
            ? ""
            : "; \(which) like navigation output but cannot be read\(why ?? ""), which --strict makes an error"
        let files =
            switch (skipped.inputs, inputs) {
            case (...1, _): ""
            case (let some, let all) where some < all: " in \(some) of \(all) files"
            case (let all, _): " in \(all) files"
            }
        let lines = skipped.lines == 1 ? "1 line\(files) that is" : "\(skipped.lines) lines\(files) that are"
        let input = file.map { Escaping.terminal($0) + ": " } ?? ""
        return "navgraph: \(input)skipped \(lines) not navigation output (--verbose lists them)" + unreadableNote
    }

    /// Takes each diagnostic that would be printed instead (a live view on the terminal, which stderr's line would be
    /// painted over); it gets the line as stderr would have said it.
    var divert: ((Diagnostic, String) -> Void)?

    private func print(_ diagnostic: Diagnostic) {
        let text = Self.bounded(Escaping.terminal(diagnostic.formatted(file: file)))
        if let divert { divert(diagnostic, text) } else { StandardError.write(text) }
    }

    /// A message as long as a screen at most: one that quotes a huge id or value (a 200,000-character id in
    /// navgraph-events) keeps its start and end, which say what happened where, and says how much is left out.
    static func bounded(_ message: String) -> String {
        let head = 600
        let tail = 300
        // Most messages are short: their UTF-8 length (known without a walk) bounds their count of characters.
        guard message.utf8.count > head + tail + 100 else { return message }
        let characters = message.count
        guard characters > head + tail + 100 else { return message }
        let omitted = characters - head - tail
        return String(message.prefix(head)) + " … (\(omitted) characters not shown) … " + String(message.suffix(tail))
    }

    /// The start of a line, control characters shown escaped, in quotes.
    private static func excerpt(_ text: String) -> String {
        let limit = 120
        let trimmed = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return "'" + Escaping.terminal(trimmed) + "'"
    }
}
