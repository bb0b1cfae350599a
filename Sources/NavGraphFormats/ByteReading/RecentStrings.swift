import NavGraphCore

/// Strings for ids that recur within a few lines — a model's start, its push, the pushes onto it, its pop, its
/// finish — built once and shared while they stay recent (`RecentItems`: memory stays constant however many ids a
/// log names). Sharing also makes the reducer's key comparisons cheap (the same storage compares equal at once).
final class RecentStrings {
    @exclusivity(unchecked) private var strings = RecentItems<String>(size: 4096)

    /// The string of `bytes` (valid UTF-8 is assumed repaired as `String(decoding:)` does).
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        hashedString(bytes).string
    }

    /// The string of `line` (invalid UTF-8 repaired as `String(decoding:)` does).
    func string(_ line: ByteLine) -> String { string(line.bytes) }

    /// The string of `bytes` and its hash, `SlotIndex.hash(bytes:)`, for a caller that looks the string up next.
    func hashedString(_ bytes: UnsafeBufferPointer<UInt8>) -> (string: String, hash: UInt64) {
        let hash = SlotIndex.hash(bytes: UnsafeRawBufferPointer(bytes))
        if let string = strings.lookUp(hash: hash, { sameBytes($0, bytes) ? $0 : nil }) { return (string, hash) }
        let string = String(decoding: bytes, as: UTF8.self)
        strings.store(string, hash: hash)
        return (string, hash)
    }
}
