import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphFuzzing
import NavGraphTestSupport
import Testing

@Suite("Fuzz regressions and seeds through the fuzz harness", .tags(.memory))
struct FuzzRegressionTests {
    /// Every target's fuzz seeds (as `scripts/fuzz` starts from them) and crash inputs, through `navgraph-fuzz`:
    /// each format's, and the console's (detection, every view).
    @Test(arguments: FuzzTarget.names)
    func replayEveryFile(format: String) throws {
        let regressions = repositoryRoot.appendingPathComponent("Tests/FuzzRegressions/\(format)")
        let found = (try? FileManager.default.contentsOfDirectory(atPath: regressions.path)) ?? []
        let seeds = try #require(FuzzTarget(name: format)).seeds(in: repositoryRoot.path)
            .map { repositoryRoot.appendingPathComponent($0).path }
        #expect(!seeds.isEmpty, "\(format) has no fuzz seeds")
        let files = seeds + found.filter { !$0.hasPrefix(".") }.map { regressions.appendingPathComponent($0).path }
        let replayer = binaryURL.deletingLastPathComponent().appendingPathComponent("navgraph-fuzz")
        let run = try runTool(replayer, [format] + files)
        #expect(run.status == 0, "a regression input fails again: \(run.stderr.suffix(2000))")
    }
}

/// Each format in `InputFormats.all` is detected from its own files (its fuzz seeds), so a format added to the list
/// is checked with no test to change.
@Suite("Every listed format is detected from its seeds", .tags(.memory))
struct InputFormatSeedTests {
    @Test(arguments: InputFormats.all.map(\.name))
    func someSeedIsDetectedAsTheFormat(name: String) throws {
        let format = try #require(InputFormat(name: name))
        let seeds = FuzzSeeds.paths(for: format, in: repositoryRoot.path)
        let detected = try seeds.map { seed -> InputFormat? in
            let input = NavigationInput(source: try LineSource(path: repositoryRoot.appendingPathComponent(seed).path))
            return try? input.read(diagnostics: DiagnosticCollector()) { _ in true }.format
        }
        #expect(detected.contains(format), "\(name): seeds \(seeds) were read as \(detected)")
    }
}
