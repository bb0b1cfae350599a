import NavGraphCore
import NavGraphRender

/// What `tree --follow` shows as a log grows, decided without a terminal: the command feeds it what reading brings
/// (steps, pauses with the provisional events of a dump still being printed, restarts of the file, the end) and
/// carries out what it answers (`FollowAction`: a frame to draw, text for stdout, a line for stderr). A frame's escape
/// sequences are `LiveView`'s; the terminal itself — raw mode, signals, writing — stays in the command.
///
/// What is shown never depends on where reads happen to stop: events are committed as the reader completes them,
/// and a dump still being printed when the input goes quiet is shown provisionally — drawn as if it had ended,
/// marked so, and replaced by the real state (which may differ, if more of the dump arrives).
public struct FollowLoop {
    /// Where the states go.
    public enum Mode: Sendable, Equatable {
        /// A terminal: each state drawn over the last, with a notice line under the header.
        case redraw
        /// A pipe or file: each new state under a `── step N, line L ──` header.
        case text
        /// JSON Lines: every step, one document a line, each saying which moment it shows.
        case json
    }

    /// Why the followed file is read again (or not at all, for now).
    public enum Restart: Sendable, Equatable {
        case truncated, replaced
        /// The path names no file any more: what was shown stays until one is there again.
        case removed
    }

    public let mode: Mode
    public let style: TerminalStyle
    /// The followed file's name, for what is said when it is truncated, replaced or removed.
    public let inputName: String
    /// Whether stderr is a terminal: someone is watching (the waiting note is for them), and on the view's terminal
    /// a line on stderr is painted over once frames are drawn.
    public let stderrIsTerminal: Bool

    /// The state read so far.
    public private(set) var hierarchy = Hierarchy()
    /// On a terminal: the latest notice, shown under the header (diagnostics held by the command set it too).
    public var notice: FollowNotice?

    /// The last committed step shown, and the provisional state shown since (if any): nothing is shown twice, and a
    /// provisional state stays up until a newer one or a new step replaces it.
    private var shownStep = -1
    private var shownProvisional: String?
    /// The text of the last state shown (not provisional), so that the end repeats it only when it reads the same.
    private var shownText: String?
    /// Why the file was read again from its start, until the first state after it has said so.
    private var restartToSay: Restart?
    /// The followed path named no file at the last look (and it was said).
    private var removed = false
    /// Whether a frame was drawn yet, and the notice in the frame last drawn: a new one is drawn even when the state
    /// is as shown.
    private var drawn = false
    private var drawnNotice: FollowNotice?
    /// Said once, when the input first pauses with nothing navigation read yet: a blank screen says nothing.
    private var saidWaiting = false
    /// The waiting note while it is the view's notice: it goes once navigation output is shown (it stayed under the
    /// header of every frame to the end of input).
    private var waitingNotice: FollowNotice?
    /// Lines skipped before the file was last read again from its start: not this content's.
    private var skippedBefore = 0

