/// Model ids the recorder makes: short, and unique within the process (a counter, never reused), written in base 36
/// with at least three digits (`00A`, `00B`, … `ZZZ`, `1000`, …) — as short as SwiftUINavigation's printed ids.
/// An app with ids of its own (a UUID, a database key) passes those instead; any string works.
public enum ModelID {
    private static let counter = LockedState<UInt64>(0)

    /// A new id, never returned before in this process.
    public static func make() -> String {
        let number = counter.withLock { count in
            count += 1
            return count
        }
        let digits = String(number, radix: 36, uppercase: true)
        return digits.count >= 3 ? digits : String(repeating: "0", count: 3 - digits.count) + digits
    }
}
