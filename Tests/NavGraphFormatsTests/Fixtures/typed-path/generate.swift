// Makes session.log beside it with the real Swift runtime (Swift 6.3.1 on Linux; `print` of an array is the same on
// Apple platforms):
//   swiftc -module-name Shop generate.swift -o /tmp/generate-typed-path
//   /tmp/generate-typed-path session > session.log
//   /tmp/generate-typed-path private > private.log
//   /tmp/generate-typed-path structs > structs.log
//
// A scripted session of a `NavigationStack(path: $path)` whose `@State var path: [Route]` the app prints from
// `.onChange(of: path)`: with `print(path)`, with a label (`print("path:", path)`), through string interpolation and
// with `debugPrint(path)`. Routes carry every payload shape: none, labelled and unlabelled values, strings that need
// escapes, optionals, nested enums, structs. `private.log`: a path of a route type declared `private`;
// `structs.log`: a path of structs (`[Item]`).

struct Item: Hashable {
    var name: String
    var n: Int
}

enum Tab: Hashable {
    case home
    case search(query: String)
}

enum Route: Hashable {
    case list(category: String)
    case detail(id: Int)
    case item(Item)
    case tab(Tab)
    case note(String, pinned: Bool?)
    case settings
}

/// Declared `private`: the runtime names it `Shop.(unknown context at $…).Promo`.
private enum Promo: Hashable {
    case banner(Int)
}

var path: [Route] = []
/// Prints the path as apps do, in turn: plain, labelled, interpolated, debugPrint.
var style = 0
func changed() {
    style += 1
    switch style % 4 {
    case 1: print(path)
    case 2: print("path:", path)
    case 3: print("NavigationStack path changed: \(path)")
    default: debugPrint(path)
    }
}

switch CommandLine.arguments.dropFirst().first {
case "session":
    print("app launched")
    changed()
    path.append(.list(category: "shoes"))
    changed()
    path.append(.detail(id: 42))
    changed()
    path.append(.item(Item(name: "Sneaker \"Air\"", n: 1)))
    changed()
    path.removeLast()
    changed()
    path.append(.tab(.search(query: "red\nshoes")))
    changed()
    path.append(.note("café ☕", pinned: nil))
    changed()
    path.append(.note("x", pinned: true))
    changed()
    path.removeLast(3)
    changed()
    path.append(.settings)
    changed()
    path = [.detail(id: 7)]
    changed()
    path.append(.detail(id: 7))
    changed()
    path.removeAll()
    changed()
case "private":
    var promos: [Promo] = []
    print(promos)
    promos.append(.banner(3))
    print("promos:", promos)
    promos.append(.banner(4))
    print("promos:", promos)
    promos.removeLast()
    print("promos:", promos)
case "structs":
    var items: [Item] = [Item(name: "Hat", n: 2)]
    print("items:", items)
    items.append(Item(name: "Scarf, wool", n: 1))
    print("items:", items)
    items = []
    print("items:", items)
default:
    fatalError("usage: generate session|private|structs")
}
