import Foundation
import NavGraphCore

/// The navigators a NavigatorUI log has shown so far, as a tree, and what each shows: the nodes are navigators (one
/// per managed `NavigationStack` or presented view), a presented child first, then other child navigators, then the
/// values pushed onto the navigator's stack. Every change is handed on as a snapshot of the window.
///
/// The log does not say everything: `popping` has no count (one entry is popped), and `popAll()`,
/// `dismissPresentedViews()` and back swipes are not logged, so the pushed entries are approximate. Pushed values
/// have no lifecycle and so are never reported as leaks; a navigator leaks only when the log shows it removed
/// (`removing`, after `dismissed`) and never shows its `deinit`.
///
/// Navigators live in slots, found by their UUID (a `NavigatorUUID`, not a string) through a `SlotIndex`, and refer
/// to each other by slot: with a dictionary keyed by UUID, each line looked its navigators up several times, a fifth
/// of reading a log. Events name a navigator by its model's key, its UUID's string made once.
struct NavigatorTree {
    private struct Navigator {
        var model: ModelRef
        /// The hash `ShownIDCounts` gave for the model's type and prefix, to count it out again.
        var shownHash: UInt64
        var uuid: NavigatorUUID
        var named: Bool
        /// `uuid.slotHash`, its hash in `index`.
        var hash: UInt64
        var parent: Int?
        var children: [Int] = []
        /// The child navigator shown by the last `presenting` before it was added.
        var presented: Int?
        var destinations: [ModelRef] = []
        /// Entries dropped from the bottom of the stack by `stackLimit`: pops past the tracked ones take these.
        var dropped = 0
        /// The warning that `stackLimit` dropped entries of this stack was given.
        var warnedDropping = false
        /// The warning that this navigator pushes while in no window was given.
        var warnedUnplaced = false
        /// Its parent's `removing` took it out of the hierarchy, and no `adding` put it back: what it pushes now shows
        /// nowhere, and the warning says why (not that the log never placed it).
        var removed = false
        /// Something was pushed once: the stack's root view is shown from then on (a pop to it does not take it).
        var showsStack = false
        /// What the last `presenting` printed, until a child is added: read (as a `NavigatorDestination`) only when
        /// the child has no name of its own. Not through `destination(_:)`: a presented value is mostly new (a sheet
        /// per item), and reading each would only replace the table's recurring entries.
        var pendingPresentation: [UInt8]?
        /// The window this navigator is the root of.
        var window: String?
    }

    /// By slot; a free slot holds `freed`. Not optional: reading a field through an optional
    /// element copied the whole navigator (retaining each of its fields) on every access.
    private var navigators = SlotTable<Navigator>()
    private static let freed = Navigator(
        model: ModelRef(key: "", id: "", type: ""), shownHash: 0, uuid: .none, named: false, hash: 0)
    private var index = SlotIndex()
    private var windows = 0
    private var generation = 0
    /// Shown ids in use per type, for `#2` suffixes where two live navigators of one name share a UUID prefix.
    private var shownIDs = ShownIDCounts()
    private(set) var notedApproximateStacks = false
    /// Pushed values read recently, with the text each was printed as (see `destination(_:)`).
    private var printedDestinations = RecentItems<(text: String, destination: NavigatorDestination)>(size: 4096)

    /// The lines applied (`apply`, `applyAnonymous`): the reader's navigation lines.
    private(set) var appliedLines = 0

