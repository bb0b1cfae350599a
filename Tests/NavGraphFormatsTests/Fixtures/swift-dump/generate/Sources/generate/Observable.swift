import Observation

// The iOS 17+ default: `@Observable` routers, one per tab, in an `@Observable` app router.
@Observable final class Router {
    var path: [Route] = []
    var presentedSheet: Sheet?
    var badgeCount = 0
}

@Observable final class AppRouter {
    var selectedTab: Tab = .home
    var home = Router()
    var settings = Router()
}

func observableSession() {
    let app = AppRouter()
    // What SwiftUI does while rendering: it tracks the properties a view reads, which fills the registrar.
    func track() {
        withObservationTracking {
            _ = app.selectedTab
            _ = app.home.path
            _ = app.home.presentedSheet
            _ = app.settings.path
        } onChange: {
        }
    }
    track()
    dump(app)
    app.home.path.append(.list(category: "shoes"))
    track()
    dump(app)
    app.home.path.append(.product(Product(id: 42, name: "Runner")))
    track()
    dump(app)
    app.home.presentedSheet = .compose(draft: nil)
    track()
    dump(app)
    // Not navigation: the registrar and a badge change, the dump is printed all the same.
    app.home.badgeCount = 3
    track()
    dump(app)
    app.selectedTab = .settings
    track()
    dump(app)
    app.settings.path.append(.account)
    track()
    dump(app)
    app.selectedTab = .home
    track()
    dump(app)
    app.home.presentedSheet = nil
    track()
    dump(app)
    app.home.path.removeLast()
    track()
    dump(app)
}
