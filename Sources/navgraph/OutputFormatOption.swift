import ArgumentParser
import NavGraphRender

extension OutputFormat: ExpressibleByArgument {
    /// Empty: each command's `--format` help names the formats it writes (`help(_:)`), not every format there is.
    public static var allValueStrings: [String] { [] }

    /// `--format`'s help for a command that writes `formats`.
    static func help(_ formats: [OutputFormat], _ detail: String = "") -> ArgumentHelp {
        ArgumentHelp("Output format: \(names(formats))\(detail).", valueName: "format")
    }

    /// "text or json", "dot, svg, png or pdf".
    static func names(_ formats: [OutputFormat]) -> String {
        let names = formats.map(\.rawValue)
        guard names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// A usage error unless this is one of `formats`, the ones `command` writes.
    func require(in formats: [OutputFormat], by command: String) throws {
        if !formats.contains(self) {
            throw ValidationError("\(command) writes \(Self.names(formats)), not \(rawValue)")
        }
    }
}
