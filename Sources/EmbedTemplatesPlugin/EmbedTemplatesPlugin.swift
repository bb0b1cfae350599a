import Foundation
import PackagePlugin

/// Embeds every file under the package's top-level `templates/` folder into the target that uses this plugin,
/// so a built `navgraph` needs no files beside it and works from any directory.
@main
struct EmbedTemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "templates")
        let inputs = Self.files(under: templates)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) templates",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [templates.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    private static func files(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            return []
        }
        var result: [URL] = []
        for case let url as URL in walker {
            let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            if isFile, !url.lastPathComponent.hasPrefix(".") { result.append(url) }
        }
        return result.sorted { $0.path < $1.path }
    }
}
