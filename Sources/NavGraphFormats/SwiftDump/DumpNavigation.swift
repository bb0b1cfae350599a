import NavGraphCore

/// What a dumped value says about navigation, by its property names (see `DumpPropertyNames`): routers, their stacks
/// and presentations, tabs. Stored flat in preorder (each node before its subtree), so a subtree is a contiguous
/// run that a later dump of that part can replace.
struct DumpNavigation {
    struct Node: Equatable {
        var model: ModelRef
        var kind: NodeKind
        var edge: EdgeKind?
        var parent: Int?
        /// The name a later `dump(_, name:)` of this part uses: a tab's key, a router property's name.
        var part: String?
        /// `maxDepth` or `maxItems` cut what the dump shows of this node's own content (its value, up to the values
        /// of nodes below it), so it may have more than the dump shows: `DumpWindows` keeps its last known state.
        var isCut = false
        /// `maxDepth` or `maxItems` cut this stack's array or one of its entries: entries past those it shows
        /// whole are not known.
        var entriesCut = false
        /// A stack's count of entries as a cut dump prints it (`path: 4 elements`), which holds even where the
        /// entries themselves are cut; `nil` in a whole dump.
        var entryCount: Int?
    }

    var nodes: [Node] = []
    /// The selected tab of each tabs container whose dump says (container key, tab key).
    var selections: [(tabs: String, tab: String)] = []
    /// Whether `maxDepth` or `maxItems` left something out (or, read while still printed, it may have more).
    private(set) var wasCut = false
    /// How many values `maxDepth` printed without their children, how many children `maxItems` left out.
    var cutByDepth = 0
    var cutByItems = 0
    /// Which node each value became (kept only while reading a dump that was cut, to find the nodes it cut).
    private var valueNodes: [Int: Int]?
    /// Which stack node each stack's array became (kept with `valueNodes`).
    private var stackArrays: [Int: Int] = [:]

    /// The values to read and how, in the order their nodes are made (a stack of work, not recursion).
    private enum Work {
        /// A value that is a node of its own (the root, a router, a tab); its content follows.
        case node(value: Int?, parent: Int?, edge: EdgeKind?, key: String, type: String, id: String, part: String?)
        /// A stack of its own under a node that has several (`homePath`, `settingsPath`).
        case stack(array: Int, parent: Int, key: String, label: String)
        /// A tabs container of its own under a node with more than one kind of container.
        case tabs(collection: Int, selection: Int?, parent: Int, key: String, label: String)
        /// A non-nil presentation property.
        case presented(value: Int, parent: Int, key: String, label: String)
        /// A value that is not navigation: looked into for routers (and shown as a plain node with `verbose`).
        /// Its key is `prefix` and `label`, made only when used: most such values are leaves that make nothing
        /// (a sheet's payload), and making every key was an allocation each on the reading thread.
        case other(value: Int, parent: Int, prefix: String, label: String)
    }

    /// Reads `values` from its root as a node keyed `rootKey`.
    init(
        _ values: DumpedValues, names: DumpLabelMeanings, labels: DumpedLabels, entryKeys: RecentIDs, verbose: Bool,
        rootKey: String, rootID: String, rootEdge: EdgeKind?, rootPart: String?
    ) {
        cutByDepth = values.cutByDepth
        cutByItems = values.cutByItems
        wasCut = !values.cutValues.isEmpty
        if wasCut { valueNodes = [:] }
        let root = values.unwrapped(0)
        let type = root.map { values.type(of: $0) } ?? ""
        var work: [Work] = [
            .node(
                value: root, parent: nil, edge: rootEdge, key: rootKey,
                type: type.isEmpty ? "Value" : type, id: rootID, part: rootPart)
        ]
        // Room for the nodes of most dumps (a router and a few entries; a node per value at most, unless `verbose`)
        // and the work they make: grown as they came, each array was reallocated about three times per dump on the
        // reading thread. No more than fits in 1 KB (6 nodes or work items of under 160 bytes each): glibc's malloc
        // makes a larger block by consolidating its free lists first (malloc_consolidate).
        nodes.reserveCapacity(min(values.values.count, 6))
        work.reserveCapacity(6)
        var reading = Reading(values: values, names: names, labels: labels, entryKeys: entryKeys, verbose: verbose)
        while let item = work.popLast() {
            reading.read(item, into: &self, work: &work)
        }
        if let valueNodes { markCut(values.cutValues, of: values, valueNodes: valueNodes) }
        valueNodes = nil
    }

