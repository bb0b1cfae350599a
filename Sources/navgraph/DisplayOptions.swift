import ArgumentParser
import NavGraphRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return isTerminal(1)
        }
    }
}
