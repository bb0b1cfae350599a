/// Records an app's navigation as navgraph-events v1 lines (`docs/navgraph-events-v1.md`), for `navgraph` to read.
///
/// Callable from any thread, task or actor. Events from one thread are written in the order they were recorded, each
/// stamped with the time it was recorded. While recording is off (the default) every call costs one uncontended lock
/// and writes nothing, so the calls can stay in release builds.
///
/// Works from iOS 16, macOS 13, tvOS 16, watchOS 9 and visionOS 1, with nothing beyond Foundation.
///
/// ```swift
/// NavigationRecorder.shared.startRecording(to: .standardOutput)
/// NavigationRecorder.shared.push(detailID, type: "DetailModel", onto: stackID)
/// ```
public final class NavigationRecorder: Sendable {
    /// The recorder an app normally uses.
    public static let shared = NavigationRecorder()

    /// The one thing a call reads while recording is off: `nil` while off, else whether the sink writes inline.
    /// Behind a pthread mutex of its own (`LockedState`), not an `Atomic`, which needs iOS 18 / macOS 15.
    private let recording = LockedState<Bool?>(nil)
    private let queue = RecordingQueue()
    /// Serializes starting and stopping (which wait for the writer thread), apart from the events' lock.
    private let control = LockedState(())

    /// A recorder of its own, off until ``startRecording(to:filter:bufferCapacity:)`` (tests use one each; an app
    /// normally uses ``shared``).
    public init() {}

    /// The buffer's size when none is given: about 10,000 events waiting to be written.
    public static let defaultBufferCapacity = 1 << 20

    /// Starts recording to `sink` (stopping a recording already running first).
    ///
    /// - Parameters:
    ///   - sink: where the lines go (``RecordingSink/standardOutput``, a file, a closure).
    ///   - filter: sees every event before it is written; returns it (changed, to redact) or `nil` to drop it.
    ///   - bufferCapacity: bytes of events that may wait for the sink. When they are all taken, new events are
    ///     dropped and counted (`droppedEventCount`), and the next event written is preceded by a `mark` event
    ///     saying how many were dropped. Recording never blocks the caller on a slow sink.
    public func startRecording(
        to sink: RecordingSink, filter: RecordingFilter? = nil, bufferCapacity: Int = defaultBufferCapacity
    ) {
        control.withLock { _ in
            recording.withLock { $0 = nil }
            queue.end()
            queue.begin(sink: sink, filter: filter, capacity: bufferCapacity)
            recording.withLock { $0 = sink.writesInline }
        }
    }

    /// Stops recording, once everything recorded so far has been written.
    public func stopRecording() {
        control.withLock { _ in
            recording.withLock { $0 = nil }
            queue.end()
        }
    }

    /// Returns once every event recorded before the call has been handed to the sink (before an app exits, say).
    public func flush() {
        queue.flush()
    }

    /// Whether events are being recorded: between ``startRecording(to:filter:bufferCapacity:)`` and
    /// ``stopRecording()``.
    public var isRecording: Bool { recording.withLock { $0 } != nil }

    /// `nil` while off; else whether the sink writes inline.
    private var mode: Bool? { recording.withLock { $0 } }

    /// Events dropped because the buffer was full (each also reported in the log by a `mark`).
    public var droppedEventCount: Int { queue.droppedCount }

    /// Records any event, as given. The calls below are shorthands for this.
    public func record(_ event: RecordedEvent) {
        guard let inline = mode else { return }
        queue.record(inline: inline, event)
    }

    // MARK: Events, one call each (navgraph-events v1)

    /// The model exists (created and started).
    public func start(_ id: String, type: String, kind: RecordedEvent.Kind? = nil) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .start, id: id, type: type, kind: kind)
    }

    /// The model was deallocated.
    public func finish(_ id: String) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .finish, id: id)
    }

    /// The model is the root of `window`.
    public func root(_ id: String, type: String, kind: RecordedEvent.Kind? = nil, window: String = "main") {
        guard let inline = mode else { return }
        queue.record(inline: inline, .root, id: id, type: type, kind: kind, window: window == "main" ? nil : window)
    }

    /// The root entry of the stack `stack`: the screen at its bottom, which no `pop` removes. Record it once, before
    /// the stack's first `push` (in the log it is the stack's first `push`: navgraph-events counts a stack's root
    /// entry among its entries, so a `push` recorded first is taken as the root, and a `pop` right after it pops
    /// nothing).
    public func rootEntry(_ id: String, type: String, kind: RecordedEvent.Kind? = nil, of stack: String) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .push, id: id, type: type, kind: kind, parent: stack)
    }

    /// Appended to the stack `stack`, above its root entry (`rootEntry`; a stack's first entry is its root entry, so
    /// without one the first `push` becomes it).
    public func push(_ id: String, type: String, kind: RecordedEvent.Kind? = nil, onto stack: String) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .push, id: id, type: type, kind: kind, parent: stack)
    }

    /// The last `count` entries of `stack` leave (never its root entry). A count below 1 records nothing.
    public func pop(from stack: String, count: Int = 1) {
        guard let inline = mode, count >= 1 else { return }
        queue.record(inline: inline, .pop, parent: stack, count: count)
    }

    /// `stack` now holds exactly `entries`, root entry first; entries given with their type are created.
    public func setPath(of stack: String, to entries: [RecordedEvent.PathEntry]) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .setPath, parent: stack, entries: entries)
    }

    /// Presented on `parent`.
    public func present(
        _ id: String, type: String, kind: RecordedEvent.Kind? = nil, on parent: String, style: RecordedEvent.Style
    ) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .present, id: id, type: type, kind: kind, parent: parent, style: style)
    }

    /// The presented model leaves, with everything it presents.
    public func dismiss(_ id: String) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .dismiss, id: id)
    }

    /// A tab added to the tabs container `tabs`.
    public func tab(_ id: String, type: String, kind: RecordedEvent.Kind? = nil, in tabs: String, title: String? = nil)
    {
        guard let inline = mode else { return }
        queue.record(inline: inline, .tab, id: id, type: type, kind: kind, parent: tabs, title: title)
    }

    /// The selected tab of `tabs`.
    public func select(_ tab: String, in tabs: String) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .select, id: tab, parent: tabs)
    }

    /// The switch container `container` now shows the model; the one it showed before leaves.
    public func `switch`(to id: String, type: String, kind: RecordedEvent.Kind? = nil, in container: String) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .switch, id: id, type: type, kind: kind, parent: container)
    }

    /// The split view `split` shows the model in `column`.
    public func column(
        _ column: RecordedEvent.Column, shows id: String, type: String, kind: RecordedEvent.Kind? = nil,
        in split: String
    ) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .column, id: id, type: type, kind: kind, parent: split, column: column)
    }

    /// A window opens with the model as its root.
    public func openWindow(_ window: String, root id: String, type: String, kind: RecordedEvent.Kind? = nil) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .openWindow, id: id, type: type, kind: kind, window: window)
    }

    /// The window closes; its hierarchy leaves.
    public func closeWindow(_ window: String) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .closeWindow, window: window)
    }

    /// An annotation shown in navgraph's history.
    public func mark(_ label: String) {
        guard let inline = mode else { return }
        queue.record(inline: inline, .mark, label: label)
    }
}
