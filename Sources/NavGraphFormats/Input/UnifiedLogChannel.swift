import NavGraphCore

/// Apple's unified log (`log stream`, `log show`) as a channel in front of detection: what an app logs through
/// `Logger`/`os_log` reaches navgraph inside `log`'s own layout, and every reader is handed the app's message lines,
/// exactly as they would be from its `print`, with the entry's time beside them (`LineSource.LineInfo.time`).
///
/// - JSON styles: an entry of `--style ndjson` (one line) or `--style json` (pretty-printed over many lines inside
///   `[{ … },{ … }]`) is one entry, its `eventMessage` (escapes decoded) the message, a line per `\n` in it, numbered
///   as the line its `eventMessage` is on; `timestamp` its time. An open pretty-printed entry is kept up to
///   `entryLimit` bytes; past that it is read to its end, not kept, and said to be unread.
/// - Text styles (default, compact, syslog): the columns before the message are left out (`UnifiedLogTextLine`);
///   the lines of a message that follow its first, unprefixed, keep its time.
/// - `log`'s header lines and `log show`'s closing summary (`UnifiedLogHeader`) are counted as lines that are not
///   navigation output; no reader sees them.
///
/// Any other line is handed on as it is. A lone `{` may open a pretty-printed entry: it is held until the next line
/// says whether it does (a member `log` writes, `"timezoneName" : …`), and an object that turns out to be the app's own
/// JSON is handed on line by line as it was.
final class UnifiedLogChannel {
    /// Hands one line on to reading; `false` stops reading (`take` and `finish` with a closure).
    typealias Deliver = (ByteLine, LineSource.LineInfo) throws -> Bool

    /// The most of one pretty-printed entry kept while it is open: an entry of `log` is a few kilobytes, its message
    /// included; a larger one is not `log`'s, or not readable anyway, and memory must not follow the input.
    static let entryLimit = 1 << 20

    private enum State { case lines, tentative, entry }

    private var state = State.lines
    /// The open entry's lines, joined by `\n`: from its `{` for the first, whole for the others.
    private var entry: [UInt8] = []
    /// Where each of the open entry's lines starts in `entry`, and its number.
    private var entryLines: [(offset: Int, number: Int)] = []
    /// Where in `entry` the entry's closing `}` is, once it came.
    private var entryEnd = 0
    /// Open `{` and `[` in the entry so far (outside strings).
    private var depth = 0
    /// The open entry is past `entryLimit` or holds a line cut short: it is followed to its end, not kept.
    private var oversize = false
    private var entryStart = 0
    /// The entry opened with `[{` or `},{`, which only `log` prints; else with a lone `{`, which may be the app's own
    /// JSON.
    private var entryIsCertain = false
    /// Inside `--style json`'s `[ … ]`, between entries.
    private var inArray = false
    /// A line of `log` was seen (an entry, a column header): a rule of dashes and count lines are its summary.
    private var sawLogLines = false
    /// A header or summary line of `log` was seen, and how many of its entries (any style): `log` output with a
    /// header and no entry is a predicate or a level that let nothing through, said as such when nothing was read.
    private(set) var sawHeader = false
    private(set) var entriesSeen = 0
    /// `log`'s own lines and no entry of it: nothing the app logged got through `log`'s filters.
    var isEmptyLog: Bool { sawHeader && entriesSeen == 0 }
    /// The time of the last text-style line, for the lines of its message that follow it unprefixed.
    private var textTime: Double?
    private var clock = ConsoleClock()
    /// A decoded message line without its terminal escapes, when it had any.
    private var plain: [UInt8] = []

    /// A followed file read again from its start: nothing of the old one is open.
    func reset() {
        clearEntry()
        (inArray, sawLogLines, textTime, clock) = (false, false, nil, ConsoleClock())
        (sawHeader, entriesSeen) = (false, 0)
    }

