import NavGraphCore

/// An id as printed (`E34`, or a whole UUID in older logs), as a plain value: ids of up to 8 bytes — every current
/// SwiftUINavigation id — are packed into an integer; a longer one is its first 8 bytes, its length and a seeded
/// 64-bit hash of all its bytes (two different ids that agree on all three are not told apart — a chance of about
/// one in 2^64 per pair). Its text is not kept: the reader passes it along where a model or a note needs it.
struct PrintedID: Equatable {
    private var packed: UInt64
    private var digest: UInt64
    private var count: Int

    /// The id of `bytes`: a line's buffer, or any other collection of them.
    init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        count = bytes.count
        packed = 0
        for (offset, byte) in bytes.prefix(8).enumerated() { packed |= UInt64(byte) << (8 * offset) }
        digest = count <= 8 ? 0 : SlotIndex.hash(contentsOf: bytes)
    }

    /// The id of a line's bytes: the same as of a collection of them.
    init(_ line: ByteLine) {
        count = line.count
        packed = 0
        for offset in 0..<min(count, 8) { packed |= UInt64(line[offset] ?? 0) << (8 * offset) }
        digest = count <= 8 ? 0 : line.tableHash
    }

    /// The id as one word (equal ids give equal words).
    var mixed: UInt64 { packed ^ digest ^ UInt64(count) << 59 }

    /// Longer than 8 bytes: its text is not recoverable from the value.
    var isLong: Bool { count > 8 }

    /// The text of an id of up to 8 bytes.
    var shortText: String {
        String(decoding: (0..<min(count, 8)).map { UInt8(truncatingIfNeeded: packed >> (8 * $0)) }, as: UTF8.self)
    }
}

/// What a line names: a type (an index into the reader's `NameTable`) and a printed id.
struct PrintedName: Equatable {
    var type: Int
    var id: PrintedID

    /// The name as one word, for `SlotIndex.hash(word:)`: the type and the id mixed.
    var word: UInt64 { id.mixed &+ UInt64(truncatingIfNeeded: type) &* 0x9E37_79B9_7F4A_7C15 }
}

/// A line paired with one of several live models that share its type and printed id. The note saying how it was
/// resolved is made only if a handler asks (see `DiagnosticHandler.ambiguous`).
struct AmbiguousPairing {
    enum Situation { case newModel, finished, dumpLine }

    var situation: Situation
    /// Live models of that name (for `newModel`, this one included).
    var count: Int
    /// The display id of the model the line was paired with (or that was made for it).
    var chosen: String

    func message(type: String, id: String) -> String {
        switch situation {
        case .newModel:
            "\(count) live models of type \(type) share the id prefix \(id); this one is shown as \(chosen)"
        case .finished:
            "Finished of \(type) \(id) matches \(count) live models sharing that prefix; paired with \(chosen), the earliest"
        case .dumpLine:
            "\(count) live models of type \(type) share the id prefix \(id); this dump line was paired with \(chosen), the earliest"
        }
    }
}

/// One model as the reader knows it. A class: dumps update it in place, many times per second of log.
final class Identity {
    let model: ModelRef
    let name: PrintedName
    let serial: Int
    /// Its `Started` was read.
    var started: Bool
    /// Listed by the latest dump of its window.
    var inDump = false
    /// Its parent's serial in the latest dump that listed it (0: none yet, or a root).
    var parentSerial = 0
    /// The dump that last listed it (dumps are numbered from 1).
    var dumpStamp = 0
    /// Finished, or forgotten: no longer paired with anything.
    var isGone = false
    /// Another live model has the same type and printed id (a prefix collision): pairing it takes a ranking.
    var sharesName = false
    /// What kind inference learned from earlier dumps: its own children (serials, not the presented one) in the
    /// last dump that listed it, and whether its only own child was once replaced (it switches its content).
    var ownChildren: [Int] = []
    var isSwitch = false
    /// `ownChildren`/`isSwitch` hold something (a model with no own children and no switch has no memory).
    var isRemembered = false

    /// The display suffix: 1 for none, 2 for `E34#2`, …
    let suffix: Int
    /// What the rule table says about its type, fixed when it is made (kind inference reads it on another thread
    /// than the reader's, so it must not change).
    let rule: RuleVerdict

    /// Everything about it that reading a dump changes, to be put back after a provisional reading (see
    /// `SwiftUINavigationReader.provisional(into:)`).
    struct State {
        var started: Bool
        var inDump: Bool
        var parentSerial: Int
        var dumpStamp: Int
        var isGone: Bool
        var sharesName: Bool
        var ownChildren: [Int]
        var isSwitch: Bool
        var isRemembered: Bool
    }

    var state: State {
        get {
            State(
                started: started, inDump: inDump, parentSerial: parentSerial, dumpStamp: dumpStamp, isGone: isGone,
                sharesName: sharesName, ownChildren: ownChildren, isSwitch: isSwitch, isRemembered: isRemembered)
        }
        set {
            started = newValue.started
            inDump = newValue.inDump
            parentSerial = newValue.parentSerial
            dumpStamp = newValue.dumpStamp
            isGone = newValue.isGone
            sharesName = newValue.sharesName
            ownChildren = newValue.ownChildren
            isSwitch = newValue.isSwitch
            isRemembered = newValue.isRemembered
        }
    }