    mutating func apply(
        _ line: NavigatorStep, at number: Int, into events: inout [NavEvent], diagnostics: DiagnosticHandler
    ) {
        appliedLines += 1
        if pendingDismissal != nil { settleDismissal(before: line, into: &events) }
        // A presentation no navigator claimed (`navigating to:` before 0.9.12) goes to the navigator added next.
        var anonymous: [UInt8]?
        if anonymousPresentation != nil { swap(&anonymous, &anonymousPresentation) }
        switch line.event {
        case .configured:
            let me = know(line.navigator, name: line.name, line: number, into: &events).slot
            makeRoot(me)
            snapshot(of: me, line: number, into: &events)
        case .adding(let child, let name):
            add(child, name: name, by: line, anonymous: anonymous, at: number, into: &events, diagnostics: diagnostics)
        case .removing(let child, let name):
            remove(child, name: name, by: line, at: number, into: &events, diagnostics: diagnostics)
        case .deallocated:
            deallocate(line, at: number, into: &events)
        case .pushing(let printed):
            push(printed, by: line, at: number, into: &events, diagnostics: diagnostics)
        case .popping:
            pop(by: line, at: number, into: &events, diagnostics: diagnostics)
        case .presenting(let printed):
            let me = know(line.navigator, name: line.name, line: number, into: &events).slot
            keepPresentation(printed, of: me)
        case .dismissed:
            let (me, changed) = know(line.navigator, name: line.name, line: number, into: &events)
            if changed { snapshot(of: me, line: number, into: &events) }
            // Out once the next line is not its parent's `removing` of it (see `pendingDismissal`).
            if navigators[me].parent != nil { pendingDismissal = (me, number) }
        case .current, .other:
            let (me, changed) = know(line.navigator, name: line.name, line: number, into: &events)
            if changed { snapshot(of: me, line: number, into: &events) }
        }
    }

    /// `adding`: `child` (named `name`, if the line names it) under the line's navigator; `anonymous`, what a
    /// presentation naming no navigator printed just before.
    private mutating func add(
        _ childUUID: NavigatorUUID, name: ByteLine?, by line: NavigatorStep, anonymous: [UInt8]?,
        at number: Int, into events: inout [NavEvent], diagnostics: DiagnosticHandler
    ) {
        let me = know(line.navigator, name: line.name, line: number, into: &events).slot
        if navigators[me].parent == nil && navigators[me].window == nil { makeRoot(me) }
        if let anonymous, navigators[me].pendingPresentation == nil {
            navigators[me].pendingPresentation = anonymous
        }
        // A presented navigator without a name of its own is shown as what it presents.
        let child: Int
        do {
            // Released before `attach` keeps the buffer for the next `presenting`, which reuses it only alone.
            let pending = navigators[me].pendingPresentation
            child =
                know(
                    childUUID, name: name, unnamed: pending.map(Self.shownPresentation), line: number, into: &events
                ).slot
        }
        let presentsAlready = navigators[me].presented != nil
        rememberParent(line.navigator, of: childUUID)
        attach(child, to: me, line: number, diagnostics: diagnostics)
        // A presentation is a present event (sheets come and go all session); other changes rewrite the window.
        if !presentsAlready, navigators[me].presented == child, isPlaced(me) {
            let model = navigators[child].model
            events.append(
                NavEvent(
                    .present(model, kind: .stack, parent: navigators[me].model.key, style: .unknown), line: number))
        } else {
            snapshot(of: me, line: number, into: &events)
        }
    }

    /// `removing`: `child` (named `name`, if the line names it) from the line's navigator.
    private mutating func remove(
        _ childUUID: NavigatorUUID, name childName: ByteLine?, by line: NavigatorStep,
        at number: Int, into events: inout [NavEvent], diagnostics: DiagnosticHandler
    ) {
        let me = know(line.navigator, name: line.name, line: number, into: &events).slot
        guard let child = slot(of: childUUID), navigators[child].parent == me else {
            // NavigatorUI logs a child's removal twice, on `dismissed` and after its `deinit`: the second one
            // (and one after a deinit that came first) names a child added before. Any other is a contradiction.
            if formerParents.remove(childUUID) != line.navigator {
                diagnostics.report(
                    Diagnostic(
                        .warning, line: number,
                        "navigator '\(described(me))' removing '\(childName?.text ?? "Navigator") "
                            + "\(childUUID.prefix)', which is not its child"))
            }
            return
        }
        takeOut(child, line: number, into: &events)
    }

