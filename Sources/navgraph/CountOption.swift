import ArgumentParser

/// One wording for every count option (`--max-nodes`, `--depth`, `--min-count`): the option, the value given, and
/// the least it may be. The options are parsed unconditionally, so a negative value reaches this check instead of
/// being taken for an option ("missing value for '--max-nodes'").
func requireCount(_ option: String, _ value: Int, atLeast least: Int, zeroMeans meaning: String? = nil) throws {
    guard value < least else { return }
    let bound = meaning.map { "\(least) (\($0))" } ?? "\(least)"
    throw ValidationError("\(option) \(value): must be \(bound) or more")
}
