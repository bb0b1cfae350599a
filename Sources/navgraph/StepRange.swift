import ArgumentParser

/// `--steps 10..20` (also `10..`, `..20`, `15`): which steps to print. Listed steps are numbered from 1: step 0 is the
/// empty state before the first, which no event made and no listing prints (`--steps 0` printed nothing, exit 0).
struct StepRange: ExpressibleByArgument, Equatable, CustomStringConvertible {
    var lower: Int
    var upper: Int?

    init(lower: Int, upper: Int?) {
        self.lower = lower
        self.upper = upper
    }

    init?(argument: String) {
        if let range = argument.range(of: "..") {
            let low = argument[..<range.lowerBound]
            let high = argument[range.upperBound...]
            guard let lower = low.isEmpty ? 1 : Int(low), lower >= 1 else { return nil }
            self.lower = lower
            if high.isEmpty {
                upper = nil
            } else {
                guard let upper = Int(high), upper >= lower else { return nil }
                self.upper = upper
            }
        } else {
            guard let step = Int(argument), step >= 1 else { return nil }
            lower = step
            upper = step
        }
    }

    /// The range, or an error that says what is wrong with `argument` (for `@Option(transform:)`).
    static func parse(_ argument: String) throws -> StepRange {
        if let range = StepRange(argument: argument) { return range }
        let parts = argument.components(separatedBy: "..")
        let numbers = parts.map { $0.isEmpty ? nil : Int($0) }
        if parts.count == 2, let low = numbers[0], let high = numbers[1], high < low, low >= 1 {
            throw ValidationError("the range runs backwards; did you mean \(high)..\(low)?")
        }
        if numbers.contains(where: { ($0 ?? 1) < 1 }) {
            throw ValidationError("steps are numbered from 1 (step 0 is the empty state before the first)")
        }
        throw ValidationError("expected a step (15) or a range of steps (10..20, 10.., ..20)")
    }

    /// As it was given: `15`, `10..20`, `10..`.
    var description: String {
        if upper == lower { return "\(lower)" }
        return "\(lower).." + (upper.map(String.init) ?? "")
    }

    func contains(_ step: Int) -> Bool { step >= lower && (upper.map { step <= $0 } ?? true) }
    /// Whether reading can stop after `step`.
    func isPast(_ step: Int) -> Bool { upper.map { step >= $0 } ?? false }

    /// A range that starts past the last step shows nothing: an error worded as `--at` says it, not an empty success.
    func requireStart(within steps: Int, input: String, option: String = "--steps") throws {
        guard lower > steps else { return }
        let only = "the input has only \(steps) step\(steps == 1 ? "" : "s")"
        throw CommandFailure.badInput(input, "\(option) \(self): \(only)")
    }

    static var defaultValueDescription: String { "all" }
}