    /// `deinit`: the line's navigator finishes (one never seen finishes without a start).
    private mutating func deallocate(_ line: NavigatorStep, at number: Int, into events: inout [NavEvent]) {
        guard let me = slot(of: line.navigator) else {
            let uuid = line.navigator
            let model = ModelRef(key: uuid.string, id: uuid.prefix, type: line.name?.text ?? "Navigator")
            events.append(NavEvent(.finish(model, neverStarted: true), line: number))
            return
        }
        // Moved out, not copied: a copy retained each of its strings and lists, released again with the original.
        let navigator = navigators.remove(me, leaving: Self.freed)
        index.remove(slot: me, hash: navigator.hash)
        forgetRecent(me)
        if let parent = navigator.parent {
            // Deallocated while presented (a sheet swiped down): it leaves as a dismissal, then finishes.
            if navigators[parent].presented == me, isPlaced(parent) {
                events.append(NavEvent(.dismiss(navigator.model.key), line: number))
            }
            detach(me, from: parent)
        }
        for child in navigator.children {
            navigators[child].parent = nil
            attached -= 1
        }
        release(navigator.model, uuid: navigator.uuid, shownHash: navigator.shownHash)
        events.append(NavEvent(.finish(navigator.model, neverStarted: false), line: number))
    }

    /// `pushing` (`navigating to: …, via: push` before 0.9.26): `printed` onto the line's navigator's stack.
    private mutating func push(
        _ printed: ByteLine, by line: NavigatorStep, at number: Int, into events: inout [NavEvent],
        diagnostics: DiagnosticHandler
    ) {
        let me = know(line.navigator, name: line.name, line: number, into: &events).slot
        if line.popsUnlogged { noteUnloggedPops(line: number, diagnostics: diagnostics) }
        let key = navigators[me].model.key
        let destination = destination(printed)
        generation += 1
        let model = ModelRef(
            key: Self.entryKey(generation: generation), id: destination.value, type: destination.type,
            module: destination.module)
        // In place: a copy of the navigator would copy its stack on every push.
        navigators[me].destinations.append(model)
        let showedStack = navigators[me].showsStack
        navigators[me].showsStack = true
        let trimmed = trimStack(of: me, line: number, diagnostics: diagnostics)
        // A window's root navigator becomes a stack at its first push, a change of the node: a snapshot. Other
        // navigators are stacks from the start: a first push is two pushes, the stack's root view and the value.
        if !isPlaced(me) && !navigators[me].warnedUnplaced { warnUnplacedPush(by: me, line: number, diagnostics) }
        if !isPlaced(me) || (!showedStack && navigators[me].window != nil) {
            snapshot(of: me, line: number, into: &events)
        } else if !showedStack {
            events.append(NavEvent(.push(rootView(of: me), kind: nil, parent: key), line: number))
            events.append(NavEvent(.push(model, kind: nil, parent: key), line: number))
        } else if trimmed {
            // The entry pushed by this line is new to the stack: given whole, so the setPath creates it (named by
            // its key alone, it was skipped as an entry that does not exist).
            let kept = navigators[me].destinations.dropLast().map { PathEntry($0.key) }
            let entries = [PathEntry(key + "/root")] + kept + [PathEntry(creating: model)]
            events.append(NavEvent(.setPath(parent: key, entries: entries), line: number))
        } else {
            events.append(NavEvent(.push(model, kind: nil, parent: key), line: number))
        }
    }

