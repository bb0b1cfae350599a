import Foundation
import NavGraphRender

// What the library's render errors carry, worded for the command line: `file:line:column: error: …` where a file is
// to blame (a theme), `navgraph: error: …` where none is (the DOT text has no file of its own, as compilers say
// `clang: error:`).

extension RenderError {
    /// The status a command ends with: Graphviz's failures are the drawing's, the rest a theme's (bad input).
    var status: ExitStatus {
        if case .graphviz = self { return .renderFailed }
        return .badInput
    }

    var words: String {
        switch self {
        case .invalidTemplate(let name, let line?, let column?, let problem):
            "\(name):\(line):\(column): error: invalid template: \(problem.words)"
        case .invalidTemplate(let name, _, _, let problem): "\(name): error: invalid template: \(problem.words)"
        case .templateRefused(let name, let line, let reason): "\(name):\(line): error: \(reason.words)"
        case .missingTemplate(let name): "error: built-in template '\(name)' is missing from this build"
        case .graphviz(let error): error.words
        }
    }
}

extension TemplateRefusal {
    var words: String {
        switch self {
        case .contentType(let given, let expected):
            "this template's CONTENT_TYPE is \(given), and \(expected) output is written through it; expected "
                + "{{% CONTENT_TYPE: \(expected)}} (or none), so that every {{value}} is escaped for \(expected)"
                + (["DOT", "Mermaid", "HTML"].contains(given)
                    ? " (a \(given) template is for \(given) output: see `navgraph templates`)" : "")
        case .changesDelimiters:
            "a delimiter change ({{=…=}}) is not supported in navgraph's templates; expected {{ and }} throughout"
        case .nestsTooDeep(let limit):
            "sections ({{#…}}, {{^…}}, {{$…}}, {{<…}}) nest more than \(limit) deep here; expected each to be "
                + "closed ({{/…}}) within \(limit) levels"
        case .unknownPartial(let name, let known):
            "no partial is named '\(name)' here; expected "
                + (known.isEmpty
                    ? "none in this kind of template (a partial is drawn as nothing)"
                    : known.map { "{{<\($0)}}" }.joined(separator: " or "))
        }
    }
}

extension TemplateProblem {
    /// What is wrong, and what the parser expected instead.
    var words: String {
        switch self {
        case .endsInsideTag: "the template ends inside a tag; expected '}}' to close it"
        case .sectionCloseNameIncorrect:
            "this closing tag does not match the section it closes; expected {{/name}} with the name of the open {{#name}}"
        case .unfinishedName: "a tag is not finished; expected a name followed by '}}'"
        case .expectedSectionEnd: "a section is never closed; expected {{/name}} for every {{#name}} and {{^name}}"
        case .invalidSetDelimiter: "a delimiter change is malformed; expected {{=<% %>=}}"
        case .transformAppliedToInheritanceSection: "a transform cannot be applied to an inherited section"
        case .illegalInsideInheritSection: "a partial's inherited section may hold only {{$name}} blocks"
        case .invalidPragmaSyntax: "a {{% … }} pragma is malformed; expected {{% NAME: value}}"
        case .unrecognisedPragma: "unknown {{% … }} pragma; navgraph's templates know CONTENT_TYPE"
        case .unknown: "the template does not parse"
        }
    }
}

extension GraphvizError {
    /// `navgraph: error: …` with Graphviz's own words where it said any.
    var words: String {
        let said: String =
            switch self {
            case .noContext:
                "Graphviz could not start (gvContext failed); is libgraphviz installed with its plugins? (run `dot -c` as root to register them)"
            case .invalidDOT(let message):
                "Graphviz could not read the DOT text" + Self.detail(message)
            case .layoutFailed(let engine, let message):
                "Graphviz layout '\(engine)' failed" + Self.detail(message)
            case .renderFailed(let format, let message):
                "Graphviz could not render \(format)" + Self.detail(message)
                    + (message.isEmpty
                        ? " (is the Graphviz plugin for \(format) installed? `dot -c` registers plugins)" : "")
            case .missingPlugin(let plugin):
                plugin.words
            }
        return "navgraph: error: " + said
    }

    private static func detail(_ message: String) -> String { message.isEmpty ? "" : ": " + message }
}

extension GraphvizError.MissingPlugin {
    /// Which plugin, where Graphviz looked, and the two ways out: register the plugins, or reinstall the package
    /// that holds them.
    var words: String {
        let what =
            switch kind {
            case .layout: "the '\(name)' layout"
            case .renderer: "\(name) output"
            }
        // Graphviz's own words end in a list of what it does have, empty here: not worth quoting.
        let said = message.replacingOccurrences(of: "Use one of:", with: "").trimmingCharacters(in: .whitespaces)
        let quoted = said.isEmpty ? "" : ". Graphviz said: \(said)"
        if let pluginFolder {
            // Told where to look, and nothing there: the likeliest fix is the variable.
            return "Graphviz \(graphvizVersion) has no plugin for \(what) (\(plugin)) in GVBINDIR=\(pluginFolder): "
                + "unset GVBINDIR, or point it at the folder holding Graphviz's libgvplugin_* files and their "
                + "\(configurationFile) (`dot -c` writes it)" + quoted
        }
        return "Graphviz \(graphvizVersion) has no plugin for \(what) (\(plugin)); it finds its plugins through "
            + "\(configurationFile) in its plugin folder. Run `dot -c` as root to register the installed plugins, or "
            + "reinstall Graphviz (macOS: brew reinstall graphviz; Debian/Ubuntu: apt-get install --reinstall "
            + "libgvc6; Fedora: dnf reinstall graphviz)" + quoted
    }
}

extension CommandFailure {
    /// A user's DOT theme whose output Graphviz cannot read: the theme is to blame, so it is named (Graphviz names
    /// only a line of DOT text the user never saw) and the failure is bad input; `nil` for any other error.
    static func themeMadeInvalidDOT(_ error: any Error, theme: String?) -> CommandFailure? {
        guard let theme else { return nil }
        let graphviz: GraphvizError
        switch error {
        case let error as GraphvizError: graphviz = error
        case RenderError.graphviz(let error) as RenderError: graphviz = error
        default: return nil
        }
        guard case .invalidDOT(let message) = graphviz else { return nil }
        var said = message
        if said.hasPrefix("Error: ") { said.removeFirst("Error: ".count) }
        // Graphviz's line is one of the DOT text, which the user has not seen: said as such.
        let line = said.firstMatch(of: /in line (\d+)/).map { " (its line \($0.1) is the one Graphviz names)" } ?? ""
        return .badInput(
            theme,
            "the DOT this theme made does not parse"
                + (said.isEmpty ? "" : " (Graphviz: \(said))") + "; --format dot writes that DOT for a look" + line)
    }
}
