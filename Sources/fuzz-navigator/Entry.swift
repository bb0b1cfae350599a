import NavGraphFuzzing

/// libFuzzer target for the NavigatorUI log reader (`scripts/fuzz navigator SECONDS`); a replayer in a normal build.
@main
enum Fuzz {
    static func main() { FuzzMain.run(format: .navigator) }
}