    /// Unlogged pops (back swipes, popAll()) make a tracked stack grow without end: past the limit, the oldest
    /// entries are dropped, so no single line costs more than the limit. Whether it dropped any.
    private mutating func trimStack(of me: Int, line number: Int, diagnostics: DiagnosticHandler) -> Bool {
        guard navigators[me].destinations.count > Self.stackLimit else { return false }
        // Said once per stack: the tree and history show fewer entries than the log pushed (or than the app
        // had, when the log hid pops): the user must know without --verbose.
        if !navigators[me].warnedDropping {
            navigators[me].warnedDropping = true
            diagnostics.report(
                Diagnostic(
                    .warning, line: number,
                    "stack '\(described(me))' holds more than \(Self.stackLimit) entries the log did not show "
                        + "popped (NavigatorUI does not log popAll() or back swipes): the oldest "
                        + "\(Self.stackLimit / 2) are dropped, and as many again each time it grows past "
                        + "\(Self.stackLimit)"))
        }
        navigators[me].destinations.removeFirst(Self.stackLimit / 2)
        navigators[me].dropped += Self.stackLimit / 2
        return true
    }

    /// Its stack is kept, and shown once a parent's `adding` places it; until then the pushes show nowhere.
    private mutating func warnUnplacedPush(by me: Int, line number: Int, _ diagnostics: DiagnosticHandler) {
        navigators[me].warnedUnplaced = true
        let top = root(of: me)
        diagnostics.report(
            Diagnostic(
                .warning, line: number,
                navigators[top].removed
                    ? "navigator '\(described(me))' pushes after "
                        + (top == me ? "its parent removed it" : "'\(described(top))' was removed")
                        + ": its stack is shown if a navigator adds \(top == me ? "it" : "that one") again"
                    : "navigator '\(described(me))' pushes, but the log has not placed it (no 'configured', "
                        + "and no navigator's 'adding' it): its stack is shown once a navigator adds it"))
    }

    /// `popping`: one entry off the line's navigator's stack.
    private mutating func pop(
        by line: NavigatorStep, at number: Int, into events: inout [NavEvent], diagnostics: DiagnosticHandler
    ) {
        let me = know(line.navigator, name: line.name, line: number, into: &events).slot
        let key = navigators[me].model.key
        noteApproximateStacks(line: number, diagnostics: diagnostics)
        guard navigators[me].destinations.popLast() != nil else {
            if navigators[me].dropped > 0 {
                navigators[me].dropped -= 1
            } else {
                // A contradiction (with --strict an error): nothing was pushed that this pop could take.
                diagnostics.report(
                    Diagnostic(
                        .warning, line: number,
                        "popping on navigator '\(described(me))', whose stack has nothing pushed"))
            }
            return
        }
        if !isPlaced(me) {
            snapshot(of: me, line: number, into: &events)
        } else {
            events.append(NavEvent(.pop(parent: key, count: 1), line: number))
        }
    }

    /// `presenting`: what `me` presents, kept until a child is added.
    private mutating func keepPresentation(_ printed: ByteLine, of me: Int) {
        // Into the buffer the last presentation left, not a new array (an allocation and a free per `presenting`
        // line otherwise). Swapped out, so the buffer has no other holder (a copy made `removeAll` allocate anew).
        var buffer: [UInt8] = []
        if navigators[me].pendingPresentation != nil {
            swap(&buffer, &navigators[me].pendingPresentation!)
        } else if spareBytes != nil {
            swap(&buffer, &spareBytes!)
            spareBytes = nil
        }
        // A buffer a long value made large is not kept for the next (memory stays what the last line needs).
        buffer.removeAll(keepingCapacity: buffer.capacity <= Self.spareBytesLimit)
        buffer.append(contentsOf: printed)
        navigators[me].pendingPresentation = buffer
    }

