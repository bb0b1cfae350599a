/// Bytes as a dictionary key, hashed in one pass (`[UInt8]` hashes byte by byte): a reader's cache of what it worked
/// out from some bytes of its input.
struct HashedBytes: Hashable {
    var bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