    public init(mode: Mode, style: TerminalStyle, inputName: String, stderrIsTerminal: Bool) {
        self.mode = mode
        self.style = style
        self.inputName = inputName
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// Said on stderr, and on a terminal also in the view (the next frame would paint over stderr's line).
    public mutating func say(_ message: String) -> [FollowAction] {
        if mode == .redraw { notice = FollowNotice(text: message) }
        // Before the first frame nothing paints over stderr's line yet.
        return mode != .redraw || !drawn || !stderrIsTerminal ? [.say(message)] : []
    }

    /// A step read: applied, its change handed to `report` (its warnings), and in JSON shown at once (a program
    /// reading JSON Lines gets every step; people get the state each time the input pauses).
    public mutating func step(_ event: NavEvent, report: (StepChange) -> Void) -> [FollowAction] {
        report(hierarchy.apply(event))
        return mode == .json ? show(hierarchy, provisional: false, endOfInput: false) : []
    }

    /// The input paused: what is read is shown, with the `provisionalEvents` of a dump still being printed applied
    /// on top, marked provisional. `skippedLines`: the lines of other output skipped so far.
    public mutating func paused(provisionalEvents: [NavEvent], skippedLines: Int) -> [FollowAction] {
        // Nothing read yet (a new, empty file, or only the app's own output): nothing to show, but why.
        guard hierarchy.step > 0 || !provisionalEvents.isEmpty else {
            let skipped = skippedLines - skippedBefore
            // For someone watching: on a terminal (the view, or stderr) — a log of stderr stays as without --follow.
            guard !saidWaiting, mode == .redraw || stderrIsTerminal else { return [] }
            saidWaiting = true
            let actions = say(
                "waiting for navigation output"
                    + (skipped == 0
                        ? "" : " (\(skipped) line\(skipped == 1 ? "" : "s") of other output skipped so far)")
                    + ": printDebugGraph() dumps, Started/Finished lines, NavigatorUI logs, NavigationPath "
                    + "JSON, dump() output or navgraph-events")
            waitingNotice = notice
            return actions
        }
        if provisionalEvents.isEmpty { return show(hierarchy, provisional: false, endOfInput: false) }
        var preview = hierarchy
        for event in provisionalEvents { _ = preview.apply(event) }
        return show(preview, provisional: true, endOfInput: false)
    }

    /// Following a file: it was truncated, replaced or removed (`skippedLines` as for `paused`).
    public mutating func restarted(_ why: Restart, skippedLines: Int) -> [FollowAction] {
        if why == .removed {
            // Like tail -F: said once; what was shown stays until a file is there again.
            var actions = say("\(inputName) was removed; waiting for it to come back")
            removed = true
            if mode == .redraw && drawn {
                actions += show(hierarchy, provisional: false, endOfInput: false, again: true)
            }
            return actions
        }
        // Like tail -F: the file now holds another run's output, whose hierarchy replaces what was shown.
        let what = removed ? "is back" : why == .truncated ? "was truncated" : "was replaced"
        var actions = say("\(inputName) \(what); reading it from the start")
        removed = false
        saidWaiting = false
        skippedBefore = skippedLines
        restartToSay = why
        hierarchy = Hierarchy()
        shownStep = -1
        shownProvisional = nil
        // The fresh (empty) state at once on a terminal and in JSON, with why; text into a pipe marks the header of
        // the first state the new file makes.
        if mode != .text { actions += show(hierarchy, provisional: false, endOfInput: false) }
        return actions
    }

    /// The input ended: the final state, whole.
    public mutating func ended() -> [FollowAction] {
        show(hierarchy, provisional: false, endOfInput: true)
    }

    /// `again`: on a terminal, the state shown drawn once more (with a new notice).
    private mutating func show(_ state: Hierarchy, provisional: Bool, endOfInput: Bool, again: Bool = false)
        -> [FollowAction]
    {
        // Navigation output arrived: the waiting note is no longer true (another notice since stays).
        if waitingNotice != nil, state.step > 0 || provisional {
            if notice == waitingNotice { notice = nil }
            waitingNotice = nil
        }
        let restart = restartToSay.map { $0 == .truncated ? "truncated" : "replaced" }
        let text = rendered(state, provisional: provisional, endOfInput: endOfInput, restart: restart)
        // The state last shown again at the end: text says only that the input ended (a program reading JSON gets
        // the whole document, which is what says endOfInput).
        var onlyTheEnd = false
        let newNotice = mode == .redraw && notice != drawnNotice
        if provisional {
            guard text != shownProvisional || newNotice else { return [] }
            shownProvisional = text
        } else {
            guard state.step != shownStep || endOfInput || again || newNotice else { return [] }
            // Only when it reads the same: at the end a model that left is a leak, no longer "not finished yet".
            onlyTheEnd = state.step == shownStep && shownProvisional == nil && mode == .text && text == shownText
            shownStep = state.step
            shownText = text
            shownProvisional = nil
        }
        let header =
            "── step \(state.step), line \(state.line)"
            + (restart.map { " (file \($0); read from its start)" } ?? "")
            + (provisional ? ", provisional: a dump is still being printed" : "")
            + (endOfInput ? ", end of input" : "") + " ──"
        restartToSay = nil
        switch mode {
        case .redraw:
            var body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if body.last == "" { body.removeLast() }
            let frame = FollowFrame(
                header: style.paint(header, .dim),
                notice: notice.map {
                    FollowNotice(
                        text: style.paint($0.text, .dim), more: $0.more.isEmpty ? "" : style.paint($0.more, .dim))
                }, body: body, whole: endOfInput, first: !drawn)
            drawn = true
            drawnNotice = notice
            return [.draw(frame)]
        case .text:
            if onlyTheEnd {
                return [.print(style.paint("── end of input (step \(state.step), as above) ──", .dim) + "\n")]
            }
            return [.print(style.paint(header, .dim) + "\n" + text + "\n")]
        case .json:
            return [.print(text)]
        }
    }

    private func rendered(_ state: Hierarchy, provisional: Bool, endOfInput: Bool, restart: String?) -> String {
        var text = ""
        if mode == .json {
            // Following, each state is one JSON Lines document that says which moment it shows.
            let moment = JSONRenderer.Moment(
                step: state.step, line: state.line, provisional: provisional, endOfInput: endOfInput, restart: restart)
            _ = try? JSONRenderer(moment: moment).render(state, to: &text)
        } else {
            // The text tree has no template that could fail.
            _ = try? TextTreeRenderer(style: style, endOfInput: endOfInput).render(state, to: &text)
        }
        return text
    }
}

/// What `FollowLoop` has the command do.
public enum FollowAction: Equatable, Sendable {
    /// A line for stderr (the command prefixes `navgraph: `).
    case say(String)
    /// Text for stdout.
    case print(String)
    /// A frame for the terminal.
    case draw(FollowFrame)
}

/// One frame of the live view: the step header on top, the notice under it, the tree.
public struct FollowFrame: Equatable, Sendable {
    public var header: String
    public var notice: FollowNotice?
    public var body: [String]
    /// The final state: drawn in full, as nothing will redraw it.
    public var whole: Bool
    /// The first frame (it clears the screen).
    public var first: Bool
}

/// The latest thing navgraph has to say under the live view's header (the file was truncated, a warning about the
/// input…): stderr written on the same terminal would be painted over by the next frame.
public struct FollowNotice: Equatable, Sendable {
    public var text: String
    /// Kept when the line is cut: how many diagnostics came before this one.
    public var more: String

    public init(text: String, more: String = "") {
        self.text = text
        self.more = more
    }
}
