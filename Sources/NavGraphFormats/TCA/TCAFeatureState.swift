/// What the reader knows of one feature's state: only what navigation is made of, learnt from the diffs as they
/// show it. Properties are kept in the order the state prints them (the declaration order), which is the order of
/// the feature's children in the tree.
final class TCAFeature {
    /// `SyncUpDetail.State`; `nil` until printed.
    var type: String?
    var properties: [(name: String, value: TCAProperty)] = []
    /// The printed state was collapsed (`Type(…)`) every time: what it holds is not known.
    var seenWhole = false

    init(type: String?) { self.type = type }

    func index(of name: String) -> Int? { properties.firstIndex { $0.name == name } }
}

/// One element of a `StackState`: its id (`#3`), its case (`detail`) and the case's state, where shown.
final class TCAStackElement {
    let id: String
    var caseName: String?
    var feature: TCAFeature

    init(id: String, caseName: String?, feature: TCAFeature) {
        self.id = id
        self.caseName = caseName
        self.feature = feature
    }
}

enum TCAProperty {
    /// A `StackState`: its elements in order; `nil` elements are elided ones never seen (`… (2 unchanged)` before
    /// the reader saw what they are).
    case stack([TCAStackElement?])
    /// `@Presents` state (or an optional destination): `nil`, or the case (`edit`; `nil` for a state presented
    /// directly) with the presented feature.
    case presentation(caseName: String?, payloadType: String?, feature: TCAFeature)
    case absent
    /// A child feature held directly (a tab's, the list under a stack).
    case child(TCAFeature)
    /// The selected tab: an enum case without payload (`.home`).
    case selection(String)
    /// Anything else: not navigation.
    case other
}
