import ArgumentParser
import NavGraphConfiguration

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the configuration in force (.navgraph.yml) and where each value came from.",
        discussion: """
            navgraph reads .navgraph.yml from the current folder or the nearest parent that has one, or the file \
            given with --config. See examples/navgraph.yml for every key.
            """)

    @OptionGroup var file: ConfigurationOption

    @Flag(name: .customLong("print"), help: "Print the configuration in force, each value with its origin.")
    var printConfiguration = false

    func validate() throws {
        if !printConfiguration { throw ValidationError("say what to do: --print") }
    }

    func run() throws {
        let configuration = try file.load()
        var output = StandardOutput()
        output.write(ConfigurationDescription(configuration).text)
        output.flush()
    }
}
