import Foundation

// The SyncUps app of TCA's tutorials, before `@ObservableState` (property names as declared, `@PresentationState`
// stored as `_destination`): an app feature with a stack of detail, record and meeting screens over the list.

struct Attendee: Equatable {
    var id: UUID
    var name: String
}
struct Meeting: Equatable {
    var id: UUID
    var date: Date
    var transcript: String
}
enum Theme { case bubblegum, buttercup, indigo, lavender, orange }
struct SyncUp: Equatable {
    var id: UUID
    var attendees: [Attendee] = []
    var duration: Duration = .seconds(60 * 5)
    var meetings: [Meeting] = []
    var theme: Theme = .bubblegum
    var title = ""
}

enum SyncUpForm {
    enum Field: Hashable {
        case attendee(UUID)
        case title
    }
    struct State {
        var focus: Field? = .title
        var syncUp: SyncUp
    }
    enum Action {
        case addAttendeeButtonTapped
        case binding(String)
        case onDeleteAttendees([Int])
    }
}

enum SyncUpsList {
    enum Destination {
        enum State { case add(SyncUpForm.State) }
        enum Action { case add(SyncUpForm.Action) }
    }
    struct State {
        @PresentationState var destination: Destination.State?
        var syncUps: [SyncUp] = []
    }
    enum Action {
        case addSyncUpButtonTapped, confirmAddButtonTapped, discardButtonTapped
        case destination(PresentationAction<Destination.Action>)
    }
}

enum PresentationAction<Action> {
    case dismiss
    case presented(Action)
}

enum SyncUpDetail {
    enum Destination {
        enum State {
            case alert(AlertState<Alert>)
            case edit(SyncUpForm.State)
            case share(ConfirmationDialogState<Share>)
            case scanner(Scanner.State)
        }
        enum Action {
            case alert(Alert)
            case edit(SyncUpForm.Action)
            case share(Share)
        }
        enum Alert { case confirmButtonTapped }
        enum Share { case copyLink, mail }
    }
    struct State {
        @PresentationState var destination: Destination.State?
        var syncUp: SyncUp
    }
    enum Action {
        case cancelEditButtonTapped, deleteButtonTapped, doneEditingButtonTapped, editButtonTapped
        case scanButtonTapped, shareButtonTapped, onAppear
        case destination(PresentationAction<Destination.Action>)
    }
}

enum Scanner {
    struct State { var isScanning = true }
    enum Action { case cancelButtonTapped }
}

enum RecordMeeting {
    struct State {
        var secondsElapsed = 0
        var speakerIndex = 0
        var syncUp: SyncUp
        var transcript = ""
    }
    enum Action { case timerTick, endMeetingButtonTapped }
}

enum AppFeature {
    enum Path {
        enum State {
            case detail(SyncUpDetail.State)
            case meeting(Meeting, syncUp: SyncUp)
            case record(RecordMeeting.State)
        }
        enum Action {
            case detail(SyncUpDetail.Action)
            case record(RecordMeeting.Action)
        }
    }
    struct State {
        var path = StackState<Path.State>()
        var syncUpsList = SyncUpsList.State()
    }
    enum Action {
        case path(StackAction<Path.State, Path.Action>)
        case syncUpsList(SyncUpsList.Action)
    }
}

/// Reducer/Reducers/StackReducer.swift:227-240.
enum StackAction<State, Action> {
    indirect case element(id: StackElementID, action: Action)
    case popFrom(id: StackElementID)
    case push(id: StackElementID, state: State)
}

