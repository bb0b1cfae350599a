// NOT SwiftUI: a stand-in for SwiftUI's `NavigationPath` on Linux, where SwiftUI does not exist, so that a router
// holding one can be dumped by the real `dump()`. Its storage is declared as `print(path)` shows SwiftUI's on Apple
// platforms (the corpus samples navpath-print-*: `_items: NavigationPath.(unknown context).Representation
// .eager([CodableItemBox<Swift.String>, …])`, `.lazy(NavigationPath.CodableRepresentation(resolvedItems:,
// remainingItemsReversed: [(tag:, item:)], subsequentItems:))`, `subsequentItems:`, `iterationIndex:`), in a module
// named SwiftUI so that the type names print alike. What `print` does not show is not known: the item boxes' own
// fields (`print` shows a box as its type only; `base` here is a guess), what the superclass of a box is called, and
// where an item appended to a lazily decoded path goes (here: `subsequentItems`).
public struct NavigationPath {
    private var _items: Representation
    private var subsequentItems: [AnyNavigationPathItemBox] = []
    private var iterationIndex = 0

    public init() { _items = .eager([]) }

    /// A path restored from its Codable form: decoded lazily, as SwiftUI's is.
    public init(restoring items: [(tag: String, item: String)]) {
        _items = .lazy(CodableRepresentation(resolvedItems: [], remainingItemsReversed: items.reversed()))
    }

    public var count: Int {
        switch _items {
        case .eager(let items): items.count + subsequentItems.count
        case .lazy(let codable):
            codable.resolvedItems.count + codable.remainingItemsReversed.count + codable.subsequentItems.count
                + subsequentItems.count
        }
    }

    public mutating func append<V: Codable & Hashable>(_ value: V) { add(CodableItemBox(value)) }
    public mutating func append<V: Hashable>(_ value: V) { add(ItemBox(value)) }

    private mutating func add(_ box: AnyNavigationPathItemBox) {
        switch _items {
        case .eager(var items):
            items.append(box)
            _items = .eager(items)
        case .lazy(var codable):
            codable.subsequentItems.append(box)
            _items = .lazy(codable)
        }
    }

    public mutating func removeLast() {
        switch _items {
        case .eager(var items):
            items.removeLast()
            _items = .eager(items)
        case .lazy(var codable):
            if !codable.subsequentItems.isEmpty {
                codable.subsequentItems.removeLast()
            } else if !codable.resolvedItems.isEmpty {
                codable.resolvedItems.removeLast()
            } else {
                codable.remainingItemsReversed.removeFirst()
            }
            _items = .lazy(codable)
        }
    }
}

extension NavigationPath {
    fileprivate enum Representation {
        case eager([AnyNavigationPathItemBox])
        case lazy(CodableRepresentation)
    }

    public struct CodableRepresentation {
        fileprivate var resolvedItems: [AnyNavigationPathItemBox]
        fileprivate var remainingItemsReversed: [(tag: String, item: String)]
        fileprivate var subsequentItems: [AnyNavigationPathItemBox] = []
    }
}

private class AnyNavigationPathItemBox {}

private class ItemBox<Base: Hashable>: AnyNavigationPathItemBox {
    let base: Base
    init(_ base: Base) { self.base = base }
}

private final class CodableItemBox<Base: Codable & Hashable>: ItemBox<Base> {}
