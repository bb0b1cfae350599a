/// A line of the log as `NavigatorTree` applies it: what `NavigatorLine` reads, with the UUIDs as values and each
/// text as the bytes it was read from (a slice of the line), valid only while the line is applied. The tree makes a string of a name only
/// for a navigator it names for the first time, and reads a pushed value's text only when it is new to it: most
/// lines name known navigators and recurring values, and making their strings (or finding them made, hashing and
/// comparing them) and releasing them would be a large part of the reading thread's work.
struct NavigatorStep {
    enum Event {
        case configured, current, deallocated, popping, dismissed, other
        case adding(child: NavigatorUUID, name: ByteLine?)
        case removing(child: NavigatorUUID, name: ByteLine?)
        case pushing(ByteLine)
        case presenting(ByteLine)
    }

    var navigator: NavigatorUUID
    var name: ByteLine?
    var event: Event
    /// A push logged by 0.8–0.9.25 (`navigating to: …, via: push`), which log no pops at all.
    var popsUnlogged = false

    /// The step of an ASCII line: the navigator's UUID `id`, and `text` (what follows it) as `NavigatorLine.scan` read
    /// it.
    init(
        id: ByteLine, text: ByteLine, name: Range<Int>?, shape: NavigatorLine.Shape
    ) {
        func bytes(_ range: Range<Int>) -> ByteLine { text.slice(range) }
        func uuid(_ range: Range<Int>) -> NavigatorUUID { NavigatorUUID(bytes(range)) }
        navigator = NavigatorUUID(id)
        self.name = name.map(bytes)
        switch shape {
        case .configured: event = .configured
        case .current: event = .current
        case .deallocated: event = .deallocated
        case .popping: event = .popping
        case .dismissed: event = .dismissed
        case .other: event = .other
        case .pushing(let value): event = .pushing(bytes(value))
        case .navigatingTo(let value):
            event = .pushing(bytes(value))
            popsUnlogged = true
        case .presenting(let value): event = .presenting(bytes(value))
        case .adding(let child, let name): event = .adding(child: uuid(child), name: name.map(bytes))
        case .removing(let child, let name): event = .removing(child: uuid(child), name: name.map(bytes))
        }
    }

    private init(navigator: NavigatorUUID, name: ByteLine?, event: Event) {
        self.navigator = navigator
        self.name = name
        self.event = event
    }

    /// An event with its texts as ranges of a buffer.
    private enum TextShape {
        case plain(Event)
        case adding(NavigatorUUID, Range<Int>?)
        case removing(NavigatorUUID, Range<Int>?)
        case pushing(Range<Int>)
        case presenting(Range<Int>)
    }

    /// Calls `body` with the step of `line` (read as text: a line that is not ASCII), its texts held meanwhile.
    static func with<Result>(_ line: NavigatorLine, _ body: (NavigatorStep) -> Result) -> Result {
        // The texts in one buffer, each as a range of it.
        var storage: [UInt8] = []
        func add(_ text: String?) -> Range<Int>? {
            guard let text else { return nil }
            let start = storage.count
            storage.append(contentsOf: text.utf8)
            return start..<storage.count
        }
        let name = add(line.name)
        let shape: TextShape
        switch line.event {
        case .configured: shape = .plain(.configured)
        case .current: shape = .plain(.current)
        case .deallocated: shape = .plain(.deallocated)
        case .popping: shape = .plain(.popping)
        case .dismissed: shape = .plain(.dismissed)
        case .other: shape = .plain(.other)
        case .adding(let child, let name): shape = .adding(NavigatorUUID(child), add(name))
        case .removing(let child, let name): shape = .removing(NavigatorUUID(child), add(name))
        case .pushing(let printed): shape = .pushing(add(printed) ?? 0..<0)
        case .presenting(let printed): shape = .presenting(add(printed) ?? 0..<0)
        }
        return storage.withByteLine { buffer in
            func bytes(_ range: Range<Int>) -> ByteLine { buffer.slice(range) }
            let event: Event
            switch shape {
            case .plain(let plain): event = plain
            case .adding(let child, let name): event = .adding(child: child, name: name.map(bytes))
            case .removing(let child, let name): event = .removing(child: child, name: name.map(bytes))
            case .pushing(let range): event = .pushing(bytes(range))
            case .presenting(let range): event = .presenting(bytes(range))
            }
            return body(NavigatorStep(navigator: NavigatorUUID(line.navigator), name: name.map(bytes), event: event))
        }
    }
}
