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

/// swift-navigation's `TextState`, `ButtonState`, `AlertState`, `ConfirmationDialogState` — their fields as that
/// package declares them (not in this library's copy: the shape of their dump is as custom-dump prints these
/// fields; the reader reads only the type name in front).
struct TextState: CustomDumpStringConvertible {
    var string: String
    var customDumpDescription: String { string.debugDescription }
}
struct ButtonState<Action> {
    enum Role { case cancel, destructive }
    var action: Action?
    var label: TextState
    var role: Role?
}
struct AlertState<Action> {
    var buttons: [ButtonState<Action>]
    var message: TextState?
    var title: TextState
}
struct ConfirmationDialogState<Action> {
    enum Visibility { case automatic, hidden, visible }
    var buttons: [ButtonState<Action>]
    var message: TextState?
    var title: TextState
    var titleVisibility: Visibility
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
