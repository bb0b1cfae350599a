// Made Tests/NavGraphFormatsTests/Fixtures/swift-dump/lldb-po.txt with Swift 6.3.1 on Linux:
//   swiftc -module-name Shop lldb-po.swift -o /tmp/lldb-po && /tmp/lldb-po > lldb-po.txt
// lldb's `po` prints a Swift value with `_DebuggerSupport.stringForPrintObject`, the standard library's function
// for it: this calls it as lldb would, after the `(lldb) po …` line the console shows. lldb itself does not run on
// the machine this was made on. The state is router-shapes.swift's, with structs: `po` of a class instance without
// a description prints only `<Router: 0x…>`.
enum Tab: String { case home, settings }
struct Item {
    var id: Int
    var name: String
}
enum Kind: Hashable {
    case shoes
    case hats
}
enum Product: Hashable {
    case kind(Kind)
}
enum Filter: Hashable {
    case color(String)
    case size(min: Int, max: Int)
}
enum Route: Hashable {
    case list
    case detail(id: Int)
    case profile(name: String, verified: Bool)
    case item(id: Int)
    // Enums nested in a case's payload (po prints each as its bare type over its case).
    case product(Product)
    case filter(Filter)
}
enum Sheet {
    case compose(draft: String?)
    case filters
    case preview(Item)
}
struct Router {
    var path: [Route] = []
    var presentedSheet: Sheet? = nil
    var alert: String? = nil
}
struct AppState {
    var selectedTab: Tab = .home
    var routers: [Tab: Router] = [.home: Router(), .settings: Router()]
}

func po(_ expression: String, _ value: Any) {
    print("(lldb) po \(expression)")
    print(_DebuggerSupport.stringForPrintObject(value), terminator: "")
}

var app = AppState()
app.routers[.home]!.path = [.list, .detail(id: 42), .profile(name: "Ada", verified: true)]
app.routers[.home]!.presentedSheet = .compose(draft: "Hi")
app.routers[.settings]!.path = [.item(id: 7)]
app.routers[.settings]!.presentedSheet = .preview(Item(id: 3, name: "Shoes"))
app.selectedTab = .settings
po("app", app)
app.routers[.home]!.path.removeLast()
app.routers[.home]!.presentedSheet = .filters
po("app", app)
po("app.routers[.home]!.path", app.routers[.home]!.path)
var browse = Router()
browse.path = [.product(.kind(.shoes)), .filter(.color("red")), .filter(.size(min: 38, max: 42))]
po("browse", browse)
print("(lldb) ")
