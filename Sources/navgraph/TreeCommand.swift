import ArgumentParser
import NavGraphRender

struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Print the navigation hierarchy at the end of the log as a text tree or JSON.",
        discussion: """
            For each window: its last printDebugGraph() dump, minus models that printed Finished after it. \
            Models started after the last dump are listed as not yet placed.

            Markers: [stack] [tabs] [switch] [split] for containers; ⇡sheet, ⇡alert, ⇡presented (style unknown) \
            for presented models; 'tab N' for tabs; sidebar/content/detail for split columns.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var display: DisplayOptions

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format: Format = .text

    func run() throws {
        let hierarchy = try input.readHierarchy()
        var output = StandardOutput()
        switch format {
        case .text: try TextTreeRenderer(style: display.style).render(hierarchy, to: &output)
        case .json: try JSONRenderer().render(hierarchy, to: &output)
        }
        output.flush()
    }
}
