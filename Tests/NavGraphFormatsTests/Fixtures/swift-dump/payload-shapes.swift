// Made Tests/NavGraphFormatsTests/Fixtures/swift-dump/payload-shapes.txt with Swift 6.3.1 on Linux:
//   swiftc -module-name Shop payload-shapes.swift -o /tmp/payload-shapes && /tmp/payload-shapes > payload-shapes.txt
// Routes whose associated values are structs and enums: dump() prints a struct as its type name with its fields on
// the lines below (an optional one as its whole description), a nested enum case with its payload below.
struct Item {
    var id: Int
    var name: String
}
enum Inner { case tab(Int) }
enum Route {
    case item(Item)
    case detail(id: Int, item: Item?)
    case pair(Item, Int)
    case nested(Inner)
    case plain
}
final class Router {
    var path: [Route] = [
        .item(Item(id: 3, name: "Shoes")), .detail(id: 4, item: Item(id: 5, name: "Hat")), .detail(id: 6, item: nil),
        .pair(Item(id: 7, name: "A"), 8), .nested(.tab(2)), .plain,
        .item(Item(id: 10, name: "A name long enough that the label is cut before its end")),
    ]
    var presentedSheet: Route? = .item(Item(id: 9, name: "Sock"))
}
dump(Router(), name: "home")