    /// A line of 0.8–0.9.25 naming no navigator (`Navigator navigating to: <value>, via: <method>` to 0.9.11, the
    /// checkpoint messages), as `NavigatorLine.anonymous` read it from `text`: a presentation goes to the navigator
    /// added next (SwiftUI makes the presented stack's navigator right after), a push cannot be placed (warned of
    /// once), the rest changes nothing.
    mutating func applyAnonymous(
        _ shape: NavigatorLine.Shape, in text: ByteLine, at number: Int,
        into events: inout [NavEvent], diagnostics: DiagnosticHandler
    ) {
        appliedLines += 1
        if let (slot, line) = pendingDismissal {
            pendingDismissal = nil
            takeOut(slot, line: line, into: &events)
        }
        anonymousPresentation = nil
        switch shape {
        case .presenting(let value):
            anonymousPresentation = Array(text.slice(value))
        case .navigatingTo, .pushing:
            guard !warnedAnonymousPushes else { return }
            warnedAnonymousPushes = true
            diagnostics.report(
                Diagnostic(
                    .warning, line: number,
                    "NavigatorUI before 0.9.12 logs 'navigating to: …, via: push' without saying which navigator "
                        + "pushes: these pushes are not shown"))
        default:
            break
        }
    }

    /// End of input: a navigator dismissed by the last line leaves.
    mutating func finish(into events: inout [NavEvent]) {
        guard let (slot, line) = pendingDismissal else { return }
        pendingDismissal = nil
        takeOut(slot, line: line, into: &events)
    }

    /// A navigator that logged `dismissed` (`dimsissing:` before 0.9.26) and is still in the hierarchy, and its
    /// line. Only 2.1.2 and later log the parent's `removing` on `dismiss()`, on the line right after; earlier
    /// releases log it after the navigator's `deinit`, and never for one that leaked. So the navigator leaves at its
    /// `dismissed`, unless the next line is that `removing` (which takes it out as before, at its own line): decided
    /// by the next navigator line, or the end of input.
    private var pendingDismissal: (slot: Int, line: Int)?

    /// What a `navigating to: …, via: sheet` naming no navigator printed, until the next navigator line.
    private var anonymousPresentation: [UInt8]?
    private var warnedAnonymousPushes = false
    private var notedUnloggedPops = false

    private mutating func settleDismissal(before line: NavigatorStep, into events: inout [NavEvent]) {
        guard let (slot, number) = pendingDismissal else { return }
        pendingDismissal = nil
        if case .removing(let child, _) = line.event, navigators[slot].uuid == child,
            let parent = navigators[slot].parent, navigators[parent].uuid == line.navigator
        {
            return
        }
        takeOut(slot, line: number, into: &events)
    }

    /// Takes `child` out of the hierarchy, from its parent (its `removing`, or its `dismissed`): a presented child
    /// leaves as a dismissal, another by a new state of the window.
    private mutating func takeOut(_ child: Int, line number: Int, into events: inout [NavEvent]) {
        guard let parent = navigators[child].parent else { return }
        let wasPresented = navigators[parent].presented == child
        detach(child, from: parent)
        navigators[child].removed = true
        navigators[child].warnedUnplaced = false
        if wasPresented && isPlaced(parent) {
            events.append(NavEvent(.dismiss(navigators[child].model.key), line: number))
        } else {
            snapshot(of: parent, line: number, into: &events)
        }
    }

    private mutating func noteUnloggedPops(line: Int, diagnostics: DiagnosticHandler) {
        guard !notedUnloggedPops else { return }
        notedUnloggedPops = true
        diagnostics.report(
            Diagnostic(
                .note, line: line,
                "NavigatorUI before 0.9.26 logs pushes only through navigate(to:) ('navigating to: …, via: push') "
                    + "and no pops: the pushed entries shown are approximate"))
    }

    /// What `printed` shows, worked out once per distinct value while it is recent: an app pushes the same few
    /// destinations again and again. Found by the fast hash of the text (not a `Dictionary` keyed by the text:
    /// SipHash of about 100 bytes per push); the line's bytes are compared with the text kept, and a string is made
    /// only for a value new to the table.
    private mutating func destination(_ printed: ByteLine) -> NavigatorDestination {
        let hash = printed.tableHash
        if let known = printedDestinations.lookUp(
            hash: hash, { printed.holdsSameBytes(as: $0.text) ? $0.destination : nil })
        {
            return known
        }
        let text = printed.text
        let destination = NavigatorDestination(text)
        printedDestinations.store((text, destination), hash: hash)
        return destination
    }

