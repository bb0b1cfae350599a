/// The lines Apple's `log` tool prints around the entries, in every style: not what the app logged, so no reader
/// sees them; they are counted with the other lines that are not navigation output.
///
/// - `Filtering the log data using "subsystem == "com.example.app""` (given `--predicate`)
/// - `Skipping info and debug messages, pass --info and/or --debug to include.` (`log show`)
/// - the column headers: `Timestamp                       Thread     Type        Activity             PID    TTL`
///   (default), `Timestamp               Ty Process[PID:TID]` (compact), `Timestamp                       (process)[PID]`
///   (syslog)
/// - `log show`'s closing summary, once a `log` line was seen: a rule of dashes, then
///   `Log      - Default:          2, Info:                0, …` and `Activity - Create:           0, …`
enum UnifiedLogHeader {
    /// Whether `line` is one of them. `afterLogLines`: a line of `log` was seen before, so a rule of dashes and the
    /// summary's lines are its own (before that they may be anything an app prints).
    /// Asked of every line no other case of the unified log channel took: most lines of an app's output start with
    /// a byte none of these do, and are told so here without a call (the call showed in callgrind on a TCA log: 2%).
    @inline(__always)
    static func matches(_ line: ByteLine, afterLogLines: Bool) -> Bool {
        guard let first = line.first else { return false }
        // The second byte too, for the first bytes an app's lines often start with (a TCA diff's `- ` lines).
        switch (first, line[1]) {
        case (UInt8(ascii: "F"), UInt8(ascii: "i")), (UInt8(ascii: "S"), UInt8(ascii: "k")),
            (UInt8(ascii: "T"), UInt8(ascii: "i")), (UInt8(ascii: "-"), UInt8(ascii: "-")):
            break
        case (UInt8(ascii: "A")...UInt8(ascii: "Z"), _) where afterLogLines: break
        default: return false
        }
        return matchesLine(line, afterLogLines: afterLogLines)
    }

    private static func matchesLine(_ line: ByteLine, afterLogLines: Bool) -> Bool {
        var cursor = ByteCursor(line)
        switch cursor.peek {
        case UInt8(ascii: "F"):
            return cursor.take("Filtering the log data")
        case UInt8(ascii: "S"):
            return cursor.take("Skipping ") && cursor.rest.contains(" messages, pass --")
        case UInt8(ascii: "T"):
            guard cursor.take("Timestamp"), cursor.skip(while: \.isBlank) > 0 else { return false }
            return cursor.take("Thread") || cursor.take("Ty Process[PID:TID]") || cursor.take("(process)[PID]")
        case UInt8(ascii: "-"):
            let dashes = cursor.skip { $0 == UInt8(ascii: "-") }
            cursor.skip(while: \.isBlank)
            return afterLogLines && dashes >= 16 && (cursor.isAtEnd || cursor.take(UInt8(ascii: "\r")))
        case .some(let byte) where afterLogLines && byte >= 0x41 && byte <= 0x5A:
            // `Word - Word:  count, …`: `Log      - Default:`, `Activity - Create:` and any other count line.
            guard cursor.skip(while: \.isASCIILetter) > 0, cursor.skip(while: \.isBlank) > 0,
                cursor.take("- "), cursor.skip(while: \.isASCIILetter) > 0, cursor.take(UInt8(ascii: ":"))
            else { return false }
            cursor.skip(while: \.isBlank)
            return cursor.peek?.isASCIIDigit == true
        default:
            return false
        }
    }
}
