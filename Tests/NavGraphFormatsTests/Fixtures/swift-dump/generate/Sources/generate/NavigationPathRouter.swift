import Observation
import SwiftUI

// A router holding a type-erased `NavigationPath` (the stand-in: see Sources/SwiftUI/NavigationPath.swift).
/// Pushed as a value that is not Codable: SwiftUI keeps it in a plain item box.
struct Promotion: Hashable {
    var code: String
}

@Observable final class PathRouter {
    var path = NavigationPath()
    var presentedSheet: Sheet?
}

func navigationPathSession() {
    let router = PathRouter()
    dump(router, name: "home")
    router.path.append(Route.list(category: "shoes"))
    dump(router, name: "home")
    router.path.append(Product(id: 42, name: "Runner"))
    dump(router, name: "home")
    router.path.append(Promotion(code: "SPRING"))
    dump(router, name: "home")
    router.presentedSheet = .share(url: "https://example.com/42")
    dump(router, name: "home")
    router.presentedSheet = nil
    dump(router, name: "home")
    router.path.removeLast()
    dump(router, name: "home")

    // A path restored from `@SceneStorage` (`NavigationPath(codable)`): its items stay encoded until read.
    let restored = PathRouter()
    restored.path = NavigationPath(restoring: [
        (tag: "Shop.Route", item: #"{"list":{"category":"shoes"}}"#), (tag: "Swift.Int", item: "42"),
    ])
    dump(restored, name: "restored")
    restored.path.append(Route.account)
    dump(restored, name: "restored")
    restored.path.removeLast()
    restored.path.removeLast()
    dump(restored, name: "restored")
}
