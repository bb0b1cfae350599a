import NavGraphFuzzing

/// libFuzzer target for the swift-dump reader (`scripts/fuzz swift-dump SECONDS`); a replayer in a normal build.
@main
enum Fuzz {
    static func main() { FuzzMain.run(format: .swiftDump) }
}
