// A simulated shopping app, recorded with NavGraphRecorder: what `swift run recorder-demo | navgraph tree --follow`
// shows. Two tabs with a stack each, a sheet with its own stack, an alert, a logout that switches the app's root —
// and one view model kept alive by a retain cycle, which `navgraph leaks` finds. Events go to stdout among the app's
// own output, as they would in Xcode's console.
import Foundation
import NavGraphRecorder

// `NAVGRAPH_LOG=run.log`: everything the demo prints also goes to run.log, as an app under a UI test copies its console
// (docs/ci.md). The capture writes what is left when the demo exits.
ConsoleCapture.startFromEnvironment()

/// Seconds between steps, so a live view can follow; `--pace 0` runs at full speed.
let pace = parsePace(CommandLine.arguments.dropFirst())

func parsePace(_ arguments: ArraySlice<String>) -> Double {
    var arguments = arguments
    var pace = 0.25
    while let argument = arguments.popFirst() {
        switch argument {
        case "--pace":
            guard let value = arguments.popFirst().flatMap(Double.init), value >= 0, value <= 60 else {
                fail("recorder-demo: --pace needs a number of seconds from 0 to 60, such as 0.5")
            }
            pace = value
        case "-h", "--help":
            print("usage: recorder-demo [--pace SECONDS]   a recorded app session on stdout, for navgraph to read")
            exit(0)
        default:
            fail("recorder-demo: unknown argument '\(argument)'; expected --pace SECONDS")
        }
    }
    return pace
}

