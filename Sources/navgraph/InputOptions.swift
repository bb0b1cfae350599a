import ArgumentParser
import NavGraphCore
import NavGraphFormats

/// How every command that reads a log reads it.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The log or dump to read; stdin when omitted or '-'.", valueName: "file"))
    var file: String?

    @Option(name: .customLong("input-format"), help: ArgumentHelp(
        "The input's format, instead of detecting it.",
        valueName: "format"))
    var inputFormat: InputFormat?

    @Flag(help: "Treat every skipped line and every warning as an error (exit status 2).")
    var strict = false

    @Flag(help: "List skipped lines and notes (e.g. ambiguous id prefixes) on stderr.")
    var verbose = false

    /// The name diagnostics use for the input.
    var displayName: String { file == nil || file == "-" ? "<stdin>" : file! }

    /// Reads the whole input and returns the hierarchy at its end. Diagnostics go to stderr as they come;
    /// throws `ExitCode(2)` on bad input.
    func readHierarchy() throws -> Hierarchy {
        let diagnostics = ConsoleDiagnostics(file: displayName, strict: strict, verbose: verbose)
        var hierarchy = Hierarchy()
        try exitOnInputError {
            let source = try LineSource(path: file)
            let input = NavigationInput(source: source, format: inputFormat)
            try input.read(diagnostics: diagnostics) { event in
                hierarchy.apply(event)
                return true
            }
        }
        try diagnostics.finish()
        return hierarchy
    }
}

extension InputFormat: ExpressibleByArgument {}

/// Prints a library error the way compilers do and exits with status 2.
func exitOnInputError<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as InputError {
        StandardError.write(error.description)
        throw ExitCode(2)
    }
}
