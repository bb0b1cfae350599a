import NavGraphFuzzing

/// libFuzzer target for the TCA `_printChanges()` reader (`scripts/fuzz tca SECONDS`); a replayer in a normal build.
@main
enum Fuzz {
    static func main() { FuzzMain.run(format: .tca) }
}