    /// What an unnamed presented navigator is shown as: what it presents, `type.value`; the value alone when it names
    /// no type (before 0.9.20, `navigating to:` prints a destination without it: `photoPicker`).
    private static func shownPresentation(_ printed: [UInt8]) -> String {
        let destination = NavigatorDestination(String(decoding: printed, as: UTF8.self))
        return destination.module == nil && destination.type == "value"
            ? destination.value : destination.type + "." + destination.value
    }

    /// The key of the `generation`th pushed entry: `/<generation>`, unique in the log (the generation counts every
    /// push) and never a navigator's UUID or a root view's `<UUID>/root`. Not shown (the entry shows its value). Short
    /// enough for a small string, held inline: `<UUID>/<generation>` (42 bytes) was allocated for every push, then
    /// retained and released in every event, slot and stack holding it, and hashed whole on every lookup.
    ///
    /// Its digits are written straight into the string: `"/" + String(generation)` made two strings and joined them.
    static func entryKey(generation: Int) -> String {
        guard generation >= 0, generation < 100_000_000_000_000 else { return "/" + String(generation) }
        var digits = 1
        var rest = generation / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return String(unsafeUninitializedCapacity: digits + 1) { bytes in
            bytes[0] = 0x2F  // "/"
            var value = generation
            for index in stride(from: digits, through: 1, by: -1) {
                bytes[index] = 0x30 + UInt8(truncatingIfNeeded: value % 10)
                value /= 10
            }
            return digits + 1
        }
    }

    /// The slot of the live navigator with UUID `uuid`. The two navigators found
    /// last are asked first: a log's lines come in runs of one or two navigators (a stack pushing and popping, a
    /// parent adding the child that then logs), most lookups. Through the index, the table's bucket and the
    /// navigator's slot were each a cache miss once leaked navigators pile up.
    private mutating func slot(of uuid: NavigatorUUID) -> Int? {
        if recent.0.uuid == uuid { return recent.0.slot }
        if recent.1.uuid == uuid {
            swap(&recent.0, &recent.1)
            return recent.0.slot
        }
        // Hashed only here: most lines' UUIDs are found among the recent ones without a hash.
        guard let found = index.slot(for: uuid, hash: uuid.slotHash, keyOf: { navigators[$0].uuid }) else {
            return nil
        }
        remember(uuid, at: found)
        return found
    }

    /// The navigators found last, newest first (`slot(of:)`); a free entry holds `NavigatorUUID.none`, which no
    /// printed UUID is. An entry is cleared when its navigator's slot is freed, before the slot can be reused.
    private var recent = (
        (uuid: NavigatorUUID.none, slot: -1), (uuid: NavigatorUUID.none, slot: -1)
    )

    private mutating func remember(_ uuid: NavigatorUUID, at slot: Int) {
        recent.1 = recent.0
        recent.0 = (uuid, slot)
    }

    private mutating func forgetRecent(_ slot: Int) {
        if recent.0.slot == slot { recent.0 = (.none, -1) }
        if recent.1.slot == slot { recent.1 = (.none, -1) }
    }

    /// Starts a navigator not seen before; names one known without a name. Its slot, and whether what is shown
    /// changed. `name`: the name the line gives, made a string only when it is taken.
    @discardableResult
    private mutating func know(
        _ uuid: NavigatorUUID, name: ByteLine?,
        unnamed: @autoclosure () -> String? = nil,
        line: Int, into events: inout [NavEvent]
    )
        -> (slot: Int, changed: Bool)
    {
        if let existing = slot(of: uuid) {
            guard let name, !navigators[existing].named else { return (existing, false) }
            release(navigators[existing].model, uuid: uuid, shownHash: navigators[existing].shownHash)
            let (model, shownHash) = shown(key: navigators[existing].model.key, uuid: uuid, type: name.text)
            navigators[existing].model = model
            navigators[existing].shownHash = shownHash
            navigators[existing].named = true
            return (existing, true)
        }
        let hash = uuid.slotHash
        let (model, shownHash) = shown(key: uuid.string, uuid: uuid, type: name?.text ?? unnamed() ?? "Navigator")
        let navigator = Navigator(model: model, shownHash: shownHash, uuid: uuid, named: name != nil, hash: hash)
        let slot = navigators.insert(navigator)
        index.insert(hash: hash, slot: slot)
        remember(uuid, at: slot)
        events.append(NavEvent(.start(model, kind: nil), line: line))
        return (slot, false)
    }

