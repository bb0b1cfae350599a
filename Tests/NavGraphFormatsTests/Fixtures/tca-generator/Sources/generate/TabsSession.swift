import Foundation

// A tab app as `@ObservableState` features are stored: each property's storage is `_name`
// (ObservableStateMacro.swift:649-710), beside `_$id` and `_$observationRegistrar`, which custom-dump leaves out.
// Two tabs with a stack each; the inventory tab presents an add-item sheet with a stack of its own.

enum ItemDetail {
    struct State {
        var _$id = ObservableStateID()
        var _itemID: Int
        var _quantity = 1
        var _$observationRegistrar = ObservationStateRegistrar()
    }
}

enum Settings {
    struct State {
        var _$id = ObservableStateID()
        var _isOn = false
        var _$observationRegistrar = ObservationStateRegistrar()
    }
}

enum HomeFeature {
    enum Alert { case confirmDeletion }
    enum Path {
        enum State {
            case item(ItemDetail.State)
            case settings(Settings.State)
        }
    }
    struct State {
        var _$id = ObservableStateID()
        /// `@Presents var alert: AlertState<Action.Alert>?`: an alert held directly, not through a destination enum.
        var _alert: AlertState<Alert>? = nil
        var _path = StackState<Path.State>()
        var _$observationRegistrar = ObservationStateRegistrar()
    }
}

enum AddItem {
    enum Path {
        enum State {
            case pickCategory(Settings.State)
            case pickColor(Settings.State)
        }
    }
    struct State {
        var _$id = ObservableStateID()
        var _name = ""
        var _path = StackState<Path.State>()
        var _$observationRegistrar = ObservationStateRegistrar()
    }
}

enum InventoryFeature {
    enum Destination {
        enum State { case addItem(AddItem.State) }
    }
    enum Path {
        enum State { case item(ItemDetail.State) }
    }
    struct State {
        var _$id = ObservableStateID()
        var _destination: Destination.State? = nil
        var _items: [Int] = [1, 2, 3, 4, 5, 6]
        var _path = StackState<Path.State>()
        var _$observationRegistrar = ObservationStateRegistrar()
    }
}

enum TabsApp {
    enum Tab { case home, inventory }
    struct State {
        var _$id = ObservableStateID()
        var _home = HomeFeature.State()
        var _inventory = InventoryFeature.State()
        var _selectedTab = Tab.home
        var _$observationRegistrar = ObservationStateRegistrar()
    }
    enum Action {
        case home(String)
        case inventory(String)
        case selectTab(Tab)
    }
}

func tabsNavigation(_ state: TabsApp.State) -> [String] {
    var lines = [outline(0, "root", "root", "TabsApp.State", "tabs")]
    lines.append(
        outline(
            1, "tab", "home", "HomeFeature.State", state._home._path.ids.isEmpty ? nil : "stack",
            selected: state._selectedTab == .home))
    if state._home._alert != nil { lines.append(outline(2, "alert", "home.alert", "AlertState")) }
    for (id, element) in zip(state._home._path.ids, state._home._path.elements) {
        switch element {
        case .item: lines.append(outline(2, "push", "\(id)", "item(ItemDetail.State)"))
        case .settings: lines.append(outline(2, "push", "\(id)", "settings(Settings.State)"))
        }
    }
    lines.append(
        outline(
            1, "tab", "inventory", "InventoryFeature.State", state._inventory._path.ids.isEmpty ? nil : "stack",
            selected: state._selectedTab == .inventory))
    if case .addItem(let add) = state._inventory._destination {
        lines.append(
            outline(
                2, "sheet", "inventory.destination", "addItem(AddItem.State)", add._path.ids.isEmpty ? nil : "stack"))
        for (id, element) in zip(add._path.ids, add._path.elements) {
            switch element {
            case .pickCategory: lines.append(outline(3, "push", "\(id)", "pickCategory(Settings.State)"))
            case .pickColor: lines.append(outline(3, "push", "\(id)", "pickColor(Settings.State)"))
            }
        }
    }
    for (id, _) in zip(state._inventory._path.ids, state._inventory._path.elements) {
        lines.append(outline(2, "push", "\(id)", "item(ItemDetail.State)"))
    }
    return lines
}

func tabsSession() -> Session<TabsApp.State, TabsApp.Action> {
    nextStackElementID = 0
    let s = Session<TabsApp.State, TabsApp.Action>(TabsApp.State(), navigation: tabsNavigation)
    s.appPrint("[Analytics] app_open")
    s.send(.home("path(.push(item))")) { $0._home._path.append(.item(.init(_itemID: 1))) }
    s.send(.home("path(.element(quantity))")) {
        let id = $0._home._path.ids[0]
        $0._home._path[id: id] = .item(.init(_itemID: 1, _quantity: 2))
    }
    s.send(.home("path(.push(settings))")) { $0._home._path.append(.settings(.init())) }
    s.send(.selectTab(.inventory)) { $0._selectedTab = .inventory }
    s.appPrint("[Analytics] tab_inventory")
    s.send(.inventory("path(.push(item))")) { $0._inventory._path.append(.item(.init(_itemID: 4))) }
    s.send(.inventory("addButtonTapped")) { $0._inventory._destination = .addItem(.init()) }
    s.send(.inventory("destination(.presented(.addItem(.binding(name))))")) {
        $0._inventory._destination = .addItem(.init(_name: "Lamp"))
    }
    s.send(.inventory("destination(.presented(.addItem(.path(.push(pickCategory)))))")) {
        guard case .addItem(var add) = $0._inventory._destination else { return }
        add._path.append(.pickCategory(.init()))
        $0._inventory._destination = .addItem(add)
    }
    s.send(.inventory("destination(.presented(.addItem(.path(.push(pickColor)))))")) {
        guard case .addItem(var add) = $0._inventory._destination else { return }
        add._path.append(.pickColor(.init()))
        $0._inventory._destination = .addItem(add)
    }
    s.send(.inventory("destination(.presented(.addItem(.path(.popFrom(id: #4)))))")) {
        guard case .addItem(var add) = $0._inventory._destination else { return }
        add._path.removeLast()
        $0._inventory._destination = .addItem(add)
    }
    s.send(.inventory("destination(.dismiss)")) {
        $0._inventory._destination = nil
        $0._inventory._items.append(7)
    }
    s.send(.selectTab(.home)) { $0._selectedTab = .home }
    s.send(.home("path(.popFrom(id: #0))")) { $0._home._path.removeAll() }
    s.send(.selectTab(.home)) { _ in }
    s.send(.home("deleteAllButtonTapped")) {
        $0._home._alert = AlertState(
            title: "Delete all items?",
            actions: [
                ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
                ButtonState(role: .cancel, label: "Cancel"),
            ])
    }
    s.send(.home("alert(.presented(.confirmDeletion))")) { $0._home._alert = nil }
    return s
}
