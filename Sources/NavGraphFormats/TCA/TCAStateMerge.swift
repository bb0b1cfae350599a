/// Brings what the reader knows of the app's state up to date with one diff: the diff's "after" side (unchanged and
/// `+` lines) replaces what it shows; what it collapses (`Type(…)`) or elides (`… (N unchanged)`) stays as known.
/// Names, types and cases become strings only as they are kept.
struct TCAStateMerge {
    let diff: TCADiff
    /// What could not be known from this diff (elements elided before they were ever seen), for history to say.
    var unknowns: [String] = []

    init(_ diff: TCADiff) {
        self.diff = diff
    }

    /// Deeper than this, values are not looked into: nothing navigates that deep, and input decides the depth.
    static let maxDepth = 48

    /// `node` is a struct value (`Type(`, `Type(…)`, or on one line) and `feature` what was known of it.
    mutating func merge(_ node: Int, into feature: TCAFeature, depth: Int = 0) {
        if let type = TCAWords.typeName(diff.value(node)) { feature.type = string(type) }
        guard diff.opens(node), depth < Self.maxDepth else { return }
        feature.seenWhole = true
        for child in diff.children(node) where diff.side(child) != .old {
            guard let label = diff.label(child) else { continue }
            let nameBytes = label.first == UInt8(ascii: "_") ? label.dropFirst() : label
            let name = string(nameBytes)
            let known = feature.index(of: name)
            let old = known.map { feature.properties[$0].value }
            let new = property(named: name, nameBytes, child, old: old, depth: depth + 1)
            if let known { feature.properties[known].value = new } else { feature.properties.append((name, new)) }
        }
    }

    private func string(_ bytes: ByteLine) -> String { bytes.text }

    private mutating func property(
        named name: String, _ nameBytes: ByteLine, _ node: Int, old: TCAProperty?, depth: Int
    ) -> TCAProperty {
        let value = diff.value(node)
        if diff.isCollapsed(node), let old { return old }
        if value == "nil" { return .absent }
        if value == "[:]" || value == "[]" {
            if case .stack = old { return .stack([]) }
            return TCAWords.isStackName(nameBytes) && value == "[:]" ? .stack([]) : .other
        }
        if value == "[" {
            let isStack: Bool
            if case .stack = old {
                isStack = true
            } else {
                isStack = diff.children(node).contains { diff.label($0)?.first == UInt8(ascii: "#") }
            }
            guard isStack else { return .other }
            var elements: [TCAStackElement?] = []
            if case .stack(let list) = old { elements = list }
            return .stack(mergeStack(node, into: elements, name: name, depth: depth))
        }
        if value.first == UInt8(ascii: ".") {
            let (caseBytes, payload) = TCAWords.enumCase(value)
            guard let payload else {
                return TCAWords.isSelectionName(nameBytes) ? .selection(string(caseBytes)) : .other
            }
            let payloadTypeBytes =
                diff.opens(node)
                ? diff.firstChild(node).flatMap { TCAWords.typeName(diff.value($0)) } : TCAWords.typeName(payload)
            let caseName = string(caseBytes)
            var wasPresentation = false
            var known: TCAFeature?
            if case .presentation(let oldCase, _, let oldFeature) = old {
                wasPresentation = true
                if oldCase == caseName { known = oldFeature }
            }
            let isPresentation =
                wasPresentation || TCAWords.isPresentationName(nameBytes)
                || payloadTypeBytes.map(TCAWords.isPresentedType) ?? false
            guard isPresentation else { return .other }
            let payloadType = payloadTypeBytes.map(string)
            let feature = known ?? TCAFeature(type: payloadType)
            if diff.opens(node), let first = diff.firstChild(node), diff.label(first) == nil {
                merge(first, into: feature, depth: depth)
            } else if let payloadType {
                feature.type = payloadType
            }
            return .presentation(caseName: caseName, payloadType: payloadType ?? feature.type, feature: feature)
        }
        if let typeBytes = TCAWords.typeName(value) {
            let type = string(typeBytes)
            var known: TCAFeature?
            // A feature state held directly is a child (a tab's, the list under a stack) unless it was `nil` before
            // or is named as `@Presents` properties are.
            var presented =
                TCAWords.isPresentationName(nameBytes) || typeBytes.hasPrefix("AlertState")
                || typeBytes.hasPrefix("ConfirmationDialogState")
            switch old {
            case .presentation(nil, _, let feature)?: (known, presented) = (feature, true)
            case .absent?: presented = presented || typeBytes.hasSuffix(".State")
            case .child(let feature)?: known = feature
            default: break
            }
            let feature = known ?? TCAFeature(type: type)
            merge(node, into: feature, depth: depth)
            return presented ? .presentation(caseName: nil, payloadType: type, feature: feature) : .child(feature)
        }
        return .other
    }

    /// A stack's lines in order: unchanged elements (shown or elided) are taken from what was known, in order;
    /// removed ones (`-`) are passed over; new ones (`+`) are added.
    private mutating func mergeStack(
        _ node: Int, into old: [TCAStackElement?], name: String, depth: Int
    ) -> [TCAStackElement?] {
        var result: [TCAStackElement?] = []
        var next = 0
        for line in diff.children(node) {
            if let count = diff.elidedCount(line) {
                let known = max(0, min(count, old.count - next))
                result += old[next..<next + known]
                if known < count {
                    unknowns.append("\(count - known) element\(count - known == 1 ? "" : "s") of \(name) not seen yet")
                    result += [TCAStackElement?](repeating: nil, count: count - known)
                }
                next += known
                continue
            }
            guard let label = diff.label(line), label.first == UInt8(ascii: "#") else { continue }
            let id = string(label)
            let found = old[next...].firstIndex { $0?.id == id }
            switch diff.side(line) {
            case .old:
                if let found { next = found + 1 }
            case .both:
                let element: TCAStackElement
                if let found, let known = old[found] {
                    element = known
                    next = found + 1
                } else {
                    element = TCAStackElement(id: id, caseName: nil, feature: TCAFeature(type: nil))
                }
                mergeElement(line, into: element, depth: depth)
                if !element.feature.seenWhole, element.feature.properties.isEmpty {
                    unknowns.append("what \(id) holds not seen yet")
                }
                result.append(element)
            case .new:
                let element = TCAStackElement(id: id, caseName: nil, feature: TCAFeature(type: nil))
                mergeElement(line, into: element, depth: depth)
                result.append(element)
            }
        }
        return result
    }

    private mutating func mergeElement(_ line: Int, into element: TCAStackElement, depth: Int) {
        let value = diff.value(line)
        guard value.first == UInt8(ascii: ".") else { return }
        let (caseBytes, payload) = TCAWords.enumCase(value)
        let caseName = string(caseBytes)
        if element.caseName != caseName {
            element.caseName = caseName
            element.feature = TCAFeature(type: nil)
        }
        if diff.opens(line), let first = diff.firstChild(line), diff.label(first) == nil {
            merge(first, into: element.feature, depth: depth)
        } else if let payload, let type = TCAWords.typeName(payload) {
            element.feature.type = string(type)
        }
    }
}
