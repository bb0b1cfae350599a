import NavGraphTestSupport
import Testing

/// The fixtures of Apple's `log` output (and `examples/navigator-session.ndjson`) are what `UnifiedLogSession` makes of
/// the examples: re-made with `NAVGRAPH_RECORD=1 swift test --filter UnifiedLogFixtureTests` when an example or the
/// generator changes.
@Suite(.tags(.memory)) struct UnifiedLogFixtureTests {
    static let variants = UnifiedLogSession.Command.allCases.flatMap { command in
        UnifiedLogSession.Style.allCases.map { (command, $0) }
    }

    @Test(arguments: UnifiedLogSession.fixtures.map(\.name))
    func fixturesAreTheSessionAsLogPrintsIt(session name: String) throws {
        let session = try UnifiedLogSession.fixtureSession(name)
        for (command, style) in Self.variants {
            expectGolden(
                session.render(command, style).text, UnifiedLogSession.fixtureName(name, command, style),
                in: UnifiedLogSession.fixtureFolder)
        }
    }

    /// The example of a `log stream --style ndjson` capture: the NavigatorUI session, as the docs show it read.
    @Test func theExampleIsTheNavigatorSessionStreamed() throws {
        let session = try UnifiedLogSession.fixtureSession("navigator-session")
        expectGolden(session.render(.stream, .ndjson).text, "navigator-session.ndjson", in: "../examples")
    }
}
