import ArgumentParser
import NavGraphConfiguration

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the configuration in force (.navgraph.yml) and where each value came from.",
        discussion: """
            navgraph reads .navgraph.yml from the current folder or the nearest parent that has one, up to the \
            repository's root (the first folder holding .git) or the home folder, never above; or the file given \
            with --config. The first line printed says which file is in force and where the search went. See \
            examples/navgraph.yml for every key.

            \(ExitStatus.help([(.success, nil), (.outputFailed, nil), (.badInput, "a bad .navgraph.yml"), (.usage, nil)]))
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
