// Makes the NavigationPath JSON fixtures beside it with the real Swift runtime (Swift 6.3.1 on Linux):
//   swiftc -module-name Recipes generate.swift -o /tmp/generate-navigation-path
//   /tmp/generate-navigation-path swiftui > session.log
//   /tmp/generate-navigation-path backport > backport.log
//
// SwiftUI's NavigationPath is not on Linux. Its `CodableRepresentation` is reproduced as DOMAIN §4 and Point-Free's
// reverse engineering describe it: a flat array of strings in pairs — the type's name, then that value's own JSON
// from `JSONEncoder` as a string — the last-pushed entry first. Everything in it comes from the runtime: the names
// from `_typeName(T.self, qualified: true)` (SwiftUI) or `_mangledTypeName(T.self)` (NavigationBackport's
// `NBNavigationPath.CodableRepresentation`, which FlowStacks shares), the values from `JSONEncoder().encode`.
// `path.codable` encodes every entry anew each time: here with and without `.sortedKeys` in turn, so an entry comes
// back with its keys in another order (unsorted, `JSONEncoder` itself changes the order from one encode to the next).
import Foundation

enum Route: Codable, Hashable {
    case category(name: String)
    case recipe(id: Int)
    case step(Int)
}

struct Timer: Codable, Hashable {
    var minutes: Int
    var label: String
    var sound: Bool
}

/// Declared `private`: the runtime names it `Recipes.(unknown context at $…).Secret`.
private struct Secret: Codable, Hashable {
    var code: Int
    var hint: String
}

/// One entry: its type's name as each library writes it, and an encoder of the value.
struct Entry {
    var readableName: String
    var mangledName: String
    var encode: (JSONEncoder) throws -> Data

    init<Value: Codable>(_ value: Value) {
        readableName = _typeName(Value.self, qualified: true)
        mangledName = _mangledTypeName(Value.self)!
        encode = { try $0.encode(value) }
    }
}

/// A type declared inside a function: `Recipes.(unknown context at $…).(unknown context at $…).Note`.
func localEntry() -> Entry {
    struct Note: Codable, Hashable {
        var text: String
        var pinned: Bool
    }
    return Entry(Note(text: "buy \"vanilla\"", pinned: false))
}

let mangled = CommandLine.arguments.dropFirst().first == "backport"
var encodes = 0

/// What the app prints: `path.codable` encoded, entries last-pushed first, each value encoded anew.
func codable(_ path: [Entry]) throws -> [String] {
    var elements: [String] = []
    for entry in path.reversed() {
        let encoder = JSONEncoder()
        encodes += 1
        if encodes % 2 == 0 { encoder.outputFormatting = .sortedKeys }
        elements.append(mangled ? entry.mangledName : entry.readableName)
        elements.append(String(decoding: try entry.encode(encoder), as: UTF8.self))
    }
    return elements
}

func printState(_ path: [Entry], pretty: Bool = false) throws {
    let encoder = JSONEncoder()
    if pretty { encoder.outputFormatting = .prettyPrinted }
    let json = String(decoding: try encoder.encode(try codable(path)), as: UTF8.self)
    print(pretty ? "saved path:\n" + json : "saved path: " + json)
}

let desserts = Entry(Route.category(name: "Desserts"))
let recipe = Entry(Route.recipe(id: 42))
let timer = Entry(Timer(minutes: 25, label: "Crème brûlée", sound: true))
let secret = Entry(Secret(code: 7, hint: "top shelf"))
let note = localEntry()

print("app launched")
try printState([])
try printState([desserts])
try printState([desserts, recipe])
try printState([desserts, recipe, timer])
// The same three entries, encoded again (the path is read again: an unrelated view updated).
try printState([desserts, recipe, timer])
try printState([desserts, recipe, timer, secret])
try printState([desserts, recipe, timer])
try printState([desserts, recipe, timer, note], pretty: true)
try printState([desserts, recipe, timer, note])
try printState([desserts, recipe])
try printState([desserts, recipe, Entry(Route.step(1))])
try printState([desserts, recipe, Entry(Route.step(2))])
try printState([desserts, recipe, Entry(Route.step(2)), Entry(42), Entry("done")])
try printState([])
