/// Times as navgraph-events v1 and `--at-time` write them.
public enum Timestamp {
    /// Seconds since 1970 from an RFC 3339 date-time (`2025-03-14T09:41:07.201Z`, `…+01:00`; a space may stand
    /// for the `T`), or `nil` when `text` is not one.
    public static func parseRFC3339(_ text: String) -> Double? {
        parseRFC3339(bytes: Array(text.utf8))
    }

    /// The same, from the bytes of a line (no string built): any collection of them — an array, a slice, a line's
    /// buffer. Inlinable, so a reader's call is specialized for its collection and reads the bytes in place.
    @inlinable
    public static func parseRFC3339<Bytes: RandomAccessCollection<UInt8>>(bytes: Bytes) -> Double?
    where Bytes.Index == Int {
        var index = bytes.startIndex
        let end = bytes.endIndex
        func number(_ digits: Int) -> Int? {
            guard digits <= end - index else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = bytes[index + offset]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }
        /// Takes the next byte when it is `one` (or `other`).
        func expect(_ one: UInt8, or other: UInt8? = nil, or third: UInt8? = nil) -> Bool {
            guard index < end, bytes[index] == one || bytes[index] == other || bytes[index] == third else {
                return false
            }
            index += 1
            return true
        }
        let dash = UInt8(ascii: "-")
        let colon = UInt8(ascii: ":")
        guard let year = number(4), expect(dash), let month = number(2), expect(dash), let day = number(2),
            expect(UInt8(ascii: "T"), or: UInt8(ascii: "t"), or: UInt8(ascii: " ")), let hour = number(2),
            expect(colon), let minute = number(2), expect(colon), let second = number(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < end, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if expect(UInt8(ascii: "Z"), or: UInt8(ascii: "z")) {
            offset = 0
        } else if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == dash {
            let sign = bytes[index] == dash ? -1 : 1
            index += 1
            guard let offsetHours = number(2), expect(colon), let offsetMinutes = number(2) else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == end else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    @inlinable
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `2025-03-14T09:41:07.201Z` for seconds since 1970 (UTC, milliseconds).
    public static func formatRFC3339(_ seconds: Double) -> String {
        // Years 0000–9999 only: an input's time far outside them (a number of 100 digits) overflowed the integer
        // arithmetic below and crashed. Written as the number it is.
        guard seconds.isFinite, seconds >= -62_167_219_200, seconds < 253_402_300_800 else { return "\(seconds)" }
        let milliseconds = Int((seconds * 1000).rounded())
        let totalSeconds = Int((Double(milliseconds) / 1000).rounded(.down))
        let millis = milliseconds - totalSeconds * 1000
        var days = totalSeconds / 86_400
        var rest = totalSeconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        // Inverse of daysFromCivil.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(rest / 3600, 2)):\(pad(rest % 3600 / 60, 2)):\(pad(rest % 60, 2)).\(pad(millis, 3))Z"
    }
}
