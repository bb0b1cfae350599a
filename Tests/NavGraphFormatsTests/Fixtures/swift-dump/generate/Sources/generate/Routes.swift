// The destinations every session navigates to: an enum with payloads, as apps declare them.
enum Tab: String, Hashable { case home, settings }

struct Product: Hashable, Codable {
    var id: Int
    var name: String
}

enum Route: Hashable, Codable {
    case list(category: String)
    case detail(id: Int)
    case product(Product)
    case account
}

enum Sheet: Hashable {
    case compose(draft: String?)
    case share(url: String)
}
