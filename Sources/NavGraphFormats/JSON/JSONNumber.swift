/// The grammar of a JSON number, `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, in one place for the full parser
/// (which says where and why a number is invalid) and the flat-line fast path (which only asks whether it is).
enum JSONNumber {
    enum Problem: Equatable {
        /// No digit where the number starts (after a `-`).
        case noDigits
        case noFractionDigits
        case noExponentDigits

        var message: String {
            switch self {
            case .noDigits: "invalid number"
            case .noFractionDigits: "invalid number: digits must follow '.'"
            case .noExponentDigits: "invalid number: digits must follow the exponent"
            }
        }
    }

    /// Scans the number starting at `start` (a `-` or a digit). Returns where it ends, or the problem and the
    /// position where it was found. Leading zeros end the number after the `0`: what follows is for the caller.
    @inline(__always)
    static func scan(_ bytes: ByteLine, from start: Int) -> Result<Int, Failure> {
        var position = start
        func isDigit(_ index: Int) -> Bool { bytes[index].map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        /// Skips digits; whether there was at least one.
        func digits() -> Bool {
            let from = position
            while isDigit(position) { position += 1 }
            return position > from
        }
        if bytes[position] == 0x2D { position += 1 }
        guard isDigit(position) else { return .failure(Failure(problem: .noDigits, position: position)) }
        if bytes[position] == 0x30 {
            position += 1
        } else {
            _ = digits()
        }
        if bytes[position] == 0x2E {
            position += 1
            guard digits() else { return .failure(Failure(problem: .noFractionDigits, position: position)) }
        }
        if bytes[position] == 0x65 || bytes[position] == 0x45 {
            position += 1
            if bytes[position] == 0x2B || bytes[position] == 0x2D { position += 1 }
            guard digits() else { return .failure(Failure(problem: .noExponentDigits, position: position)) }
        }
        return .success(position)
    }

    struct Failure: Error, Equatable {
        var problem: Problem
        /// Where the scan stopped (0-based).
        var position: Int
    }
}
