/// Something worked out once per name of a `NameTable` — its node kind, the event it names, its kind rule — and
/// then read by the name's index: a log repeats a few dozen names millions of times.
struct PerName<Value> {
    private var values: [Value?] = []

    /// The value for the name at `index`, worked out by `compute` the first time it is asked for.
    @inline(__always)
    mutating func value(at index: Int, _ compute: () -> Value) -> Value {
        if index < values.count, let known = values[index] { return known }
        if index >= values.count { values.append(contentsOf: repeatElement(nil, count: index + 1 - values.count)) }
        let value = compute()
        values[index] = value
        return value
    }
}
