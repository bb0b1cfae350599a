import NavGraphCore

/// Turns one input format, line by line, into `NavEvent`s. Readers own everything format-specific
/// (kind rules, id prefixes, child order); the events they produce are format-blind. What navgraph knows of the
/// format around its reader (name, detection, help) is its `InputFormatDefinition`, which makes the reader.
///
/// A reader may be a struct: `read` is `mutating`, so the reading loop changes it in place, checked when compiled. A
/// class's stored properties are checked for exclusive access at run time on every line that touches them (a tenth
/// of reading a navgraph-events log, callgrind).
public protocol NavigationReader {
    /// Whether the reader stamps events with the console's time at the start of their lines itself; for the others
    /// `NavigationInput` gives each event the last console time printed at or before its line.
    static var readsConsoleTimes: Bool { get }
    /// Lines of navigation output read so far (not noise).
    var navigationLineCount: Int { get }
    mutating func read(_ line: ByteLine, info: LineSource.LineInfo, into events: inout [NavEvent])
    /// End of input: emit whatever is still pending.
    mutating func finish(into events: inout [NavEvent])
    /// The input went quiet with something still open (a dump being printed): the events it would give if input
    /// ended now, already completed. The reader is left as it was (it may change itself while it works it out, in
    /// place, where a copy of a large state would cost every pause). A pause never ends anything — where reads
    /// happen to stop must not change what is read — so these are for a live view to show, and to replace.
    mutating func provisional(into events: inout [NavEvent])
    /// The last step of this reader's events, left to whoever consumes them (see `EventCompletion`); `nil` when its
    /// events are complete as read. Asked once, before the first event (a dump reader then leaves its snapshots'
    /// completion to it).
    var completion: EventCompletion? { mutating get }
    /// The line just before the one the format was detected from (already counted as skipped), for a format where
    /// it says what follows: lldb's `(lldb) po router` names the value printed next; a lone `[` opens the
    /// NavigationPath array whose first element was recognized.
    mutating func begin(after previous: ByteLine, number: Int)
}

extension NavigationReader {
    public static var readsConsoleTimes: Bool { false }
    public mutating func provisional(into events: inout [NavEvent]) {}
    public var completion: EventCompletion? { nil }
    public mutating func begin(after previous: ByteLine, number: Int) {}
}

/// Work a reader leaves to the consuming side: done on each event, in order, on the thread that consumes the events
/// — with pipelined reading the other core, which otherwise waits for the reader — before anyone sees the event.
public protocol EventCompletion: AnyObject {
    func complete(_ event: inout NavEvent)
}
