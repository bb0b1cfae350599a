import NavGraphCore

/// The entries of the one stack a NavigationPath log describes, with the identity each got.
///
/// The rule for ids: between two states, the entries both have in common from the bottom of the stack (same type,
/// same value — the decoded JSON, whatever the order of its objects' keys —, in the same order) keep their identity; every entry above is popped and the new ones pushed as
/// new entries, each with a fresh key from a counter that never goes back (the same value pushed twice is two
/// entries). An entry's shown id is its value's short form (`detail(id: 42)`), with `#2`, `#3`… for a second or
/// third entry of the same type and form further up — so an entry keeps its id while everything below it is
/// unchanged.
struct PathEntries {
    private struct Placed {
        var model: ModelRef
        /// `qualifiedType label` (`label`: the value's short form, the id without its `#N`), what `shown` counts.
        var shownKey: ShownKey
    }

    /// What is decoded from an entry, and the key its id is counted under.
    private struct Decoded {
        var name: QualifiedName
        var label: String
        var shownKey: ShownKey
    }

    /// `qualifiedType label`, hashed once when its entry is decoded: a `String` key is hashed in full (and
    /// normalized, when not ASCII) at every lookup, two or three a push or pop (4% of reading a NavigationPath log,
    /// callgrind).
    private struct ShownKey: Hashable {
        var text: String
        var hash: UInt64

        init(_ text: String) {
            self.text = text
            hash = SlotIndex.hash(text)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (left: ShownKey, right: ShownKey) -> Bool { left.hash == right.hash && left.text == right.text }
    }

    static let stack = ModelRef(key: "navigationpath", id: "path", type: "NavigationStack")
    /// The stack's root view: not in the path, but every stack has one (and a pop never takes it). Typed by its stack
    /// as NavigatorUI's are (`home root`, id `view`): JSON and diagrams show the type `NavigationStack root`, not a
    /// bare `root` that reads as a kind, and the text tree `NavigationStack root view`.
    static let rootView = ModelRef(key: "navigationpath:root", id: "view", type: stack.type + " root")

    private var placed: [Placed] = []
    /// What was decoded from recent distinct encoded entries, with the entry's bytes, found by the entry's hash.
    private var decoded = RecentItems<(entry: [UInt8], decoded: Decoded)>(size: 16384)
    private var current = PathState.empty
    private var started = false
    private var generation = 0
    /// How many entries of the stack show each `type id` (for `#2` suffixes).
    private var shown: [ShownKey: Int] = [:]

    /// Emits the pops and pushes that turn the current state into `state`.
    mutating func update(to state: PathState, line: Int, into events: inout [NavEvent]) throws(PathState.Problem) {
        var common = 0
        let limit = min(placed.count, state.count)
        // The same bytes, or else the same type and the same decoded value: `JSONEncoder` writes an object's keys in
        // any order from one encode to the next, and `path.codable` encodes every entry anew each time.
        while common < limit,
            state.sameEntry(common, as: current, common) || state.sameValue(common, as: current, common)
        {
            common += 1
        }
        // New entries decoded first: one that is not valid rejects the whole state before anything changes.
        var news: [Decoded] = []
        for index in common..<state.count {
            // Apps push the same few values again and again: each distinct one is decoded once while it is recent.
            let hash = state.entryHash(at: index)
            if let known = decoded.lookUp(
                hash: hash, { state.entry(at: index, isEncodedAs: $0.entry) ? $0.decoded : nil })
            {
                news.append(known)
                continue
            }
            // Named readably: a mangled name (NavigationBackport, FlowStacks) demangled, a private type's
            // `(unknown context at $…)` left out.
            let name = QualifiedName(SwiftTypeName.readable(try state.typeName(at: index)))
            var label = try state.valueLabel(at: index)
            // Two values cut to the same short form would read as one entry (in `diff`, which matches entries by
            // type and id, and in JSON): a cut label carries a digest of the whole value.
            if label.count >= ValueLabel.limit && label.hasSuffix("…") { label += "~" + state.valueDigest(at: index) }
            let qualifiedType = name.module.map { $0 + "." + name.type } ?? name.type
            let made = Decoded(name: name, label: label, shownKey: ShownKey("\(qualifiedType) \(label)"))
            decoded.store((state.encodedEntry(at: index), made), hash: hash)
            news.append(made)
        }
        current = state

        if !started {
            started = true
            events.append(NavEvent(.root(Self.stack, kind: .stack, window: "main"), line: line))
            events.append(NavEvent(.push(Self.rootView, kind: nil, parent: Self.stack.key), line: line))
        }
        if placed.count > common {
            for gone in placed[common...] { forget(gone.shownKey) }
            let popped = placed.count - common
            placed.removeSubrange(common...)
            events.append(NavEvent(.pop(parent: Self.stack.key, count: popped), line: line))
        }
        for entry in news {
            var model = ModelRef(key: "", id: entry.label, type: entry.name.type, module: entry.name.module)
            let count = count(entry.shownKey)
            if count > 1 { model.id += "#\(count)" }
            generation += 1
            model.key = "navigationpath:\(generation)"
            placed.append(Placed(model: model, shownKey: entry.shownKey))
            events.append(NavEvent(.push(model, kind: nil, parent: Self.stack.key), line: line))
        }
    }

    /// One more entry shown as `key`; how many now. Found once by its index, not looked up again to be stored.
    private mutating func count(_ key: ShownKey) -> Int {
        guard let index = shown.index(forKey: key) else {
            shown[key] = 1
            return 1
        }
        shown.values[index] += 1
        return shown.values[index]
    }

    /// One entry shown as `key` less; the key gone with the last.
    private mutating func forget(_ key: ShownKey) {
        guard let index = shown.index(forKey: key) else { return }
        if shown.values[index] > 1 {
            shown.values[index] -= 1
        } else {
            shown.remove(at: index)
        }
    }
}
