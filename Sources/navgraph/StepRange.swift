import ArgumentParser

/// `--steps 10..20` (also `10..`, `..20`, `15`): which steps to print.
struct StepRange: ExpressibleByArgument, Equatable {
    var lower: Int
    var upper: Int?

    init?(argument: String) {
        if let range = argument.range(of: "..") {
            let low = argument[..<range.lowerBound]
            let high = argument[range.upperBound...]
            guard let lower = low.isEmpty ? 1 : Int(low), lower >= 0 else { return nil }
            self.lower = lower
            if high.isEmpty {
                upper = nil
            } else {
                guard let upper = Int(high), upper >= lower else { return nil }
                self.upper = upper
            }
        } else {
            guard let step = Int(argument), step >= 0 else { return nil }
            lower = step
            upper = step
        }
    }

    func contains(_ step: Int) -> Bool { step >= lower && (upper.map { step <= $0 } ?? true) }
    /// Whether reading can stop after `step`.
    func isPast(_ step: Int) -> Bool { upper.map { step >= $0 } ?? false }

    static var defaultValueDescription: String { "all" }
}
