/// The children of each entry of a flat tree (`Snapshot.entries`: pre-order, each entry's `parent` an index),
/// without an array per entry: two flat arrays, so indexing a dump of thousands of models allocates twice, and
/// nothing when the index is reused for the next dump of at most that size.
public struct ChildIndex {
    /// Children of entry `i` are `list[start[i]..<start[i + 1]]`, in order.
    @usableFromInline var start: [Int] = []
    @usableFromInline var list: [Int] = []
    /// Where the next child of each entry goes while building.
    @usableFromInline var fill: [Int] = []

    public init() {}

    /// An index of `entries`' children.
    @inlinable
    public init<Entries: Collection<Snapshot.Entry>>(_ entries: Entries) where Entries.Index == Int {
        build(entries)
    }

    /// Indexes `entries`' children, reusing the storage of the last index.
    @inlinable
    public mutating func build<Entries: Collection<Snapshot.Entry>>(_ entries: Entries) where Entries.Index == Int {
        let count = entries.count
        start.removeAll(keepingCapacity: true)
        start.append(contentsOf: repeatElement(0, count: count + 1))
        for entry in entries { if let parent = entry.parent { start[parent + 1] += 1 } }
        for index in 0..<count { start[index + 1] += start[index] }
        // Pre-order lists an entry's children in order after it, so each entry's part fills from its start.
        list.removeAll(keepingCapacity: true)
        list.append(contentsOf: repeatElement(0, count: max(count - 1, 0)))
        fill.removeAll(keepingCapacity: true)
        fill.append(contentsOf: start)
        for index in entries.indices {
            guard let parent = entries[index].parent else { continue }
            list[fill[parent]] = index
            fill[parent] += 1
        }
    }

    /// The indices of `entry`'s children, in order.
    @inlinable
    public func children(of entry: Int) -> ArraySlice<Int> { list[start[entry]..<start[entry + 1]] }

    /// Whether `entry` has no children.
    @inlinable
    public func isLeaf(_ entry: Int) -> Bool { start[entry] == start[entry + 1] }
}