func fail(_ message: String) -> Never {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

let recorder = NavigationRecorder.shared
recorder.startRecording(to: .standardOutput)

/// The end of a step: the events and output so far reach the console, then a pause for a live view. The app's own
/// lines are printed at the start of a step, so where they fall among the events is the same on every run.
@MainActor func step() {
    recorder.flush()
    fflush(nil)
    if pace > 0 { usleep(UInt32(pace * 1_000_000)) }
}

/// A view model of a screen or a container: it records `start` when made and `finish` when deallocated.
class ViewModel {
    let lifetime: ModelLifetime
    var id: String { lifetime.id }
    var type: String { lifetime.type }

    init(_ type: String, id: String? = nil, kind: RecordedEvent.Kind? = nil) {
        lifetime = ModelLifetime(type: type, id: id, kind: kind)
    }
}

/// A product page whose view model keeps a closure that captures it strongly: popping it does not free it.
final class ProductDetailViewModel: ViewModel {
    var onPriceChange: (() -> Void)?

    init(id: String) {
        super.init("ProductDetailViewModel", id: id)
        onPriceChange = { self.refresh() }  // the retain cycle: self → closure → self
    }

    func refresh() {}
}

/// One tab: a stack with its root screen, and the path above it as the app holds it (`NavigationStack(path:)`).
final class TabRouter {
    enum Route: Hashable, Sendable {
        case productList
        case product(Int)
        case orders
        case order(Int)
    }

    let stack: ViewModel
    let rootScreen: ViewModel
    /// The entries' view models, kept while they are in the path.
    private(set) var screens: [ViewModel] = []
    private var observer: PathObserver<Route>
    var path: [Route] = [] {
        didSet {
            observer.update(to: path)
            let old = Dictionary(uniqueKeysWithValues: screens.map { ($0.id, $0) })
            screens = zip(path, observer.entryIDs).map { route, id in old[id] ?? Self.makeScreen(route, id: id) }
        }
    }

    init(stackType: String, rootType: String, in tabs: ViewModel, title: String) {
        stack = ViewModel(stackType, kind: .stack)
        rootScreen = ViewModel(rootType)
        observer = PathObserver(stack: stack.id, rootEntry: rootScreen.id, describe: Self.screenType)
        recorder.tab(stack.id, type: stackType, kind: .stack, in: tabs.id, title: title)
        recorder.rootEntry(rootScreen.id, type: rootType, of: stack.id)
    }

    static func makeScreen(_ route: Route, id: String) -> ViewModel {
        if case .product = route { return ProductDetailViewModel(id: id) }
        return ViewModel(screenType(route), id: id)
    }

    static func screenType(_ route: Route) -> String {
        switch route {
        case .productList: "ProductListViewModel"
        case .product: "ProductDetailViewModel"
        case .orders: "OrdersViewModel"
        case .order: "OrderDetailViewModel"
        }
    }
}

/// The signed-in part of the app: tabs, and a sheet that may be shown over them.
final class MainTabs {
    let tabs = ViewModel("MainTabsViewModel", kind: .tabs)
    let shop: TabRouter
    let account: TabRouter
    var sheet: (stack: ViewModel, screens: [ViewModel])?

    init(in app: ViewModel) {
        recorder.switch(to: tabs.id, type: tabs.type, kind: .tabs, in: app.id)
        shop = TabRouter(stackType: "ShopStack", rootType: "ShopHomeViewModel", in: tabs, title: "Shop")
        account = TabRouter(stackType: "AccountStack", rootType: "AccountViewModel", in: tabs, title: "Account")
        recorder.select(shop.stack.id, in: tabs.id)
    }
}

print("ShopDemo 2.4.1 (build 812) starting")
let app = ViewModel("AppViewModel", kind: .switch)
recorder.root(app.id, type: app.type, kind: .switch)
var login: ViewModel? = ViewModel("LoginViewModel")
recorder.switch(to: login!.id, type: "LoginViewModel", in: app.id)
step()

print("[Auth] signed in as user 1042")
var main: MainTabs? = MainTabs(in: app)
login = nil
step()

print("[Network] GET /products 200 (112 ms)")
main!.shop.path = [.productList]
step()
main!.shop.path = [.productList, .product(7)]
step()
print("[Analytics] product_viewed id=7")
main!.shop.path = [.productList]  // back: the product page leaves, but its view model stays alive (the cycle)
step()

print("[Network] GET /orders/5531 200 (87 ms)")
recorder.select(main!.account.stack.id, in: main!.tabs.id)
main!.account.path = [.orders, .order(5531)]  // a deep link: two entries at once
step()

// A sheet with its own stack: writing a review, then attaching a photo, which shows an alert.
func presentReviewSheet(over tabs: ViewModel) -> (stack: ViewModel, screens: [ViewModel]) {
    let stack = ViewModel("ReviewStack", kind: .stack)
    recorder.present(stack.id, type: stack.type, kind: .stack, on: tabs.id, style: .sheet)
    let compose = ViewModel("ComposeReviewViewModel")
    recorder.push(compose.id, type: compose.type, onto: stack.id)
    return (stack, [compose])
}

func attachPhoto(in sheet: inout (stack: ViewModel, screens: [ViewModel])) {
    let photos = ViewModel("AttachPhotoViewModel")
    recorder.push(photos.id, type: photos.type, onto: sheet.stack.id)
    sheet.screens.append(photos)
}

@MainActor func showPermissionAlert(on screen: ViewModel) {
    print("[Camera] permission denied")
    let alert = ViewModel("PermissionAlertViewModel")
    recorder.present(alert.id, type: alert.type, on: screen.id, style: .alert)
    step()
    recorder.dismiss(alert.id)
}

main!.sheet = presentReviewSheet(over: main!.tabs)
step()
attachPhoto(in: &main!.sheet!)
step()
showPermissionAlert(on: main!.sheet!.screens[1])
step()
recorder.dismiss(main!.sheet!.stack.id)
main!.sheet = nil
step()

print("[Auth] signing out")
login = ViewModel("LoginViewModel")
recorder.switch(to: login!.id, type: "LoginViewModel", in: app.id)
main = nil
step()
print("[Auth] session cleared")

recorder.stopRecording()
