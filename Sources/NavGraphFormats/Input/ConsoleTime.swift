import NavGraphCore

/// The time a console wrote at the start of a line, so events read from a console log carry when they happened.
///
/// Forms read (at the very start of the line, followed by a space or the end of the line):
/// - Xcode's console and NSLog: `2025-03-14 09:41:12.345`
/// - `log stream`: `2025-03-14 09:41:12.345678+0100` (also `+01:00` and `Z`; a `T` may stand for the space)
/// - a bracketed time of day: `[09:41:12.345]`, dated by the last full date seen before it (1970-01-01 when there
///   is none), and moved to the next day when it goes back by more than twelve hours (the log passed midnight).
///
/// A time without a zone is the device's local time; navgraph cannot know that zone and reads it as UTC, so the
/// times it shows are the ones in the log.
struct ConsoleClock {
    /// The start of the day, in seconds since 1970, of the last full date read.
    private var day: Double = 0
    private var last: Double?

    /// The time at the start of `line`, or `nil` when it starts with none of the forms above.
    mutating func time(at line: ByteLine) -> Double? {
        guard let first = line.first else { return nil }
        // Most lines start with neither a digit nor a bracket: one comparison each.
        if first == UInt8(ascii: "[") {
            var scanner = TimeScanner(line, at: 1)
            guard let seconds = scanner.timeOfDay(), scanner.take(UInt8(ascii: "]")), scanner.atSeparator
            else { return nil }
            var time = day + seconds
            if let last, time < last - 43_200 {
                day += 86_400
                time += 86_400
            }
            last = time
            return time
        }
        guard first >= 48 && first <= 57 else { return nil }
        var scanner = TimeScanner(line, at: 0)
        guard let date = scanner.date(), scanner.take(UInt8(ascii: " ")) || scanner.take(UInt8(ascii: "T")),
            let wholeSeconds = scanner.wholeTimeOfDay(), let fraction = scanner.fraction(),
            let zone = scanner.zoneOffset(), scanner.atSeparator
        else {
            return nil
        }
        let seconds = wholeSeconds + fraction
        day = date
        let time = date + seconds - zone
        last = time
        return time
    }
}

/// Reads the parts of a console time, byte by byte, from `index` on.
private struct TimeScanner {
    let bytes: ByteLine
    var index: Int

    init(_ bytes: ByteLine, at index: Int) {
        self.bytes = bytes
        self.index = index
    }

    var atSeparator: Bool { index == bytes.count || bytes[index] == UInt8(ascii: " ") || bytes[index] == .tab }

    @inline(__always)
    mutating func take(_ byte: UInt8) -> Bool {
        guard bytes[index] == byte else { return false }
        index += 1
        return true
    }

    @inline(__always)
    mutating func number(_ digits: Int) -> Int? {
        var value = 0
        for offset in 0..<digits {
            guard let byte = bytes[index + offset], byte >= 48 && byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += digits
        return value
    }

    /// `YYYY-MM-DD` as the start of that day in seconds since 1970.
    mutating func date() -> Double? {
        guard let year = number(4), take(UInt8(ascii: "-")), let month = number(2), take(UInt8(ascii: "-")),
            let day = number(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return Double(Timestamp.daysFromCivil(year: year, month: month, day: day) * 86_400)
    }

    /// `HH:MM:SS` with an optional fraction, as seconds since midnight.
    mutating func timeOfDay() -> Double? {
        guard let whole = wholeTimeOfDay(), let fraction = fraction() else { return nil }
        return whole + fraction
    }

    /// `HH:MM:SS` as seconds since midnight.
    mutating func wholeTimeOfDay() -> Double? {
        guard let hour = number(2), take(UInt8(ascii: ":")), let minute = number(2), take(UInt8(ascii: ":")),
            let second = number(2), hour < 24, minute < 60, second <= 60
        else { return nil }
        return Double(hour * 3600 + minute * 60 + second)
    }

    /// An optional `.` and digits after the seconds, as a fraction of a second (0 when there is none).
    mutating func fraction() -> Double? {
        var fraction = 0.0
        if take(UInt8(ascii: ".")) {
            var scale = 0.1
            let start = index
            while let byte = bytes[index], byte >= 48, byte <= 57 {
                fraction += Double(byte - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        return fraction
    }

    /// `+HHMM`, `+HH:MM`, `-…` or `Z` as seconds east of UTC; 0 when there is no zone.
    mutating func zoneOffset() -> Double? {
        if take(UInt8(ascii: "Z")) { return 0 }
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return 0 }
        let sign = bytes[index] == UInt8(ascii: "-") ? -1.0 : 1.0
        index += 1
        guard let hours = number(2) else { return nil }
        _ = take(UInt8(ascii: ":"))
        guard let minutes = number(2) else { return nil }
        return sign * Double(hours * 3600 + minutes * 60)
    }
}
