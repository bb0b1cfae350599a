import NavGraphCore

/// The trace as a view of the state its history leads to (`DrawingOutput`): fed every step while the input is read,
/// written for the last state.
extension TraceEventRenderer: Renderer {
    public var recordsSteps: Bool { true }

    // `record(_:change:in:)` is the trace's own.

    /// Writes the trace (`render(_:endOfInput:to:)` with `endOfInput`), and says how many steps had their time made
    /// up.
    @discardableResult
    public mutating func render<Output: RenderOutput>(_ state: Hierarchy, to output: inout Output) -> RenderSummary {
        render(state, endOfInput: endOfInput, to: &output)
        let steps = state.step
        return RenderSummary(
            notes: stepsWithoutTime > 0 ? [.timesMadeUp(withoutTime: stepsWithoutTime, steps: steps)] : [])
    }
}
