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
    public let type: String
    private let recorder: NavigationRecorder

    /// Records `start` for a model of `owner`'s type.
    public convenience init<Owner>(
        _ owner: Owner.Type, id: String? = nil, kind: RecordedEvent.Kind? = nil,
        recorder: NavigationRecorder = .shared
    ) {
        self.init(type: String(describing: owner), id: id, kind: kind, recorder: recorder)
    }

    /// Records `start` for a model named `type`.
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
