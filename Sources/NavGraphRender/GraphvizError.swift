/// What went wrong inside Graphviz, with Graphviz's own words where it said any (`message`). Raised by
/// NavGraphGraphviz; here so that a drawing's renderer throws it as every renderer throws (`RenderError.graphviz`).
public enum GraphvizError: Error, Equatable, Sendable {
    /// `gvContext()` returned nothing (Graphviz not installed correctly, plugins missing).
    case noContext
    /// The DOT text did not parse.
    case invalidDOT(message: String)
    case layoutFailed(engine: String, message: String)
    /// Graphviz could not draw in this format (e.g. cairo's plugin for PNG/PDF failed).
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

        /// The library that holds the plugin (for the user to reinstall or register).
        public var plugin: String {
            switch kind {
            case .layout: name == "dot" ? "gvplugin_dot_layout" : "gvplugin_neato_layout"
            case .renderer: ["png", "pdf"].contains(name) ? "gvplugin_pango (cairo)" : "gvplugin_core"
            }
        }
    }
}
