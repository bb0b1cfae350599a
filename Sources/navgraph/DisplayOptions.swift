import ArgumentParser
import NavGraphRender

/// How text for a terminal looks.
struct DisplayOptions: ParsableArguments {
    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Option(
        help: ArgumentHelp(
            "Colour: auto (only on a terminal, and not when NO_COLOR is set), always, never.", valueName: "when"))
    var color: ColorChoice = .auto

    @Flag(help: "Draw the tree with plain ASCII instead of box-drawing characters.")
    var ascii = false

    var style: TerminalStyle {
        TerminalStyle(ascii: ascii, color: useColor)
    }

    private var useColor: Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = Platform.environmentValue("NO_COLOR"), !noColor.isEmpty { return false }
            if Platform.environmentValue("TERM") == "dumb" { return false }
            return Platform.isTerminal(1)
        }
    }
}
