/// A token a model (a view model, a router, a coordinator) holds for its whole life: made, it records `start`; when
/// the model is deallocated and the token with it, its `deinit` records `finish`. A model that leaves the navigation
/// but is never deallocated (a retain cycle) then shows in `navgraph leaks` — without a hand-written `deinit`.
///
/// ```swift
/// final class DetailViewModel {
///     let lifetime = ModelLifetime(DetailViewModel.self)
/// }
/// ```
public final class ModelLifetime: Sendable {
    /// The model's id in the events: the one given, or one the recorder made.
    public let id: String
    /// The model's type name in the events.
    public let type: String
    private let recorder: NavigationRecorder

    /// Records `start` for a model of `owner`'s type (its name as `String(describing:)` gives it).
    ///
    /// - Parameters:
    ///   - owner: the model's type.
    ///   - id: the model's id in the events; `nil` makes one (``ModelID/make()``).
    ///   - kind: what the model is when it is a container (a router that is a stack, say).
    ///   - recorder: the recorder that records `start` now and `finish` when the token is deallocated.
    public convenience init<Owner>(
        _ owner: Owner.Type, id: String? = nil, kind: RecordedEvent.Kind? = nil,
        recorder: NavigationRecorder = .shared
    ) {
        self.init(type: String(describing: owner), id: id, kind: kind, recorder: recorder)
    }

    /// Records `start` for a model named `type`.
    ///
    /// - Parameters:
    ///   - type: the model's type name in the events.
    ///   - id: the model's id in the events; `nil` makes one (``ModelID/make()``).
    ///   - kind: what the model is when it is a container.
    ///   - recorder: the recorder that records `start` now and `finish` when the token is deallocated.
    public init(
        type: String, id: String? = nil, kind: RecordedEvent.Kind? = nil, recorder: NavigationRecorder = .shared
    ) {
        self.id = id ?? ModelID.make()
        self.type = type
        self.recorder = recorder
        recorder.start(self.id, type: type, kind: kind)
    }

    deinit {
        recorder.finish(id)
    }
}