    /// Each cut value's node (the nearest value above it that became one) is cut; a stack entry's cut makes its
    /// stack's list of entries uncertain too.
    private mutating func markCut(_ cutValues: [Int], of values: DumpedValues, valueNodes: [Int: Int]) {
        for value in cutValues {
            if let stack = stackArrays[value] { nodes[stack].entriesCut = true }
            var current: Int? = value
            while let index = current, valueNodes[index] == nil { current = values[index].parent }
            guard let node = current.flatMap({ valueNodes[$0] }) ?? (nodes.isEmpty ? nil : 0) else { continue }
            nodes[node].isCut = true
            if nodes[node].edge == .push, let stack = nodes[node].parent { nodes[stack].entriesCut = true }
        }
    }

    private struct Reading {
        let values: DumpedValues
        let names: DumpLabelMeanings
        let labels: DumpedLabels
        /// Stack entries' keys, the same string for the same entry dump after dump.
        let entryKeys: RecentIDs
        let verbose: Bool

        mutating func read(_ item: Work, into navigation: inout DumpNavigation, work: inout [Work]) {
            switch item {
            case .node(let value?, let parent, let edge, let key, _, let id, let part)
            where values.isArray(value)
                && (names.isStack(values[value].label ?? "") || (parent == nil && values[value].label == nil)):
                // `dump(router.path, name: "path")`, or `dump(path)` with no name: the dump is the stack itself.
                let me = navigation.add(
                    Node(
                        model: ModelRef(key: key, id: id, type: "Stack"), kind: .stack, edge: edge,
                        parent: parent, part: part), value: value)
                addEntries(of: value, to: me, key: key, into: &navigation)
            case .node(let value, let parent, let edge, let key, let type, let id, let part):
                let content = value.map { Content(values, $0, names: names) }
                let kind: NodeKind = content?.mergedKind ?? .screen
                let me = navigation.add(
                    Node(
                        model: ModelRef(key: key, id: id, type: type), kind: kind, edge: edge,
                        parent: parent, part: part), value: value)
                if let content { schedule(content, of: me, key: key, kind: kind, into: &navigation, work: &work) }
            case .stack(let array, let parent, let key, let label):
                let me = navigation.add(
                    Node(
                        model: ModelRef(key: key, id: label, type: "Stack"), kind: .stack,
                        edge: .child, parent: parent, part: label), value: array)
                addEntries(of: array, to: me, key: key, into: &navigation)
            case .tabs(let collection, let selection, let parent, let key, let label):
                let me = navigation.add(
                    Node(
                        model: ModelRef(key: key, id: label, type: "Tabs"), kind: .tabs,
                        edge: .child, parent: parent, part: label), value: collection)
                let start = work.count
                collectTabs(
                    of: collection, selection: selection, parent: me, key: key, into: &navigation, work: &work)
                work[start...].reverse()
            case .presented(let value, let parent, let key, let label):
                readPresented(value, parent: parent, key: key, label: label, into: &navigation, work: &work)
            case .other(let value, let parent, let keyPrefix, let label):
                readOther(value, parent: parent, keyPrefix: keyPrefix, label: label, into: &navigation, work: &work)
            }
        }

        /// A presentation's value: a presented router makes work of its own, anything else a node.
        private mutating func readPresented(
            _ value: Int, parent: Int, key: String, label: String, into navigation: inout DumpNavigation,
            work: inout [Work]
        ) {
            let inner = values.unwrapped(value)!
            let style = names.style(of: label)
            let (type, caseLabel) = labels.typeAndLabel(of: inner, in: values)
            if Content.isRouter(values, inner, names: names) {
                // A presented router: a node with its own stack and presentations.
                work.append(
                    .node(
                        value: inner, parent: parent, edge: .presented(style),
                        key: Self.bounded(key + "/" + label), type: type.isEmpty ? "Value" : type, id: label,
                        part: label))
            } else {
                let caseName = caseLabel.prefix { $0 != "(" }
                let nodeKey = Self.bounded("\(key)/\(label):\(caseName)")
                let me = navigation.add(
                    Node(
                        model: ModelRef(key: nodeKey, id: caseLabel, type: type.isEmpty ? label : type),
                        kind: .screen, edge: .presented(style), parent: parent, part: label), value: inner)
                // A sheet's payload can hold a router of its own.
                scheduleOthers(values[inner].children, of: me, key: nodeKey, work: &work)
            }
        }

