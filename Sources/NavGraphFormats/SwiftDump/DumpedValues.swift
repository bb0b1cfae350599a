/// One dump as a tree of values, stored flat (parents before children), so no walk over it recurses however deep
/// the dump nests.
struct DumpedValues {
    struct Value {
        var label: String?
        /// The value as printed (`Shop.Router`, `2 elements`, `Optional(Shop.Sheet.filters)`, `42`), `#N` removed.
        var text: String
        var object: Int?
        var marker: SwiftDumpLine.Marker
        var parent: Int?
        /// Set once every line is read (`linkChildren`).
        var children = Children()
        var line: Int
        /// What `text` says the value is, judged once when the line is read (asked of a value many times).
        var shape = Shape.other
        /// `text` has no module to remove: an enum case's name lldb's `po` printed as its bare type and a case
        /// below (`Route` and `detail : 1 element` read as `Route.detail`; see `readLLDBForm`).
        var isUnqualified = false
    }

    /// A value's children, in order: a run of one list shared by every value of the dump. An array per value
    /// (appended to as its children were read) was a malloc and a free per value that has children, on the
    /// reading thread, where a log of dumps spends most of its time.
    struct Children: RandomAccessCollection {
        fileprivate var storage: [Int] = []
        fileprivate var start = 0
        fileprivate(set) var count = 0

        init() {}

        /// Children listed anew (a `NavigationPath`'s items, gathered from its storage).
        init(_ list: [Int]) {
            storage = list
            count = list.count
        }

        var startIndex: Int { 0 }
        var endIndex: Int { count }
        subscript(position: Int) -> Int {
            precondition(position >= 0 && position < count, "child index out of range")
            return storage[start + position]
        }
    }

    /// The value's text as a label shows it: without modules.
    func shownText(_ index: Int) -> String {
        values[index].isUnqualified ? values[index].text : Self.withoutModules(values[index].text)
    }

    enum Shape {
        /// `N elements`
        case array
        /// `N key/value pairs`
        case dictionary
        /// `(N elements)`: an enum case's associated values.
        case payload
        /// `Combine.Published<…>`: a property wrapper, read as the value it wraps (`readPropertyWrappers`).
        case propertyWrapper
        /// `SwiftUI.NavigationPath`: read as the array of its items (`readNavigationPaths`).
        case navigationPath
        /// An item of a `NavigationPath`: its `text` is the item's type, its one child (if any) the item's JSON.
        case navigationPathItem
        case other

        init(_ text: String) {
            // A count starts with a digit or a sign (`Int` reads those); most values' first byte says no.
            func mayCount(_ byte: UInt8?) -> Bool {
                byte.map { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D } ?? false
            }
            let first = text.utf8.first
            if first == 0x43 || first == 0x4F || first == 0x50, DumpedValues.isPropertyWrapperText(text.utf8) {
                self = .propertyWrapper
                return
            }
            if first == 0x53 || first == 0x4E, text.utf8.count == 22 || text.utf8.count == 14,
                text == "SwiftUI.NavigationPath" || text == "NavigationPath"
            {
                self = .navigationPath
                return
            }
            if mayCount(first) {
                if DumpedValues.count(in: text, unit: "element") != nil {
                    self = .array
                    return
                }
                if DumpedValues.count(in: text, unit: "key/value pair") != nil {
                    self = .dictionary
                    return
                }
            }
            if first == 0x28, mayCount(text.utf8.dropFirst().first), text.hasPrefix("("), text.hasSuffix(")"),
                DumpedValues.count(in: String(text.dropFirst().dropLast()), unit: "element") != nil
            {
                self = .payload
                return
            }
            self = .other
        }
    }

    var values: [Value] = []
    /// The `name:` given to `dump()`: the root's label.
    var name: String? { values.first?.label }
    var firstLine: Int { values.first?.line ?? 0 }
    /// Objects printed with their children, by `#N` (a later `#N` is the same object again, without children).
    private(set) var firstPrinting: [Int: Int] = [:]

    /// Yielded in place: a getter returned a copy of the value for each `values[i].label`, `values[i].children`,
    /// retaining and releasing its strings and its children's storage (reading a dump's values and labels goes
    /// through here).
    subscript(index: Int) -> Value {
        _read { yield values[index] }
    }

    /// Room for `count` values: a dump's lines are counted before they are read (growing the array as they came
    /// reallocated it about six times per dump).
    mutating func reserveCapacity(_ count: Int) { values.reserveCapacity(count) }

