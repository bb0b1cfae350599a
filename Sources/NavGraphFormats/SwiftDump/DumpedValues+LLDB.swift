/// lldb's `po` prints a value with the same mirror as `dump()`, in a different shape (what `po` prints is
/// `_DebuggerSupport.stringForPrintObject`, verified on Swift 6.3.1: see `Fixtures/swift-dump/lldb-po.swift`):
///
/// | `dump()` | `po` |
/// |---|---|
/// | array elements without a label | labelled by their index: `▿ 0 : Route` |
/// | `routers: 2 key/value pairs`, pairs `▿ (2 elements)` | `routers : 2 elements`, pairs `▿ 0 : 2 elements` |
/// | an enum case with associated values: `▿ Shop.Route.detail`, then `▿ detail: (1 element)` | the enum's type only: `▿ 0 : Route`, then `▿ detail : 1 element` |
/// | `Optional(Shop.Sheet.filters)` with `some:` | `Optional<Sheet>` with `some :` |
///
/// `readLLDBForm(names:)` rewrites the first three into `dump()`'s shape (optionals are read in both forms), so
/// everything after reads one form.
extension DumpedValues {
    mutating func readLLDBForm(names: DumpLabelMeanings) {
        guard hasLLDBLabels else { return }
        // Parents come before their children, so an element's label is dropped before its own children are judged.
        for index in values.indices {
            let children = values[index].children
            if values[index].shape == .array {
                for (position, child) in children.enumerated() where values[child].label == String(position) {
                    values[child].label = nil
                }
                // Every element a pair of `key` and `value`: a dictionary.
                if !children.isEmpty, children.allSatisfy({ isPair($0) }) { values[index].shape = .dictionary }
            }
            // An array element, an optional's `some` or an enum case's payload that shows one labelled value under
            // its bare type: an enum case and its associated values (`▿ Route` / `▿ detail : 1 element`), as
            // `dump()` prints it, `Route.detail`; nested in a payload, `▿ filter : Filter` / `- color : "red"` is
            // `Filter.color`, as `dump()`'s `▿ filter: Shop.Filter.color`. A router with one property (`▿ Router` /
            // `▿ path : …`) is not one.
            guard children.count == 1,
                values[index].label == nil || values[index].label == "some" || isInPayload(index),
                values[index].parent.map({ values[$0].shape == .array || values[index].label == "some" }) ?? false
                    || isInPayload(index),
                let caseName = values[children[0]].label, Self.isCaseName(caseName),
                !names.isStack(caseName), !names.isPresentation(caseName), !names.isSelection(caseName),
                !Self.isOptionalText(values[index].text), !values[index].text.contains(" ")
            else { continue }
            values[index].text += "." + caseName
            values[index].isUnqualified = true
        }
    }

    /// A labelled value that is an enum case's associated value: the case's one child (`▿ Route.filter` /
    /// `▿ filter : Filter`), or one of the values of its tuple (`▿ size : 2 elements` / `▿ min : Bound`). The case
    /// above was rewritten already (parents come first).
    private func isInPayload(_ index: Int) -> Bool {
        guard let label = values[index].label, let parent = values[index].parent else { return false }
        if values[parent].isUnqualified, values[parent].children.count == 1, values[parent].text.hasSuffix("." + label)
        {
            return true
        }
        guard let label = values[parent].label, let grandparent = values[parent].parent else { return false }
        return values[grandparent].isUnqualified && values[grandparent].children.count == 1
            && values[parent].shape == .array && values[grandparent].text.hasSuffix("." + label)
    }

    /// `▿ 0 : 2 elements` with exactly `key :` and `value :` under it.
    private func isPair(_ index: Int) -> Bool {
        let children = values[index].children
        return children.count == 2 && values[children[0]].label == "key" && values[children[1]].label == "value"
    }

    /// An identifier that can name a case: not an index, a tuple position (`.0`) or `some`.
    private static func isCaseName(_ label: String) -> Bool {
        guard let first = label.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        return label != "some" && label != "key" && label != "value"
    }
}