        /// Any other property: a router in it makes work of its own; with `verbose` the value is a node too.
        private mutating func readOther(
            _ value: Int, parent: Int, keyPrefix: String, label: String, into navigation: inout DumpNavigation,
            work: inout [Work]
        ) {
            guard !values.isRepeat(value) else {
                if verbose {
                    let key = Self.bounded(keyPrefix + label)
                    _ = navigation.add(
                        Node(
                            model: ModelRef(
                                key: key, id: "#\(values[value].object!) again",
                                type: DumpPropertyNames.declaredName(label)),
                            kind: .screen, edge: .child, parent: parent, part: nil), value: nil)
                }
                return
            }
            if let inner = values.unwrapped(value), Content.isRouter(values, inner, names: names) {
                let type = values.type(of: inner)
                work.append(
                    .node(
                        value: inner, parent: parent, edge: .child, key: Self.bounded(keyPrefix + label),
                        type: type.isEmpty ? "Value" : type, id: DumpPropertyNames.declaredName(label),
                        part: DumpPropertyNames.declaredName(label)))
                return
            }
            // Without `verbose` a value with no children makes nothing (it is no router): neither does one whose
            // children have none, so its key is not made either.
            guard verbose || values.containsProperty(of: value, where: { !values[$0].children.isEmpty }) else {
                return
            }
            let key = Self.bounded(keyPrefix + label)
            var owner = parent
            var prefix = key + "."
            if verbose {
                // Not a node a cut is told of (`markCut`): a plain node is no navigation to keep.
                var text = DumpedValues.withoutModules(values[value].text)
                if text.isEmpty { text = "\"\"" }
                owner = navigation.add(
                    Node(
                        model: ModelRef(
                            key: key, id: DumpedValues.cut(text), type: DumpPropertyNames.declaredName(label)),
                        kind: .screen, edge: .child, parent: parent, part: nil), value: nil)
                prefix = key + "/"
            }
            let start = work.count
            var position = 0
            values.forEachProperty(of: value) { child in
                defer { position += 1 }
                guard verbose || !values[child].children.isEmpty else { return true }
                let childLabel = values[child].label ?? "[\(position)]"
                work.append(.other(value: child, parent: owner, prefix: prefix, label: childLabel))
                return true
            }
            work[start...].reverse()
        }

        /// The work a node's content makes, in the order its children are shown: stack entries (leaves, added
        /// at once), then presentations, tabs and everything else.
        private func schedule(
            _ content: Content, of me: Int, key: String, kind: NodeKind,
            into navigation: inout DumpNavigation, work: inout [Work]
        ) {
            // Appended to `work` in the order shown, then turned around (taken from the end, the first comes first):
            // a temporary array per node was an allocation each on the reading thread.
            let start = work.count
            if kind == .stack { addEntries(of: content.stacks[0], to: me, key: key, into: &navigation) }
            for property in content.presentations where values.unwrapped(property) != nil {
                work.append(
                    .presented(
                        value: property, parent: me, key: key,
                        label: DumpPropertyNames.declaredName(values[property].label!)))
            }
            if kind == .tabs {
                if let collection = content.tabCollections.first {
                    collectTabs(
                        of: collection, selection: content.selection, parent: me, key: key, into: &navigation,
                        work: &work)
                } else {
                    collectTabProperties(
                        content.routerProperties, selection: content.selection, parent: me, key: key,
                        into: &navigation, work: &work)
                }
            } else {
                for stack in content.stacks where kind != .stack {
                    let label = DumpPropertyNames.declaredName(values[stack].label!)
                    work.append(.stack(array: stack, parent: me, key: Self.bounded(key + "/" + label), label: label))
                }
                for collection in content.tabCollections {
                    let label = values[collection].label.map(DumpPropertyNames.declaredName) ?? "tabs"
                    work.append(
                        .tabs(
                            collection: collection, selection: content.selection, parent: me,
                            key: Self.bounded(key + "/" + label), label: label))
                }
                if !content.routerProperties.isEmpty {
                    collectTabProperties(
                        content.routerProperties, selection: content.selection, parent: me, key: key,
                        into: &navigation, work: &work)
                }
            }
            scheduleOthers(content.others, of: me, key: key, into: &work)
            work[start...].reverse()
        }

