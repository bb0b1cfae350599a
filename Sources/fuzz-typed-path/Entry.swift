import NavGraphFuzzing

/// libFuzzer target for the typed path reader, `print(path)` of a `[Route]` (`scripts/fuzz typed-path SECONDS`); a
/// replayer in a normal build.
@main
enum Fuzz {
    static func main() { FuzzMain.run(format: .typedPath) }
}
