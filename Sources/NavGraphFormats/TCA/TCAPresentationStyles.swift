import NavGraphCore

/// The `.navgraph.yml` presentation style of a case or a state's type (`scanner: fullScreenCover`), looked up once per
/// name: the same few names come back in every diff, and matching them against every rule's pattern was a seventh of
/// reading a log. The names kept are bounded: past `limit` they are forgotten and looked up again.
final class TCAPresentationStyles {
    private let rules: ModelKindRules
    private var styles: [String: PresentationStyle?] = [:]
    static let limit = 512

    init(rules: ModelKindRules) { self.rules = rules }

    func style(for name: String) -> PresentationStyle? {
        if let known = styles[name] { return known }
        let style = rules.rule(for: name)?.presentation
        if styles.count >= Self.limit { styles.removeAll(keepingCapacity: true) }
        styles[name] = style
        return style
    }
}
