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

/// `generate observable-bench N`: N random navigation changes of the `@Observable` routers, a dump after each (a
/// benchmark input for the reader, not a fixture: every dump differs, as in a long session).
func observableBenchSession(changes: Int) {
    let app = AppRouter()
    var state: UInt64 = 27
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<changes {
        let router = app.selectedTab == .home ? app.home : app.settings
        switch next(10) {
        case 0...3 where router.path.count < 8: router.path.append(.detail(id: next(1000)))
        case 0...4 where !router.path.isEmpty: router.path.removeLast()
        case 5:
            router.presentedSheet = router.presentedSheet == nil ? .share(url: "https://example.com/\(next(99))") : nil
        case 6: app.selectedTab = app.selectedTab == .home ? .settings : .home
        case 7: router.path.append(.product(Product(id: next(100), name: "Item \(next(100))")))
        default: router.badgeCount += 1
        }
        withObservationTracking {
            _ = app.selectedTab
            _ = router.path
        } onChange: {
        }
        dump(app)
    }
}