    init(
        model: ModelRef, name: PrintedName, serial: Int, started: Bool, suffix: Int = 1,
        rule: RuleVerdict = RuleVerdict()
    ) {
        self.model = model
        self.name = name
        self.serial = serial
        self.started = started
        self.suffix = suffix
        self.rule = rule
    }
}

/// Which of several live models sharing a printed name a lifecycle line goes to: those on the preferred side of
/// "listed by the latest dump" first, then the oldest.
private struct CandidateOrder {
    /// Whether the line prefers models the latest dump lists.
    let prefersListed: Bool

    /// `Started`: a model a dump already listed (dumps often print a model before its `Started` arrives).
    static let started = CandidateOrder(prefersListed: true)
    /// `Finished`: a model no dump lists any more (a placed model cannot have been deallocated).
    static let finished = CandidateOrder(prefersListed: false)

    /// Whether `candidate` goes before `other`.
    func precedes(_ candidate: Identity, _ other: Identity) -> Bool {
        if candidate.inDump != other.inDump { return candidate.inDump == prefersListed }
        return candidate.serial < other.serial
    }
}

/// Resolves what SwiftUINavigation prints — a type name and the first three characters of an id — to model
/// identities. Only 4,096 prefixes exist, so two live models of one type can share one: lines are paired by
/// (type, prefix) as a multiset, a second live model gets a display suffix (`E34#2`), and a pairing that
/// cannot be told apart is reported.
struct ModelIdentities {
    /// The live models of each printed name, by group: `groups[g]` is never empty while indexed in `groupIndex`
    /// (keyed by its models' common name), and empty once freed (the table reuses its slot for the next new name).
    /// Looked up for most lines of a log, so the index hashes one word.
    private var groups = SlotTable<[Identity]>()
    private var groupIndex = SlotIndex()

    /// Every live model (each group's members; a freed group has none).
    func forEachLive(_ body: (Identity) -> Void) {
        for group in groups.indices { for identity in groups[group] { body(identity) } }
    }

    private func group(of name: PrintedName) -> Int? {
        groupIndex.slot(for: name, hash: SlotIndex.hash(word: name.word)) { groups[$0][0].name }
    }

    /// A new group holding just `identity`.
    private mutating func addGroup(_ identity: Identity) {
        let group = groups.insert([identity])
        groupIndex.insert(hash: SlotIndex.hash(word: identity.name.word), slot: group)
    }

    /// Takes the model at `position` out of `group`, and the group out of the index once empty.
    private mutating func remove(at position: Int, from group: Int) {
        let identity = groups[group].remove(at: position)
        if groups[group].isEmpty {
            groupIndex.remove(slot: group, hash: SlotIndex.hash(word: identity.name.word))
            groups.free(group)
        } else if groups[group].count == 1 {
            groups[group][0].sharesName = false
        }
    }
    private var nextSerial = 0

    /// A `Started` line. Binds to a model a dump already listed (dumps often come before `Started`), else a new one.
    /// `text` gives the id as printed (made only for a new model).
    mutating func started(_ name: PrintedName, text: () -> String, verdict: () -> RuleVerdict, types: NameTable)
        -> (Identity, ambiguity: AmbiguousPairing?)
    {
        var count = 0
        if let index = group(of: name) {
            var chosen: Identity?
            for candidate in groups[index] where !candidate.started {
                if let best = chosen, !CandidateOrder.started.precedes(candidate, best) { continue }
                chosen = candidate
            }
            if let chosen {
                chosen.started = true
                return (chosen, nil)
            }
            count = groups[index].count
        }
        let identity = makeIdentity(name, text: text, started: true, verdict: verdict, types: types)
        let ambiguity =
            count == 0 ? nil : AmbiguousPairing(situation: .newModel, count: count + 1, chosen: identity.model.id)
        return (identity, ambiguity)
    }

    /// A `Finished` line. Prefers a model that is no longer in any dump (a placed model cannot be deallocated),
    /// then the oldest. Returns whether the model had started (a never-shown tab finishes without starting).
    mutating func finished(_ name: PrintedName, text: () -> String, types: NameTable) -> (
        ModelRef, started: Bool, ambiguity: AmbiguousPairing?
    ) {
        guard let index = group(of: name) else {
            nextSerial += 1
            return (ModelRef(key: Self.key(nextSerial), id: text(), type: types[name.type].name), false, nil)
        }
        var chosen = 0
        var ambiguity: AmbiguousPairing?
        do {
            let candidates = groups[index]
            for index in candidates.indices.dropFirst()
            where CandidateOrder.finished.precedes(candidates[index], candidates[chosen]) {
                chosen = index
            }
            if candidates.count > 1 {
                let tied = candidates.indices.contains {
                    $0 != chosen && candidates[$0].inDump == candidates[chosen].inDump
                }
                if tied {
                    ambiguity = AmbiguousPairing(
                        situation: .finished, count: candidates.count, chosen: candidates[chosen].model.id)
                }
            }
        }
        // Removed in place (no copy of the candidates is held any more, so none is made).
        let identity = groups[index][chosen]
        remove(at: chosen, from: index)
        identity.isGone = true
        return (identity.model, identity.started, ambiguity)
    }

