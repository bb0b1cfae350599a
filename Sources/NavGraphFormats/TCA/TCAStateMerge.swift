/// Brings what the reader knows of the app's state up to date with one diff: the diff's "after" side (unchanged and
/// `+` lines) replaces what it shows; what it collapses (`Type(…)`) or elides (`… (N unchanged)`) stays as known.
struct TCAStateMerge {
    /// What could not be known from this diff (elements elided before they were ever seen), for history to say.
    var unknowns: [String] = []

    /// Deeper than this, values are not looked into: nothing navigates that deep, and input decides the depth.
    static let maxDepth = 48

    /// `node` is a struct value (`Type(`, `Type(…)`, or on one line) and `feature` what was known of it.
    mutating func merge(_ node: TCADiffNode, into feature: TCAFeature, depth: Int = 0) {
        if let type = Self.typeName(node.value) { feature.type = type }
        guard node.opens, depth < Self.maxDepth else { return }
        feature.seenWhole = true
        for child in node.children where child.side != .old {
            guard let label = child.label else { continue }
            let name = label.first == "_" ? label.dropFirst() : label
            let known = feature.index(of: name)
            let old = known.map { feature.properties[$0].value }
            let new = property(named: name, child, old: old, parentChildren: node.children, depth: depth + 1)
            if let known { feature.properties[known].value = new } else { feature.properties.append((name, new)) }
        }
    }

    private mutating func property(
        named name: Substring, _ node: TCADiffNode, old: TCAProperty?, parentChildren: [TCADiffNode], depth: Int
    ) -> TCAProperty {
        let value = node.value
        if node.isCollapsed, let old { return old }
        if value == "nil" { return .absent }
        if value == "[:]" || value == "[]" {
            if case .stack = old { return .stack([]) }
            return Self.isStackName(name) && value == "[:]" ? .stack([]) : .other
        }
        if value == "[" {
            let isStack: Bool
            if case .stack = old { isStack = true } else { isStack = node.children.contains { $0.label?.first == "#" } }
            guard isStack else { return .other }
            var elements: [TCAStackElement?] = []
            if case .stack(let list) = old { elements = list }
            return .stack(mergeStack(node.children, into: elements, name: name, depth: depth))
        }
        if value.first == "." {
            let (caseName, payload) = Self.enumCase(value)
            guard let payload else {
                return Self.isSelectionName(name) ? .selection(caseName) : .other
            }
            let payloadType =
                node.opens ? node.children.first.flatMap { Self.typeName($0.value) } : Self.typeName(payload)
            var wasPresentation = false
            var feature = TCAFeature(type: payloadType)
            if case .presentation(let oldCase, _, let oldFeature) = old {
                wasPresentation = true
                if oldCase == caseName { feature = oldFeature }
            }
            let isPresentation =
                wasPresentation || Self.isPresentationName(name) || payloadType.map(Self.isPresentedType) ?? false
            guard isPresentation else { return .other }
            if node.opens, let first = node.children.first, first.label == nil {
                merge(first, into: feature, depth: depth)
            } else if let payloadType {
                feature.type = payloadType
            }
            return .presentation(caseName: caseName, payloadType: payloadType ?? feature.type, feature: feature)
        }
        if let type = Self.typeName(value) {
            var feature = TCAFeature(type: type)
            // A feature state held directly is a child (a tab's, the list under a stack) unless it was `nil` before
            // or is named as `@Presents` properties are.
            var presented =
                Self.isPresentationName(name) || type.hasPrefix("AlertState")
                || type.hasPrefix("ConfirmationDialogState")
            switch old {
            case .presentation(nil, _, let known)?: (feature, presented) = (known, true)
            case .absent?: presented = presented || type.hasSuffix(".State")
            case .child(let known)?: feature = known
            default: break
            }
            merge(node, into: feature, depth: depth)
            return presented ? .presentation(caseName: nil, payloadType: type, feature: feature) : .child(feature)
        }
        return .other
    }

    /// A stack's lines in order: unchanged elements (shown or elided) are taken from what was known, in order;
    /// removed ones (`-`) are passed over; new ones (`+`) are added.
    private mutating func mergeStack(
        _ lines: [TCADiffNode], into old: [TCAStackElement?], name: Substring, depth: Int
    ) -> [TCAStackElement?] {
        var result: [TCAStackElement?] = []
        var next = 0
        for line in lines {
            if let count = line.elidedCount {
                let known = max(0, min(count, old.count - next))
                result += old[next..<next + known]
                if known < count {
                    unknowns.append("\(count - known) element\(count - known == 1 ? "" : "s") of \(name) not seen yet")
                    result += [TCAStackElement?](repeating: nil, count: count - known)
                }
                next += known
                continue
            }
            guard let id = line.label, id.first == "#" else { continue }
            let found = old[next...].firstIndex { $0?.id == id }
            switch line.side {
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

    private mutating func mergeElement(_ line: TCADiffNode, into element: TCAStackElement, depth: Int) {
        guard line.value.first == "." else { return }
        let (caseName, payload) = Self.enumCase(line.value)
        if element.caseName != caseName {
            element.caseName = caseName
            element.feature = TCAFeature(type: nil)
        }
        if line.opens, let first = line.children.first, first.label == nil {
            merge(first, into: element.feature, depth: depth)
        } else if let payload, let type = Self.typeName(payload) {
            element.feature.type = type
        }
    }

    // MARK: Reading values

    /// `.detail(SyncUpDetail.State(…))` → (`detail`, `SyncUpDetail.State(…)`); `.detail(` → (`detail`, ``);
    /// `.home` → (`home`, nil).
    static func enumCase(_ value: Substring) -> (Substring, Substring?) {
        let body = value.dropFirst()
        guard let paren = body.firstIndex(of: "(") else { return (body, nil) }
        var payload = body[body.index(after: paren)...]
        if payload.hasSuffix(")") { payload = payload.dropLast() }
        return (body[..<paren], payload)
    }

    /// The type a value starts with (`SyncUpForm.State` of `SyncUpForm.State(`), or `nil` (`.case`, `"text"`, `42`).
    static func typeName(_ value: Substring) -> Substring? {
        guard let first = value.first, first.isLetter || first == "_" else { return nil }
        let name = value.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "<" || $0 == ">" }
        // `AppFeature.Action.path(` is an enum's case, qualified: a type's name ends in a capitalised word.
        let last = name.split(separator: ".").last
        guard value.dropFirst(name.count).first == "(", last?.first?.isUppercase == true else { return nil }
        return name
    }

    static func isPresentedType(_ type: Substring) -> Bool {
        type.hasPrefix("AlertState") || type.hasPrefix("ConfirmationDialogState") || type.hasSuffix(".State")
    }

    /// `@Presents` properties as TCA's documentation and apps name them.
    static func isPresentationName(_ name: Substring) -> Bool {
        let lower = name.lowercased()
        return ["destination", "alert", "confirmationdialog", "dialog", "sheet", "fullscreencover", "cover", "popover"]
            .contains { lower == $0 || lower.hasSuffix($0) }
    }

    static func isSelectionName(_ name: Substring) -> Bool {
        let lower = name.lowercased()
        return lower == "selection" || lower.hasSuffix("tab")
    }

    static func isStackName(_ name: Substring) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix("path") || lower.hasSuffix("stack")
    }
}
