import NavGraphCore

/// What the rule table says about one type name: a container kind, a presentation style, or nothing.
struct RuleVerdict {
    var kind: NodeKind?
    var presentation: PresentationStyle?
}

/// The rule table's verdict on each type name of a reader's `NameTable`, worked out once per name: matching the
/// table is far slower than a lookup, and a log repeats a few dozen names millions of times.
struct KindRuleVerdicts {
    let rules: ModelKindRules
    private var verdicts = PerName<RuleVerdict>()

    init(rules: ModelKindRules) { self.rules = rules }

    mutating func verdict(ofType index: Int, in types: NameTable) -> RuleVerdict {
        verdicts.value(at: index) {
            let rule = rules.rule(for: types[index].name)
            return RuleVerdict(kind: rule?.kind, presentation: rule?.presentation)
        }
    }
}
