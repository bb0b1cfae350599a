/// Routers as apps declare them, read through what `dump()` prints of them (verified with the real runtime: see
/// `Tests/NavGraphFormatsTests/Fixtures/swift-dump/generate`):
///
/// | declared | printed |
/// |---|---|
/// | `@Observable final class Router { var path: [Route] }` | `▿ _path: 2 elements`, and `▿ _$observationRegistrar: Observation.ObservationRegistrar` with the registrar's own state (tens of lines) |
/// | `class Router: BaseRouter`, `path` declared in `BaseRouter` | `▿ super: MyApp.BaseRouter` first, holding `path`; the subclass's own properties after it |
/// | `@Published var path: [Route]` | `▿ _path: OpenCombine.Published<Swift.Array<MyApp.Route>>` (`Combine.Published` on Apple platforms), the value deep in its storage |
/// | `var path = NavigationPath()` | `▿ _path: SwiftUI.NavigationPath`, its items boxed in SwiftUI's private storage (`DumpedValues+NavigationPath.swift`) |
///
/// Property names are read as declared (`DumpPropertyNames.declaredName`); `forEachProperty(of:)` lists a value's
/// properties with its superclasses' and without the registrar; `readPropertyWrappers()` replaces each `Published`
/// wrapper by the value it holds, and each `NavigationPath` by the array of its items.
extension DumpedValues {
    /// Calls `body` with each property of value `value` as its type has them, in order, until it returns false: its
    /// superclass's (the `super:` child `dump()` prints first, and its own `super:` in turn), then its own, without
    /// macro-generated state (`_$observationRegistrar`). Walks the children in place: no array or iterator holding
    /// the values is made (an iterator kept a copy of the values, retained and released per use: asked of every
    /// value that may be a router).
    func forEachProperty(of value: Int, _ body: (Int) -> Bool) {
        var owner = value
        var position = 0
        while true {
            let children = values[owner].children
            if position < children.count {
                let child = children[position]
                position += 1
                if let label = values[child].label {
                    if DumpPropertyNames.isGenerated(label) { continue }
                    // `dump()` prints a class's superclass first: only a first child is one (which also keeps the
                    // way back up constant-time).
                    if position == 1, label == "super", isObject(owner) {
                        owner = child
                        position = 0
                        continue
                    }
                }
                if !body(child) { return }
                continue
            }
            // The end of a superclass's properties: the subclass's own follow its `super:`, its first child.
            guard owner != value, let parent = values[owner].parent else { return }
            position = 1
            owner = parent
        }
    }

    /// Whether a property of value `value` (`forEachProperty`) satisfies `predicate`.
    func containsProperty(of value: Int, where predicate: (Int) -> Bool) -> Bool {
        var found = false
        forEachProperty(of: value) { child in
            found = predicate(child)
            return !found
        }
        return found
    }

    /// An object's value (`MyApp.Router #3`), or a `super:` of one: a value whose `super:` child is its superclass.
    func isObject(_ index: Int) -> Bool {
        values[index].object != nil || values[index].label == "super"
    }

    /// Replaces each `Published` property wrapper (`▿ _path: OpenCombine.Published<…>`) by the value it wraps: its
    /// text, children and object become the wrapped value's, so everything after reads `_path` as the array it
    /// holds. OpenCombine 0.14's storage holds the value in one of two forms, both verified: before anything
    /// subscribes, `▿ wrappedValue: ….Storage.value` / `- value: …`; once subscribed (`$path`, or SwiftUI
    /// observing the object), a publisher whose subject keeps it as `currentValue`. Combine's `Published` on Apple
    /// platforms is read the same way (its storage was not seen from Apple's runtime); a wrapper whose value is not
    /// found is left as it is.
    ///
    /// `stillPrinted`: the dump is read while still being printed (`markStillPrinted`); a wrapper being printed whose
    /// value is not printed yet is read as cut there, so the router it belongs to keeps its last known state.
    mutating func readPropertyWrappers(stillPrinted: Bool = false) {
        guard hasPropertyWrappers else { return }
        for index in values.indices where values[index].shape == .propertyWrapper {
            guard let wrapped = wrappedValue(of: index) else {
                if stillPrinted, isAncestorOfLast(index) { markStillPrinting(index) }
                continue
            }
            values[index].text = values[wrapped].text
            values[index].shape = values[wrapped].shape
            values[index].marker = values[wrapped].marker
            values[index].object = values[wrapped].object
            values[index].isUnqualified = values[wrapped].isUnqualified
            values[index].children = values[wrapped].children
        }
        readNavigationPaths()
    }

    /// The last value read, or a value above it: one still being printed, in a dump read while printed.
    private func isAncestorOfLast(_ index: Int) -> Bool {
        var current = values.indices.last
        while let value = current, value >= index {
            if value == index { return true }
            current = values[value].parent
        }
        return false
    }

    /// The first value below wrapper `index` (in print order) that is the wrapped value: `value:` of a `.value`
    /// case, or a subject's `currentValue:`. Looked for among the first 512 values below it (a subject prints its
    /// lock and subscribers before its value: a few dozen lines), so that wrappers nested in wrappers cost linear
    /// time, not quadratic.
    private func wrappedValue(of index: Int) -> Int? {
        let end = min(values.count, index + 513)
        guard index + 1 < end else { return nil }
        for candidate in (index + 1)..<end {
            // Values are in preorder: past the wrapper's last descendant, a value's parent is above the wrapper.
            guard let parent = values[candidate].parent, parent >= index else { return nil }
            guard let label = values[candidate].label else { continue }
            if label == "currentValue" { return candidate }
            if label == "value", values[parent].text.hasSuffix(".value") {
                return candidate
            }
        }
        return nil
    }

    /// `Combine.Published<…>` or `OpenCombine.Published<…>` (`Published<…>` from lldb, which prints no modules).
    static func isPropertyWrapperText(_ bytes: some Collection<UInt8>) -> Bool {
        func starts(_ prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard bytes.count > count else { return false }
            return prefix.withUTF8Buffer { bytes.prefix(count).elementsEqual($0) }
        }
        switch bytes.first {
        case UInt8(ascii: "C"): return starts("Combine.Published<")
        case UInt8(ascii: "O"): return starts("OpenCombine.Published<")
        case UInt8(ascii: "P"): return starts("Published<")
        default: return false
        }
    }
}
