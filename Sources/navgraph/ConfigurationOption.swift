import ArgumentParser
import NavGraphConfiguration
import NavGraphRender

/// `--config FILE`: the `.navgraph.yml` to use instead of the one found in the current folder or a parent (up to the
/// repository's root or the home folder: `ConfigurationSearch`).
struct ConfigurationOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The configuration file to use (default: .navgraph.yml in the current folder or the nearest parent, up to the repository's root or the home folder).",
            valueName: "file"))
    var config: String?

    func validate() throws {
        try PathOption.requireName(config, option: "--config", expected: "a configuration file's path")
    }

    /// The configuration in force; a bad file is `file:line: error:` and exit status 2.
    func load() throws -> NavGraphConfiguration { try Self.load(config) }

    static func load(_ file: String?) throws -> NavGraphConfiguration {
        do {
            return try NavGraphConfiguration.load(explicitFile: file, themes: BuiltInThemes.names)
        } catch {
            throw CommandFailure(.badInput, message: ErrorWording.message(for: error))
        }
    }
}
