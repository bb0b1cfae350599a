import NavGraphCore

extension NavigationInput {
    /// The state at a moment, and whether the input reached it.
    public struct StateAtMoment {
        public var hierarchy: Hierarchy
        /// Why the moment is not in the input (`--at` past the end, `--at-time` without times); `nil` when it is.
        public var unreached: MomentCutOff.Unreached?
        /// The format the input was read as.
        public var format: InputFormat?
        /// Whether the state is the input's last: no event came after the moment (`--at` its last step is the end
        /// of the input, where a model that left and never finished has leaked, as the whole reading says).
        public var isEndOfInput: Bool
    }

    /// Reads the input up to `moment` (the end when `nil`), applying each step as it comes; reading stops at the
    /// first event past the moment, so `--at 5` on a long log reads five steps' worth. Each step's warnings go to
    /// `diagnostics`; `onStep` sees each step with what it changed.
    ///
    /// - Parameter stopAfterStep: also stop after this step, without it counting as unreached when the input is
    ///   shorter (a range of steps to list, not a moment to show).
    public func readHierarchy(
        at moment: Moment?, stopAfterStep: Int? = nil, diagnostics: DiagnosticHandler,
        onStep: ((NavEvent, StepChange, Hierarchy) throws -> Void)? = nil
    ) throws -> StateAtMoment {
        var hierarchy = Hierarchy()
        var cutOff = MomentCutOff(moment)
        var change = StepChange()
        // Without `onStep` only the state and the warnings are wanted.
        change.listsModels = onStep != nil
        var stoppedBeforeTheEnd = false
        let summary = try read(diagnostics: diagnostics) { event in
            guard cutOff.admits(event, afterStep: hierarchy.step),
                stopAfterStep.map({ hierarchy.step < $0 }) ?? true
            else {
                stoppedBeforeTheEnd = true
                return false
            }
            hierarchy.apply(event, into: &change)
            for warning in change.warnings { diagnostics.report(warning) }
            try onStep?(event, change, hierarchy)
            return true
        }
        return StateAtMoment(
            hierarchy: hierarchy, unreached: cutOff.unreached(steps: hierarchy.step), format: summary.format,
            isEndOfInput: !stoppedBeforeTheEnd)
    }
}