    /// A dump line under the model with serial `parentSerial` (0 for the root), in the dump numbered `stamp`.
    /// A model this dump already placed is not a candidate.
    ///
    /// `hint`: the model the previous dump paired a line with the same name with, if any. When it is still the only
    /// live model of that name, it is the answer whatever the ranking, and no lookup is needed.
    mutating func resolveDumpLine(
        _ name: PrintedName, text: () -> String, verdict: () -> RuleVerdict, parentSerial: Int, stamp: Int,
        hint: Identity? = nil, types: NameTable
    )
        -> (Identity, ambiguity: AmbiguousPairing?)
    {
        if let hint, !hint.isGone, !hint.sharesName, hint.dumpStamp != stamp, hint.name == name { return (hint, nil) }
        guard let index = group(of: name) else {
            return (makeIdentity(name, text: text, started: false, verdict: verdict, types: types), nil)
        }
        // Same parent as last time first, then one the previous dump showed, then the oldest. One pass: the best
        // candidate, how many share its class (parent, shown), and whether those are interchangeable — models never
        // placed before: whichever this line gets, nothing is lost. (A leaky log has large groups late on.)
        var best: Identity?
        var bestClass = 0
        var count = 0
        var tied = 0
        var interchangeable = true
        for candidate in groups[index] where candidate.dumpStamp != stamp {
            count += 1
            let candidateClass = (candidate.parentSerial == parentSerial ? 0 : 2) + (candidate.inDump ? 0 : 1)
            let neverPlaced = candidate.parentSerial == 0 && !candidate.inDump
            if let current = best, candidateClass >= bestClass {
                guard candidateClass == bestClass else { continue }
                tied += 1
                if !neverPlaced { interchangeable = false }
                if candidate.serial < current.serial { best = candidate }
            } else {
                best = candidate
                bestClass = candidateClass
                tied = 1
                interchangeable = neverPlaced
            }
        }
        guard let best else {
            return (makeIdentity(name, text: text, started: false, verdict: verdict, types: types), nil)
        }
        let ambiguity =
            tied > 1 && !interchangeable
            ? AmbiguousPairing(situation: .dumpLine, count: count, chosen: best.model.id) : nil
        return (best, ambiguity)
    }

    /// Records that the dump numbered `stamp` listed `placed` (with their parents' serials). Models the previous
    /// dump of that window listed and this one does not are no longer in a dump; one that never printed `Started`
    /// is forgotten then (nothing to track), so memory stays bounded by what is alive.
    mutating func recordDump(placed: [Identity], parents: [Int], stamp: Int, previous: [Identity]) {
        for (identity, parent) in zip(placed, parents) {
            identity.inDump = true
            identity.parentSerial = parent < 0 ? 0 : placed[parent].serial
        }
        for identity in previous where identity.dumpStamp != stamp && !identity.isGone {
            if identity.started {
                identity.inDump = false
            } else {
                identity.isGone = true
                if let group = group(of: identity.name),
                    let position = groups[group].firstIndex(where: { $0 === identity })
                {
                    remove(at: position, from: group)
                }
            }
        }
    }

    /// The key of the model with this serial: `m` and the number (a small string, stored inline).
    private static func key(_ serial: Int) -> String {
        "m" + String(serial)
    }

    private mutating func makeIdentity(
        _ name: PrintedName, text: () -> String, started: Bool, verdict: () -> RuleVerdict,
        types: NameTable
    ) -> Identity {
        nextSerial += 1
        let idText = text()
        // A name seen for the first time costs one lookup and one insertion.
        guard let index = group(of: name) else {
            let identity = Identity(
                model: ModelRef(key: Self.key(nextSerial), id: idText, type: types[name.type].name),
                name: name, serial: nextSerial, started: started, rule: verdict())
            addGroup(identity)
            return identity
        }
        var suffix = 1
        do {
            // Scoped: no copy of the group is alive when it is extended below.
            let existing = groups[index]
            // The smallest suffix no live model of this name shows (groups are small; a set only for big ones).
            if existing.count <= 32 {
                while existing.contains(where: { $0.suffix == suffix }) { suffix += 1 }
            } else {
                let used = Set(existing.map(\.suffix))
                while used.contains(suffix) { suffix += 1 }
            }
            for other in existing { other.sharesName = true }
        }
        let display = suffix == 1 ? idText : "\(idText)#\(suffix)"
        let identity = Identity(
            model: ModelRef(key: Self.key(nextSerial), id: display, type: types[name.type].name),
            name: name, serial: nextSerial, started: started, suffix: suffix, rule: verdict())
        identity.sharesName = true
        groups[index].append(identity)
        return identity
    }
}