        private func scheduleOthers(
            _ children: some RandomAccessCollection<Int>, of me: Int, key: String, work: inout [Work]
        ) {
            let start = work.count
            scheduleOthers(children, of: me, key: key, into: &work)
            work[start...].reverse()
        }

        private func scheduleOthers(
            _ children: some RandomAccessCollection<Int>, of me: Int, key: String, into pending: inout [Work]
        ) {
            // Without `verbose`, a value with no children makes nothing (see `.other`).
            guard verbose || children.contains(where: { !values[$0].children.isEmpty }) else { return }
            let prefix = key + "/"
            for (position, child) in children.enumerated() where verbose || !values[child].children.isEmpty {
                let label = values[child].label ?? "[\(position)]"
                if DumpPropertyNames.isGenerated(label) { continue }
                pending.append(.other(value: child, parent: me, prefix: prefix, label: label))
            }
        }

        private func addEntries(of array: Int, to stack: Int, key: String, into navigation: inout DumpNavigation) {
            // An entry's key is its position and every label up to it: it keeps its key while nothing below it
            // in the stack changes.
            if navigation.valueNodes != nil {
                navigation.stackArrays[array] = stack
                navigation.nodes[stack].entryCount = DumpedValues.count(in: values[array].text, unit: "element")
            }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            // The stack's entries' keys are made in one buffer (`DumpNavigation.entryKey`).
            var keyBytes: [UInt8] = []
            keyBytes.reserveCapacity(key.utf8.count + 32)
            for (position, element) in values[array].children.enumerated() {
                let made = makeEntry(element, position: position, before: hash, key: key, keyBytes: &keyBytes)
                hash = made.hash
                navigation.add(entry: made.model, of: stack, value: element)
            }
        }

