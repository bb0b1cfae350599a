// Made Tests/NavGraphFormatsTests/Fixtures/swift-dump/router-shapes.txt with Swift 6.3.1 on Linux:
//   swiftc -module-name Shop router-shapes.swift -o /tmp/router-shapes && /tmp/router-shapes > router-shapes.txt
// Dictionaries (printed in a random order), nested optionals, enums with associated values, a shared router printed
// again as `#2`, and maxDepth/maxItems cut-offs.
enum Tab: String { case home, settings }
struct Draft: Hashable {
    var title: String
    var tags: [String]
}
enum Route: Hashable {
    case list
    case detail(id: Int)
    case profile(name: String, verified: Bool)
    case editor(draft: Draft?)
}
enum Sheet {
    case compose(draft: String?)
    case filters
    case share(url: String)
}
final class Router {
    var path: [Route] = []
    var presentedSheet: Sheet? = nil
    var alert: String? = nil
}
final class AppState {
    var selectedTab: Tab = .home
    var routers: [Tab: Router] = [.home: Router(), .settings: Router()]
    var shared: Router?
}
let app = AppState()
app.routers[.home]!.path = [
    .list, .detail(id: 42), .editor(draft: Draft(title: "Hi", tags: ["a"])), .editor(draft: nil),
]
app.routers[.home]!.presentedSheet = .compose(draft: nil)
app.shared = app.routers[.home]
dump(app)
dump(app.routers[.home]!, name: "home")
dump(app, name: "app", maxDepth: 3)
dump(app.routers[.home]!.path, name: "path", maxItems: 4)
struct S {
    var a: Int?? = .some(nil)
    var b: Int?? = 3
    var t: (Int, String) = (1, "x")
    var e: [Int] = []
    var d: [String: Int] = [:]
    var one: [Int] = [1]
}
dump(S())
dump("multi\nline")
