import Mustache
import NavGraphCore
import NavGraphTemplates

/// The hierarchy as Graphviz DOT, written by navgraph itself (no Graphviz needed for this format).
///
/// Styling comes from a Mustache theme (`templates/dot/default.dot.mustache`, or the user's own). The theme gets
/// a flat list of statements and escapes every value for a DOT double-quoted string; node and cluster ids are
/// generated (`n0`, `cluster_3`), never taken from the input.
public struct DOTRenderer: Renderer {
    public static let defaultThemeName = "dot/default.dot.mustache"

    public enum Direction: String, Sendable, CaseIterable {
        /// Top to bottom.
        case TB
        /// Left to right.
        case LR
    }

    /// The theme as Mustache parses it, or, when it can be rendered by statement shapes (`StatementShapes`), the
    /// theme parsed for that; the other is parsed only if needed (parsing is a noticeable part of small renders).
    private let theme: MustacheTemplate?
    private let shapeTemplate: MustacheTemplate?
    private let themeText: String
    private let themeName: String
    public var direction: Direction
    public var legend: Bool
    /// At the end of the input a model that left and never finished has leaked; before it, it may still finish.
    public var endOfInput = true
    /// At most this many models are drawn (breadth first; at most 40 children each); the rest are folded into
    /// "… N more" nodes, because Graphviz slows down sharply on large clustered graphs. `nil` draws everything.
    public var maxNodes: Int? = 2000
    /// Render statements by shape where that is exact (`StatementShapes`); tests turn it off to compare.
    var rendersByShape = true

    /// How many models a rendering drew, and how many it folded into "… N more" nodes.
    public struct Summary: Sendable, Equatable {
        public var drawn: Int
        public var collapsed: Int
    }

    /// - Parameters:
    ///   - themeText: a Mustache DOT theme; `nil` for the built-in one.
    ///   - themeName: how to name the theme in errors (a file path).
    public init(themeText: String? = nil, themeName: String? = nil, direction: Direction = .TB, legend: Bool = true) throws(RenderError) {
        DOTContentType.register()
        let name = themeName ?? Self.defaultThemeName
        guard var text = themeText ?? Templates.named(Self.defaultThemeName) else {
            throw .missingTemplate(name: Self.defaultThemeName)
        }
        // Escaping for DOT is the default, so a theme that forgets the pragma still cannot be broken by input.
        if !text.contains("CONTENT_TYPE") { text = "{{% CONTENT_TYPE: DOT}}" + text }
        self.themeText = text
        self.themeName = name
        do {
            shapeTemplate = try StatementShapes.template(for: text)
            theme = shapeTemplate == nil ? try MustacheTemplate(string: text) : nil
        } catch {
            throw .invalidTemplate(name: name, message: "\(error)")
        }
        self.direction = direction
        self.legend = legend
    }

    public func render<Output: TextOutputStream>(_ hierarchy: Hierarchy, to output: inout Output) throws(RenderError) {
        _ = try renderSummarizing(hierarchy, to: &output)
    }

    /// Renders, and says how much was folded.
    public func renderSummarizing<Output: TextOutputStream>(_ hierarchy: Hierarchy, to output: inout Output) throws(RenderError) -> Summary {
        let scene = DOTScene(hierarchy: hierarchy, legend: legend, leakLabel: endOfInput ? "leaked" : "left, not finished",
                             maxNodes: maxNodes, maxChildren: maxNodes == nil ? Int.max : 40)
        let statements = scene.statements.map(Self.context(for:))
        var context: [String: Any] = ["rankdir": direction.rawValue, "legend": legend]
        if rendersByShape, let shapes = shapes(root: context, statements: statements) {
            output.write(shapes.render())
        } else {
            context["statements"] = statements
            let template: MustacheTemplate
            do {
                template = try theme ?? MustacheTemplate(string: themeText)
            } catch {
                throw .invalidTemplate(name: themeName, message: "\(error)")
            }
            output.write(template.render(context))
        }
        return Summary(drawn: scene.drawnCount, collapsed: scene.collapsedCount)
    }

    /// The shapes of these statements, when the theme can be rendered by shape.
    func shapes(root: [String: Any], statements: [[String: Any]]) -> StatementShapes? {
        shapeTemplate.flatMap { StatementShapes(template: $0, root: root, statements: statements) }
    }

    /// What the theme gets for a hierarchy: the root values and the statements.
    func themeContext(for hierarchy: Hierarchy) -> (root: [String: Any], statements: [[String: Any]]) {
        let scene = DOTScene(hierarchy: hierarchy, legend: legend, leakLabel: endOfInput ? "leaked" : "left, not finished",
                             maxNodes: maxNodes, maxChildren: maxNodes == nil ? Int.max : 40)
        return (["rankdir": direction.rawValue, "legend": legend], scene.statements.map(Self.context(for:)))
    }

    private static func context(for statement: DOTScene.Statement) -> [String: Any] {
        switch statement {
        case .open(let id, let kind, let label):
            var values: [String: Any] = ["id": id, "label": label, "kind": kind.rawValue]
            values["is" + kind.rawValue.capitalizedFirst] = true
            return ["cluster": values]
        case .close:
            return ["end": true]
        case .node(let id, let model, let kind, let legendLabel, let leaked):
            var values: [String: Any] = ["id": id, "type": model.type, "kind": kind.rawValue]
            if !model.id.isEmpty { values["modelID"] = model.id }
            values["is" + kind.rawValue.capitalizedFirst] = true
            if leaked { values["isLeaked"] = true }
            if model.key.hasPrefix("collapsed:") { values["isCollapsed"] = true }
            if let legendLabel { values["legendLabel"] = legendLabel }
            return ["node": values]
        case .point(let id):
            return ["point": ["id": id]]
        case .leakEdge(let from, let to, let label):
            return ["edge": ["from": from, "to": to, "label": label, "isLeak": true]]
        case .order(let from, let to):
            return ["order": ["from": from, "to": to]]
        case .sameRank(let ids):
            return ["rank": ["ids": ids.joined(separator: "; ")]]
        case .edge(let from, let to, let kind, let label):
            var values: [String: Any] = ["from": from, "to": to, "label": label]
            switch kind {
            case .push: values["isPush"] = true
            case .tab: values["isTab"] = true
            case .switch: values["isSwitched"] = true
            case .column: values["isColumn"] = true
            case .presented(let style):
                values["isPresented"] = true
                values["style"] = style.name
            case .child: values["isChild"] = true
            }
            return ["edge": values]
        }
    }
}

/// `{{value}}` in a DOT theme escapes for a DOT double-quoted string; `{{{value}}}` inserts as is.
/// Themes select it with `{{% CONTENT_TYPE: DOT}}` on their first line.
enum DOTContentType: MustacheContentType {
    case dot

    func escapeText(_ text: String) -> String { Escaping.dotString(text) }

    static func register() {
        MustacheContentTypes.register(DOTContentType.dot, named: "DOT")
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
