/// A Swift type name as a runtime prints it, `MyApp.Outer.Inner`: the module (the first component, when there is
/// more than one) and the rest. Generic arguments are left whole (`Swift.Array<MyApp.Route>` is `Array<MyApp.Route>`
/// in `Swift`).
struct QualifiedName: Equatable {
    var module: String?
    var type: String

    init(_ name: Substring) {
        let end = name.firstIndex { $0 == "<" || $0 == "(" } ?? name.endIndex
        if let dot = name[..<end].firstIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex {
            module = String(name[..<dot])
            type = String(name[name.index(after: dot)...])
        } else {
            module = nil
            type = String(name)
        }
    }

    init(_ name: String) { self.init(name[...]) }
}
