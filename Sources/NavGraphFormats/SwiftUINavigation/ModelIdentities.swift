import NavGraphCore

/// Resolves what SwiftUINavigation prints — a type name and the first three characters of an id — to model
/// identities. Only 4,096 prefixes exist, so two live models of one type can share one: lines are paired by
/// (type, prefix) as a multiset, a second live model gets a display suffix (`E34#2`), and a pairing that
/// cannot be told apart is reported.
struct ModelIdentities {
    struct Name: Hashable {
        var type: String
        var id: String
    }

    struct Identity {
        var model: ModelRef
        var serial: Int
        /// Its `Started` was read.
        var started: Bool
        /// Listed by the latest dump of its window.
        var inDump: Bool
        /// Its parent's key in the latest dump that listed it.
        var parentKey: String?
    }

    private var live: [Name: [Identity]] = [:]
    private var names: [String: Name] = [:]
    private var nextSerial = 0

    var liveCount: Int { names.count }

    /// A `Started` line. Binds to a model a dump already listed (dumps often come before `Started`), else a new one.
    mutating func started(type: String, id: String) -> (ModelRef, ambiguity: String?) {
        let name = Name(type: type, id: id)
        var candidates = live[name] ?? []
        if let index = candidates.indices.filter({ !candidates[$0].started })
            .min(by: { (candidates[$0].inDump ? 0 : 1, candidates[$0].serial) < (candidates[$1].inDump ? 0 : 1, candidates[$1].serial) }) {
            candidates[index].started = true
            live[name] = candidates
            return (candidates[index].model, nil)
        }
        let identity = makeIdentity(name, started: true)
        let ambiguity = candidates.isEmpty ? nil :
            "\(candidates.count + 1) live models of type \(type) share the id prefix \(id); this one is shown as \(identity.model.id)"
        return (identity.model, ambiguity)
    }

    /// A `Finished` line. Prefers a model that is no longer in any dump (a placed model cannot be deallocated),
    /// then the oldest. Returns whether the model had started (a never-shown tab finishes without starting).
    mutating func finished(type: String, id: String) -> (ModelRef, started: Bool, ambiguity: String?) {
        let name = Name(type: type, id: id)
        guard var candidates = live[name], !candidates.isEmpty else {
            nextSerial += 1
            return (ModelRef(key: "m\(nextSerial)", id: id, type: type), false, nil)
        }
        let ranked = candidates.indices.sorted {
            (candidates[$0].inDump ? 1 : 0, candidates[$0].serial) < (candidates[$1].inDump ? 1 : 0, candidates[$1].serial)
        }
        let chosen = ranked[0]
        var ambiguity: String?
        if ranked.count > 1, candidates[ranked[1]].inDump == candidates[chosen].inDump {
            ambiguity = "Finished of \(type) \(id) matches \(ranked.count) live models sharing that prefix; "
                + "paired with \(candidates[chosen].model.id), the earliest"
        }
        let identity = candidates.remove(at: chosen)
        live[name] = candidates.isEmpty ? nil : candidates
        names[identity.model.key] = nil
        return (identity.model, identity.started, ambiguity)
    }

    /// A dump line under `parentKey`. `used` holds the keys this dump already placed.
    mutating func resolveDumpLine(type: String, id: String, parentKey: String?, used: Set<String>) -> (ModelRef, ambiguity: String?) {
        let name = Name(type: type, id: id)
        let candidates = (live[name] ?? []).filter { !used.contains($0.model.key) }
        if candidates.isEmpty {
            return (makeIdentity(name, started: false).model, nil)
        }
        if candidates.count == 1 { return (candidates[0].model, nil) }
        // Same parent as last time first, then one the previous dump showed, then the oldest.
        let best = candidates.min {
            ($0.parentKey == parentKey ? 0 : 1, $0.inDump ? 0 : 1, $0.serial)
                < ($1.parentKey == parentKey ? 0 : 1, $1.inDump ? 0 : 1, $1.serial)
        }!
        let tied = candidates.filter { ($0.parentKey == parentKey) == (best.parentKey == parentKey) && $0.inDump == best.inDump }
        // Models never placed before are interchangeable: whichever this line gets, nothing is lost.
        let interchangeable = tied.allSatisfy { $0.parentKey == nil && !$0.inDump }
        let ambiguity = tied.count > 1 && !interchangeable
            ? "\(candidates.count) live models of type \(type) share the id prefix \(id); this dump line was paired with \(best.model.id), the earliest"
            : nil
        return (best.model, ambiguity)
    }

    /// Records which models a dump of one window listed and under which parent. Models the previous dump of
    /// that window listed and this one does not are no longer in a dump; one that never printed `Started` is
    /// forgotten then (nothing to track), so memory stays bounded by what is alive.
    mutating func recordDump(placed: [(key: String, parentKey: String?)], previous: Set<String>) -> [String] {
        var now = Set<String>()
        for (key, parentKey) in placed {
            now.insert(key)
            update(key) { $0.inDump = true; $0.parentKey = parentKey }
        }
        var forgotten: [String] = []
        for key in previous where !now.contains(key) {
            guard let name = names[key], var candidates = live[name],
                  let index = candidates.firstIndex(where: { $0.model.key == key }) else { continue }
            if candidates[index].started {
                candidates[index].inDump = false
            } else {
                candidates.remove(at: index)
                names[key] = nil
                forgotten.append(key)
            }
            live[name] = candidates.isEmpty ? nil : candidates
        }
        return forgotten
    }

    private mutating func update(_ key: String, _ change: (inout Identity) -> Void) {
        guard let name = names[key], var candidates = live[name],
              let index = candidates.firstIndex(where: { $0.model.key == key }) else { return }
        change(&candidates[index])
        live[name] = candidates
    }

    private mutating func makeIdentity(_ name: Name, started: Bool) -> Identity {
        nextSerial += 1
        let existing = live[name] ?? []
        let usedSuffixes = Set(existing.map { $0.model.id == name.id ? 1 : Int($0.model.id.split(separator: "#").last ?? "") ?? 1 })
        let suffix = (1...).first { !usedSuffixes.contains($0) }!
        let display = suffix == 1 ? name.id : "\(name.id)#\(suffix)"
        let identity = Identity(
            model: ModelRef(key: "m\(nextSerial)", id: display, type: name.type),
            serial: nextSerial, started: started, inDump: false, parentKey: nil)
        live[name, default: []].append(identity)
        names[identity.model.key] = name
        return identity
    }
}