/// What the SyncUps app shows for `state`.
func stackNavigation(_ state: AppFeature.State) -> [String] {
    // A stack is a stack once it shows a pushed screen: an empty one is its root screen alone.
    var lines = [outline(0, "root", "root", "AppFeature.State", state.path.ids.isEmpty ? nil : "stack")]
    // The stack's elements, then the list's presentation (the order of the state's properties).
    for (id, element) in zip(state.path.ids, state.path.elements) {
        switch element {
        case .detail(let detail):
            lines.append(outline(1, "push", "\(id)", "detail(SyncUpDetail.State)"))
            switch detail.destination {
            case nil: break
            case .alert: lines.append(outline(2, "alert", "\(id).destination", "alert(AlertState)"))
            case .edit: lines.append(outline(2, "sheet", "\(id).destination", "edit(SyncUpForm.State)"))
            case .share:
                lines.append(outline(2, "confirmationDialog", "\(id).destination", "share(ConfirmationDialogState)"))
            case .scanner: lines.append(outline(2, "fullScreenCover", "\(id).destination", "scanner(Scanner.State)"))
            }
        case .meeting: lines.append(outline(1, "push", "\(id)", "meeting(Meeting)"))
        case .record: lines.append(outline(1, "push", "\(id)", "record(RecordMeeting.State)"))
        }
    }
    if case .add = state.syncUpsList.destination {
        lines.append(outline(1, "child", "syncUpsList", "SyncUpsList.State"))
        lines.append(outline(2, "sheet", "syncUpsList.destination", "add(SyncUpForm.State)"))
    }
    return lines
}

