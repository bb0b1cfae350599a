/// Elements at stable slot numbers: a removed element's slot is freed and the next insertion reuses it, so the table
/// stays the size of what is live however many elements came and went, and a slot number held elsewhere (a parent
/// link, an index entry) stays valid until its element is removed.
///
/// What the caller keeps: which slots are in use (a freed slot still holds whatever the caller left there, for it to
/// overwrite or reset in place), and the element's key (a `SlotIndex` finds a slot by key). A caller that needs to
/// tell a reused slot from its former occupant keeps a version in the element (`ModelSlot.version`).
///
/// Inlinable, as every structure here: the readers in NavGraphFormats use it on their hot paths, and a generic call
/// across modules that is not specialized costs more than the table saves.
public struct SlotTable<Element> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var free: [Int] = []

    @inlinable public init() {}

    /// Slots made so far, in use or free: valid slot numbers are `0..<slotCount`.
    @inlinable public var slotCount: Int { elements.count }

    /// Slots in use.
    @inlinable public var count: Int { elements.count - free.count }

    /// Every slot, in use or free.
    @inlinable public var indices: Range<Int> { elements.indices }

    /// The slots free for reuse, the next to be reused last.
    @inlinable public var freeSlots: [Int] { free }

    /// The element at `slot`, changed in place (no copy of the element). Read with a plain getter, not a `_read`
    /// coroutine: the getter inlines, so `table[slot].field` loads only the field, where the coroutine (not inlined
    /// across modules) copied the whole element on every read — 17% more instructions for the NavigatorUI reader.
    @inlinable public subscript(slot: Int) -> Element {
        get { elements[slot] }
        _modify { yield &elements[slot] }
    }

    /// Puts `element` in a freed slot, or a new one; its slot.
    @inlinable @discardableResult
    public mutating func insert(_ element: Element) -> Int {
        if let slot = free.popLast() {
            elements[slot] = element
            return slot
        }
        elements.append(element)
        return elements.count - 1
    }

    /// A slot for a new element: a freed one changed by `reset` in place (the element is not made whole and assigned
    /// over the old one, which would copy and destroy all of it), or a new one holding `make()`. Its slot, and whether
    /// it is new (a caller with per-slot arrays of its own grows them then).
    @inlinable
    public mutating func insert(resetting reset: (inout Element) -> Void, orMaking make: () -> Element)
        -> (slot: Int, isNew: Bool)
    {
        if let slot = free.popLast() {
            reset(&elements[slot])
            return (slot, false)
        }
        elements.append(make())
        return (elements.count - 1, true)
    }

    /// Frees `slot` for reuse, its element left as the caller left it.
    @inlinable
    public mutating func free(_ slot: Int) {
        free.append(slot)
    }

    /// Frees `slot`, leaving `vacant` in it; the element it held, moved out (not copied: no retain of its fields).
    @inlinable
    public mutating func remove(_ slot: Int, leaving vacant: Element) -> Element {
        var element = vacant
        swap(&element, &elements[slot])
        free.append(slot)
        return element
    }
}

extension SlotTable: Sendable where Element: Sendable {}