    /// Takes the next line of the input: hands on what of it is for the readers (maybe nothing yet, maybe several
    /// lines). `false`: `reader` said to stop.
    func take<Reader: MessageReading>(
        _ line: ByteLine, _ info: LineSource.LineInfo, diagnostics: DiagnosticHandler,
        _ reader: inout Reader
    ) throws -> Bool {
        switch state {
        case .lines:
            break
        case .tentative:
            if confirmsEntry(line) {
                state = .entry
                return try readEntryLine(line, info, diagnostics: diagnostics, &reader)
            }
            guard try abandonEntry(before: info.number, diagnostics: diagnostics, &reader) else { return false }
        case .entry:
            // A pretty-printed entry's lines are indented, or close it; anything else is not part of it.
            if let first = line.first, first.isBlank || first == UInt8(ascii: "}") || first == UInt8(ascii: "]") {
                return try readEntryLine(line, info, diagnostics: diagnostics, &reader)
            }
            guard try abandonEntry(before: info.number, diagnostics: diagnostics, &reader) else { return false }
        }
        return try takeLine(line, info, diagnostics: diagnostics, &reader)
    }

    /// The input ended: what is still open is handed on as it was (the app's own `{`) or said to be cut short.
    func finish<Reader: MessageReading>(diagnostics: DiagnosticHandler, _ reader: inout Reader) throws -> Bool {
        guard state != .lines else { return true }
        // `log stream --style json` stopped: the `},{` after its last entry opened nothing more.
        if entryIsCertain, entryLines.count == 1, entry.dropFirst().allSatisfy({ $0.isBlank || $0 == 0x0D }) {
            clearEntry()
            return true
        }
        if entryIsCertain {
            diagnostics.report(
                .unreadable(
                    line: entryStart,
                    "the input ends inside this unified log entry (log --style json; cut short?): not read"))
            clearEntry()
            return true
        }
        return try abandonEntry(before: nil, diagnostics: diagnostics, &reader)
    }

    /// A line with no entry open.
    private func takeLine<Reader: MessageReading>(
        _ line: ByteLine, _ info: LineSource.LineInfo, diagnostics: DiagnosticHandler,
        _ reader: inout Reader
    ) throws -> Bool {
        switch line.first {
        case UInt8(ascii: "["):
            if Self.isExactly(line, "[{") {
                inArray = true
                openEntry(line, from: 1, number: info.number, certain: true)
                return true
            }
        case UInt8(ascii: "}"):
            // `log stream --style json` taken up in the middle starts with the separator of two entries.
            if Self.isExactly(line, "},{") {
                inArray = true
                openEntry(line, from: 2, number: info.number, certain: true)
                return true
            }
            if inArray, Self.isExactly(line, "}]") || Self.isExactly(line, "}") { return true }
        case UInt8(ascii: "]"):
            if inArray, Self.isExactly(line, "]") {
                inArray = false
                return true
            }
        case UInt8(ascii: "{"):
            // `{"…`, the common line of a JSON Lines log, is an entry of `log --style ndjson` or the app's own.
            if line[1] == UInt8(ascii: "\"") {
                if let taken = try takeNDJSON(line, info, diagnostics: diagnostics, &reader) { return taken }
            } else if Self.isExactly(line, "{") {
                openEntry(line, from: 0, number: info.number, certain: false)
                return true
            }
        case .some(let byte) where byte.isASCIIDigit:
            if let parsed = UnifiedLogTextLine.parse(line) {
                sawLogLines = true
                entriesSeen += 1
                textTime = clock.time(at: line)
                var messageInfo = info
                messageInfo.time = textTime
                return try reader.read(line.slice(from: parsed.messageStart), messageInfo)
            }
        default:
            if UnifiedLogHeader.matches(line, afterLogLines: sawLogLines) {
                (sawLogLines, sawHeader) = (true, true)
                diagnostics.skipped(line: info.number) { line.text }
                return true
            }
        }
        var info = info
        if info.time == nil { info.time = textTime }
        return try reader.read(line, info)
    }

