import NavGraphCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Strings for ids that recur within a few lines — a model's start, its push, the pushes onto it, its pop, its
/// finish — built once and shared while they stay recent. A fixed-size cache indexed by a hash of the bytes: a
/// newer id simply replaces an older one in its entry, so memory stays constant however many ids a log names.
/// Sharing also makes the reducer's key comparisons cheap (the same storage compares equal at once).
final class RecentStrings {
    private static let size = 4096
    @exclusivity(unchecked) private var hashes = [UInt64](repeating: 0, count: size)
    @exclusivity(unchecked) private var strings = [String](repeating: "", count: size)

    /// The string of `bytes` (valid UTF-8 is assumed repaired as `String(decoding:)` does).
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        hashedString(bytes).string
    }

    /// The string of `bytes` and its hash, `SlotIndex.hash(bytes:)`, for a caller that looks the string up next.
    func hashedString(_ bytes: UnsafeBufferPointer<UInt8>) -> (string: String, hash: UInt64) {
        let hash = SlotIndex.hash(bytes: UnsafeRawBufferPointer(bytes))
        let entry = Int(truncatingIfNeeded: hash >> 20) & (Self.size - 1)
        if hashes[entry] == hash, sameBytes(strings[entry], bytes) { return (strings[entry], hash) }
        let string = String(decoding: bytes, as: UTF8.self)
        hashes[entry] = hash
        strings[entry] = string
        return (string, hash)
    }

}
