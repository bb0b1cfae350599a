import NavGraphFuzzing

/// libFuzzer target for the swiftui-navigation reader (`scripts/fuzz swiftui-navigation SECONDS`); a replayer in a normal build.
@main
enum Fuzz {
    static func main() { FuzzMain.run(format: .swiftUINavigation) }
}
