import NavGraphFuzzing

/// libFuzzer target for the navgraph-events reader (`scripts/fuzz navgraph-events SECONDS`); a replayer in a normal build.
@main
enum Fuzz {
    static func main() { FuzzMain.run(format: .events) }
}