    /// A line starting `{"`: an entry of `--style ndjson` when its first member is one `log` writes. `nil`: not one,
    /// read as it is (navgraph-events, the app's JSON).
    private func takeNDJSON<Reader: MessageReading>(
        _ line: ByteLine, _ info: LineSource.LineInfo, diagnostics: DiagnosticHandler,
        _ reader: inout Reader
    ) throws -> Bool? {
        var cursor = ByteCursor(line, at: 1)
        guard Self.takeLogKey(&cursor) else { return nil }
        if info.truncated {
            diagnostics.report(
                .unreadable(
                    line: info.number,
                    "a unified log entry (log --style ndjson) longer than \(line.count) bytes: not read"))
            return true
        }
        switch UnifiedLogEntry.read(line) {
        case .success(let parsed) where parsed.isLogEntry:
            return try deliverMessage(of: parsed, number: info.number, diagnostics: diagnostics, &reader)
        case .success:
            return nil
        case .failure(let error):
            diagnostics.report(
                .unreadable(
                    line: info.number,
                    "not a unified log entry (log --style ndjson): \(error.message) at column \(error.offset + 1); "
                        + "line not read"))
            return true
        }
    }

    /// The message of a whole entry, a line per `\n`, each numbered `number` and dated by the entry.
    private func deliverMessage<Reader: MessageReading>(
        of parsed: UnifiedLogEntry, number: Int, diagnostics: DiagnosticHandler, _ reader: inout Reader
    ) throws -> Bool {
        sawLogLines = true
        entriesSeen += 1
        guard let message = parsed.message else {
            // An entry with no message (an activity's, a signpost's): nothing the app wrote.
            diagnostics.skipped(line: number) { "a unified log entry without an eventMessage" }
            return true
        }
        let time = parsed.timestamp.flatMap { timestamp in timestamp.withByteLine { clock.time(at: $0) } }
        let info = LineSource.LineInfo(number: number, truncated: false, time: time)
        return try message.withByteLine { message in
            var start = 0
            while start <= message.count {
                let end = message.firstIndex(of: 0x0A, from: start) ?? message.count
                guard try deliverDecoded(message.slice(from: start, to: end), info, &reader) else { return false }
                start = end + 1
            }
            return true
        }
    }

    /// A line of a decoded message: escapes in it (`\u001b[32m`) are terminal escapes the readers never see.
    private func deliverDecoded<Reader: MessageReading>(
        _ line: ByteLine, _ info: LineSource.LineInfo, _ reader: inout Reader
    ) throws -> Bool {
        guard ANSIEscapes.occur(in: line) else { return try reader.read(line, info) }
        ANSIEscapes.strip(line, into: &plain)
        return try plain.withByteLine { try reader.read($0, info) }
    }
}

// MARK: - Pretty-printed entries

extension UnifiedLogChannel {
    /// Opens an entry at `line`'s `{` (at `start`).
    fileprivate func openEntry(_ line: ByteLine, from start: Int, number: Int, certain: Bool) {
        clearEntry()
        state = certain ? .entry : .tentative
        entryIsCertain = certain
        entryStart = number
        if certain { sawLogLines = true }
        keep(line.slice(from: start), number: number)
        depth = 1
    }

    /// Whether the line after a lone `{` is a member `log` writes, indented: `  "timezoneName" : "",`.
    fileprivate func confirmsEntry(_ line: ByteLine) -> Bool {
        var cursor = ByteCursor(line)
        guard cursor.skip(while: \.isBlank) > 0, Self.takeLogKey(&cursor) else { return false }
        cursor.skip(while: \.isBlank)
        return cursor.take(UInt8(ascii: ":"))
    }

