import NavGraphAnalysis
import NavGraphCore
import NavGraphRender

/// What `navgraph replay` does with each key, and the frame it shows: the step, the scroll, the search prompt, the
/// leaks screen and its overlays. No terminal here: the command reads the keys and writes the frames, so a test
/// drives it with keys and reads its state and frames.
public struct ReplayNavigator {
    public let timeline: Timeline
    public let descriptions: [String]
    public let screen: ReplayScreen
    /// The step shown (0: the empty state before the first).
    public private(set) var step: Int
    /// Lines of the tree scrolled past (clamped to the tree when a frame is made).
    public private(set) var scroll = 0
    /// The bottom line: what the last key did, or the prompt; the key bar when `nil`.
    public private(set) var status: String?
    /// The last search, for `n`.
    public private(set) var query = ""
    /// What is typed after `/`, while the prompt is open.
    public private(set) var typing: String?
    /// A message over the screen until any key (the leaks screen's verdict): its text is wrapped when drawn, so that
    /// a resize wraps it again.
    public private(set) var overlay: (title: String, text: String)?
    /// The leaks screen (`l`): the leaks at the end of the log, one selected.
    public private(set) var leakList: (leaks: [LeakReport.Leak], selected: Int)?
    /// What the reader warned of on each step's lines, by step.
    public var readerWarnings: [Int: [String]] = [:]
    /// What the input's format advises logging when it records no lifecycle (the leaks screen says it).
    public var lifecycleAdvice: String

    /// Every key, for the key bar.
    public static let keys =
        "←/→ step  PgUp/PgDn ±10  Home/End first/last  ↑/↓ scroll  / find  n next  l leaks  q quit"

    /// - Parameter opening: the status line when the replay opens.
    public init(
        timeline: Timeline, descriptions: [String], screen: ReplayScreen, step: Int, lifecycleAdvice: String,
        opening: String? = nil
    ) {
        self.timeline = timeline
        self.descriptions = descriptions
        self.screen = screen
        self.step = step
        self.lifecycleAdvice = lifecycleAdvice
        self.status = opening
    }

    /// Acts on `key`; `false` when it ends the replay (`q`).
    public mutating func press(_ key: TerminalKey) -> Bool {
        if typing != nil {
            type(key)
            return true
        }
        if overlay != nil {
            overlay = nil
            return true
        }
        if leakList != nil {
            pickLeak(key)
            return true
        }
        status = nil
        switch key {
        case .character("q"), .character("Q"): return false
        case .right, .character(" "): move(to: step + 1)
        case .left: move(to: step - 1)
        case .pageDown: move(to: step + 10)
        case .pageUp: move(to: step - 10)
        case .home, .character("g"): move(to: 0)
        case .end, .character("G"): move(to: timeline.count)
        case .down, .character("j"): scroll += 1
        case .up, .character("k"): scroll = max(0, scroll - 1)
        case .character("/"):
            typing = ""
            status = "find: "
        case .character("n"): find(query)
        case .character("l"): showLeaks()
        default: status = Self.keys
        }
        return true
    }

    private mutating func move(to target: Int) {
        let clamped = min(max(target, 0), timeline.count)
        if clamped != step { scroll = 0 }
        step = clamped
    }

    /// A key at the `find:` prompt on the bottom line.
    private mutating func type(_ key: TerminalKey) {
        guard var text = typing else { return }
        switch key {
        case .enter:
            typing = nil
            // Nothing typed: the last search again, as in less and vim.
            if text.isEmpty {
                status = nil
                if !query.isEmpty { find(query) }
                return
            }
            query = text
            find(text)
            return
        case .escape:
            typing = nil
            status = nil
            return
        case .backspace:
            if !text.isEmpty { text.removeLast() }
        case .character(let character):
            text.append(character)
        default:
            break
        }
        typing = text
        status = "find: " + text
    }

    /// The next step after the current one whose description mentions `text` (a type or id), wrapping around,
    /// and saying so when it wraps or finds only the step already shown.
    private mutating func find(_ text: String) {
        guard !text.isEmpty, timeline.count > 0 else { return }
        let needle = text.lowercased()
        let shown = Escaping.terminal(text)
        for offset in 1...timeline.count {
            let candidate = (step + offset - 1) % timeline.count + 1
            if descriptions[candidate - 1].lowercased().contains(needle) {
                if candidate == step {
                    status = "no further match for '\(shown)': step \(step) is the only one"
                    return
                }
                let wrapped = candidate < step
                move(to: candidate)
                status =
                    "found '\(shown)' at step \(candidate)"
                    + (wrapped ? " (search wrapped to the start)" : "") + " (n: next)"
                return
            }
        }
        status = "'\(shown)' is in no step"
    }

    private mutating func showLeaks() {
        // The judgement `navgraph leaks` fails with: "no leaks" would claim what the input cannot tell.
        if let reason = LeakReport.cannotBeTold(from: timeline.latest, lifecycleAdvice: lifecycleAdvice) {
            overlay = (
                "Leaks cannot be told from this input (any key to return)",
                reason.prefix(1).uppercased() + reason.dropFirst()
            )
            return
        }
        let leaks = LeakReport(hierarchy: timeline.latest).leaks
        if leaks.isEmpty {
            overlay = ("No leaks at the end of the log (any key to return)", "")
        } else {
            leakList = (leaks, 0)
        }
    }

    /// A key on the leaks screen: ↑/↓ select, Enter jumps to the step where the selected leak left the hierarchy.
    private mutating func pickLeak(_ key: TerminalKey) {
        guard var list = leakList else { return }
        switch key {
        case .up, .character("k"): list.selected = max(0, list.selected - 1)
        case .down, .character("j"): list.selected = min(list.leaks.count - 1, list.selected + 1)
        case .enter:
            let leak = list.leaks[list.selected]
            leakList = nil
            let name = Escaping.terminal("\(leak.model.type) \(leak.model.id)")
            if let left = leak.leftStep {
                move(to: left)
                status = "step \(left): \(name) left the hierarchy here"
            } else {
                status = "\(name) is suspected, not seen leaving: no step to go to"
            }
            return
        case .escape, .character("l"), .character("q"):
            leakList = nil
            return
        default:
            break
        }
        leakList = list
    }

    /// The whole screen for a terminal of `rows` × `columns` (the scroll is clamped to the tree shown).
    public mutating func frame(rows: Int, columns: Int) -> String {
        let footer = status ?? Self.keys
        if let (leaks, selected) = leakList {
            let lines = screen.leakList(leaks, selected: selected, rows: rows - 1)
            let keys = "↑/↓ select  Enter go to the step it left  Esc back"
            return ReplayScreen.frame(lines: lines, rows: rows, columns: columns, footer: keys, style: screen.style)
        }
        if let overlay {
            let lines =
                [screen.style.paint(overlay.title, .bold)]
                + (overlay.text.isEmpty ? [] : [""] + wrapWords(overlay.text, width: max(columns, 20)))
            return ReplayScreen.frame(lines: lines, rows: rows, columns: columns, footer: footer, style: screen.style)
        }
        return screen.frame(
            step: step, timeline: timeline, description: step > 0 ? descriptions[step - 1] : "",
            rows: rows, columns: columns, scroll: &scroll, footer: footer,
            readerWarnings: readerWarnings[step] ?? [])
    }
}
