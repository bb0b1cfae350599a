// Writes the NavigatorUI fixtures in `../navigator/`: one scripted app session, logged as each release range of
// github.com/hmlongco/Navigator logs it. The logging code is re-declared here in the shape of each tag's source
// (quoted `tag:file` above each part), so the lines are made by the same string interpolation and the same Swift
// runtime as the library's, not typed by hand; SwiftUI is not on Linux, so the script plays its part (making a
// navigator per ManagedNavigationStack and per presented sheet, and releasing a dismissed sheet's navigator).
//
//   swift -module-name NavigatorDemo \
//     Tests/NavGraphFormatsTests/Fixtures/navigator-generator/generate.swift Tests/NavGraphFormatsTests/Fixtures/navigator
//
// The session: a root navigator, two tab stacks (home, settings); home pushes, pops, adds a checkpoint, presents
// a sheet with its own navigator (which pushes, is dismissed and deallocated), then presents a second sheet whose
// navigator is dismissed but kept alive by a retain cycle: a leak, never deinitialized. Settings pushes and sends a
// value that home receives. App output is interleaved. UUIDs come from a seeded generator, so runs are identical.

import Foundation

// MARK: - The app's types (as the library's documentation declares destinations)

/// 0.8.0:Sources/Navigator/Navigator/NavigationDestination.swift (Hashable, Equatable, Identifiable; no description).
protocol NavigationDestination: Hashable, Identifiable {}
extension NavigationDestination {
    var id: Int { hashValue }
}

enum HomeDestinations: NavigationDestination {
    case page(Int)
    case pageN(Int)
    case editProfile
    case photoPicker
}

enum ProfileDestinations: NavigationDestination {
    case avatar
}

enum SettingsDestinations: NavigationDestination {
    case about
}

/// 0.9.25…2.0.2:Sources/…/Core/NavigationMethod.swift (0.8.0 has push, send, cover, sheet): printed by its case name.
enum NavigationMethod: Int, Codable {
    case push, send, sheet, cover, managedSheet, managedCover
}

// MARK: - Output and ids

/// The console: the default logger is `{ print($0) }` in every release.
nonisolated(unsafe) var console = ""
func appPrint(_ text: String) { print(text, to: &console) }