    /// One more line of the open entry: kept, its brackets counted; where the entry closes, it is read.
    fileprivate func readEntryLine<Reader: MessageReading>(
        _ line: ByteLine, _ info: LineSource.LineInfo, diagnostics: DiagnosticHandler,
        _ reader: inout Reader
    ) throws -> Bool {
        if info.truncated { oversize = true }
        let lineOffset = entry.count + (entry.isEmpty ? 0 : 1)
        keep(line, number: info.number)
        // A JSON string never spans lines (a newline in it is `\n`): each line starts outside one.
        var inString = false
        var escaped = false
        var close: Int?
        var index = 0
        while close == nil, let byte = line[index] {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                var counted = true
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: counted = false
                }
                if counted, depth <= 0 { close = index }
            }
            index += 1
        }
        guard let close else { return true }
        entryEnd = lineOffset + close + 1
        guard try readEntry(lastLine: info.number, diagnostics: diagnostics, &reader) else { return false }
        // What follows the closing `}`: `,{` opens the next entry, `]` ends the array.
        var rest = ByteCursor(line, at: close + 1)
        rest.skip(while: \.isBlank)
        if rest.take(UInt8(ascii: ",")) {
            rest.skip(while: \.isBlank)
            if rest.peek == UInt8(ascii: "{") { openEntry(line, from: rest.index, number: info.number, certain: true) }
        } else if rest.take(UInt8(ascii: "]")) {
            inArray = false
        }
        return true
    }

    /// The whole entry, closed: its message handed on; or why not.
    private func readEntry<Reader: MessageReading>(
        lastLine: Int, diagnostics: DiagnosticHandler, _ reader: inout Reader
    ) throws -> Bool {
        if oversize {
            diagnostics.report(
                .unreadable(
                    line: entryStart,
                    "a unified log entry (log --style json) of more than \(Self.entryLimit / 1024) KiB, to line "
                        + "\(lastLine): not read"))
            clearEntry()
            return true
        }
        let result = entry.withByteLine { UnifiedLogEntry.read($0.prefix(entryEnd)) }
        switch result {
        case .success(let parsed) where parsed.isLogEntry:
            let number = parsed.message == nil ? entryStart : line(at: parsed.messageOffset)
            clearEntry()
            return try deliverMessage(of: parsed, number: number, diagnostics: diagnostics, &reader)
        case .failure(let error) where entryIsCertain:
            diagnostics.report(
                .unreadable(
                    line: line(at: error.offset),
                    "not a unified log entry (log --style json, begun at line \(entryStart)): \(error.message); "
                        + "entry not read"))
            clearEntry()
            return true
        case .success, .failure:
            if entryIsCertain {
                clearEntry()
                diagnostics.skipped(line: entryStart) { "a unified log entry without an eventMessage" }
                return true
            }
            // The app's own JSON after all: its lines as they were.
            return try abandonEntry(before: nil, diagnostics: diagnostics, &reader)
        }
    }

    /// The open entry did not go on at line `next` (or the input ended): `log`'s is said to be cut short; the lines of
    /// what began with a lone `{` are handed on as they were.
    fileprivate func abandonEntry<Reader: MessageReading>(
        before next: Int?, diagnostics: DiagnosticHandler, _ reader: inout Reader
    ) throws -> Bool {
        defer { clearEntry() }
        if entryIsCertain {
            diagnostics.report(
                .unreadable(
                    line: entryStart,
                    "this unified log entry (log --style json) is not closed"
                        + (next.map { " before line \($0)" } ?? "")
                        + "; expected its members on indented lines up to its closing '}': entry not read"))
            return true
        }
        guard !oversize else {
            diagnostics.report(
                .unreadable(line: entryStart, "JSON of more than \(Self.entryLimit / 1024) KiB: not read"))
            return true
        }
        let lines = entryLines
        let bytes = entry
        clearEntry()
        return try bytes.withByteLine { bytes in
            for (index, line) in lines.enumerated() {
                let end = index + 1 < lines.count ? lines[index + 1].offset - 1 : bytes.count
                let info = LineSource.LineInfo(number: line.number, truncated: false, time: textTime)
                guard try reader.read(bytes.slice(from: line.offset, to: end), info) else { return false }
            }
            return true
        }
    }

    /// Adds a line to the open entry, unless it is past the limit (then nothing of it is kept from now on).
    private func keep(_ line: ByteLine, number: Int) {
        guard !oversize else { return }
        guard entry.count + line.count + 1 <= Self.entryLimit else {
            oversize = true
            entry = []
            entryLines = []
            return
        }
        if !entry.isEmpty { entry.append(0x0A) }
        entryLines.append((entry.count, number))
        entry.append(contentsOf: line)
    }

    /// The number of the entry's line that holds `offset`.
    private func line(at offset: Int) -> Int {
        entryLines.last { $0.offset <= offset }?.number ?? entryStart
    }

    fileprivate func clearEntry() {
        state = .lines
        entry.removeAll(keepingCapacity: entry.capacity <= 1 << 16)
        entryLines.removeAll(keepingCapacity: true)
        (entryEnd, depth, oversize, entryIsCertain) = (0, 0, false, false)
    }
}