    /// The model for a navigator: its name and the first three characters of its UUID, as other inputs show ids;
    /// and its hash in `shownIDs`, for `release`.
    private mutating func shown(key: String, uuid: NavigatorUUID, type: String) -> (ModelRef, shownHash: UInt64) {
        let prefix = uuid.prefix
        let (count, hash) = shownIDs.increment(type: type, prefix: uuid.prefixWord)
        return (ModelRef(key: key, id: count == 1 ? prefix : "\(prefix)#\(count)", type: type), hash)
    }

    private mutating func release(_ model: ModelRef, uuid: NavigatorUUID, shownHash: UInt64) {
        shownIDs.decrement(type: model.type, prefix: uuid.prefixWord, hash: shownHash)
    }

    /// What a navigator is shown as in a message: `home 2F3`.
    private func described(_ slot: Int) -> String {
        navigators[slot].model.type + " " + navigators[slot].model.id
    }

    /// The navigator each child was last added to, by UUID, until a removal after it is gone: a later `removing` of
    /// it is expected (see `.removing`). At most `formerParentLimit` are remembered; past it the memory starts over.
    private var formerParents = FormerParents()
    private static let formerParentLimit = 1 << 16

    private mutating func rememberParent(_ parent: NavigatorUUID, of child: NavigatorUUID) {
        if formerParents.count >= Self.formerParentLimit { formerParents.removeAll() }
        formerParents.set(parent, of: child)
    }

    /// Entries tracked per stack at most (see `.pushing`).
    static let stackLimit = 512
    /// Child navigators attached at most: every structural change writes the window whole, so its size is bounded.
    static let navigatorLimit = 512
    private var attached = 0
    private var notedNavigatorLimit = false

    /// In a window: under a root navigator.
    private func isPlaced(_ slot: Int) -> Bool {
        navigators[root(of: slot)].window != nil
    }

    /// The navigator at the top of `slot`'s ancestors (a cycle cannot form, and is not followed far if it did).
    private func root(of slot: Int) -> Int {
        var current = slot
        var steps = 0
        while let parent = navigators[current].parent, steps <= index.count {
            current = parent
            steps += 1
        }
        return current
    }

    private mutating func makeRoot(_ slot: Int) {
        guard navigators[slot].window == nil, navigators[slot].parent == nil else { return }
        windows += 1
        navigators[slot].window = windows == 1 ? "main" : "\(windows)"
    }

    private mutating func attach(_ child: Int, to parent: Int, line: Int, diagnostics: DiagnosticHandler) {
        guard child != parent, !isAncestor(child, of: parent) else { return }
        if navigators[child].parent == parent { return }
        guard attached < Self.navigatorLimit else {
            if !notedNavigatorLimit {
                notedNavigatorLimit = true
                diagnostics.report(
                    Diagnostic(
                        .warning, line: line,
                        "more than \(Self.navigatorLimit) child navigators attached at once; further ones are not placed"
                    ))
            }
            return
        }
        attached += 1
        if let former = navigators[child].parent { detach(child, from: former) }
        navigators[child].parent = parent
        navigators[child].window = nil
        navigators[child].removed = false
        navigators[parent].children.append(child)
        if navigators[parent].pendingPresentation != nil {
            navigators[parent].presented = child
            var bytes: [UInt8]? = nil
            swap(&bytes, &navigators[parent].pendingPresentation)
            // Kept for the next `presenting` (see there), unless a long value made it large.
            if let bytes, bytes.capacity <= Self.spareBytesLimit { spareBytes = bytes }
        }
    }

