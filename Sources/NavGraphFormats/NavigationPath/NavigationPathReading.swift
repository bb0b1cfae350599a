import NavGraphCore

/// What `NavigationPathReader` has read so far, and the reading of a line: the stack (`PathEntries`) and a
/// pretty-printed array being collected. A struct that reads a line in one mutating call, so that what a line changes
/// is checked at run time for exclusive access once, not property by property (see `NavigationPathReader.reading`).
struct NavigationPathReading {
    private let diagnostics: DiagnosticHandler
    /// A state that cannot be read is skipped with a warning instead of an error (`--lenient`); the stack stays as
    /// the last state that could be read left it.
    private let lenient: Bool
    private(set) var navigationLineCount = 0
    private var entries = PathEntries()
    /// A pretty-printed array being collected, from its `[` line on.
    private var collected: [UInt8] = []
    private var collectedStart = 0
    private var collectedLines: [Int] = []
    private var scanner = ArrayScanner()
    /// The line after a pretty-printed array's `[`: its first element must name a type.
    private var awaitingFirstElement = false
    /// The `[` line's text, quoted if it turns out not to open a path (`--verbose`'s skipped note).
    private var openingText: [UInt8] = []
    /// The first line of the array that ends inside a string: an element cut short (JSON strings do not span lines).
    private var cutLine: Int?

    init(diagnostics: DiagnosticHandler, lenient: Bool) {
        self.diagnostics = diagnostics
        self.lenient = lenient
    }

    mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        if !collected.isEmpty {
            continueCollecting(line, info: info, into: &events)
            return
        }
        if !info.truncated, navigationLineCount == 0, NavigationPathReader.isElementLine(line, detecting: false) {
            // Detected from an element line: its `[` came before (and was skipped); the array is open, from the
            // line before when that is its `[` (`saved path: [`).
            startCollecting(Array("[".utf8), line: openingLine ?? info.number)
            continueCollecting(line, info: info, into: &events)
            return
        }
        guard !info.truncated, let start = ArrayScanner.arrayStart(in: line) else {
            diagnostics.skipped(line: info.number) { line.text }
            return
        }
        let array = line.slice(from: start.index, to: start.end)
        if start.opensPrettyArray {
            startCollecting(Array(array), line: info.number)
            collectedLines = [info.number]
            openingText = diagnostics.wantsSkippedText ? Array(line) : []
            awaitingFirstElement = true
            return
        }
        let before = line.prefix(start.index)
        // Most lines hold one whole state that ends the line: read in one pass. (Finding where the array closes
        // first, then reading it, went over every line twice.)
        if let state = PathState(pairsIn: array) {
            guard NavigationPathReader.looksLikePath(array, labelledBy: before) else {
                diagnostics.skipped(line: info.number) { line.text }
                return
            }
            navigationLineCount += 1
            apply(state, line: info.number, into: &events)
            return
        }
        // The array must end the line (`subsequentItems: [],` in a printed NavigationPath is not one), and look like
        // a path: the app's own output has arrays too (`tokens: ["swift","ui"]`, `favorites: []`).
        var closing = ArrayScanner()
        let closed = closing.scan(array)
        // A path that starts with a type name and closes before the line ends is read, the text after it left out
        // (`path: ["MyApp.Route","{}"] (3 entries)`, a log's own suffix, after a space); an empty one must end the
        // line, and one quoted in prose or Markdown (`` `["MyApp.Route","{}"]`, laid out… ``) is not a state.
        let following = closed.flatMap { array[$0] }
        guard
            following == nil
                || (NavigationPathReader.startsWithTypeName(array) && (following == .space || following == .tab)
                    && !NavigationPathReader.quoteMarks.contains { $0 == line[start.index - 1] }),
            NavigationPathReader.looksLikePath(array, labelledBy: before)
        else {
            diagnostics.skipped(line: info.number) { line.text }
            return
        }
        navigationLineCount += 1
        guard closed != nil else {
            // A path cut short (a console that truncates long lines): a state that cannot be read, as one whose value
            // is not JSON is: an error, or with --lenient a warning and the state skipped.
            reject(
                info.number,
                "NavigationPath JSON array is not closed by the end of the line (cut short?); expected a closing ']'")
            return
        }
        if let closed, closed < array.count {
            let after = array.slice(from: closed).text
            diagnostics.report(
                Diagnostic(
                    .note, line: info.number, "text after the NavigationPath JSON array is not part of it: '\(after)'"))
            apply(array.prefix(closed), line: info.number, into: &events)
            return
        }
        apply(array, line: info.number, into: &events)
    }

    /// The line before the one the format was detected from, when it opens a pretty-printed array.
    private var openingLine: Int?

    mutating func begin(after previous: ByteLine, number: Int) {
        if let start = ArrayScanner.arrayStart(in: previous), start.opensPrettyArray { openingLine = number }
    }

    private mutating func startCollecting(_ opening: [UInt8], line: Int) {
        collected = opening
        collected.append(.newline)
        collectedStart = line
        collectedLines = []
        cutLine = nil
        scanner = ArrayScanner()
        opening.withByteLine { _ = scanner.scan($0) }
    }

    mutating func finish(into events: inout [NavEvent]) {
        guard !collected.isEmpty else { return }
        reject(
            collectedStart,
            "NavigationPath JSON array opened here is not closed by the end of the input; expected a closing ']'")
        collectedLines = []
        collected = []
    }

    /// A line inside a pretty-printed array: its elements are strings, so every line starts with `"` or `]`. Any
    /// other line means the `[` was not a NavigationPath after all: it is skipped, and this line read afresh.
    private mutating func continueCollecting(
        _ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent]
    ) {
        let first = line.firstIndex { $0 != .space && $0 != .tab }
        // The first element must be a type name (`"MyApp.Route",`): a pretty-printed array of the app's own is not a path.
        let startsElements = awaitingFirstElement
        awaitingFirstElement = false
        guard !info.truncated, let first, line[first] == .quote || line[first] == .closeBracket,
            collected.count + line.count < NavigationPathReader.collectedLimit,
            !startsElements || line[first] == .closeBracket
                || NavigationPathReader.isElementLine(line, detecting: false)
        else {
            if startsElements {
                // Only the `[` was seen: an array of the app's own, not a path.
                let text = openingText
                for number in collectedLines {
                    diagnostics.skipped(line: number) { String(decoding: text, as: UTF8.self) }
                }
            } else {
                // A path was begun (its first element names a type) and another line came before its `]`: the
                // state was cut short (a console that drops or interleaves lines), a state that cannot be read.
                let why =
                    info.truncated
                    ? "line \(info.number) is too long to be one of its elements"
                    : collected.count + line.count >= NavigationPathReader.collectedLimit
                        ? "it is longer than \(NavigationPathReader.collectedLimit) bytes"
                        : "line \(info.number) is not one of its elements (cut short?)"
                navigationLineCount += collectedLines.count
                reject(
                    collectedStart,
                    "NavigationPath JSON array opened here is not closed: \(why); expected a closing ']'")
            }
            collectedLines = []
            collected = []
            read(line, info: info, into: &events)
            return
        }
        collected.append(contentsOf: line)
        collected.append(.newline)
        collectedLines.append(info.number)
        let closed = scanner.scan(line) != nil
        if scanner.endLine(), cutLine == nil { cutLine = info.number }
        guard closed else { return }
        navigationLineCount += collectedLines.count
        collectedLines = []
        let bytes = collected
        collected = []
        if let cutLine {
            reject(
                collectedStart,
                "NavigationPath JSON element on line \(cutLine) is cut short (its string is not closed by the end of "
                    + "the line); expected each element whole on its line")
            return
        }
        bytes.withByteLine { apply($0, line: collectedStart, into: &events) }
    }

    private mutating func apply(_ array: ByteLine, line: Int, into events: inout [NavEvent]) {
        do throws(PathState.Problem) {
            try entries.update(to: try PathState(json: array), line: line, into: &events)
        } catch {
            reject(line, error.message)
        }
    }

    private mutating func apply(_ state: PathState, line: Int, into events: inout [NavEvent]) {
        do throws(PathState.Problem) {
            try entries.update(to: state, line: line, into: &events)
        } catch {
            reject(line, error.message)
        }
    }

    private func reject(_ line: Int, _ message: String) {
        if lenient {
            diagnostics.report(.skippedLeniently(line: line, message, skipped: "state"))
        } else {
            diagnostics.report(Diagnostic(.error, line: line, message))
        }
    }
}
