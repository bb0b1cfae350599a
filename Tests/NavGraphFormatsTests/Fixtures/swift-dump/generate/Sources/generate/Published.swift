import OpenCombine

// `ObservableObject` routers with `@Published` properties. On Apple platforms these are Combine's; Linux has no
// Combine, and OpenCombine's `Published` is the same shape of property wrapper (its storage an enum holding the
// value, or the publisher once subscribed), so `dump()` shows `_path: OpenCombine.Published<…>` where an Apple
// build shows `_path: Combine.Published<…>`. Not seen from Apple's runtime.
final class TabRouter: ObservableObject {
    @Published var path: [Route] = []
    @Published var presentedSheet: Sheet?
}

final class ShopRouter: ObservableObject {
    @Published var selectedTab: Tab = .home
    let home = TabRouter()
    let settings = TabRouter()
}

func publishedSession() {
    let app = ShopRouter()
    // A view subscribed to the home router's path (SwiftUI subscribes to objectWillChange; `$path` is what an
    // app's own `.onReceive` uses): that property's storage then holds its publisher.
    var subscriptions: [AnyCancellable] = []
    subscriptions.append(app.home.$path.sink { _ in })
    dump(app)
    app.home.path.append(.list(category: "shoes"))
    dump(app)
    app.home.path.append(.detail(id: 42))
    dump(app)
    app.home.presentedSheet = .share(url: "https://example.com/42")
    dump(app)
    app.selectedTab = .settings
    dump(app)
    app.settings.path.append(.account)
    dump(app)
    app.settings.path.removeLast()
    dump(app)
    app.selectedTab = .home
    dump(app)
    app.home.presentedSheet = nil
    dump(app)
    subscriptions.removeAll()
}
