import NavGraphCore

/// Reads one input — file or stdin — to the end (or until told to stop), detecting its format, and hands each
/// `NavEvent` on as soon as it is complete. Nothing is kept: memory is the reader's live state.
public struct NavigationInput {
    public var source: LineSource
    public var format: InputFormat?
    public var rules: ModelKindRules
    /// Skip lines (navgraph-events) and states (NavigationPath) that cannot be read with a warning, not an error.
    public var lenient: Bool
    /// Read and parse on a second thread while the caller consumes the events (see `PipelinedReading`). Not used
    /// when following a growing file.
    public var concurrent = false
    /// Which property names mean navigation in `dump()` output.
    public var dumpPropertyNames = DumpPropertyNames.standard
    /// Show every property of dumped values as a node, not only navigation (`--verbose`).
    public var showsAllDumpedProperties = false

    /// - Parameter format: `nil` detects the format from the input.
    public init(
        source: LineSource, format: InputFormat? = nil, rules: ModelKindRules = .swiftUINavigation,
        lenient: Bool = false
    ) {
        self.source = source
        self.format = format
        self.rules = rules
        self.lenient = lenient
    }

    /// What reading found, besides the events.
    public struct Summary: Sendable {
        public var format: InputFormat?
        public var lines: Int
        public var navigationLines: Int
        /// Lines of navigation output whose values a unified log redacted (`<private>`): not read.
        public var redactedLines = 0
    }

    /// A pause in the input, as `read` reports it to `onIdle`.
    public struct Pause {
        /// Silent for `LineSource.quietPeriod`, not just caught up.
        public var isQuiet: Bool
        /// When quiet: the events of what is still open (a dump being printed) if the input ended now — completed, not
        /// delivered, not committed. A live view may show them; they are replaced by the real events once it ends.
        public var provisionalEvents: [NavEvent]
    }

    /// Calls `body` with each event in order; `body` returns `false` to stop reading.
    /// Throws `InputError.noNavigationOutput` when no line was in a known format.
    ///
    /// - Parameters:
    ///   - follow: wait for a regular file to grow instead of stopping at its end.
    ///   - onIdle: called when all input available so far has been read and its events delivered, and again once the
    ///     input stays quiet (with the provisional events of what is still open).
    ///   - onRestart: following, the file was truncated or replaced: everything read so far is forgotten (the format
    ///     is detected anew) and the events that follow are those of the file from its start, so whoever keeps state
    ///     built from earlier events starts over here. Without it a truncated file is read on from where it was.
    ///     `removed` (the path names no file for now) forgets nothing: it is said once, until a file is back.
    ///   - onFormat: called with the format the input is read as once it is known (given, or detected from a line),
    ///     before its first event, and again after a restart: a live view says what that format advises before the
    ///     input ends (`Summary.format` says it only then).
    @discardableResult
    public func read(
        diagnostics: DiagnosticHandler, follow: Bool = false, onIdle: ((Pause) throws -> Void)? = nil,
        onRestart: ((LineSource.Restart) throws -> Void)? = nil, onFormat: ((InputFormat) -> Void)? = nil,
        _ body: (NavEvent) throws -> Bool
    ) throws -> Summary {
        if concurrent && !follow && onIdle == nil && onFormat == nil {
            return try PipelinedReading(input: self).run(diagnostics: diagnostics, body)
        }
        return try produce(
            diagnostics: diagnostics, follow: follow, onIdle: onIdle, onRestart: onRestart, onFormat: onFormat
        ) {
            try body($0)
        }
    }

