import ArgumentParser
import NavGraphRender

// A template of another kind than the output drawn: one usage error for every such slip, naming the kind it is and
// the built-in template to start from.
extension TemplateKind {
    var words: String {
        switch self {
        case .renderTheme: "a DOT theme for `navgraph render`"
        case .mapTheme: "a theme for `navgraph diagram`'s map"
        case .mermaid: "a Mermaid template"
        case .html: "an HTML theme for `replay --html`"
        case .dot: "a DOT theme"
        }
    }

    /// Refuses `text` (the file `name`) where this kind is drawn when it is another kind.
    func require(of text: String, name: String) throws {
        guard let kind = foreignKind(in: text, name: name) else { return }
        throw ValidationError(
            "'\(name)' is \(kind.words); this output is drawn through \(words) (start from `navgraph templates "
                + "\(builtIn)`)")
    }
}
