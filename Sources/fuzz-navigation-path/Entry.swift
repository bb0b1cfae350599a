import NavGraphFuzzing

/// libFuzzer target for the NavigationPath JSON reader (`scripts/fuzz navigation-path SECONDS`); a replayer in a normal
/// build.
@main
enum Fuzz {
    static func main() { FuzzMain.run(format: .navigationPath) }
}