    /// Reads on the calling thread, handing each event to `body` as soon as it is complete. `isStopped` is asked
    /// before every line (a consumer on another thread may have stopped while only noise was read).
    ///
    /// `handOver`: given the reader's `EventCompletion` (once, before its first event) instead of completing the
    /// events here — the consumer on another thread completes them.
    ///
    /// `batching`: given the events a line at a time in the list the reader appends to, instead of `body` one by one.
    ///
    /// `readAhead`: the bytes are read and split into lines a chunk ahead, on a third thread (see
    /// `LineSource.forEachLine`).
    func produce(
        diagnostics: DiagnosticHandler, follow: Bool = false, onIdle: ((Pause) throws -> Void)? = nil,
        onRestart: ((LineSource.Restart) throws -> Void)? = nil, onFormat: ((InputFormat) -> Void)? = nil,
        isStopped: (() -> Bool)? = nil,
        handOver: ((EventCompletion) -> Void)? = nil, batching: EventBatching? = nil, readAhead: Bool = false,
        _ body: (consuming NavEvent) throws -> Bool
    ) throws -> Summary {
        try withoutActuallyEscaping(body) { body in
            // The reading's state is in the handler `LineSource` changes in place: checked when compiled, one line
            // after another, where state shared by one closure per callback was checked at run time at every line.
            var reading = LineReading(
                diagnostics: diagnostics, onIdle: onIdle, onRestart: onRestart, isStopped: isStopped,
                messages: MessageReader(
                    input: self, diagnostics: diagnostics, handOver: handOver, batching: batching, body: body))
            (reading.messages.state.isLive, reading.messages.state.onFormat) = (onIdle != nil, onFormat)
            // What was read before an error is handed on too.
            defer { batching?.finished(&reading.messages.state.events) }
            try source.forEachLine(follow: follow, readAhead: readAhead, &reading)
            return try reading.finish()
        }
    }

    /// The settings readers are made with.
    func readerSetup(diagnostics: DiagnosticHandler) -> ReaderSetup {
        ReaderSetup(
            diagnostics: diagnostics, rules: rules, lenient: lenient, dumpPropertyNames: dumpPropertyNames,
            showsEverything: showsAllDumpedProperties)
    }

    /// Makes the reader of the format given, or of the one `line` is in (said in a note), and gets it going.
    fileprivate func startReading(
        _ s: inout ReadingState, detectingFrom line: ByteLine, number: Int,
        diagnostics: DiagnosticHandler, handOver: ((EventCompletion) -> Void)?
    ) {
        guard let chosen = format ?? InputFormats.detect(line) else { return }
        if format == nil {
            diagnostics.detected(line: number) {
                Diagnostic(.note, line: number, "read as \(chosen.name) (\(chosen.summary)), detected from this line")
            }
        }
        var made = chosen.definition.makeReader(readerSetup(diagnostics: diagnostics))
        if s.previousNumber > 0 {
            let number = s.previousNumber
            s.previousLine.withByteLine { made.begin(after: $0, number: number) }
        }
        // Asked of the reader before it is stored: asking may change it (a dump reader then leaves its snapshots to
        // the completion), and a reader may be a value.
        if let completion = made.completion {
            if let handOver { handOver(completion) } else { s.completion = completion }
        }
        s.reader = made
        s.hasReader = true
        s.format = chosen
        s.onFormat?(chosen)
        s.readsConsoleTimes = type(of: made).readsConsoleTimes
    }
}

/// `NavigationInput.produce`'s reading: what `LineSource` hands each line, pause, restart and wait to.
private struct LineReading: LineHandling {
    let diagnostics: DiagnosticHandler
    let onIdle: ((NavigationInput.Pause) throws -> Void)?
    let onRestart: ((LineSource.Restart) throws -> Void)?
    /// Asked before every line: a consumer on another thread may have stopped while only noise was read.
    let isStopped: (() -> Bool)?
    /// A unified log's layout (`log stream`, `log show`), taken off what the app logged.
    let unifiedLog = UnifiedLogChannel()
    /// The lines as the app wrote them, read.
    var messages: MessageReader
    /// A line without its terminal escapes (its storage reused from line to line).
    var plain: [UInt8] = []
    var lines = 0

