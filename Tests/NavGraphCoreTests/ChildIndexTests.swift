import NavGraphCore
import NavGraphTestSupport
import Testing

@Suite("Children of a flat tree", .tags(.memory))
struct ChildIndexTests {
    private func entries(_ parents: [Int?]) -> [Snapshot.Entry] {
        parents.enumerated().map { index, parent in
            Snapshot.Entry(
                model: ModelRef(key: "k\(index)", id: "\(index)", type: "T"), kind: .screen,
                edge: parent == nil ? nil : .child, parent: parent)
        }
    }

    @Test func childrenInOrderAndReuse() {
        // 0 ─ 1 ─ 2
        //   └ 3
        //   └ 4 ─ 5
        var index = ChildIndex(entries([nil, 0, 1, 0, 0, 4]))
        #expect(Array(index.children(of: 0)) == [1, 3, 4])
        #expect(Array(index.children(of: 1)) == [2])
        #expect(Array(index.children(of: 4)) == [5])
        #expect(index.isLeaf(2) && index.isLeaf(3) && index.isLeaf(5) && !index.isLeaf(0))
        // Reused for a smaller tree: nothing of the bigger one is left.
        index.build(entries([nil, 0]))
        #expect(Array(index.children(of: 0)) == [1])
        #expect(index.isLeaf(1))
    }

    @Test func splitColumnsInTheirOrder() {
        #expect(SplitColumn.allCases.sorted() == [.sidebar, .content, .detail])
        #expect(SplitColumn.detail > .content && SplitColumn.content > .sidebar)
    }
}