// MARK: - Bytes

extension UnifiedLogChannel {
    /// Whether `line` is `text` and at most blanks and a `\r` after it.
    fileprivate static func isExactly(_ line: ByteLine, _ text: StaticString) -> Bool {
        var cursor = ByteCursor(line)
        guard cursor.take(text) else { return false }
        cursor.skip { $0.isBlank || $0 == 0x0D }
        return cursor.isAtEnd
    }

    /// A member name `log` writes, in double quotes, at the cursor.
    fileprivate static func takeLogKey(_ cursor: inout ByteCursor) -> Bool {
        guard cursor.take(UInt8(ascii: "\"")) else { return false }
        let start = cursor.index
        // To the closing quote at once (`memchr`): no name `log` writes holds a backslash, so one that does is no
        // log key whatever it escapes.
        guard let end = cursor.bytes.firstIndex(of: UInt8(ascii: "\""), from: start) else { return false }
        cursor.move(to: end)
        let name = cursor.slice(from: start)
        guard cursor.take(UInt8(ascii: "\"")), name.count < 64, UnifiedLogEntry.logKeyLengths & 1 << name.count != 0
        else { return false }
        return UnifiedLogEntry.logKeys.contains { $0.count == name.count && name.matches($0, at: 0) }
    }
}

/// What a `UnifiedLogChannel` hands the lines for the readers to: passed along `inout`, not as a closure, so that
/// what it changes is checked when compiled (a closure captures its owner whole, and each class its owner held was
/// retained and released around every line).
protocol MessageReading {
    /// A line for the readers; `false` stops reading.
    mutating func read(_ line: ByteLine, _ info: LineSource.LineInfo) throws -> Bool
}

extension UnifiedLogChannel {
    /// `take`, handing the lines to a closure.
    func take(
        _ line: ByteLine, _ info: LineSource.LineInfo, diagnostics: DiagnosticHandler, _ deliver: Deliver
    ) throws -> Bool {
        try withoutActuallyEscaping(deliver) { deliver in
            var reader = DeliveringClosure(deliver: deliver)
            return try take(line, info, diagnostics: diagnostics, &reader)
        }
    }

    /// `finish`, handing the lines to a closure.
    func finish(diagnostics: DiagnosticHandler, _ deliver: Deliver) throws -> Bool {
        try withoutActuallyEscaping(deliver) { deliver in
            var reader = DeliveringClosure(deliver: deliver)
            return try finish(diagnostics: diagnostics, &reader)
        }
    }

    private struct DeliveringClosure: MessageReading {
        let deliver: (ByteLine, LineSource.LineInfo) throws -> Bool
        func read(_ line: ByteLine, _ info: LineSource.LineInfo) throws -> Bool { try deliver(line, info) }
    }
}