    var watchesPauses: Bool { onIdle != nil }
    var watchesRestarts: Bool { onRestart != nil }
    // Waiting for input (a live pipe), what was read is handed on: the consumer may need no more.
    var watchesWaits: Bool { messages.batching != nil }

    mutating func line(_ line: ByteLine, _ info: LineSource.LineInfo) throws -> Bool {
        lines = info.number
        if isStopped?() == true {
            messages.state.stopped = true
            return false
        }
        // Terminal escapes (colour) are left out of every line, for every reader; a line without ESC as read.
        // Then a unified log's layout is taken off what the app logged.
        if ANSIEscapes.occur(in: line) {
            ANSIEscapes.strip(line, into: &plain)
            return try plain.withByteLine { try unifiedLog.take($0, info, diagnostics: diagnostics, &messages) }
        }
        return try unifiedLog.take(line, info, diagnostics: diagnostics, &messages)
    }

    mutating func idle(_ pause: LineSource.Pause) throws -> Bool {
        var provisional: [NavEvent] = []
        if pause == .quiet, messages.state.hasReader {
            messages.state.reader!.provisional(into: &provisional)
            messages.state.stampTimes(&provisional)
        }
        if !messages.state.stopped {
            try onIdle?(NavigationInput.Pause(isQuiet: pause == .quiet, provisionalEvents: provisional))
        }
        return !messages.state.stopped
    }

    mutating func restart(_ why: LineSource.Restart) throws {
        // Removed, what was read still stands until a file is there again (then `replaced`).
        if why == .removed {
            try onRestart?(why)
            return
        }
        // What the old file's lines left open is dropped with them: the new file is read as if from scratch.
        messages.state.reset()
        unifiedLog.reset()
        try onRestart?(why)
    }

    mutating func wait() throws {
        if let batching = messages.batching, !batching.flush(&messages.state.events) { messages.state.stopped = true }
    }

    /// The input ended: what is still open is read, and what reading found said.
    mutating func finish() throws -> NavigationInput.Summary {
        if !messages.state.stopped { _ = try unifiedLog.finish(diagnostics: diagnostics, &messages) }
        return try messages.finish(lines: lines, emptyUnifiedLog: unifiedLog.isEmptyLog)
    }
}

/// Reads the lines as the app wrote them (a unified log's messages), detecting the format first.
private struct MessageReader: MessageReading {
    let input: NavigationInput
    let diagnostics: DiagnosticHandler
    let handOver: ((EventCompletion) -> Void)?
    let batching: EventBatching?
    let body: (consuming NavEvent) throws -> Bool
    var state = ReadingState()

    mutating func read(_ line: ByteLine, _ info: LineSource.LineInfo) throws -> Bool {
        guard state.admits(line, info, diagnostics: diagnostics) else { return !state.stopped }
        // The format is detected from the first line a reader knows (made then).
        if !state.hasReader {
            input.startReading(
                &state, detectingFrom: line, number: info.number, diagnostics: diagnostics, handOver: handOver)
        }
        return try state.read(line, info, diagnostics: diagnostics, batching: batching, body)
    }

    mutating func finish(lines: Int, emptyUnifiedLog: Bool) throws -> NavigationInput.Summary {
        try state.finish(
            path: input.source.name, lines: lines, format: input.format, emptyUnifiedLog: emptyUnifiedLog,
            diagnostics: diagnostics, batching: batching, body)
    }
}

/// Takes a reader's events a line at a time, in the list the reader appends to (see `PipelinedReading`).
protocol EventBatching: AnyObject {
    /// A line was read: its events were appended to `events`, after those of earlier lines not taken yet. May take
    /// them all, leaving `events` empty. `false`: stop reading.
    func lineEnded(_ events: inout [NavEvent]) -> Bool
    /// Reading ended (or failed): takes what is left.
    func finished(_ events: inout [NavEvent])
    /// Reading waits for input: takes what is held back, if anything. `false`: stop reading.
    func flush(_ events: inout [NavEvent]) -> Bool
}

