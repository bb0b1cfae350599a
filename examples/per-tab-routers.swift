// The program that printed examples/per-tab-routers.log: the per-tab router pattern (one router per tab, each with
// its own `path: [Route]` and `presentedSheet: Sheet?`), dumped as an app does from `.onChange(of:)` — the whole
// state with `dump(app)`, one tab's router with `dump(router, name: "home")`. Plain Swift, no SwiftUI, so it runs
// anywhere:
//   swiftc -module-name Shop examples/per-tab-routers.swift -o /tmp/per-tab-routers && /tmp/per-tab-routers
// (Swift prints dictionaries in a random order, so the order of the two tabs in whole dumps changes between runs.)

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

print("Shop: launched, 24 products cached")
dump(app)
home.path.append(.list(category: "shoes"))
dump(home, name: "home")
print("Shop: loaded 12 items for shoes")
home.path.append(.detail(id: 42))
dump(home, name: "home")
home.presentedSheet = .compose(draft: nil)
dump(home, name: "home")
home.presentedSheet = nil
dump(home, name: "home")
app.selectedTab = .settings
dump(app)
settings.path.append(.account)
dump(settings, name: "settings")
settings.path.append(.privacy(showsAds: false))
dump(settings, name: "settings")
settings.presentedSheet = .share(url: "https://example.com/privacy")
dump(settings, name: "settings")
settings.presentedSheet = nil
settings.path.removeAll()
dump(settings, name: "settings")
app.selectedTab = .home
dump(app)
home.path.removeLast()
dump(home, name: "home")
print("Shop: analytics flushed")
