import Foundation
import Mustache
import NavGraphCore
import NavGraphTemplates

/// The hierarchy as Graphviz DOT, written by navgraph itself (no Graphviz needed for this format).
///
/// Styling comes from a Mustache theme (`templates/dot/light.dot.mustache`, `dark`, or the user's own). The theme gets
/// a flat list of statements and escapes every value for a DOT double-quoted string; node and cluster ids are
/// generated (`n0`, `cluster_3`), never taken from the input.
public struct DOTRenderer: Renderer {
    public static let defaultThemeName = BuiltInThemes.dotTemplatePath(BuiltInThemes.defaultName)

    /// Graphviz's `rankdir` (and Mermaid's flowchart direction): the raw values are what users type and what the
    /// DOT says.
    public enum Direction: String, Sendable, CaseIterable {
        case topToBottom = "TB"
        case leftToRight = "LR"
    }

    private let theme: DOTTheme
    private let themeName: String
    public var direction: Direction
    public var legend: Bool
    /// At the end of the input a model that left and never finished has leaked; before it, it may still finish.
    public var endOfInput = true
    /// At most this many models are drawn (breadth first; at most 40 children each); the rest are folded into
    /// "… N more" nodes, because Graphviz slows down sharply on large clustered graphs. `nil` draws everything.
    public var maxNodes: Int? = 2000
    /// How nodes name their models: UUIDs shortened by default, a type suffix left out if asked.
    public var labels = DiagramLabels()
    /// The part of the hierarchy drawn: every window, or one model's subtree, and how deep.
    public var scope = DrawingScope()
    /// Top to bottom, each window under the one before rather than beside it (a narrower drawing).
    public var windowsStacked = false
    /// Render statements by shape where that is exact (`StatementShapes`); tests turn it off to compare.
    var rendersByShape = true

    /// - Parameters:
    ///   - themeText: a Mustache DOT theme; `nil` for the built-in one.
    ///   - themeName: how to name the theme in errors (a file path).
    public init(
        themeText: String? = nil, themeName: String? = nil, direction: Direction = .topToBottom, legend: Bool = true
    ) throws(RenderError) {
        let name = themeName ?? Self.defaultThemeName
        if let themeText {
            theme = try DOTTheme(text: themeText, name: name)
        } else {
            theme = try Self.builtInTheme.get()
        }
        self.themeName = name
        self.direction = direction
        self.legend = legend
    }

    /// Parses the built-in theme on another thread, for a renderer made later (`render` starts this while its
    /// arguments are parsed: parsing the theme is a noticeable part of rendering a small diagram).
    public static func prepareBuiltInTheme() {
        Thread { _ = builtInTheme }.start()
    }

    /// Parsed once per process, by whoever needs it first; a `static let` is initialized exactly once, and a second
    /// thread asking meanwhile waits for the first.
    private static let builtInTheme: Result<DOTTheme, RenderError> = {
        guard let text = Templates.named(defaultThemeName) else {
            return .failure(.missingTemplate(name: defaultThemeName))
        }
        return Result { () throws(RenderError) in try DOTTheme(text: text, name: defaultThemeName) }
    }()

    /// Renders, and says how many models it drew and how many it folded.
    @discardableResult
    public func render<Output: RenderOutput>(_ hierarchy: Hierarchy, to output: inout Output) throws(RenderError)
        -> RenderSummary
    {
        try render(hierarchy, departed: nil, to: &output)
    }

    /// Renders with `departed` drawn as the models that left (`nil`: the hierarchy's own).
    @discardableResult
    func render<Output: RenderOutput>(
        _ hierarchy: Hierarchy, departed: [DOTScene.Departure]?, to output: inout Output
    ) throws(RenderError) -> RenderSummary {
        let scene = scene(for: hierarchy, departed: departed)
        let drawnLabels = labels(for: scene)
        if rendersByShape, let text = renderedByShape(scene, labels: drawnLabels) {
            output.write(text)
        } else {
            var context = rootContext
            context["statements"] = scene.statements.map { ThemeStatement($0, labels: drawnLabels).context() }
            output.write(try theme.template(name: themeName).render(context))
        }
        return scene.summary(of: hierarchy, endOfInput: endOfInput)
    }

    /// The scene's DOT rendered by statement shape, or `nil` when the theme cannot be rendered that way.
    func renderedByShape(_ scene: DOTScene, labels given: DiagramLabels? = nil) -> String? {
        let drawnLabels = given ?? labels(for: scene)
        return theme.shapeTemplate.flatMap {
            StatementShapes.render(template: $0, root: rootContext, statements: scene.statements, labels: drawnLabels)
        }
    }

    /// `labels` for this scene's models (short ids that stay distinct).
    private func labels(for scene: DOTScene) -> DiagramLabels {
        labels.distinguishing(
            scene.statements.lazy.compactMap { statement in
                if case .node(_, let model, _, _) = statement { model.id } else { nil }
            })
    }

    func scene(for hierarchy: Hierarchy, departed: [DOTScene.Departure]? = nil) -> DOTScene {
        DOTScene(
            hierarchy: hierarchy, legend: legend, leakLabel: endOfInput ? "leaked" : "left, not finished",
            maxNodes: maxNodes, maxChildren: maxNodes == nil ? Int.max : 40, leftToRight: direction == .leftToRight,
            legendBelow: true, windowsStacked: windowsStacked, scope: scope, departed: departed)
    }

    /// The theme's values outside the statements.
    private var rootContext: [String: Any] {
        ["rankdir": direction.rawValue, "leftToRight": direction == .leftToRight, "legend": legend]
    }
}

extension DOTScene {
    /// What a drawing of `hierarchy`'s scene says besides itself (DOT's and Mermaid's alike): the models drawn, why
    /// there is no hierarchy to draw when there is none (as `tree` says it), and the models folded into "… N more"
    /// nodes.
    func summary(of hierarchy: Hierarchy, endOfInput: Bool) -> RenderSummary {
        var summary = RenderSummary(drawn: drawnCount)
        if let missing = TextTreeRenderer.missingHierarchy(in: hierarchy, endOfInput: endOfInput) {
            summary.notes.append(.hierarchyMissing(missing))
        }
        if collapsedCount > 0 {
            summary.notes.append(.folded(collapsed: collapsedCount, byChildLimit: collapsedByChildLimit))
        }
        return summary
    }
}
