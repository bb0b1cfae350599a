import NavGraphCore

/// Ids as printed (a navgraph-events log's UUIDs) or keys a reader makes (a dump's stack entries), made strings once
/// while they recur. A model's id is on its `start`, its `push`, every event on it as a `parent`, and its `finish`:
/// made afresh each time, each was an allocation on the reading thread freed on the consuming one, which glibc's
/// allocator serves slowly (a third of the reading thread, perf, 100 MB events log). One string per recent id also
/// lets the reducer compare keys by storage.
///
/// Direct-mapped (`RecentItems`): an id seen again after others took its place is made again, so memory stays
/// bounded whatever the log holds.
final class RecentIDs {
    @exclusivity(unchecked) private var strings = RecentItems<String>(size: 4096)

    /// The string `bytes` spell (repaired where they are not UTF-8, as `ByteLine.text` does).
    func string(_ bytes: ByteLine) -> String {
        let hash = SlotIndex.hash(bytes: UnsafeRawBufferPointer(bytes.bytes))
        if let known = strings.lookUp(hash: hash, { sameBytes($0, bytes.bytes) ? $0 : nil }) { return known }
        let made = bytes.text
        strings.store(made, hash: hash)
        return made
    }
}