        /// A stack entry's model, keyed by its position and the hash of the entries up to it (`before`, then its
        /// own type and label).
        private func makeEntry(
            _ element: Int, position: Int, before: UInt64, key: String, keyBytes: inout [UInt8]
        ) -> (model: ModelRef, hash: UInt64) {
            let (type, label) =
                values[element].shape == .navigationPathItem
                ? values.navigationPathItem(element)
                : values.unwrapped(element).map { labels.typeAndLabel(of: $0, in: values) } ?? ("", "nil")
            // `type.label` and a 0, byte by byte (without building the string).
            var hash = before
            for byte in type.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ UInt64(UInt8.dot)) &* 0x100_0000_01b3
            for byte in label.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0) &* 0x100_0000_01b3
            let entryKey = DumpNavigation.entryKey(key, position: position, hash: hash, in: &keyBytes, from: entryKeys)
            return (model: ModelRef(key: entryKey, id: label, type: type.isEmpty ? "Entry" : type), hash: hash)
        }

        /// Tabs from a dictionary (ordered by key: Swift prints dictionaries in a random order) or an array.
        private func collectTabs(
            of collection: Int, selection: Int?, parent: Int, key: String,
            into navigation: inout DumpNavigation, work: inout [Work]
        ) {
            var tabs: [(key: String, value: Int)] = []
            if values.isDictionary(collection) {
                for pair in values[collection].children {
                    guard let (keyValue, value) = values.keyValue(pair) else { continue }
                    tabs.append((Self.keyText(values[keyValue].text), value))
                }
                if tabs.allSatisfy({ Int($0.key) != nil }) {
                    tabs.sort { Int($0.key)! < Int($1.key)! }
                } else {
                    tabs.sort { $0.key < $1.key }
                }
            } else {
                for (position, element) in values[collection].children.enumerated() {
                    tabs.append((String(position), element))
                }
            }
            let collectionLabel = values[collection].label.map(DumpPropertyNames.declaredName) ?? "tabs"
            addTabWork(
                tabs, selection: selection, parent: parent, key: key, collectionLabel: collectionLabel,
                into: &navigation, work: &work)
        }

        /// Tabs from router properties beside a selection (`home: Router`, `settings: Router`, `selectedTab`).
        private func collectTabProperties(
            _ properties: [Int], selection: Int?, parent: Int, key: String,
            into navigation: inout DumpNavigation, work: inout [Work]
        ) {
            let tabs = properties.map { (key: DumpPropertyNames.declaredName(values[$0].label ?? ""), value: $0) }
            addTabWork(
                tabs, selection: selection, parent: parent, key: key, collectionLabel: "", into: &navigation,
                work: &work)
        }

        private func addTabWork(
            _ tabs: [(key: String, value: Int)], selection: Int?, parent: Int, key: String,
            collectionLabel: String, into navigation: inout DumpNavigation, work: inout [Work]
        ) {
            let selected = selection.map { Self.selectionText(values, $0) }
            for tab in tabs {
                let tabKey = Self.bounded("\(key)/\(collectionLabel)[\(tab.key)]")
                guard let inner = values.unwrapped(tab.value), !values.isRepeat(inner) else { continue }
                let type = values.type(of: inner)
                work.append(
                    .node(
                        value: inner, parent: parent, edge: .tab, key: tabKey, type: type.isEmpty ? "Value" : type,
                        id: tab.key, part: tab.key))
                if tab.key == selected {
                    navigation.selections.append((tabs: navigation.nodes[parent].model.key, tab: tabKey))
                }
            }
        }

        /// Keys name a value by its path from the node above, which grows with the dump's depth: past 200
        /// characters the path is replaced by its hash, so a deep dump costs linear time and memory, and the same
        /// path still gives the same key in the next dump.
        static func bounded(_ key: String) -> String {
            guard key.utf8.count > 200 else { return key }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return "~" + String(hash, radix: 16)
        }

        /// A dictionary key as a tab's name: `"home"` → home, `Shop.Tab.home` → home, `2` → 2.
        static func keyText(_ text: String) -> String {
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                return String(text.dropFirst().dropLast())
            }
            if DumpedValues.isQualifiedName(text), let dot = text.lastIndex(of: ".") {
                return String(text[text.index(after: dot)...])
            }
            return text
        }

        static func selectionText(_ values: DumpedValues, _ index: Int) -> String? {
            guard let inner = values.unwrapped(index) else { return nil }
            // An enum case with associated values: its case name.
            if !values[inner].children.isEmpty {
                return keyText(values.typeAndLabel(of: inner).label.prefix { $0 != "(" }.description)
            }
            return keyText(values[inner].text)
        }
    }

    /// A stack entry: a screen pushed onto `stack`.
    private mutating func add(entry model: ModelRef, of stack: Int, value: Int) {
        _ = add(Node(model: model, kind: .screen, edge: .push, parent: stack, part: nil), value: value)
    }

    private mutating func add(_ node: Node, value: Int?) -> Int {
        nodes.append(node)
        if let value, valueNodes != nil { valueNodes![value] = nodes.count - 1 }
        return nodes.count - 1
    }
}

/// The properties of one dumped value, sorted by what they mean for navigation.
private struct Content {
    var stacks: [Int] = []
    var presentations: [Int] = []
    var selection: Int?
    var tabCollections: [Int] = []
    /// Router properties that are tabs (beside a selection, at least two).
    var routerProperties: [Int] = []
    var others: [Int] = []

    init(_ values: DumpedValues, _ value: Int, names: DumpLabelMeanings) {
        guard !values.isRepeat(value) else { return }
        var rest: [Int] = []
        var stacks: [Int] = []
        var presentations: [Int] = []
        var selection: Int?
        values.forEachProperty(of: value) { child in
            guard let label = values[child].label else {
                rest.append(child)
                return true
            }
            if names.isStack(label), values.isArray(child) {
                stacks.append(child)
            } else if names.isPresentation(label), values.isOptional(child) {
                presentations.append(child)
            } else if selection == nil, names.isSelection(label), !values.isArray(child), !values.isDictionary(child) {
                selection = child
            } else {
                rest.append(child)
            }
            return true
        }
        self.stacks = stacks
        self.presentations = presentations
        self.selection = selection
        if selection != nil {
            for child in rest where values.isArray(child) || values.isDictionary(child) {
                if Self.holdsRouters(values, child, names: names) { tabCollections.append(child) }
            }
            if tabCollections.isEmpty {
                let routers = rest.filter { child in
                    values.unwrapped(child).map { Content.hasStackOrPresentation(values, $0, names: names) } ?? false
                }
                if routers.count >= 2 { routerProperties = routers }
            }
        }
        // Most values have no tabs: their others are the rest as it is (filtering made a second array each).
        others =
            tabCollections.isEmpty && routerProperties.isEmpty
            ? rest : rest.filter { !tabCollections.contains($0) && !routerProperties.contains($0) }
    }