    /// The storage of the last presentation a child was added for, reused by the next `presenting`.
    private var spareBytes: [UInt8]?
    private static let spareBytesLimit = 4096

    private mutating func detach(_ child: Int) {
        guard let parent = navigators[child].parent else { return }
        detach(child, from: parent)
    }

    /// Takes `child` from its parent `parent`. Given the parent's slot, not the child's navigator: passing the
    /// navigator copied it whole (its strings and lists retained, then released) on every removal.
    private mutating func detach(_ child: Int, from parent: Int) {
        navigators[parent].children.removeAll { $0 == child }
        if navigators[parent].presented == child { navigators[parent].presented = nil }
        navigators[child].parent = nil
        attached -= 1
    }

    private func isAncestor(_ slot: Int, of other: Int) -> Bool {
        var current = navigators[other].parent
        var steps = 0
        while let candidate = current, steps <= index.count {
            if candidate == slot { return true }
            current = navigators[candidate].parent
            steps += 1
        }
        return false
    }

    private mutating func noteApproximateStacks(line: Int, diagnostics: DiagnosticHandler) {
        guard !notedApproximateStacks else { return }
        notedApproximateStacks = true
        diagnostics.report(
            Diagnostic(
                .note, line: line,
                "NavigatorUI logs 'popping' without a count and does not log popAll(), dismissPresentedViews() or back swipes: "
                    + "the pushed entries shown are approximate"))
    }

    /// A stack's first entry, its root view, which the log never names (and a pop never takes). Typed by its
    /// navigator: a diagram draws types, and the root views of two stacks are not one.
    private func rootView(of slot: Int) -> ModelRef {
        ModelRef(key: navigators[slot].model.key + "/root", id: "view", type: navigators[slot].model.type + " root")
    }

    /// The state of the window `slot` is in, when it is in one.
    private func snapshot(of slot: Int, line: Int, into events: inout [NavEvent]) {
        let root = root(of: slot)
        guard let window = navigators[root].window else { return }
        var entries: [Snapshot.Entry] = []
        // Pre-order, iteratively. Siblings keep the order of their entries: a presented child first, then the other
        // child navigators, then the stack's pushed values (queued before the children, so written after them).
        enum Work {
            case navigator(Int, parent: Int?, edge: EdgeKind?)
            case destinations(Int, parent: Int)
        }
        var pending: [Work] = [.navigator(root, parent: nil, edge: nil)]
        while let work = pending.popLast() {
            switch work {
            case .destinations(let slot, let parent):
                let navigator = navigators[slot]
                // A stack's first entry is its root view, which the log never names (and a pop never takes).
                if navigator.showsStack {
                    entries.append(
                        Snapshot.Entry(model: rootView(of: slot), kind: .screen, edge: .push, parent: parent))
                }
                for destination in navigator.destinations {
                    entries.append(Snapshot.Entry(model: destination, kind: .screen, edge: .push, parent: parent))
                }
            case .navigator(let slot, let parent, let edge):
                let navigator = navigators[slot]
                // The root navigator (`Navigator(configuration:)`) has no stack of its own; the others manage one.
                let kind: NodeKind = navigator.window != nil && !navigator.showsStack ? .screen : .stack
                entries.append(Snapshot.Entry(model: navigator.model, kind: kind, edge: edge, parent: parent))
                let me = entries.count - 1
                pending.append(.destinations(slot, parent: me))
                for child in navigator.children.reversed() where child != navigator.presented {
                    pending.append(.navigator(child, parent: me, edge: .child))
                }
                if let presented = navigator.presented {
                    pending.append(.navigator(presented, parent: me, edge: .presented(.unknown)))
                }
            }
        }
        events.append(
            NavEvent(.snapshot([Snapshot(window: window, entries: entries, origin: .workedOut)]), line: line))
    }
}