extension NavigationInput {
    /// Nothing but spaces, tabs and carriage returns.
    static func isBlank(_ line: ByteLine) -> Bool {
        line.endOfRun(from: 0) { $0 == .space || $0 == .tab || $0 == .cr } == line.count
    }

    /// UTF-16's byte-order mark (FF FE, FE FF), or text whose first bytes alternate ASCII and NUL (UTF-16 without a
    /// mark: a log saved by a Windows editor or PowerShell).
    static func startsLikeUTF16(_ line: ByteLine) -> Bool {
        if (line[0] == 0xFF && line[1] == 0xFE) || (line[0] == 0xFE && line[1] == 0xFF) { return true }
        guard line.count >= 8 else { return false }
        let littleEndian = stride(from: 0, to: 8, by: 2).allSatisfy { line[$0] != 0 && line[$0 + 1] == 0 }
        let bigEndian = stride(from: 0, to: 8, by: 2).allSatisfy { line[$0] == 0 && line[$0 + 1] != 0 }
        return littleEndian || bigEndian
    }
}

/// What `NavigationInput.produce` keeps while it reads.
private struct ReadingState {
    var reader: (any NavigationReader)?
    /// `reader != nil`, asked on every line: comparing the optional existential with `nil` copied it (callgrind).
    var hasReader = false
    /// The format `reader` reads.
    var format: InputFormat?
    var completion: EventCompletion?
    var events: [NavEvent] = []
    var stopped = false
    var sawNUL = false
    /// The input starts as UTF-16 text does (a byte-order mark, or ASCII with a NUL after or before each byte).
    var looksUTF16 = false
    /// What the input looks like while no reader knows it, and where that shows.
    var lookalike: (Lookalike, Int)?
    /// The last line before a reader was made, for `NavigationReader.begin(after:number:)`.
    var previousLine: [UInt8] = []
    var previousNumber = 0
    /// For readers that do not read console times themselves: the last time a line started with (Xcode's console,
    /// NSLog, `log stream`), given to each event read from then on that has no time of its own.
    var consoleClock = ConsoleClock()
    var consoleTime: Double?
    var readsConsoleTimes = false
    /// Lines of navigation output redacted by the unified log (`<private>`): how many, and the first.
    var redacted: (lines: Int, first: Int)?
    /// Whole messages redacted (`<private>` alone): how many, and the first; the error's subject when nothing else
    /// could be read.
    var redactedMessages: (lines: Int, first: Int)?
    /// Someone watches as reading goes (`tree --follow`, `serve`): what is said only at the end of the input is said
    /// at once too, since a live log (`log stream`) never ends.
    var isLive = false
    /// Told the format once it is known (`NavigationInput.read`'s `onFormat`).
    var onFormat: ((InputFormat) -> Void)?

    /// A followed file read again from its start: what its old lines left open goes with them.
    mutating func reset() {
        (reader, hasReader, format, completion) = (nil, false, nil, nil)
        (lookalike, sawNUL, looksUTF16) = (nil, false, false)
        (consoleClock, consoleTime, readsConsoleTimes) = (ConsoleClock(), nil, false)
        (previousLine, previousNumber) = ([], 0)
        (redacted, redactedMessages) = (nil, nil)
        events.removeAll()
    }
}

extension ReadingState {
    /// Whether a line (without terminal escapes; a message line of a unified log) is one for a reader: blank and
    /// redacted lines are taken here.
    mutating func admits(_ line: ByteLine, _ info: LineSource.LineInfo, diagnostics: DiagnosticHandler) -> Bool {
        // Blank lines mean nothing in any format: neither noise nor errors.
        if !info.truncated, NavigationInput.isBlank(line) { return false }
        // Redacted navigation output cannot be read (a reader would take `<private>` for a name): counted apart.
        // A message that is all `<private>` may be navigation or the app's other logging: skipped as output,
        // and named only if nothing else could be read.
        // `<private>` has a `<`: most lines have none, told so by one `memchr`.
        guard line.contains(UInt8(ascii: "<")) else { return true }
        switch Redaction.hidden(in: line) {
        case .navigation:
            noteRedacted(line, number: info.number, diagnostics: diagnostics)
            return false
        case .wholeMessage:
            noteRedactedMessage(line, number: info.number, diagnostics: diagnostics)
            return false
        case nil:
            return true
        }
    }