/// `UUID()`, from a seeded generator (so the fixtures are the same on every run).
nonisolated(unsafe) var randomState: UInt64 = 0
func nextUUID() -> UUID {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<16 {
        randomState = randomState &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes[index] = UInt8(truncatingIfNeeded: randomState >> 33)
    }
    bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
    bytes[8] = bytes[8] & 0x3F | 0x80  // variant
    return UUID(
        uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
}

/// What the session does with a navigator, whatever the release.
protocol SessionNavigator: AnyObject {
    /// A ManagedNavigationStack (or a presented one) making its navigator under this one.
    func makeChild(name: String, presented: Bool) -> Self
    func navigate<D: NavigationDestination>(to destination: D, method: NavigationMethod)
    func push<D: Hashable>(_ destination: D)
    func pop()
    @discardableResult func dismiss() -> Bool
    func addCheckpoint(_ name: String)
    func send<D: Hashable>(_ value: D)
    func receive<D: Hashable>(_ value: D)
    /// A strong reference the navigator's own closure keeps (the app's retain cycle that leaks it).
    var retained: AnyObject? { get set }
}

/// Every navigator made, kept alive to the end of the session (an app does not deallocate its root on exit), except
/// the ones the session lets go.
nonisolated(unsafe) var alive: [AnyObject] = []

// MARK: - 0.8.0 to 0.9.25: plain strings

/// Which of the plain-string forms a tag prints (each switch quotes the tag that changed it).
struct LegacyTag {
    var name: String
    var version: [Int]
    func since(_ other: [Int]) -> Bool { version.lexicographicallyPrecedes(other) == false }
}

/// 0.8.0:Sources/Navigator/Navigator/Navigator.swift, NavigationDismiss.swift, NavigationSend.swift,
/// NavigationCheckpoint.swift; from 0.9.2 the tree lives in NavigationState.swift (same strings, the child's line
/// moved to the parent); 0.9.25:Sources/Navigator/Navigator/Core/NavigationState.swift, NavigationOperations.swift.
final class LegacyNavigator: SessionNavigator {
    nonisolated(unsafe) static var tag = LegacyTag(name: "0.8.0", version: [0, 8, 0])
    var tag: LegacyTag { Self.tag }

    let id: UUID = nextUUID()
    weak var parent: LegacyNavigator?
    var children: [UUID: Weak] = [:]
    var isPresented = false
    var retained: AnyObject?
    var path: [AnyHashable] = []

    struct Weak { weak var object: LegacyNavigator? }

    /// Internal logging function (`root.configuration?.logger?(message())`, logger `{ print($0) }`).
    func log(_ message: @autoclosure () -> String) {
        print(message(), to: &console)
    }

    /// Root: `Navigator(configuration:)`.
    init() {
        if tag.since([0, 9, 18]) {
            log("Navigator configured root: \(id)")  // 0.9.18
        } else {
            log("Navigator root: \(id)")  // 0.8.0
        }
    }

    /// `init(parent:dismissible:)` (0.8.0), `addChild(_:isPresented:)` (0.9.2).
    init(parent: LegacyNavigator, dismissible: Bool) {
        self.parent = parent
        isPresented = dismissible
        parent.children[id] = Weak(object: self)
        if tag.since([0, 9, 2]) {
            parent.log("Navigator \(parent.id) adding child: \(id)")  // 0.9.2
        } else {
            log("Navigator init: \(id), parent: \(parent.id)")  // 0.8.0
        }
    }

    deinit {
        log("Navigator deinit: \(id)")
        parent?.children.removeValue(forKey: id)
    }

    func makeChild(name: String, presented: Bool) -> LegacyNavigator {
        let child = LegacyNavigator(parent: self, dismissible: presented)
        alive.append(child)
        return child
    }

    func navigate<D: NavigationDestination>(to destination: D, method: NavigationMethod) {
        // `managedSheet` comes in 0.9.21: before, the app presents a `.sheet` holding a ManagedNavigationStack.
        let method = method == .managedSheet && !tag.since([0, 9, 21]) ? .sheet : method
        if tag.since([0, 9, 20]) {
            log("Navigator \(id) navigating to: \(String(reflecting: destination)), via: \(method)")  // 0.9.20
        } else if tag.since([0, 9, 12]) {
            log("Navigator \(id) navigating to: \(destination), via: \(method)")  // 0.9.12
        } else {
            log("Navigator navigating to: \(destination), via: \(method)")  // 0.8.0
        }
        if method == .push { path.append(destination) }
    }

    /// `push(_:)` logs nothing before 0.9.26.
    func push<D: Hashable>(_ destination: D) { path.append(destination) }

    /// Pops log nothing before 0.9.26.
    func pop() { _ = path.popLast() }

    @discardableResult func dismiss() -> Bool {
        if isPresented {
            log("Navigator dimsissing: \(id)")
            return true
        }
        return false
    }

    func addCheckpoint(_ name: String) {
        if tag.since([0, 9, 12]) {
            // 0.9.12 `\(checkpoint.name)`; 0.9.19 `\(checkpoint.key)`, 0.9.23 `\(entry.key)`: "\(name).\(index)".
            log("Navigator \(id) adding checkpoint: \(tag.since([0, 9, 19]) ? "\(name).\(path.count)" : name)")
        } else {
            log("Navigator adding checkpoint: \(name)")
        }
    }

    func send<D: Hashable>(_ value: D) { log("Navigator \(id) sending \(value)") }
    func receive<D: Hashable>(_ value: D) { log("Navigator \(id) receiving \(value)") }
}

// MARK: - 0.9.26 to 2.0.1: events, the lifecycle's printed as the raw enum

/// 0.9.26…2.0.1:Sources/NavigatorUI/NavigatorUI/Core/NavigationEventLogging.swift (1.3.0 adds `providing`).
struct NavigationEvent1: CustomStringConvertible {
    let verbosity: Int
    let navigator: UUID
    let event: Event
    let timestamp: Date

    var description: String {
        "Navigator \(navigator) \(event)"
    }

    enum Event: CustomStringConvertible {
        case lifecycle(LifecycleEvent)
        case navigation(NavigationEvent)
        case providing(ProvidingEvent)
        case checkpoint(CheckpointEvent)
        case send(SendEvent)
        case message(String)
        case warning(String)
        case error(String)

        var description: String {
            switch self {
            case .lifecycle(let event): return "\(event)"
            case .navigation(let event): return "\(event)"
            case .providing(let event): return "providing \(event)"
            case .checkpoint(let event): return "checkpoint \(event)"
            case .send(let event): return "\(event)"
            case .message(let message): return message
            case .warning(let message): return message
            case .error(let message): return message
            }
        }

        enum LifecycleEvent {
            case configured
            case intialized
            case adding(UUID)
            case removing(UUID)
            case `deinit`
        }

        enum NavigationEvent {
            case presenting(any NavigationDestination)
            case pushing(any Hashable)
            case popping
            case dismissed
        }

        enum ProvidingEvent {
            case destination(any NavigationDestination)
        }

        enum SendEvent {
            case performing(any Hashable)
            case sending(any Hashable)
            case receiving(any Hashable)
        }

        enum CheckpointEvent {
            case adding(String)
            case removing(String)
            case returning(String)
            case returningWithValue(String, Any)
        }
    }
}

/// 1.4.6:Sources/NavigatorUI/NavigatorUI/Core/NavigationState.swift (init, deinit, addChild, removeChild),
/// NavigationOperations.swift (navigate, push, pop), NavigationDismiss.swift (dismiss); 0.9.26 and 2.0.0/2.0.1 log
/// the same events from the same places (2.0.0 moved them into Navigator.swift).
final class EventNavigator: SessionNavigator {
    let id: UUID = nextUUID()
    weak var parent: EventNavigator?
    var children: [UUID: Weak] = [:]
    var dismissAction: (() -> Void)?
    var isPresented: Bool { dismissAction != nil }
    var retained: AnyObject?

    struct Weak { weak var object: EventNavigator? }

    func log(_ event: NavigationEvent1.Event) {
        print(NavigationEvent1(verbosity: 0, navigator: id, event: event, timestamp: Date()), to: &console)
    }

    init(configuration: Void) {
        log(.lifecycle(.configured))
    }

    init(owner: Void) {}

    deinit {
        log(.lifecycle(.deinit))
        parent?.removeChild(self)
    }

    func addChild(_ child: EventNavigator, dismissible: (() -> Void)?) {
        child.dismissAction = dismissible
        guard !children.keys.contains(child.id) else { return }
        children[child.id] = Weak(object: child)
        child.parent = self
        log(.lifecycle(.adding(child.id)))
    }

    func removeChild(_ child: EventNavigator) {
        log(.lifecycle(.removing(child.id)))
        children.removeValue(forKey: child.id)
        child.dismissAction = nil
    }

    func makeChild(name: String, presented: Bool) -> EventNavigator {
        let child = EventNavigator(owner: ())
        alive.append(child)
        addChild(child, dismissible: presented ? {} : nil)
        return child
    }

    func navigate<D: NavigationDestination>(to destination: D, method: NavigationMethod) {
        switch method {
        case .push: push(destination)
        case .send: send(destination)
        case .sheet, .managedSheet, .cover, .managedCover: log(.navigation(.presenting(destination)))
        }
    }

    func push<D: Hashable>(_ destination: D) { log(.navigation(.pushing(destination))) }
    func pop() { log(.navigation(.popping)) }

    @discardableResult func dismiss() -> Bool {
        if isPresented {
            dismissAction?()
            dismissAction = nil
            log(.navigation(.dismissed))
            return true
        }
        return false
    }

    func addCheckpoint(_ name: String) { log(.checkpoint(.adding(name))) }
    func send<D: Hashable>(_ value: D) { log(.send(.sending(value))) }
    func receive<D: Hashable>(_ value: D) { log(.send(.receiving(value))) }
}

// MARK: - 2.0.2 and later: named, the lifecycle's own description

/// 2.0.2:Sources/NavigatorUI/NavigatorUI/Core/NavigationEventLogging.swift: the navigator's name, and a lifecycle
/// event that describes itself; the other events as in 1.x.
struct NavigationEvent2: CustomStringConvertible {
    let verbosity: Int
    let navigator: UUID
    let navigatorName: String?
    let event: Event
    let timestamp: Date

    var description: String {
        if let navigatorName {
            "Navigator \(navigator) (\(navigatorName)) \(event)"
        } else {
            "Navigator \(navigator) \(event)"
        }
    }

    typealias Old = NavigationEvent1.Event

    enum Event: CustomStringConvertible {
        case lifecycle(LifecycleEvent)
        case navigation(Old.NavigationEvent)
        case providing(Old.ProvidingEvent)
        case checkpoint(Old.CheckpointEvent)
        case send(Old.SendEvent)
        case message(String)
        case warning(String)
        case error(String)

        var description: String {
            switch self {
            case .lifecycle(let event): return "\(event)"
            case .navigation(let event): return "\(event)"
            case .providing(let event): return "providing \(event)"
            case .checkpoint(let event): return "checkpoint \(event)"
            case .send(let event): return "\(event)"
            case .message(let message): return message
            case .warning(let message): return message
            case .error(let message): return message
            }
        }

        enum LifecycleEvent: CustomStringConvertible {
            case configured
            case intialized
            case adding(UUID, name: String?)
            case removing(UUID, name: String?)
            case `deinit`

            var description: String {
                switch self {
                case .configured: "configured"
                case .intialized: "intialized"
                case .adding(let id, let name):
                    if let name { "adding \(id) (\(name))" } else { "adding \(id)" }
                case .removing(let id, let name):
                    if let name { "removing \(id) (\(name))" } else { "removing \(id)" }
                case .deinit: "deinit"
                }
            }
        }
    }
}

/// 2.0.2:Sources/NavigatorUI/NavigatorUI/Core/Navigator.swift (the same places as 1.x, with names; `current` comes
/// in 2.1.0 and a `removing` on `dismiss()` in 2.1.2, neither here).
final class NamedNavigator: SessionNavigator {
    let id: UUID = nextUUID()
    var name: String?
    weak var parent: NamedNavigator?
    var children: [UUID: Weak] = [:]
    var dismissAction: (() -> Void)?
    var isPresented = false
    var retained: AnyObject?

    struct Weak { weak var object: NamedNavigator? }

    func log(_ event: NavigationEvent2.Event) {
        print(
            NavigationEvent2(verbosity: 0, navigator: id, navigatorName: name, event: event, timestamp: Date()),
            to: &console)
    }

    init(configuration: Void) {
        name = "root"
        log(.lifecycle(.configured))
    }

    init(owner: Void, name: String?) { self.name = name }

    deinit {
        let parent = self.parent
        log(.lifecycle(.deinit))
        parent?.removeChild(self)
    }

    func addChild(_ child: NamedNavigator, dismissible: (() -> Void)?) {
        child.dismissAction = dismissible
        child.isPresented = dismissible != nil
        guard !children.keys.contains(child.id) else { return }
        children[child.id] = Weak(object: child)
        child.parent = self
        log(.lifecycle(.adding(child.id, name: child.name)))
    }

    func removeChild(_ child: NamedNavigator) {
        log(.lifecycle(.removing(child.id, name: child.name)))
        children.removeValue(forKey: child.id)
        child.dismissAction = nil
    }

    func makeChild(name: String, presented: Bool) -> NamedNavigator {
        // A presented sheet's stack is named by the app; one presented without a name logs none.
        let child = NamedNavigator(owner: (), name: name == "photo-picker" ? nil : name)
        alive.append(child)
        addChild(child, dismissible: presented ? {} : nil)
        return child
    }

    func navigate<D: NavigationDestination>(to destination: D, method: NavigationMethod) {
        switch method {
        case .push: push(destination)
        case .send: send(destination)
        case .sheet, .managedSheet, .cover, .managedCover: log(.navigation(.presenting(destination)))
        }
    }

    func push<D: Hashable>(_ destination: D) { log(.navigation(.pushing(destination))) }
    func pop() { log(.navigation(.popping)) }

    @discardableResult func dismiss() -> Bool {
        if isPresented {
            dismissAction?()
            dismissAction = nil
            log(.navigation(.dismissed))
            return true
        }
        return false
    }

    func addCheckpoint(_ name: String) { log(.checkpoint(.adding(name))) }
    func send<D: Hashable>(_ value: D) { log(.send(.sending(value))) }
    func receive<D: Hashable>(_ value: D) { log(.send(.receiving(value))) }
}

// MARK: - The session

func session<N: SessionNavigator>(root: N) {
    alive.append(root)
    appPrint("ℹ️ App launched, 3 feature flags")
    let home = root.makeChild(name: "home", presented: false)
    let settings = root.makeChild(name: "settings", presented: false)
    home.navigate(to: HomeDestinations.page(1), method: .push)
    home.navigate(to: HomeDestinations.pageN(55), method: .push)
    appPrint("ℹ️ Page 55 appeared")
    home.push("detail")
    home.pop()
    home.addCheckpoint("home.root")
    // A sheet with its own stack: dismissed, then SwiftUI lets its navigator go.
    home.navigate(to: HomeDestinations.editProfile, method: .managedSheet)
    do {
        let edit = home.makeChild(name: "edit-profile", presented: true)
        edit.navigate(to: ProfileDestinations.avatar, method: .push)
        appPrint("ℹ️ Saving profile…")
        edit.dismiss()
        alive.removeAll { $0 === edit }
    }
    // A second sheet, whose navigator a closure of its own keeps alive: dismissed, never deinitialized.
    home.navigate(to: HomeDestinations.photoPicker, method: .sheet)
    do {
        let photo = home.makeChild(name: "photo-picker", presented: true)
        photo.retained = photo
        appPrint("ℹ️ Picked 2 photos")
        photo.dismiss()
        alive.removeAll { $0 === photo }
    }
    settings.navigate(to: SettingsDestinations.about, method: .push)
    settings.send(HomeDestinations.page(3))
    home.receive(HomeDestinations.page(3))
    appPrint("ℹ️ Session saved")
}

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
func write(_ name: String, seed: UInt64, _ run: () -> Void) {
    console = ""
    randomState = seed
    run()
    let path = folder + "/navigator-" + name + ".log"
    try! console.write(toFile: path, atomically: true, encoding: .utf8)
    print("wrote \(path)")
}

for (index, tag) in [
    LegacyTag(name: "0.8.0", version: [0, 8, 0]), LegacyTag(name: "0.9.2", version: [0, 9, 2]),
    LegacyTag(name: "0.9.12", version: [0, 9, 12]), LegacyTag(name: "0.9.25", version: [0, 9, 25]),
].enumerated() {
    LegacyNavigator.tag = tag
    write(tag.name, seed: UInt64(index + 1)) { session(root: LegacyNavigator()) }
}
write("1.4.6", seed: 26) { session(root: EventNavigator(configuration: ())) }
write("2.0.2", seed: 202) { session(root: NamedNavigator(configuration: ())) }