func stackSession() -> Session<AppFeature.State, AppFeature.Action> {
    var uuid = UUIDSequence()
    let engineering = SyncUp(
        id: uuid(), attendees: [Attendee(id: uuid(), name: "Blob"), Attendee(id: uuid(), name: "Blob Jr")],
        duration: .seconds(60 * 10), theme: .orange, title: "Engineering")
    var state = AppFeature.State()
    state.syncUpsList.syncUps = [
        engineering, SyncUp(id: uuid(), title: "Design"), SyncUp(id: uuid(), title: "Marketing"),
        SyncUp(id: uuid(), title: "Product"),
    ]
    let s = Session<AppFeature.State, AppFeature.Action>(state, navigation: stackNavigation)
    s.appPrint("SyncUps launched")
    // The list presents the add sheet, the form changes in place, the sheet is confirmed away.
    var draft = SyncUp(id: uuid())
    s.send(.syncUpsList(.addSyncUpButtonTapped)) { $0.syncUpsList.destination = .add(SyncUpForm.State(syncUp: draft)) }
    draft.title = "Morning"
    s.send(.syncUpsList(.destination(.presented(.add(.binding("title")))))) {
        $0.syncUpsList.destination = .add(SyncUpForm.State(syncUp: draft))
    }
    s.send(.syncUpsList(.confirmAddButtonTapped)) {
        $0.syncUpsList.destination = nil
        $0.syncUpsList.syncUps.append(draft)
    }
    s.appPrint("Saved 5 sync-ups to sync-ups.json")
    // Push the detail; edit in a sheet over it; in-place changes of the form with elided attendees.
    s.send(.path(.push(id: StackElementID(generation: 0), state: .detail(.init(syncUp: engineering))))) {
        $0.path.append(.detail(.init(syncUp: engineering)))
    }
    s.send(.path(.element(id: StackElementID(generation: 0), action: .detail(.onAppear)))) { _ in }
    s.send(.path(.element(id: StackElementID(generation: 0), action: .detail(.editButtonTapped)))) {
        $0.path[id: StackElementID(generation: 0)] = .detail(
            .init(destination: .edit(SyncUpForm.State(syncUp: engineering)), syncUp: engineering))
    }
    var edited = engineering
    edited.attendees.append(Attendee(id: uuid(), name: "Blob Sr"))
    s.send(
        .path(
            .element(
                id: StackElementID(generation: 0),
                action: .detail(.destination(.presented(.edit(.addAttendeeButtonTapped))))))
    ) {
        $0.path[id: StackElementID(generation: 0)] = .detail(
            .init(
                destination: .edit(SyncUpForm.State(focus: .attendee(edited.attendees[2].id), syncUp: edited)),
                syncUp: engineering))
    }
    s.send(.path(.element(id: StackElementID(generation: 0), action: .detail(.doneEditingButtonTapped)))) {
        $0.path[id: StackElementID(generation: 0)] = .detail(.init(syncUp: edited))
    }
    // Record a meeting: pushed, ticks in place, a meeting pushed over it.
    s.send(.path(.push(id: StackElementID(generation: 1), state: .record(.init(syncUp: edited))))) {
        $0.path.append(.record(.init(syncUp: edited)))
    }
    for second in 1...2 {
        s.send(.path(.element(id: StackElementID(generation: 1), action: .record(.timerTick)))) {
            $0.path[id: StackElementID(generation: 1)] = .record(.init(secondsElapsed: second, syncUp: edited))
        }
    }
    s.appPrint("🎙️ transcript: \"Hello, Blob\"")
    let meeting = Meeting(id: uuid(), date: Date(timeIntervalSince1970: 1_764_000_000), transcript: "Hello, Blob")
    s.send(.path(.push(id: StackElementID(generation: 2), state: .meeting(meeting, syncUp: edited)))) {
        $0.path.append(.meeting(meeting, syncUp: edited))
    }
    // Two leave at once: pop from the record screen.
    s.send(.path(.popFrom(id: StackElementID(generation: 1)))) { $0.path.pop(from: StackElementID(generation: 1)) }
    // Presentations over the stack: an alert, a confirmation dialog, a full-screen cover (by .navgraph.yml).
    s.send(.path(.element(id: StackElementID(generation: 0), action: .detail(.deleteButtonTapped)))) {
        $0.path[id: StackElementID(generation: 0)] = .detail(
            .init(
                destination: .alert(
                    AlertState(
                        title: "Delete?",
                        actions: [
                            ButtonState(role: .destructive, action: .confirmButtonTapped, label: "Yes"),
                            ButtonState(role: .cancel, label: "Nevermind"),
                        ],
                        message: "Are you sure you want to delete this meeting?")), syncUp: edited))
    }
    s.send(.path(.element(id: StackElementID(generation: 0), action: .detail(.destination(.dismiss))))) {
        $0.path[id: StackElementID(generation: 0)] = .detail(.init(syncUp: edited))
    }
    s.send(.path(.element(id: StackElementID(generation: 0), action: .detail(.shareButtonTapped)))) {
        $0.path[id: StackElementID(generation: 0)] = .detail(
            .init(
                destination: .share(
                    ConfirmationDialogState(
                        titleVisibility: .visible, title: "Share",
                        actions: [
                            ButtonState(action: .copyLink, label: "Copy link"),
                            ButtonState(action: .mail, label: "Mail"),
                        ])),
                syncUp: edited))
    }
    s.send(.path(.element(id: StackElementID(generation: 0), action: .detail(.scanButtonTapped)))) {
        $0.path[id: StackElementID(generation: 0)] = .detail(.init(destination: .scanner(.init()), syncUp: edited))
    }
    s.send(.path(.element(id: StackElementID(generation: 0), action: .detail(.destination(.dismiss))))) {
        $0.path[id: StackElementID(generation: 0)] = .detail(.init(syncUp: edited))
    }
    // A second detail and a meeting over it; then pop to root (all of the path at once).
    let design = state.syncUpsList.syncUps[1]
    s.send(.path(.push(id: StackElementID(generation: 3), state: .detail(.init(syncUp: design))))) {
        $0.path.append(.detail(.init(syncUp: design)))
    }
    s.send(.path(.push(id: StackElementID(generation: 4), state: .meeting(meeting, syncUp: design)))) {
        $0.path.append(.meeting(meeting, syncUp: design))
    }
    s.send(.path(.element(id: StackElementID(generation: 0), action: .detail(.onAppear)))) { $0.path.removeAll() }
    return s
}

/// Deterministic UUIDs, so runs are identical.
struct UUIDSequence {
    private var next = 0
    mutating func callAsFunction() -> UUID {
        next += 1
        return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", next))!
    }
}
