// The parts of The Composable Architecture that `_printChanges()` prints, declared as TCA declares them
// (pointfreeco/swift-composable-architecture @ d34c1df, quoted file:line above each), so that the real
// swift-custom-dump prints them as it prints TCA's. TCA itself needs Combine and SwiftUI, which Linux has not.
import CustomDump
import Foundation

/// Reducer/Reducers/StackReducer.swift:600-655: a generation number, dumped as `#N`.
struct StackElementID: Hashable, CustomDebugStringConvertible, CustomDumpStringConvertible {
    var generation: Int
    var debugDescription: String { "#\(generation)" }
    var customDumpDescription: String { debugDescription }
}

/// Internal/StackIDGenerator.swift: one live generator for the whole app, counting up from 0 and never reused.
nonisolated(unsafe) var nextStackElementID = 0

/// Reducer/Reducers/StackReducer.swift:5-8, 213-217: an ordered dictionary of elements by id, mirrored as a
/// dictionary of `(id, element)` pairs.
struct StackState<Element>: CustomDumpReflectable {
    var ids: [StackElementID] = []
    var elements: [Element] = []

    mutating func append(_ element: Element) {
        ids.append(StackElementID(generation: nextStackElementID))
        nextStackElementID += 1
        elements.append(element)
    }
    mutating func removeLast(_ count: Int = 1) {
        ids.removeLast(count)
        elements.removeLast(count)
    }
    mutating func removeAll() {
        ids.removeAll()
        elements.removeAll()
    }
    /// `pop(from:)`: the element with `id` and everything above it leave.
    mutating func pop(from id: StackElementID) {
        guard let index = ids.firstIndex(of: id) else { return }
        ids.removeSubrange(index...)
        elements.removeSubrange(index...)
    }
    subscript(id id: StackElementID) -> Element {
        get { elements[ids.firstIndex(of: id)!] }
        set { elements[ids.firstIndex(of: id)!] = newValue }
    }
    var last: (id: StackElementID, element: Element)? { ids.last.map { ($0, elements.last!) } }

    var customDumpMirror: Mirror {
        Mirror(self, unlabeledChildren: Array(zip(ids, elements)), displayStyle: .dictionary)
    }
}

/// Reducer/Reducers/PresentationReducer.swift:5-20, 128-132: `@Presents` storage (before `@ObservableState` the
/// property wrapper `@PresentationState`, stored as `_destination`), mirrored as its optional value.
@propertyWrapper
struct PresentationState<State>: CustomReflectable {
    private final class Storage {
        var state: State?
        init(state: State?) { self.state = state }
    }
    private var storage: Storage
    init(wrappedValue: State?) { storage = Storage(state: wrappedValue) }
    var wrappedValue: State? {
        get { storage.state }
        set { storage = Storage(state: newValue) }
    }
    var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}

/// `@ObservableState`'s registrar (ComposableArchitectureMacros/ObservableStateMacro.swift:53): stored as
/// `_$observationRegistrar`, which swift-custom-dump leaves out (Dump.swift `macroPropertyFilter`).
struct ObservationStateRegistrar: Equatable {}
struct ObservableStateID: Equatable { var value = UUID() }

/// swift-navigation's `TextState`, `ButtonState`, `AlertState`, `ConfirmationDialogState` (SwiftNavigation, 2.11.0 @
/// 418a57d; TCA 1.25 depends on it): their stored fields as declared there, and their custom-dump conformances
/// (Sources/SwiftNavigation/Traits/CustomDump.swift, the `CustomDump` trait, on by default) copied, so the real
/// swift-custom-dump prints them as in an app: `AlertState(title:, actions:, message:)`, a button as
/// `ButtonState(role:, action: .send(…), label:)`, a text as its string. The `id`s are not in the mirrors.