    /// Every value's children, run after run (`Children`).
    private var childList: [Int] = []
    /// The last value at each depth so far: where the next line's parent is.
    private var open: [Int] = []
    /// Values whose children were cut short: by `maxDepth` (`▹`) or by `maxItems` (a `(N more children)` note).
    private(set) var cutValues: [Int] = []
    /// How many values `maxDepth` printed without their children, and how many children `maxItems`' notes count.
    private(set) var cutByDepth = 0
    private(set) var cutByItems = 0

    /// A line had lldb's `label : value`: the dump is `po` output, read through `readLLDBForm(names:)`.
    private(set) var hasLLDBLabels = false
    /// A value is a `Published` wrapper or a `NavigationPath`, read through `readPropertyWrappers()`.
    private(set) var hasPropertyWrappers = false

    /// Adds a line at `depth` (0 for the root; at most one deeper than the line before): attached to the last
    /// value one level up.
    mutating func append(_ line: SwiftDumpLine, depth: Int, number: Int, shape: Shape? = nil) {
        let depth = min(depth, open.count)
        let parent = depth > 0 ? open[depth - 1] : nil
        values.append(
            Value(
                label: line.label, text: line.value, object: line.object, marker: line.marker,
                parent: parent, line: number, shape: shape ?? Shape(line.value)))
        let index = values.count - 1
        open.removeSubrange(depth...)
        open.append(index)
        if let object = line.object, firstPrinting[object] == nil, line.marker != .leaf {
            firstPrinting[object] = index
        }
        if line.style == .lldb { hasLLDBLabels = true }
        if values[index].shape == .propertyWrapper || values[index].shape == .navigationPath {
            hasPropertyWrappers = true
        }
        if line.marker == .collapsed {
            cutValues.append(index)
            cutByDepth += 1
        }
    }

    /// Gives each value its children once every line is read: values come in preorder, so each value's children
    /// are the later values whose parent it is, in order; one list holds them all, parent by parent.
    mutating func linkChildren() {
        guard values.count > 1 else { return }
        // Each value's count of children, then where its run starts, then the runs filled (the start moved along
        // as a cursor and moved back): no array but the list itself.
        for index in values.indices { if let parent = values[index].parent { values[parent].children.count += 1 } }
        var next = 0
        for index in values.indices {
            values[index].children.start = next
            next += values[index].children.count
        }
        childList.removeAll(keepingCapacity: true)
        childList.append(contentsOf: repeatElement(0, count: next))
        for index in values.indices {
            if let parent = values[index].parent {
                childList[values[parent].children.start] = index
                values[parent].children.start += 1
            }
        }
        for index in values.indices where values[index].children.count > 0 {
            values[index].children.start -= values[index].children.count
            values[index].children.storage = childList
        }
    }

