import Foundation

/// What went wrong inside Graphviz, with Graphviz's own words where it said any. Its description has the
/// `location: error:` form of the other errors navgraph reports; the DOT text has no file of its own, so the
/// location is the tool, as compilers say `clang: error:` when no file is to blame.
public enum GraphvizError: Error, Equatable, CustomStringConvertible {
    /// `gvContext()` returned nothing (Graphviz not installed correctly, plugins missing).
    case noContext
    /// The DOT text did not parse.
    case invalidDOT(message: String)
    case layoutFailed(engine: String, message: String)
    /// No renderer for this format: the Graphviz plugin (e.g. cairo for PNG/PDF) is missing.
    case renderFailed(format: String, message: String)
    /// Graphviz runs but has no plugin for a layout or an output format it ships: its plugin configuration is
    /// missing or lists none (a moved, sandboxed or half-installed Graphviz).
    case missingPlugin(MissingPlugin)

    /// What a `missingPlugin` error names: what was asked for, and where Graphviz looked.
    public struct MissingPlugin: Equatable, Sendable {
        public enum Kind: String, Sendable { case layout, renderer }
        public var kind: Kind
        /// The layout engine (`dot`) or the output format (`png`).
        public var name: String
        /// The version navgraph was built against (`2.43.0`, `14.1.4`).
        public var graphvizVersion: String
        /// The plugin configuration file Graphviz reads beside its plugins (`config6a`, `config8`).
        public var configurationFile: String
        /// `GVBINDIR` when set: the folder Graphviz was told to find its plugins in.
        public var pluginFolder: String?
        /// What Graphviz said.
        public var message: String

        public init(
            kind: Kind, name: String, graphvizVersion: String, configurationFile: String, pluginFolder: String?,
            message: String
        ) {
            self.kind = kind
            self.name = name
            self.graphvizVersion = graphvizVersion
            self.configurationFile = configurationFile
            self.pluginFolder = pluginFolder
            self.message = message
        }
    }

    public var description: String { "navgraph: error: " + message }

    /// What went wrong, without the location.
    public var message: String {
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
            plugin.description
        }
    }

    private static func detail(_ message: String) -> String { message.isEmpty ? "" : ": " + message }
}

extension GraphvizError.MissingPlugin: CustomStringConvertible {
    /// Which plugin, where Graphviz looked, and the two ways out: register the plugins, or reinstall the package
    /// that holds them.
    public var description: String {
        let what =
            switch kind {
            case .layout: "the '\(name)' layout"
            case .renderer: "\(name) output"
            }
        let plugin =
            switch kind {
            case .layout: name == "dot" ? "gvplugin_dot_layout" : "gvplugin_neato_layout"
            case .renderer: ["png", "pdf"].contains(name) ? "gvplugin_pango (cairo)" : "gvplugin_core"
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