    /// Reads an admitted line with the reader, or looks at it while there is none (the format not yet known).
    /// `false`: stop reading.
    mutating func read(
        _ line: ByteLine, _ info: LineSource.LineInfo, diagnostics: DiagnosticHandler, batching: EventBatching?,
        _ body: (consuming NavEvent) throws -> Bool
    ) throws -> Bool {
        if hasReader {
            // The line's console time, as from `print`; else when the unified log says it was written.
            if !readsConsoleTimes, let time = consoleClock.time(at: line) ?? info.time { consoleTime = time }
            let first = events.count
            reader!.read(line, info: info, into: &events)
            // Called only when there is something to stamp: most lines make no event, and the call per line
            // showed in the reading thread's profile (perf, a Swift dump log: 0.4%).
            if events.count > first, consoleTime != nil { stampEvents(from: first) }
        } else {
            lookAtUnread(line, info, diagnostics: diagnostics)
        }
        if !events.isEmpty { try deliver(batching: batching, body) }
        return !stopped
    }

    /// The input ended (`lines` of it): what the reader still holds is handed on, and what was found said.
    mutating func finish(
        path: String, lines: Int, format named: InputFormat?, emptyUnifiedLog: Bool, diagnostics: DiagnosticHandler,
        batching: EventBatching?, _ body: (consuming NavEvent) throws -> Bool
    ) throws -> NavigationInput.Summary {
        if hasReader, !stopped {
            let first = events.count
            reader!.finish(into: &events)
            stampEvents(from: first)
            try deliver(batching: batching, body)
        }
        return try summary(
            path: path, lines: lines, format: named, emptyUnifiedLog: emptyUnifiedLog, diagnostics: diagnostics)
    }

    /// Gives events without a time of their own the console's last time, for readers that do not read it.
    func stampTimes(_ list: inout [NavEvent]) {
        guard let consoleTime, !readsConsoleTimes else { return }
        for index in list.indices where list[index].time == nil { list[index].time = consoleTime }
    }

    /// `stampTimes` on the events read so far, from `first` on.
    mutating func stampEvents(from first: Int) {
        guard let consoleTime, !readsConsoleTimes else { return }
        for index in first..<events.count where events[index].time == nil { events[index].time = consoleTime }
    }

    /// Hands the events read so far on: to `batching` as a list, or to `body` one by one, completed.
    mutating func deliver(batching: EventBatching?, _ body: (consuming NavEvent) throws -> Bool) throws {
        if let batching {
            if !batching.lineEnded(&events) { stopped = true }
            return
        }
        // Moved out, not copied: the consumer on the other thread becomes its only holder (a copy retained and
        // later released each of its strings: a few percent of the reading thread, perf). Taken off the end, in
        // order once reversed (most lines make one event): swapping a placeholder in for each and then clearing
        // the placeholders was about 4% of the reading thread on a NavigatorUI log, perf.
        if events.count > 1 { events.reverse() }
        while !stopped, var event = events.popLast() {
            if let completion { completion.complete(&event) }
            if try !body(consume event) { stopped = true }
        }
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
    }