    /// Empty, its storage kept for the next dump (a dump's values were several allocations each, a large one among
    /// them, on the reading thread).
    mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
        firstPrinting.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        cutValues.removeAll(keepingCapacity: true)
        cutByDepth = 0
        cutByItems = 0
        hasLLDBLabels = false
        hasPropertyWrappers = false
    }

    /// A dump still being printed (a live view's provisional reading): the values it is still printing that say
    /// they have more to come (an array with fewer elements than its count, a `▿` with no children yet) are read as
    /// cut there, so what they do not show yet keeps its last known state (`DumpWindows.keepingLastKnown`) rather
    /// than vanishing until the rest is printed. Only the last line and those above it can still be printing; one
    /// that may have more but does not say so (a router whose last property so far is complete) is read as it is,
    /// as the dump reads if it ends there.
    mutating func markStillPrinted() {
        var current = values.indices.last
        while let index = current {
            if isStillPrinting(index) { cutValues.append(index) }
            current = values[index].parent
        }
    }

    /// Value `index` is still being printed and what it holds not yet (a property wrapper whose value is not printed
    /// yet): read as cut, as `markStillPrinted` reads the values it finds.
    mutating func markStillPrinting(_ index: Int) {
        if !cutValues.contains(index) { cutValues.append(index) }
    }

    /// Says it has more children than follow it. Only an array's or a dictionary's text is a count (`Shape` read
    /// it so): the others are not read again.
    private func isStillPrinting(_ index: Int) -> Bool {
        // Fields read in place, not the value copied (its strings retained and released: asked of every value).
        let shape = values[index].shape
        if shape == .array || shape == .dictionary,
            let count = Self.count(in: values[index].text, unit: "element")
                ?? Self.count(in: values[index].text, unit: "key/value pair")
        {
            return values[index].children.count < count
        }
        return values[index].marker == .expanded && values[index].children.isEmpty && !isRepeat(index)
    }

    /// A `maxItems` note after value `last`: the value at `depth` above it (or `last` itself) printed only some of
    /// its children.
    mutating func markCut(after last: Int, depth: Int, count: Int) {
        guard last < values.count else { return }
        var chain = [last]
        while let parent = values[chain[chain.count - 1]].parent { chain.append(parent) }
        // `chain` runs from `last` up to the root, which is at depth 0.
        let owner = chain[max(0, chain.count - 1 - depth)]
        cutValues.append(owner)
        cutByItems += count
    }

    /// How deep the next line may be: one below the last line.
    var deepestNext: Int { open.count }

    // MARK: What a value is

    /// `N elements` / `1 element`: an array of N.
    func isArray(_ index: Int) -> Bool { values[index].shape == .array }
    /// `N key/value pairs`: a dictionary.
    func isDictionary(_ index: Int) -> Bool { values[index].shape == .dictionary }
    func isNil(_ index: Int) -> Bool { values[index].text == "nil" }
    /// An optional, `nil` or `Optional(…)` (lldb: `Optional<…>`) with a `some:` child.
    func isOptional(_ index: Int) -> Bool {
        isNil(index) || Self.isOptionalText(values[index].text)
    }

    /// `Optional(Shop.Sheet.filters)` as `dump()` prints a non-nil optional, `Optional<Sheet>` as lldb's `po` does.
    static func isOptionalText(_ text: String) -> Bool {
        text.hasPrefix("Optional(") || text.hasPrefix("Optional<")
    }

    /// The value inside any number of `Optional(…)`s; `nil` for a nil optional.
    func unwrapped(_ index: Int) -> Int? {
        var current = index
        while Self.isOptionalText(values[current].text) {
            guard let some = values[current].children.first(where: { values[$0].label == "some" }) else {
                return current
            }
            current = some
        }
        return isNil(current) ? nil : current
    }

    /// An object printed again (a shared router, a cycle): no children of its own here.
    func isRepeat(_ index: Int) -> Bool {
        guard let object = values[index].object else { return false }
        return firstPrinting[object] != index && values[index].children.isEmpty
    }

    /// The key and the value of a dictionary entry (`▿ (2 elements)` with `key:` and `value:`).
    func keyValue(_ index: Int) -> (key: Int, value: Int)? {
        let children = values[index].children
        guard let key = children.first(where: { values[$0].label == "key" }),
            let value = children.first(where: { values[$0].label == "value" })
        else { return nil }
        return (key, value)
    }

    /// The first value that says it has more children than follow it (`path: 2 elements` and one element, a `▿`
    /// with nothing under it): the output stopped mid-dump — a crash, a cut copy — since `dump()` prints whole values.
    func firstIncomplete() -> Int? {
        values.indices.first { isStillPrinting($0) }
    }

    /// `N unit` or `N units`. ASCII text is read byte by byte (most values are judged by their first byte).
    static func count(in text: String, unit: StaticString) -> Int? {
        let ascii = text.withByteLine { line -> Int?? in
            guard line.isASCII else { return .none }
            // `Int` reads an optional sign and digits; past 18 digits it may not fit: read as text.
            let start = line.first == 0x2B || line.first == 0x2D ? 1 : 0
            let digits = line.endOfRun(from: start) { $0 >= 0x30 && $0 <= 0x39 }
            guard digits > start, digits - start <= 18 else { return digits == start ? .some(nil) : .none }
            guard line[digits] == .space else { return .some(nil) }
            let rest = line.dropFirst(digits + 1)
            let unitLength = unit.utf8CodeUnitCount
            guard rest.count == unitLength || (rest.count == unitLength + 1 && rest.last == 0x73),
                rest.matches(unit, at: 0)
            else { return .some(nil) }
            return .some(Int(line.prefix(digits).text))
        }
        if let ascii { return ascii }
        return count(readingText: text, unit: unit)
    }

    /// The straightforward reading, as text (the byte-level one is checked against it).
    static func count(readingText text: String, unit: StaticString) -> Int? {
        guard let space = text.firstIndex(of: " "), let count = Int(text[..<space]) else { return nil }
        let rest = text[text.index(after: space)...]
        let unit = unit.description
        return rest == unit || rest == unit + "s" ? count : nil
    }
}
