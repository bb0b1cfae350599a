import NavGraphRender

/// What `render` and `diagram` say of a drawing measured at a README's width (`DrawingReadability`): one wording
/// for both, each command naming its own ways out.
enum ReadabilityWords {
    /// `navgraph: at a README's width (880 px) this drawing's node text is 6.9 px (it is 1108 pt wide; 9 px reads):
    /// draw part of it with --focus ID|TYPE|WINDOW (one window, tab or sheet), --depth N or --strip-suffix Model`.
    /// `waysOut`: the command's, in the order worth trying.
    static func note(_ readability: DrawingReadability, waysOut: [String]) -> String {
        "navgraph: at a README's width (\(Int(DrawingReadability.column)) px) this drawing's node text is "
            + "\(pixels(readability)) px (it is \(Int(readability.width.rounded())) pt wide; "
            + "\(Int(DrawingReadability.readableText)) px reads): " + listed(waysOut)
    }

    /// `navgraph: drawn left to right, which reads better at a README's width (11.4 px against 6.7 px top to
    /// bottom); --direction TB draws it top to bottom`: a layout nobody asked for is said, with how to have the first.
    static func relaidOut(
        _ kept: ReadableLayout, _ readability: DrawingReadability, against first: ReadableLayout,
        _ firstReadability: DrawingReadability
    ) -> String {
        let asked = first.description(against: kept)
        return "navgraph: drawn \(kept.description), which reads better at a README's width "
            + "(\(pixels(readability)) px against \(pixels(firstReadability)) px \(asked)); "
            + "--direction \(first.direction.rawValue) draws it \(asked)"
    }

    /// `--strip-suffix NavigationModel`, where the drawn names end with a suffix that most of them share (at least
    /// three in four, and 5 characters or more: `Model`, `NavigationModel`) and none is left out yet: the longest
    /// such camel-case tail.
    static func suffixWayOut(types: some Collection<String>, stripped: String?) -> String? {
        guard stripped?.isEmpty ?? true, types.count >= 2 else { return nil }
        var counts: [Substring: Int] = [:]
        for type in Set(types) {
            // Each tail that starts at a capital after a lowercase letter or digit, and leaves a name before it.
            let characters = Array(type.indices)
            for (offset, index) in characters.enumerated().dropFirst() {
                let previous = type[characters[offset - 1]]
                guard type[index].isUppercase, previous.isLowercase || previous.isNumber else { continue }
                let tail = type[index...]
                if tail.count >= 5, tail.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    counts[tail, default: 0] += 1
                }
            }
        }
        let distinct = Set(types).count
        let shared = counts.filter { $0.value * 4 >= distinct * 3 }.keys
        guard let longest = shared.max(by: { ($0.count, $1) < ($1.count, $0) }) else { return nil }
        return "--strip-suffix \(longest) (the end of most type names)"
    }

    /// `a, b or c`.
    static func listed(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }

    static func pixels(_ readability: DrawingReadability) -> Double {
        (readability.textPixels() * 10).rounded() / 10
    }
}
