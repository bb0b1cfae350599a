// Made Tests/NavGraphFormatsTests/Fixtures/swift-dump/cut-short.txt with Swift 6.3.1 on Linux:
//   swiftc -module-name Shop cut-short.swift -o /tmp/cut-short && /tmp/cut-short > cut-short.txt
// Dumps cut short by `maxDepth` (`▹`: a value printed without its children) and `maxItems` (`(N more children)`,
// `(1 child)`: dump() stops printing where its count runs out), after a whole dump of the same state: the per-tab
// routers of examples/per-tab-routers.swift.
enum Tab: String { case home, settings }
enum Route: Hashable {
    case list(category: String)
    case detail(id: Int)
    case account
    case privacy(showsAds: Bool)
}
enum Sheet {
    case compose(draft: String?)
    case share(url: String)
}
final class Router {
    var path: [Route] = []
    var presentedSheet: Sheet?
}
final class AppState {
    var selectedTab: Tab = .home
    var routers: [Tab: Router] = [.home: Router(), .settings: Router()]
}
let app = AppState()
let home = app.routers[.home]!
let settings = app.routers[.settings]!
home.path = [.list(category: "shoes"), .detail(id: 42)]
settings.path = [.account]
dump(app)
home.path.append(.detail(id: 43))
dump(app, maxDepth: 3)
dump(app, maxItems: 12)
home.path.append(.detail(id: 44))
dump(home, name: "home", maxItems: 5)
dump(home, name: "home", maxDepth: 2)
