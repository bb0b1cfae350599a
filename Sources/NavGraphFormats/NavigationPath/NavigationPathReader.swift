import NavGraphCore

/// Reads `NavigationPath.CodableRepresentation` JSON — what `JSONEncoder().encode(path.codable)` and `@SceneStorage`
/// state restoration write — as the states of one stack: compact (one line, optionally after a console prefix) or
/// pretty-printed over several lines. Successive states are successive states of the same stack: the entries both
/// share from the bottom stay, the rest are popped and the new ones pushed.
///
/// Entries have no ids of their own (see `PathEntries` for the rule that gives them one).
public final class NavigationPathReader: NavigationReader {
    public static let format = InputFormat.navigationPath

    private let diagnostics: DiagnosticHandler
    public private(set) var navigationLineCount = 0
    private var entries = PathEntries()
    /// A pretty-printed array being collected, from its `[` line on.
    private var collected: [UInt8] = []
    private var collectedStart = 0
    private var collectedLines: [Int] = []
    private var scanner = ArrayScanner()
    /// A pretty-printed state larger than this is not collected further (memory must not follow a broken input).
    static let collectedLimit = 1 << 26

    public init(diagnostics: DiagnosticHandler) {
        self.diagnostics = diagnostics
    }

    /// A compact array that starts with a dotted type name (`["MyApp.Route","{…}"`), or a line that opens a
    /// pretty-printed one (`[` alone, or after a console prefix's `: `).
    public static func recognizes(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = ArrayScanner.arrayStart(in: line) else { return false }
        if start.opensPrettyArray { return true }
        // `["` then a type name, `","`.
        var position = start.index + 1
        while position < line.count, line[position] == .space { position += 1 }
        guard position < line.count, line[position] == .quote else { return false }
        position += 1
        let nameStart = position
        while position < line.count, line[position] != .quote {
            let byte = line[position]
            let allowed = byte >= 0x80 || byte == .dot || byte == 0x5F || byte == 0x3C || byte == 0x3E || byte == .space
                || byte == 0x2C || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
            guard allowed else { return false }
            position += 1
        }
        guard position > nameStart, position + 2 < line.count else { return false }
        return line[position + 1] == 0x2C && line[position + 2] == .quote
    }

    public func read(_ line: UnsafeBufferPointer<UInt8>, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        if !collectedLines.isEmpty {
            continueCollecting(line, info: info, into: &events)
            return
        }
        guard !info.truncated, let start = ArrayScanner.arrayStart(in: line) else {
            diagnostics.skipped(line: info.number) { String(decoding: line, as: UTF8.self) }
            return
        }
        let array = UnsafeBufferPointer(rebasing: line[start.index..<start.end])
        if start.opensPrettyArray {
            collected = Array(array)
            collected.append(.newline)
            collectedStart = info.number
            collectedLines = [info.number]
            scanner = ArrayScanner()
            _ = scanner.scan(array)
            return
        }
        navigationLineCount += 1
        apply(array, line: info.number, into: &events)
    }

    public func finish(into events: inout [NavEvent]) {
        guard !collectedLines.isEmpty else { return }
        diagnostics.report(Diagnostic(.error, line: collectedStart,
            "NavigationPath JSON array opened here is not closed by the end of the input; expected a closing ']'"))
        collectedLines = []
        collected = []
    }

    /// A line inside a pretty-printed array: its elements are strings, so every line starts with `"` or `]`. Any
    /// other line means the `[` was not a NavigationPath after all: it is skipped, and this line read afresh.
    private func continueCollecting(_ line: UnsafeBufferPointer<UInt8>, info: LineSource.LineInfo, into events: inout [NavEvent]) {
        let first = line.firstIndex { $0 != .space && $0 != .tab }
        guard !info.truncated, let first, line[first] == .quote || line[first] == .closeBracket,
              collected.count + line.count < Self.collectedLimit
        else {
            for number in collectedLines {
                diagnostics.skipped(line: number) { "[" }
            }
            collectedLines = []
            collected = []
            read(line, info: info, into: &events)
            return
        }
        collected.append(contentsOf: line)
        collected.append(.newline)
        collectedLines.append(info.number)
        guard scanner.scan(line) else { return }
        navigationLineCount += collectedLines.count
        collectedLines = []
        let bytes = collected
        collected = []
        bytes.withUnsafeBufferPointer { apply($0, line: collectedStart, into: &events) }
    }

    private func apply(_ array: UnsafeBufferPointer<UInt8>, line: Int, into events: inout [NavEvent]) {
        do throws(PathState.Problem) {
            try entries.update(to: try PathState(json: array), line: line, into: &events)
        } catch {
            diagnostics.report(Diagnostic(.error, line: line, error.message))
        }
    }
}

/// Finds a NavigationPath array in a line, and follows a pretty-printed one to its closing bracket.
struct ArrayScanner {
    private var depth = 0
    private var inString = false
    private var escaped = false

    struct Start {
        /// Where the `[` is.
        var index: Int
        /// Where the array's text ends (trailing spaces and a `\r` left out).
        var end: Int
        /// The line ends right after the `[`: the elements follow on the next lines.
        var opensPrettyArray: Bool
    }

    /// The array on this line: the first `[` followed (after spaces) by `"` or `]`, or a `[` that ends the line and
    /// starts it or follows a space (a console prefix such as `path: [`). A prefix's own brackets (`App[42:7]`)
    /// are neither.
    static func arrayStart(in line: UnsafeBufferPointer<UInt8>) -> Start? {
        var end = line.count
        while end > 0, line[end - 1] == .space || line[end - 1] == .tab || line[end - 1] == .cr { end -= 1 }
        guard end > 0 else { return nil }
        if line[end - 1] == .openBracket {
            let index = end - 1
            if index == 0 || line[index - 1] == .space || line[index - 1] == .tab {
                if line[..<index].allSatisfy({ $0 == .space || $0 == .tab }) || index >= 2 {
                    return Start(index: index, end: end, opensPrettyArray: true)
                }
            }
        }
        var index = 0
        while index < end {
            if line[index] == .openBracket {
                var next = index + 1
                while next < end, line[next] == .space { next += 1 }
                if next < end, line[next] == .quote || line[next] == .closeBracket {
                    return Start(index: index, end: end, opensPrettyArray: false)
                }
            }
            index += 1
        }
        return nil
    }

    /// Follows the bracket depth through `bytes`, outside strings; true once the outermost array closed.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == .quote {
                    inString = false
                }
                continue
            }
            if byte == .quote {
                inString = true
            } else if byte == .openBracket || byte == .openBrace {
                depth += 1
            } else if byte == .closeBracket || byte == 0x7D {
                depth -= 1
                if depth <= 0 { return true }
            }
        }
        return false
    }
}

extension UInt8 {
    static let quote: UInt8 = 0x22
}
