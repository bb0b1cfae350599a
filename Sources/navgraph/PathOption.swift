import ArgumentParser
import NavGraphRender

/// Checks on a path option's value made before anything is read, so that a slip gets a usage error naming the
/// option rather than a failure to write or read the file '' later (`: error: cannot write: cannot replace ''`).
enum PathOption {
    /// An empty value (`-o ''`, or `-o "$out"` with `$out` unset) names no file.
    static func requireName(_ value: String?, option: String, expected: String = "a file's path") throws {
        if value == "" { throw ValidationError("\(option) '': expected \(expected)") }
    }

    /// An output whose format follows its name's extension: a name that is only an extension (`.svg`, as
    /// `-o "$name.svg"` makes when `$name` is empty) is a hidden file without one, so the format could not be
    /// told from it and the output would silently be DOT. Refused unless `--format` says the format.
    static func requireFormatNamed(_ output: String?, option: String, formatGiven: Bool) throws {
        try requireName(output, option: option, expected: "a file's path, or '-' for standard output")
        guard !formatGiven, let output else { return }
        let name = output.split(separator: "/").last ?? ""
        guard name.count > 1, name.first == ".", name.dropFirst().allSatisfy({ $0 != "." }),
            OutputFormat(extensionOf: "x" + name) != nil
        else { return }
        throw ValidationError(
            "\(option) '\(output)': the file name is only an extension, so it names no file and no format; "
                + "name the file (nav\(name)), or give --format to write a file named '\(name)'")
    }
}