    /// Has a stack or a presentation of its own.
    var isRouter: Bool { isRouterShallow || !tabCollections.isEmpty || !routerProperties.isEmpty }
    private var isRouterShallow: Bool { !stacks.isEmpty || !presentations.isEmpty }

    /// `Content(values, value, names:).isRouter` without sorting the properties into arrays: asked of every value
    /// that is not navigation (a sheet's payload, each of its fields), it made several arrays each on the reading
    /// thread. A property that is a stack or a
    /// presentation says yes; tabs need a selection beside them, and only then are the properties sorted.
    static func isRouter(_ values: DumpedValues, _ value: Int, names: DumpLabelMeanings) -> Bool {
        guard !values.isRepeat(value) else { return false }
        if hasStackOrPresentation(values, value, names: names) { return true }
        let hasSelection = values.containsProperty(of: value) { child in
            guard let label = values[child].label else { return false }
            return names.isSelection(label) && !values.isArray(child) && !values.isDictionary(child)
        }
        return hasSelection && Content(values, value, names: names).isRouter
    }

    /// `Content(values, value, names:).isRouterShallow`, without sorting the properties into arrays.
    static func hasStackOrPresentation(_ values: DumpedValues, _ value: Int, names: DumpLabelMeanings) -> Bool {
        guard !values.isRepeat(value) else { return false }
        return values.containsProperty(of: value) { child in
            guard let label = values[child].label else { return false }
            return (names.isStack(label) && values.isArray(child))
                || (names.isPresentation(label) && values.isOptional(child))
        }
    }

    /// The kind of the value's own node: a stack when it has exactly one stack, tabs when it has exactly one set
    /// of tabs (and no stack); otherwise a screen, with its stacks and tabs as nodes of their own.
    var mergedKind: NodeKind {
        let tabSets = tabCollections.count + (routerProperties.isEmpty ? 0 : 1)
        if stacks.count == 1 && tabSets == 0 { return .stack }
        if stacks.isEmpty && tabSets == 1 { return .tabs }
        return .screen
    }

    private static func holdsRouters(_ values: DumpedValues, _ collection: Int, names: DumpLabelMeanings) -> Bool {
        func isRouter(_ element: Int) -> Bool {
            values.unwrapped(element).map { Content.hasStackOrPresentation(values, $0, names: names) } ?? false
        }
        guard values.isDictionary(collection) else { return values[collection].children.contains(where: isRouter) }
        return values[collection].children.contains { values.keyValue($0).map { isRouter($0.value) } ?? false }
    }
}

extension DumpNavigation {
    /// `key/position-hash`, the hash in lower-case hexadecimal (as `"\(key)/\(position)-\(String(hash, radix: 16))"`),
    /// its bytes put together in `bytes` (emptied first, its storage kept for the next entry) and made a string
    /// by `strings`: the same entry in the next dump gets the same string. Made afresh, every stack entry of every
    /// dump was a string allocated on the reading thread and freed on the consuming one, whose frees contended for
    /// glibc's allocator lock with the reader (a futex call on either side; perf, 100 MB dump log).
    static func entryKey(
        _ key: String, position: Int, hash: UInt64, in bytes: inout [UInt8], from strings: RecentIDs
    ) -> String {
        bytes.removeAll(keepingCapacity: true)
        key.withByteLine { bytes.append(contentsOf: $0) }
        bytes.append(0x2F)  // `/`
        if position < 0 { bytes.append(0x2D) }
        // Digits from the last, then turned around.
        let digits = bytes.count
        var rest = position.magnitude
        repeat {
            bytes.append(0x30 + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        bytes[digits...].reverse()
        bytes.append(0x2D)  // `-`
        var shift = 60
        while shift > 0, (hash >> UInt64(shift)) & 0xF == 0 { shift -= 4 }
        while shift >= 0 {
            let digit = UInt8((hash >> UInt64(shift)) & 0xF)
            bytes.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
            shift -= 4
        }
        return bytes.withByteLine { strings.string($0) }
    }
}
