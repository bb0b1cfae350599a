import NavGraphCore

/// The entries of the one stack a typed path log describes, with the identity each got — the rule of
/// `PathEntries` (NavigationPath JSON): the entries two states share from the bottom, printed the same, keep their
/// identity; the rest are popped and the new ones pushed, each with a fresh key. The id shown is the value's short
/// form, with `#2`, `#3`… for a second or third entry of the same type and form further up.
struct TypedPathEntries {
    private struct Placed {
        var text: [UInt8]
        var shownKey: String
    }

    static let stack = ModelRef(key: "typedpath", id: "path", type: "NavigationStack")
    /// The stack's root view, which the path never names (as for NavigationPath JSON).
    static let rootView = ModelRef(key: "typedpath:root", id: "view", type: stack.type + " root")

    private var placed: [Placed] = []
    private var started = false
    private var generation = 0
    private var shown: [String: Int] = [:]

    /// Whether `text` is the bytes of `range` in `line` (compared as lines, `memcmp`: a generic comparison goes
    /// byte by byte).
    private static func same(_ text: [UInt8], _ line: ByteLine, _ range: Range<Int>) -> Bool {
        text.count == range.count && line.matches(text, at: range.lowerBound)
    }

    /// Emits the pops and pushes that turn the current state into `state`, read from `line`.
    mutating func update(
        to state: TypedPathState, in line: ByteLine, number: Int, into events: inout [NavEvent]
    ) {
        var common = 0
        let limit = min(placed.count, state.elements.count)
        while common < limit, Self.same(placed[common].text, line, state.elements[common]) { common += 1 }
        if !started {
            started = true
            events.append(NavEvent(.root(Self.stack, kind: .stack, window: "main"), line: number))
            events.append(NavEvent(.push(Self.rootView, kind: nil, parent: Self.stack.key), line: number))
        }
        if placed.count > common {
            for gone in placed[common...] {
                let count = shown[gone.shownKey, default: 1]
                shown[gone.shownKey] = count > 1 ? count - 1 : nil
            }
            events.append(NavEvent(.pop(parent: Self.stack.key, count: placed.count - common), line: number))
            placed.removeSubrange(common...)
        }
        for range in state.elements[common...] {
            let text = line.slice(range)
            let element = TypedPathElement(text)
            let qualifiedType = element.name.module.map { $0 + "." + element.name.type } ?? element.name.type
            let shownKey = qualifiedType + " " + element.label
            let count = shown[shownKey, default: 0] + 1
            shown[shownKey] = count
            generation += 1
            var model = ModelRef(
                key: "typedpath:\(generation)", id: element.label, type: element.name.type, module: element.name.module)
            if count > 1 { model.id += "#\(count)" }
            placed.append(Placed(text: Array(text), shownKey: shownKey))
            events.append(NavEvent(.push(model, kind: nil, parent: Self.stack.key), line: number))
        }
    }
}