    /// A line read while no format is known: noise to every reader, looked at for what the input might be instead.
    mutating func lookAtUnread(_ line: ByteLine, _ info: LineSource.LineInfo, diagnostics: DiagnosticHandler) {
        if let time = consoleClock.time(at: line) ?? info.time { consoleTime = time }
        if !sawNUL, line.contains(0) {
            sawNUL = true
            looksUTF16 = info.number == 1 && NavigationInput.startsLikeUTF16(line)
        }
        if lookalike?.0.isDecisive != true, info.number <= Lookalike.linesToLookAt, !info.truncated {
            let text = Substring(line.text)
            if let found = Lookalike.matching(text), lookalike == nil || found.isDecisive {
                lookalike = (found, info.number)
            }
        }
        diagnostics.skipped(line: info.number) { line.text }
        previousLine.removeAll(keepingCapacity: true)
        previousLine.append(contentsOf: line)
        previousNumber = info.number
    }

    /// What reading found, once it ended; throws when nothing was navigation output. Says what was redacted.
    func summary(
        path: String, lines: Int, format named: InputFormat?, emptyUnifiedLog: Bool, diagnostics: DiagnosticHandler
    ) throws
        -> NavigationInput.Summary
    {
        let navigationLines = reader?.navigationLineCount ?? 0
        if navigationLines == 0 {
            throw nothingRead(path: path, lines: lines, format: named, emptyUnifiedLog: emptyUnifiedLog)
        }
        if let redacted {
            diagnostics.report(
                Diagnostic(
                    .warning, line: redacted.first,
                    redacted.lines == 1
                        ? "this line looks like navigation output with its values redacted (<private>) by the unified "
                            + "log, and is not read"
                        : "\(redacted.lines) lines look like navigation output with their values redacted (<private>) "
                            + "by the unified log, and are not read (the first is this one)",
                    topic: .redacted(lines: redacted.lines)))
        }
        return NavigationInput.Summary(
            format: format, lines: lines, navigationLines: navigationLines, redactedLines: redacted?.lines ?? 0)
    }

    /// A line of navigation output redacted by the unified log: counted, named with `--verbose`.
    mutating func noteRedacted(_ line: ByteLine, number: Int, diagnostics: DiagnosticHandler) {
        if isLive, redacted == nil {
            // Watched live, the first is said when it comes: the count at the end may never come.
            diagnostics.report(
                Diagnostic(
                    .warning, line: number,
                    "this line looks like navigation output with its values redacted (<private>) by the unified "
                        + "log, and is not read; more such lines are counted and said when the input ends",
                    topic: .redacted(lines: 1)))
        }
        redacted = (lines: (redacted?.lines ?? 0) + 1, first: redacted?.first ?? number)
        diagnostics.report(
            Diagnostic(
                .note, line: number,
                "redacted by the unified log (<private>), not read: '\(line.prefix(120).text)'"
            ))
    }

    /// A whole message redacted by the unified log: skipped as the app's output, counted for the error when
    /// nothing else could be read.
    mutating func noteRedactedMessage(_ line: ByteLine, number: Int, diagnostics: DiagnosticHandler) {
        redactedMessages = (lines: (redactedMessages?.lines ?? 0) + 1, first: redactedMessages?.first ?? number)
        diagnostics.skipped(line: number) { line.text }
    }

    /// Why nothing was read, once no line was navigation output: the most telling of what was seen.
    func nothingRead(path: String, lines: Int, format: InputFormat?, emptyUnifiedLog: Bool) -> InputError {
        if looksUTF16 { return .utf16Input(path: path) }
        if sawNUL { return .binaryInput(path: path) }
        if redacted != nil || redactedMessages != nil {
            let (shaped, whole) = (redacted ?? (0, Int.max), redactedMessages ?? (0, Int.max))
            return .redacted(path: path, line: min(shaped.first, whole.first), lines: shaped.lines + whole.lines)
        }
        if emptyUnifiedLog { return .emptyUnifiedLog(path: path) }
        if reader == nil, let (what, line) = lookalike { return .looksLike(what, path: path, line: line) }
        if let format { return .noLinesOfFormat(format, path: path, lines: lines) }
        return .noNavigationOutput(path: path, lines: lines)
    }
}
