import Observation

// A router that inherits its path and sheet from a base class every feature's router shares.
class BaseRouter {
    var path: [Route] = []
    var presentedSheet: Sheet?
}

final class CatalogRouter: BaseRouter {
    var lastSearch: String?
}

// The same with `@Observable` on both: each class has its own registrar.
@Observable class ObservableBaseRouter {
    var path: [Route] = []
    var presentedSheet: Sheet?
}

@Observable final class CartRouter: ObservableBaseRouter {
    var itemCount = 0
}

func inheritedSession() {
    let catalog = CatalogRouter()
    dump(catalog, name: "catalog")
    catalog.path.append(.list(category: "shoes"))
    dump(catalog, name: "catalog")
    catalog.lastSearch = "runner"
    dump(catalog, name: "catalog")
    catalog.path.append(.detail(id: 42))
    dump(catalog, name: "catalog")
    catalog.presentedSheet = .share(url: "https://example.com/42")
    dump(catalog, name: "catalog")
    catalog.presentedSheet = nil
    dump(catalog, name: "catalog")
    catalog.path.removeLast()
    dump(catalog, name: "catalog")

    let cart = CartRouter()
    dump(cart, name: "cart")
    cart.path.append(.product(Product(id: 7, name: "Socks")))
    cart.itemCount = 1
    dump(cart, name: "cart")
    cart.presentedSheet = .compose(draft: "gift note")
    dump(cart, name: "cart")
    cart.presentedSheet = nil
    cart.path.removeAll()
    dump(cart, name: "cart")
}