/// TextState.swift:50 (`storage`, here its `.verbatim` case only), CustomDump.swift:90: dumped as its string.
struct TextState: CustomDumpRepresentable {
    var string: String
    var customDumpValue: Any { string }
}
/// ButtonState.swift:177.
enum ButtonStateRole { case cancel, destructive }
/// ButtonState.swift:129-170 (the `.animatedSend` case needs SwiftUI), CustomDump.swift:43-66.
struct ButtonStateAction<Action>: CustomDumpReflectable {
    enum _ActionType { case send(Action?) }
    let type: _ActionType
    static func send(_ action: Action?) -> Self { Self(type: .send(action)) }
    var customDumpMirror: Mirror {
        switch type {
        case .send(let action): Mirror(self, children: ["send": action as Any], displayStyle: .enum)
        }
    }
}
/// ButtonState.swift:10-14, CustomDump.swift:27-41: the role only when it has one.
struct ButtonState<Action>: CustomDumpReflectable {
    let id = UUID()
    let action: ButtonStateAction<Action>
    let label: TextState
    let role: ButtonStateRole?
    init(role: ButtonStateRole? = nil, action: Action? = nil, label: String) {
        self.role = role
        self.action = .send(action)
        self.label = TextState(string: label)
    }
    var customDumpMirror: Mirror {
        var children: [(label: String?, value: Any)] = []
        if let role { children.append(("role", role)) }
        children.append(("action", action))
        children.append(("label", label))
        return Mirror(self, children: children, displayStyle: .struct)
    }
}
/// AlertState.swift:133-137, CustomDump.swift:8-25: `title`, then the buttons as `actions` when there are any, then
/// the message when there is one.
struct AlertState<Action>: CustomDumpReflectable {
    let id = UUID()
    var buttons: [ButtonState<Action>]
    var message: TextState?
    var title: TextState
    init(title: String, actions: [ButtonState<Action>] = [], message: String? = nil) {
        self.title = TextState(string: title)
        self.buttons = actions
        self.message = message.map { TextState(string: $0) }
    }
    var customDumpMirror: Mirror {
        var children: [(label: String?, value: Any)] = [("title", title)]
        if !buttons.isEmpty { children.append(("actions", buttons)) }
        if let message { children.append(("message", message)) }
        return Mirror(self, children: children, displayStyle: .struct)
    }
}
/// ConfirmationDialogState.swift:198-213.
enum ConfirmationDialogStateTitleVisibility { case automatic, hidden, visible }
/// ConfirmationDialogState.swift:118-123, CustomDump.swift:68-88: `titleVisibility` only when not `.automatic`.
struct ConfirmationDialogState<Action>: CustomDumpReflectable {
    let id = UUID()
    var buttons: [ButtonState<Action>]
    var message: TextState?
    var title: TextState
    var titleVisibility: ConfirmationDialogStateTitleVisibility
    init(
        titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic, title: String,
        actions: [ButtonState<Action>] = [], message: String? = nil
    ) {
        self.titleVisibility = titleVisibility
        self.title = TextState(string: title)
        self.buttons = actions
        self.message = message.map { TextState(string: $0) }
    }
    var customDumpMirror: Mirror {
        var children: [(label: String?, value: Any)] = []
        if titleVisibility != .automatic { children.append(("titleVisibility", titleVisibility)) }
        children.append(("title", title))
        if !buttons.isEmpty { children.append(("actions", buttons)) }
        if let message { children.append(("message", message)) }
        return Mirror(self, children: children, displayStyle: .struct)
    }
}

/// Reducer/Reducers/DebugReducer.swift:55-62 (`_ReducerPrinter.customDump`), word for word: the action dumped with
/// an indent of 2, then the diff of the state or `  (No state changes)`, printed with `print`'s own newline after.
func printChange<Action, State>(receivedAction: Action, oldState: State, newState: State) {
    var target = ""
    target.write("received action:\n")
    CustomDump.customDump(receivedAction, to: &target, indent: 2)
    target.write("\n")
    target.write(diff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n")
    print(target)
}
